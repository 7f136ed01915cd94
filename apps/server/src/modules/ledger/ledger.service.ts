import { createHash } from 'node:crypto';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

export type LedgerKind =
  | 'DEPOSIT'
  | 'WITHDRAW'
  | 'WITHDRAW_PAID'
  | 'WITHDRAW_REVERSAL'
  | 'TRANSFER_IN'
  | 'TRANSFER_OUT'
  | 'TRANSFER_UPLINE'
  | 'TRANSFER_DOWNLINE'
  | 'ADJUSTMENT';

export type AccountKind = 'main' | 'vendor' | 'points' | 'system';

/** System accounts of a brand (their balance is derived from entries, never a hot row). */
export const systemAccounts = [
  'payments_clearing',
  'withdrawals_clearing',
  'vendor_settlement',
  'promotions_expense',
  'salary_expense',
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

/**
 * The only way money moves. One posting = one database transaction that appends balanced
 * entries and changes member balances with `balance = balance + d … RETURNING`, in account-id
 * order (no deadlocks between postings). The database refuses a negative member balance
 * (CHECK) and an unbalanced transaction (deferred trigger). Serialisation failures and
 * deadlocks are retried here; callers never see them.
 */
export function createLedgerService(db: Kysely<Database>) {
  const systemIds = new Map<string, string>();

  async function replay(tx: Db, merchantId: number, key: string, hash: string): Promise<Posting> {
    const existing = await tx
      .selectFrom('ledger_transaction')
      .select(['id', 'request_hash', 'created_at'])
      .where('merchant_id', '=', merchantId)
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    if (existing.request_hash !== hash) throw new AppError('duplicate.request', { idempotencyKey: key });
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
  }

  async function postIn(tx: Db, input: PostingInput): Promise<Posting> {
    const hash = requestHash(input.request);
    const inserted = await tx
      .insertInto('ledger_transaction')
      .values({
        merchant_id: input.merchantId,
        kind: input.kind,
        idempotency_key: input.idempotencyKey,
        request_hash: hash,
        member_id: input.memberId ?? null,
        reference: input.reference ?? null,
        metadata: JSON.stringify(input.metadata ?? {}),
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'idempotency_key']).doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
    if (!inserted) return replay(tx, input.merchantId, input.idempotencyKey, hash);

    const entries: Posting['entries'] = [];
    const ordered = [...input.entries].sort((a, b) => (BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1));
    // Balances change one row at a time in account-id order, so two postings never wait on
    // each other in opposite orders (no deadlock); the entries then go in with one insert.
    for (const entry of ordered) {
      let balanceAfter: bigint | null = null;
      try {
        const row = await tx
          .updateTable('ledger_account')
          .set({ balance: sql`balance + ${entry.amount.toString()}::bigint` })
          .where('id', '=', entry.accountId)
          .where('kind', '<>', 'system')
          .returning('balance')
          .executeTakeFirst();
        if (row) balanceAfter = BigInt(row.balance);
      } catch (err) {
        if (pgCode(err) === '23514')
          throw new AppError('wallet.insufficient', { accountId: entry.accountId });
        throw err;
      }
      entries.push({ ...entry, balanceAfter });
    }
    await tx
      .insertInto('ledger_entry')
      .values(
        entries.map((e) => ({
          transaction_id: inserted.id,
          account_id: e.accountId,
          amount: e.amount.toString(),
          balance_after: e.balanceAfter === null ? null : e.balanceAfter.toString(),
        })),
      )
      .execute();
    return { transactionId: inserted.id, replayed: false, createdAt: inserted.created_at, entries };
  }

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
      if (trx) return postIn(trx, input);
      return this.transaction((tx) => postIn(tx, input));
    },

    /** Runs `work` in a transaction, retrying serialisation failures and deadlocks with backoff. */
    async transaction<T>(work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().execute(work);
        } catch (err) {
          if (!RETRYABLE.has(pgCode(err) ?? '') || attempt >= MAX_ATTEMPTS) throw err;
          await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
        }
      }
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
