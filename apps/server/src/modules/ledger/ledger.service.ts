import { createHash } from 'node:crypto';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { type Settled, createBatcher } from '../../lib/batcher.js';

export type LedgerKind =
  | 'DEPOSIT'
  | 'WITHDRAW'
  | 'WITHDRAW_PAID'
  | 'WITHDRAW_REVERSAL'
  | 'TRANSFER_IN'
  | 'TRANSFER_OUT'
  | 'TRANSFER_UPLINE'
  | 'TRANSFER_DOWNLINE'
  | 'ADJUSTMENT'
  | 'BET'
  | 'WIN'
  | 'BET_REFUND'
  | 'DIVIDEND'
  | 'DAILY_WAGE'
  | 'HOURLY_SALARY'
  | 'REALTIME_SALARY'
  | 'LOTTERY_REBATE'
  | 'SPORTS_RESETTLE'
  | 'REBATE'
  | 'VIP_BONUS'
  | 'POINTS_EARN'
  | 'POINTS_REDEEM'
  | 'POINTS_CONVERT'
  | 'POINTS_REFUND'
  | 'POINTS_CASH'
  | 'BONUS'
  | 'BONUS_FORFEIT'
  | 'RED_ENVELOPE_SEND'
  | 'RED_ENVELOPE_GRAB'
  | 'RED_ENVELOPE_REFUND'
  | 'REFERRAL'
  | 'MISSION_REWARD'
  | 'TIP'
  | 'PVP_BUY_IN'
  | 'PVP_CASH_OUT'
  | 'PVP_RAKE';

export type AccountKind = 'main' | 'vendor' | 'points' | 'system';

/** System accounts of a brand (their balance is derived from entries, never a hot row). */
export const systemAccounts = [
  'payments_clearing',
  'withdrawals_clearing',
  'vendor_settlement',
  'promotions_expense',
  'salary_expense',
  'lottery_rebate_expense',
  /** Where points come from and go back to (currency PTS): points are not money. */
  'points_issued',
  /** Red envelopes' money between the sender's wallet and the grabbers'. */
  'red_envelope_escrow',
  /** The brand's commission on tips to chat hosts. */
  'tips_commission',
  /** Chips at the card rooms: the sum of the seated stacks. */
  'pvp_escrow',
  /** The house's rake from the card rooms. */
  'pvp_rake',
  'adjustments',
] as const;
export type SystemAccount = (typeof systemAccounts)[number];

export interface PostingInput {
  merchantId: number;
  kind: LedgerKind;
  /** Unique per brand: the same key and request replay the first result; another request is a 409. */
  idempotencyKey: string;
  /** What the caller asked for; its hash decides "same request" for a repeated key. */
  request: unknown;
  memberId?: string | null;
  reference?: string | null;
  metadata?: Record<string, unknown>;
  entries: { accountId: string; amount: bigint }[];
}

export interface Posting {
  transactionId: string;
  replayed: boolean;
  createdAt: Date;
  entries: { accountId: string; amount: bigint; balanceAfter: bigint | null }[];
}

type Db = Kysely<Database> | Transaction<Database>;

/** A member wallet's balance after a posting (docs/realtime.md: the `balance.changed` event). */
export interface BalanceChange {
  merchantId: number;
  memberId: string;
  /** `MAIN`, or the vendor wallet's code. */
  wallet: string;
  kind: Exclude<AccountKind, 'system'>;
  balance: bigint;
  currency: string;
  at: number;
}
export type BalanceListener = (changes: BalanceChange[]) => void;

interface AccountOwner {
  ownerId: string;
  kind: Exclude<AccountKind, 'system'>;
  code: string;
  currency: string;
}

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 6;

