import { createHash } from 'node:crypto';
import {
  type VendorBetRequest,
  type VendorOp,
  type VendorReply,
  type VendorRollbackRequest,
  type VendorSettleColumnsRequest,
  type VendorSettleRequest,
  type VendorWinRequest,
  vendorRequestSchemas,
  vendorSettleColumnsSchema,
  vendorSettleSchema,
} from '@arcadia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Batcher, type BatcherOptions, type Settled, createBatcher } from '../../lib/batcher.js';
import { hashToken } from '../auth/index.js';
import type { Brand } from '../brand/index.js';
import type { GameInfoResolver } from '../bets/index.js';
import type { LedgerService } from '../ledger/index.js';
import {
  applyVendorOps,
  findBrandMember,
  findMainBalance,
  findVendorRequest,
  findVendorSessionByHash,
  insertVendorRequest,
  settleManyVendorWins,
  settleVendorColumns,
} from './vendors.wallet.repository.js';

/** One money operation as `vendor_apply` (migration 202611221400) reads it. */
interface MoneyOp {
  i?: number;
  op: 'bet' | 'win' | 'rollback';
  merchant: number;
  vendor: string;
  currency: string;
  settlement: string;
  request_id: string;
  body_hash: string;
  payload_hash: string;
  member: string;
  transaction_id: string;
  round_id: string;
  amount?: string;
  ref_transaction_id?: string;
  game_code?: string;
  game_type?: string;
  vassalage?: string;
  round_closed?: boolean;
  token_hash?: string;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * What decides "the same transaction": the business fields, not the transport ones (a retry may
 * carry a new request id or a refreshed session token).
 */
function payloadHash(op: VendorOp, body: Record<string, unknown>): string {
  const { request_id: _r, session_token: _s, transaction_id: _t, ...rest } = body;
  const keys = Object.keys(rest).sort();
  return sha256(JSON.stringify([op, ...keys.map((k) => [k, rest[k]])]));
}

/**
 * `payloadHash('win', …)` of one `settle` item, without building and sorting an object per item (a
 * batch hashes thousands): the same JSON text, written out in the sorted key order — amount,
 * currency, game_code, player_id, round_closed (always true), round_id — so the same hash.
 */
export function settleItemHash(
  currency: string,
  item: { player_id: string; round_id: string; game_code: string; amount: string },
): string {
  const text =
    `["win",["amount",${JSON.stringify(item.amount) ?? 'null'}],["currency",${JSON.stringify(currency) ?? 'null'}],` +
    `["game_code",${JSON.stringify(item.game_code) ?? 'null'}],["player_id",${JSON.stringify(item.player_id) ?? 'null'}],` +
    `["round_closed",true],["round_id",${JSON.stringify(item.round_id) ?? 'null'}]]`;
  return sha256(text);
}

/** `payloadHash` as the single-`win` path computes it (tests compare the two). */
export const winPayloadHash = (body: Record<string, unknown>) => payloadHash('win', body);

export const reply = (body: VendorReply) => JSON.stringify(body);

/**
 * The platform side of the seamless wallet. `authenticate` and `balance` read; `bet`, `win` and
 * `rollback` go through a batcher whose flush applies every queued operation with ONE call of
 * `vendor_apply` (one statement, one commit): idempotency, ledger posting, bet row, rollups and the
 * stored reply of each operation are written together or not at all.
 */
export function createVendorWalletService(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  games: GameInfoResolver;
  batch?: BatcherOptions;
  /** PGlite: one connection, so one (large) batch at a time. */
  embedded?: boolean;
}) {
  const { db, ledger, games } = deps;

  async function flush(items: MoneyOp[]): Promise<Settled<string>[]> {
    // Members in id order: two batches in flight lock their members' wallets in the same order.
    const ordered = items
      .map((op, i) => ({ ...op, i }))
      .sort((a, b) => {
        const d = BigInt(a.member) - BigInt(b.member);
        return d < 0n ? -1 : d > 0n ? 1 : a.i - b.i;
      });
    const { rows } = await ledger.retrying(() => applyVendorOps(db, JSON.stringify(ordered)));
    const byIdx = new Map(rows.map((r) => [Number(r.idx), r.reply]));
    return items.map((_, i) => {
      const value = byIdx.get(i);
      return value === undefined
        ? { ok: false, error: new Error('no result for a batched operation') }
        : { ok: true, value };
    });
  }

  // PostgreSQL: up to 32 operations per statement and four statements in flight, so the server
  // works on the next batches while one commits; while one is in flight, another starts with at
  // least 8 operations or after 2 ms (measured with bench/bets). PGlite has one connection and a
  // costly commit (its files are written at each one): one large batch at a time.
  const batcher: Batcher<MoneyOp, string> = createBatcher(
    flush,
    deps.batch ??
      (deps.embedded
        ? { maxBatch: 64, maxInFlight: 1 }
        : { maxBatch: 32, maxInFlight: 4, fillTo: 8, maxWaitMs: 2 }),
  );

  async function mainBalance(merchantId: number, memberId: string): Promise<bigint> {
    const row = await findMainBalance(db, merchantId, memberId);
    return row ? BigInt(row.balance) : 0n;
  }

  async function member(merchantId: number, memberId: string) {
    return findBrandMember(db, merchantId, memberId);
  }

  /** The main wallet's balance after an applied operation, for the real-time channel. */
  function announce(merchantId: number, memberId: string, currency: string, answer: string) {
    const parsed = JSON.parse(answer) as { status?: string; balance?: string };
    if (parsed.status !== 'OK' || parsed.balance === undefined) return;
    ledger.announceBalance({
      merchantId,
      memberId,
      wallet: 'MAIN',
      kind: 'main',
      balance: BigInt(parsed.balance),
      currency,
      at: Date.now(),
    });
  }

  /** Each member's balance after a batch, once, on the real-time channel. */
  function announceBatch(brand: Brand, balances: Map<string, string>) {
    const at = Date.now();
    for (const [member, balance] of balances) {
      ledger.announceBalance({
        merchantId: brand.id,
        memberId: member,
        wallet: 'MAIN',
        kind: 'main',
        balance: BigInt(balance),
        currency: brand.currency,
        at,
      });
    }
  }

  /**
   * A `settle` request: a replayed request id answers its stored reply; otherwise `apply` runs the
   * batch and its reply is stored in the same transaction (a replay after a crash finds both or
   * neither).
   */
  async function settleOnce(
    brand: Brand,
    vendor: string,
    raw: Buffer,
    requestId: string,
    apply: (
      tx: Kysely<Database>,
      settlement: string,
    ) => Promise<{ text: string; balances: Map<string, string> }>,
  ): Promise<string> {
    const bodyHash = sha256(raw);
    const stored = await findVendorRequest(db, brand.id, vendor, requestId);
    if (stored) {
      return stored.body_hash === bodyHash
        ? stored.reply
        : reply({ status: 'BAD_REQUEST', message: 'request_id was used for another request' });
    }
    const settlement = await ledger.systemAccount(db, brand.id, 'vendor_settlement', brand.currency);
    const answer = await ledger.retrying(() =>
      db.transaction().execute(async (tx) => {
        const done = await apply(tx, settlement);
        await insertVendorRequest(tx, {
          merchantId: brand.id,
          vendorCode: vendor,
          requestId,
          bodyHash,
          reply: done.text,
        });
        return done;
      }),
    );
    announceBatch(brand, answer.balances);
    return answer.text;
  }

  /**
   * `settle` with `items`: a batch of round-closing wins applied set-based (`vendor_settle_many`).
   * Each item's transaction id is applied once, as `win`.
   */
  async function settle(
    brand: Brand,
    vendor: string,
    raw: Buffer,
    body: VendorSettleRequest,
  ): Promise<string> {
    return settleOnce(brand, vendor, raw, body.request_id, async (tx, settlement) => {
      const items = body.items.map((it) => ({
        member: it.player_id,
        transaction_id: it.transaction_id,
        round_id: it.round_id,
        amount: it.amount,
        game_code: it.game_code,
        // The hash a single `win` of the same content has: a retry as either form is recognised.
        payload_hash: settleItemHash(body.currency, it),
      }));
      const payload = JSON.stringify({ merchant: brand.id, vendor, settlement, items });
      const { rows } = await settleManyVendorWins(tx, payload);
      const results = rows.map((r) => ({
        transaction_id: body.items[Number(r.idx)]!.transaction_id,
        status: r.status,
        ...(r.balance !== null ? { balance: String(r.balance) } : {}),
      }));
      const balances = new Map<string, string>();
      results.forEach((r, i) => {
        if (r.status === 'OK' && r.balance !== undefined) balances.set(body.items[i]!.player_id, r.balance);
      });
      return { text: reply({ status: 'OK', currency: brand.currency, results } as VendorReply), balances };
    });
  }

  /**
   * `settle` with `wins` and `closes` columns (`vendor_settle_columns`): the wins as above, the
   * closes settle their open rounds with nothing paid and no transaction (no hash, no `vendor_tx`
   * row). The columns go to the database as typed arrays, not as a JSON document: every value was
   * checked by the schema (ids and amounts hold no character an array literal would quote).
   */
  async function settleColumns(
    brand: Brand,
    vendor: string,
    raw: Buffer,
    body: VendorSettleColumnsRequest,
  ): Promise<string> {
    const w = body.wins ?? { transaction_id: [], player_id: [], round_id: [], game_code: [], amount: [] };
    const c = body.closes ?? { player_id: [], round_id: [] };
    return settleOnce(brand, vendor, raw, body.request_id, async (tx, settlement) => {
      const hashes = w.transaction_id.map((_, i) =>
        settleItemHash(body.currency, {
          player_id: w.player_id[i]!,
          round_id: w.round_id[i]!,
          game_code: w.game_code[i]!,
          amount: w.amount[i]!,
        }),
      );
      const arr = (values: string[]) => `{${values.join(',')}}`;
      // Game codes are free text (up to 64 characters): quoted as array elements.
      const texts = (values: string[]) =>
        `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
      const { rows } = await settleVendorColumns(tx, {
        merchantId: brand.id,
        vendor,
        settlement,
        winPlayers: arr(w.player_id),
        winTransactions: arr(w.transaction_id),
        winRounds: arr(w.round_id),
        winAmounts: arr(w.amount),
        winHashes: arr(hashes),
        winGameCodes: texts(w.game_code),
        closePlayers: arr(c.player_id),
        closeRounds: arr(c.round_id),
      });
      const n = w.transaction_id.length;
      const results: { transaction_id: string; status: string; balance?: string }[] = [];
      const closed: string[] = new Array<string>(c.round_id.length);
      const balances = new Map<string, string>();
      for (const r of rows) {
        const i = Number(r.idx);
        if (i < n) {
          const balance = r.balance !== null ? String(r.balance) : undefined;
          results.push({
            transaction_id: w.transaction_id[i]!,
            status: r.status,
            ...(balance !== undefined ? { balance } : {}),
          });
          if (r.status === 'OK' && balance !== undefined) balances.set(w.player_id[i]!, balance);
        } else closed[i - n] = r.status;
      }
      const text = reply({ status: 'OK', currency: brand.currency, results, closed } as VendorReply);
      return { text, balances };
    });
  }

  return {
    /**
     * Handles one verified callback and returns the reply text (JSON). Never throws for bad input:
     * every outcome is a protocol status.
     */
    async handle(brand: Brand, vendor: string, op: string, raw: Buffer): Promise<string> {
      if (!(op in vendorRequestSchemas))
        return reply({ status: 'BAD_REQUEST', message: `unknown operation ${op}` });
      const vop = op as VendorOp;
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply({ status: 'BAD_REQUEST', message: 'the body is not JSON' });
      }
      // `settle` comes in two forms: objects in `items`, or the compact columns.
      const schema =
        vop !== 'settle'
          ? vendorRequestSchemas[vop]
          : typeof json === 'object' && json !== null && !('items' in json)
            ? vendorSettleColumnsSchema
            : vendorSettleSchema;
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reply({
          status: 'BAD_REQUEST',
          message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
        });
      }
      const currency = brand.currency;

      if (vop === 'settle') {
        const body = parsed.data as VendorSettleRequest | VendorSettleColumnsRequest;
        if (body.currency !== currency) {
          return reply({ status: 'BAD_REQUEST', message: `currency must be ${currency}` });
        }
        try {
          return 'items' in body
            ? await settle(brand, vendor, raw, body)
            : await settleColumns(brand, vendor, raw, body);
        } catch {
          // The batch is one transaction: nothing of it was stored, and a retry applies it once.
          return reply({ status: 'INTERNAL_ERROR', message: 'try again' });
        }
      }

      if (vop === 'authenticate') {
        const body = parsed.data as { session_token: string };
        const session = await findVendorSessionByHash(db, hashToken(body.session_token));
        if (
          !session ||
          session.merchant_id !== brand.id ||
          session.vendor_code !== vendor ||
          session.mode !== 'real' ||
          new Date(session.expires_at).getTime() <= Date.now()
        ) {
          return reply({ status: 'SESSION_EXPIRED' });
        }
        const m = await member(brand.id, session.member_id);
        if (!m) return reply({ status: 'PLAYER_NOT_FOUND' });
        const balance = await mainBalance(brand.id, m.id);
        return reply({
          status: 'OK',
          player_id: m.id,
          account: m.account,
          currency,
          balance: balance.toString(),
        });
      }
      if (vop === 'balance') {
        const body = parsed.data as { player_id: string };
        if (!(await member(brand.id, body.player_id))) return reply({ status: 'PLAYER_NOT_FOUND' });
        return reply({
          status: 'OK',
          balance: (await mainBalance(brand.id, body.player_id)).toString(),
          currency,
        });
      }

      const body = parsed.data as VendorBetRequest | VendorWinRequest | VendorRollbackRequest;
      if ('currency' in body && body.currency !== currency) {
        return reply({ status: 'BAD_REQUEST', message: `currency must be ${currency}` });
      }
      const settlement = await ledger.systemAccount(db, brand.id, 'vendor_settlement', currency);
      const common = {
        op: vop,
        merchant: brand.id,
        vendor,
        currency,
        settlement,
        request_id: body.request_id,
        body_hash: sha256(raw),
        payload_hash: payloadHash(vop, body as Record<string, unknown>),
        member: body.player_id,
        transaction_id: body.transaction_id,
        round_id: body.round_id,
      };
      let item: MoneyOp;
      if (vop === 'bet') {
        const b = body as VendorBetRequest;
        const info = await games.resolve(brand.id, vendor, b.game_code);
        item = {
          ...common,
          op: 'bet',
          amount: b.amount,
          game_code: b.game_code,
          game_type: info.gameType,
          vassalage: info.vassalage,
          token_hash: hashToken(b.session_token),
        };
      } else if (vop === 'win') {
        const w = body as VendorWinRequest;
        item = {
          ...common,
          op: 'win',
          amount: w.amount,
          game_code: w.game_code,
          round_closed: w.round_closed,
        };
      } else {
        const r = body as VendorRollbackRequest;
        item = { ...common, op: 'rollback', ref_transaction_id: r.ref_transaction_id };
      }
      try {
        const answer = await batcher.submit(item);
        announce(brand.id, body.player_id, currency, answer);
        return answer;
      } catch {
        // Nothing of this operation was stored: the vendor's retry (same ids) applies it once.
        return reply({ status: 'INTERNAL_ERROR', message: 'try again' });
      }
    },

    /** Waits for queued operations (shutdown, tests). */
    drain: () => batcher.drain(),
  };
}
export type VendorWalletService = ReturnType<typeof createVendorWalletService>;
