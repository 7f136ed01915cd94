import { createHash } from 'node:crypto';
import {
  type VendorBetRequest,
  type VendorOp,
  type VendorReply,
  type VendorRollbackRequest,
  type VendorSettleRequest,
  type VendorWinRequest,
  vendorRequestSchemas,
} from '@arcadia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Batcher, type BatcherOptions, type Settled, createBatcher } from '../../lib/batcher.js';
import { hashToken } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import type { GameInfoResolver } from '../bets/game-info.js';
import type { LedgerService } from '../ledger/ledger.service.js';

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
    const { rows } = await ledger.retrying(() =>
      sql<{
        idx: number;
        reply: string;
      }>`select idx, reply from vendor_apply(${JSON.stringify(ordered)}::jsonb)`.execute(db),
    );
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
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('merchant_id', '=', merchantId)
      .where('owner_id', '=', memberId)
      .where('kind', '=', 'main')
      .where('code', '=', 'MAIN')
      .executeTakeFirst();
    return row ? BigInt(row.balance) : 0n;
  }

  async function member(merchantId: number, memberId: string) {
    return db
      .selectFrom('member')
      .select(['id', 'account'])
      .where('id', '=', memberId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
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

  /**
   * `settle`: a batch of round-closing wins applied set-based (`vendor_settle_many`). A replayed
   * request id answers its stored reply; each item's transaction id is applied once, as `win`.
   */
  async function settle(
    brand: Brand,
    vendor: string,
    raw: Buffer,
    body: VendorSettleRequest,
  ): Promise<string> {
    const bodyHash = sha256(raw);
    const stored = await db
      .selectFrom('vendor_request')
      .select(['reply', 'body_hash'])
      .where('merchant_id', '=', brand.id)
      .where('vendor_code', '=', vendor)
      .where('request_id', '=', body.request_id)
      .executeTakeFirst();
    if (stored) {
      return stored.body_hash === bodyHash
        ? stored.reply
        : reply({ status: 'BAD_REQUEST', message: 'request_id was used for another request' });
    }
    const settlement = await ledger.systemAccount(db, brand.id, 'vendor_settlement', brand.currency);
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
    // The batch and its stored reply commit together: a replay after a crash finds both or neither.
    const answer = await ledger.retrying(() =>
      db.transaction().execute(async (tx) => {
        const { rows } = await sql<{
          idx: number;
          status: string;
          balance: string | null;
        }>`select idx, status, balance from vendor_settle_many(${payload}::jsonb)`.execute(tx);
        const results = rows.map((r) => ({
          transaction_id: body.items[Number(r.idx)]!.transaction_id,
          status: r.status,
          ...(r.balance !== null ? { balance: String(r.balance) } : {}),
        }));
        const text = reply({ status: 'OK', currency: brand.currency, results } as VendorReply);
        await tx
          .insertInto('vendor_request')
          .values({
            merchant_id: brand.id,
            vendor_code: vendor,
            request_id: body.request_id,
            body_hash: bodyHash,
            reply: text,
          })
          .execute();
        return { text, results };
      }),
    );
    const results = answer.results;
    // Each member's balance after the batch, once, on the real-time channel.
    const last = new Map<string, string>();
    results.forEach((r, i) => {
      if (r.status === 'OK' && r.balance !== undefined) last.set(body.items[i]!.player_id, r.balance);
    });
    const at = Date.now();
    for (const [member, balance] of last) {
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
    return answer.text;
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
      const parsed = vendorRequestSchemas[vop].safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reply({
          status: 'BAD_REQUEST',
          message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
        });
      }
      const currency = brand.currency;

      if (vop === 'settle') {
        const body = parsed.data as VendorSettleRequest;
        if (body.currency !== currency) {
          return reply({ status: 'BAD_REQUEST', message: `currency must be ${currency}` });
        }
        try {
          return await settle(brand, vendor, raw, body);
        } catch {
          // The batch is one transaction: nothing of it was stored, and a retry applies it once.
          return reply({ status: 'INTERNAL_ERROR', message: 'try again' });
        }
      }

      if (vop === 'authenticate') {
        const body = parsed.data as { session_token: string };
        const session = await db
          .selectFrom('vendor_session')
          .select(['member_id', 'merchant_id', 'vendor_code', 'mode', 'expires_at'])
          .where('token_hash', '=', hashToken(body.session_token))
          .executeTakeFirst();
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