export const requestHash = (request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(request, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex');

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

/** A posting that failed inside a batch, carrying its own SQLSTATE like a driver error would. */
class PostingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Database errors a posting turns into stable API errors. */
function translate(err: unknown, input: PostingInput): unknown {
  const code = pgCode(err);
  if (code === '23514') return new AppError('wallet.insufficient');
  if (code === 'LD409') return new AppError('duplicate.request', { idempotencyKey: input.idempotencyKey });
  // A transfer into a vendor wallet past a loss or wager limit (rg_transfer_guard).
  if (code === 'RG001') return new AppError('rg.play_limit');
  return err;
}

interface PostRow {
  transaction_id: string;
  created_at: Date | string;
  replayed: boolean;
  account_id: string;
  amount: string;
  balance_after: string | null;
}

function toPosting(rows: PostRow[]): Posting {
  const first = rows[0]!;
  return {
    transactionId: String(first.transaction_id),
    replayed: first.replayed,
    createdAt: new Date(first.created_at),
    entries: rows.map((r) => ({
      accountId: String(r.account_id),
      amount: BigInt(r.amount),
      balanceAfter: r.balance_after === null ? null : BigInt(r.balance_after),
    })),
  };
}

const sortedEntries = (input: PostingInput) =>
  [...input.entries].sort((a, b) => (BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1));

/**
 * The only way money moves. One posting = one database transaction that appends balanced
 * entries and changes member balances with `balance = balance + d … RETURNING`, in account-id
 * order (no deadlocks between postings). The database refuses a negative member balance
 * (CHECK) and an unbalanced transaction (deferred trigger). Serialisation failures and
 * deadlocks are retried here; callers never see them.
 */
export function createLedgerService(db: Kysely<Database>) {
  const systemIds = new Map<string, string>();
  const accountIds = new Map<string, string>();
  /** Member accounts by id (owner, kind, code, currency): ids and owners never change. */
  const owners = new Map<string, AccountOwner>();
  const listeners: BalanceListener[] = [];
  /** Postings made inside `transaction(work)`, announced once it commits. */
  const pendingByTx = new WeakMap<Transaction<Database>, { merchantId: number; posting: Posting }[]>();

  function remember(id: string, owner: AccountOwner) {
    if (owners.size >= 100_000) owners.clear();
    owners.set(id, owner);
  }

  /** The owners of the given member accounts: from memory, the unknown ones in one query. */
  async function ownersOf(ids: string[]): Promise<Map<string, AccountOwner>> {
    const found = new Map<string, AccountOwner>();
    const missing: string[] = [];
    for (const id of ids) {
      const owner = owners.get(id);
      if (owner) found.set(id, owner);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const { rows } = await sql<{
        id: string;
        owner_id: string;
        kind: string;
        code: string;
        currency: string;
      }>`
        select id, owner_id, kind, code, currency from ledger_account
        where id = any(${`{${missing.join(',')}}`}::bigint[]) and kind <> 'system'`.execute(db);
      for (const r of rows) {
        const owner = {
          ownerId: String(r.owner_id),
          kind: r.kind as AccountOwner['kind'],
          code: r.code,
          currency: r.currency,
        };
        remember(String(r.id), owner);
        found.set(String(r.id), owner);
      }
    }
    return found;
  }

  /** Tells the listeners about the member balances a committed posting left (never throws). */
  function announce(merchantId: number, posting: Posting) {
    announceAll([{ merchantId, posting }]);
  }

  /**
   * Tells the listeners about the member balances committed postings left, with one lookup of the
   * wallets' owners for all of them (a job's transaction commits a thousand postings at once).
   */
  function announceAll(committed: { merchantId: number; posting: Posting }[]) {
    if (listeners.length === 0) return;
    const touched = committed.flatMap(({ merchantId, posting }) =>
      posting.replayed
        ? []
        : posting.entries.filter((e) => e.balanceAfter !== null).map((e) => ({ merchantId, e })),
    );
    if (touched.length === 0) return;
    const at = Date.now();
    void ownersOf([...new Set(touched.map((t) => t.e.accountId))])
      .then((known) => {
        const changes: BalanceChange[] = [];
        for (const { merchantId, e } of touched) {
          const owner = known.get(e.accountId);
          if (!owner) continue;
          changes.push({
            merchantId,
            memberId: owner.ownerId,
            wallet: owner.code,
            kind: owner.kind,
            balance: e.balanceAfter!,
            currency: owner.currency,
            at,
          });
        }
        if (changes.length > 0) for (const listener of listeners) listener(changes);
      })
      .catch(() => undefined);
  }

  /** One posting through `ledger_post` (migration 202611221200): a single statement. */
  async function postIn(tx: Db, input: PostingInput): Promise<Posting> {
    const ordered = sortedEntries(input);
    try {
      const { rows } = await sql<PostRow>`
        select * from ledger_post(
          ${input.merchantId}::integer, ${input.kind}, ${input.idempotencyKey}, ${requestHash(input.request)},
          ${input.memberId ?? null}::bigint, ${input.reference ?? null}, ${JSON.stringify(input.metadata ?? {})}::jsonb,
          ${ordered.map((e) => e.accountId)}::bigint[], ${ordered.map((e) => e.amount.toString())}::bigint[])`.execute(
        tx,
      );
      return toPosting(rows);
    } catch (err) {
      throw translate(err, input);
    }
  }

  /** The `ledger_post_many` payload of postings (entries in account-id order). */
  const manyPayload = (inputs: PostingInput[]) =>
    inputs.map((input) => {
      const ordered = sortedEntries(input);
      return {
        merchantId: input.merchantId,
        kind: input.kind,
        key: input.idempotencyKey,
        hash: requestHash(input.request),
        memberId: input.memberId ?? null,
        reference: input.reference ?? null,
        metadata: input.metadata ?? {},
        accounts: ordered.map((e) => e.accountId),
        amounts: ordered.map((e) => e.amount.toString()),
      };
    });

  /**
   * Group commit: postings made outside a caller's transaction while another batch is in flight
   * go to the database together, as one `ledger_post_many` statement (migration 202611221230) —
   * one round trip and one commit for the lot. Each posting keeps its own outcome.
   */
  const batcher = createBatcher<PostingInput, Posting>(async (inputs) => {
    const payload = manyPayload(inputs);
    const { rows } = await sql<
      PostRow & { idx: number; error_code: string | null; error_message: string | null }
    >`
      select * from ledger_post_many(${JSON.stringify(payload)}::jsonb)`.execute(db);
    const byItem = inputs.map(() => [] as PostRow[]);
    const failed = new Map<number, PostingError>();
    for (const row of rows) {
      if (row.error_code)
        failed.set(row.idx, new PostingError(row.error_code, row.error_message ?? 'posting failed'));
      else byItem[row.idx]!.push(row);
    }
    return inputs.map((_input, i): Settled<Posting> => {
      const error = failed.get(i);
      if (error) return { ok: false, error };
      return { ok: true, value: toPosting(byItem[i]!) };
    });
  });

  return {
    /**
     * Posts balanced entries once. Pass `trx` to join a larger unit of work (the caller then owns
     * retries); without it the posting runs in its own transaction and retries itself.
     */
    async post(input: PostingInput, trx?: Transaction<Database>): Promise<Posting> {
      if (input.entries.length < 2) throw new Error('a posting needs at least two entries');
      if (input.entries.some((e) => e.amount === 0n)) throw new Error('a ledger entry cannot be zero');
      if (input.entries.reduce((sum, e) => sum + e.amount, 0n) !== 0n)
        throw new Error('entries must sum to zero');
      if (trx) {
        const posting = await postIn(trx, input);
        // Announced when the transaction commits; a caller's own transaction cannot say when.
        const pending = pendingByTx.get(trx);
        if (pending) pending.push({ merchantId: input.merchantId, posting });
        else announce(input.merchantId, posting);
        return posting;
      }
      // On its own the posting joins the next group commit; a deadlock or serialisation failure
      // of this one posting is retried here, alone.
      try {
        const posting = await this.retrying(() => batcher.submit(input));
        announce(input.merchantId, posting);
        return posting;
      } catch (err) {
        throw translate(err, input);
      }
    },

    /**
     * Many credits of one kind from a brand's system account to member wallets, one posting per
     * wallet, as one set-based `ledger_credit_many` statement in the caller's transaction (jobs that
     * pay thousands of members: the daily rebate). The postings are those `post` would make. All or
     * nothing: a key used before (`duplicate.request`), an unknown wallet or one named twice throws.
     */
    async creditMany(
      trx: Transaction<Database>,
      batch: {
        merchantId: number;
        kind: LedgerKind;
        from: string;
        items: {
          idempotencyKey: string;
          request: unknown;
          memberId: string;
          accountId: string;
          amount: bigint;
          reference?: string | null;
          metadata?: Record<string, unknown>;
        }[];
      },
    ): Promise<Posting[]> {
      if (batch.items.length === 0) return [];
      const payload = {
        merchant: batch.merchantId,
        kind: batch.kind,
        from: batch.from,
        items: batch.items.map((i) => ({
          key: i.idempotencyKey,
          hash: requestHash(i.request),
          member: i.memberId,
          account: i.accountId,
          amount: i.amount.toString(),
          reference: i.reference ?? null,
          metadata: i.metadata ?? {},
        })),
      };
      let rows: { idx: number; transaction_id: string; balance_after: string; created_at: Date | string }[];
      try {
        ({ rows } = await sql<{
          idx: number;
          transaction_id: string;
          balance_after: string;
          created_at: Date | string;
        }>`select * from ledger_credit_many(${JSON.stringify(payload)}::jsonb)`.execute(trx));
      } catch (err) {
        if (pgCode(err) === 'LD409') throw new AppError('duplicate.request', { kind: batch.kind });
        throw err;
      }
      const pending = pendingByTx.get(trx);
      return rows.map((r) => {
        const item = batch.items[r.idx]!;
        const wallet = {
          accountId: item.accountId,
          amount: item.amount,
          balanceAfter: BigInt(r.balance_after),
        };
        const system = { accountId: batch.from, amount: -item.amount, balanceAfter: null };
        const posting: Posting = {
          transactionId: String(r.transaction_id),
          replayed: false,
          createdAt: new Date(r.created_at),
          entries: BigInt(item.accountId) < BigInt(batch.from) ? [wallet, system] : [system, wallet],
        };
        if (pending) pending.push({ merchantId: batch.merchantId, posting });
        else announce(batch.merchantId, posting);
        return posting;
      });
    },

    /**
     * Runs `work` in a transaction, retrying serialisation failures and deadlocks with backoff.
     * Postings made in it are announced to the balance listeners after it commits.
     */
    async transaction<T>(work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      let pending: { merchantId: number; posting: Posting }[] = [];
      const result = await this.retrying(() =>
        db.transaction().execute((tx) => {
          pending = [];
          pendingByTx.set(tx, pending);
          return work(tx);
        }),
      );
      announceAll(pending);
      return result;
    },

    /**
     * Listens to member balances after every committed posting (the real-time channel's
     * `balance.changed`). Listeners must not throw; they run after the caller has its answer.
     */
    onBalance(listener: BalanceListener) {
      listeners.push(listener);
    },

    /**
     * For money moved outside `post` (the vendor wallet's batched `vendor_apply`): tells the
     * listeners about a balance that a committed statement left.
     */
    announceBalance(change: BalanceChange) {
      for (const listener of listeners) listener([change]);
    },

    /**
     * The posting already made under this key, or null. A different request under the key is a
     * 409, as in `post`. For callers whose amount depends on state that may have changed since.
     */
    async findPosting(tx: Db, merchantId: number, key: string, request: unknown): Promise<Posting | null> {
      const existing = await tx
        .selectFrom('ledger_transaction')
        .select(['id', 'request_hash', 'created_at'])
        .where('merchant_id', '=', merchantId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (!existing) return null;
      if (existing.request_hash !== requestHash(request))
        throw new AppError('duplicate.request', { idempotencyKey: key });
      const entries = await tx
        .selectFrom('ledger_entry')
        .select(['account_id', 'amount', 'balance_after'])
        .where('transaction_id', '=', existing.id)
        .orderBy('id')
        .execute();
      return {
        transactionId: existing.id,
        replayed: true,
        createdAt: existing.created_at,
        entries: entries.map((e) => ({
          accountId: e.account_id,
          amount: BigInt(e.amount),
          balanceAfter: e.balance_after === null ? null : BigInt(e.balance_after),
        })),
      };
    },

    /** Retries serialisation failures and deadlocks with jittered backoff; callers never see them. */
    async retrying<T>(work: () => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await work();
        } catch (err) {
          if (!RETRYABLE.has(pgCode(err) ?? '') || attempt >= MAX_ATTEMPTS) throw err;
          await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
        }
      }
    },

    /**
     * The id of the member's account of this kind and code (created on first use), from a
     * process cache: account ids never change, so hot paths skip the lookup. Bounded: the cache
     * starts over past 100,000 accounts.
     */
    async memberAccountId(
      merchantId: number,
      memberId: string,
      kind: Exclude<AccountKind, 'system'>,
      code: string,
      currency: string,
    ): Promise<string> {
      const cacheKey = `${merchantId}:${memberId}:${kind}:${code}`;
      const cached = accountIds.get(cacheKey);
      if (cached) return cached;
      const { id } = await this.memberAccount(db, merchantId, memberId, kind, code, currency);
      if (accountIds.size >= 100_000) accountIds.clear();
      accountIds.set(cacheKey, id);
      return id;
    },

    /** The member's account of this kind and code, created on first use. */
    async memberAccount(
      tx: Db,
      merchantId: number,
      memberId: string,
      kind: Exclude<AccountKind, 'system'>,
      code: string,
      currency: string,
    ): Promise<{ id: string; balance: bigint }> {
      const find = () =>
        tx
          .selectFrom('ledger_account')
          .select(['id', 'balance'])
          .where('merchant_id', '=', merchantId)
          .where('owner_id', '=', memberId)
          .where('kind', '=', kind)
          .where('code', '=', code)
          .executeTakeFirst();
      // Accounts exist after first use: look first, and write only when one is missing.
      let row = await find();
      if (!row) {
        await tx
          .insertInto('ledger_account')
          .values({ merchant_id: merchantId, owner_id: memberId, kind, code, currency })
          .onConflict((oc) => oc.doNothing())
          .execute();
        row = (await find())!;
      }
      remember(row.id, { ownerId: memberId, kind, code, currency });
      return { id: row.id, balance: BigInt(row.balance) };
    },

    /**
     * A brand's system account id (created on first use, then cached: ids never change). Only an id
     * read outside a transaction is cached: one created inside a transaction that rolls back would
     * otherwise outlive its row.
     */
    async systemAccount(tx: Db, merchantId: number, code: SystemAccount, currency: string): Promise<string> {
      const cacheKey = `${merchantId}:${code}`;
      const cached = systemIds.get(cacheKey);
      if (cached) return cached;
      await tx
        .insertInto('ledger_account')
        .values({ merchant_id: merchantId, owner_id: null, kind: 'system', code, currency })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const row = await tx
        .selectFrom('ledger_account')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('owner_id', 'is', null)
        .where('kind', '=', 'system')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      if (!tx.isTransaction) systemIds.set(cacheKey, row.id);
      return row.id;
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
