import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HOUSE_VENDOR, createVendorSession } from '../vendors/index.js';
import { createHouseRoundsRepository } from './house.rounds.repository.js';
import type { HouseWalletClient, SendResult } from './house.wallet.js';

/** Results go to the platform in batches of this many (a `settle` callback each)… */
export const SETTLE_CHUNK = 4000;
/** …this many at a time. */
const SETTLE_PARALLEL = 3;

/**
 * Two ids (decimal strings of non-negative integers, no leading zeros) in numeric order, without
 * a BigInt per comparison: the shorter is smaller, else the text decides.
 */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Cuts a list sorted by member into batches of about `size` that never split a member's bets (a
 * member only larger than `size` on its own is cut, at `size`): batches in flight then lock
 * disjoint wallets and run side by side. Split at a member, the next batch would wait on the
 * previous one's wallet lock for its whole transaction, and the batches would run one at a time.
 * Returns `[from, to)` ranges.
 */
export function memberBatches(members: string[], size: number): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  while (from < members.length) {
    let to = Math.min(from + size, members.length);
    if (to < members.length && members[to] === members[to - 1]) {
      let back = to - 1;
      while (back > from && members[back - 1] === members[to]) back--;
      if (back > from) to = back;
    }
    out.push([from, to]);
    from = to;
  }
  return out;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** A house bet as the wallet calls need it: its id, brand and member. */
export interface HouseBetRef {
  id: string;
  merchant_id: number;
  member_id: string;
}

/**
 * The house products that hold their own bets (the lottery, the sportsbook) talk to the platform
 * through the house vendor's signed wallet callbacks like any game: a bet is a `bet` on round
 * `<prefix><betId>`, its result a round-closing win sent in `settle` batches, a refund a
 * `rollback`. This is that conversation, with the product's transaction-id scheme; the product
 * records what was applied in its own tables.
 */
export function createHouseRounds(deps: {
  db: Kysely<Database>;
  wallet: HouseWalletClient;
  /** Round-id prefix: `L` for the lottery, `S` for the sportsbook. */
  prefix: string;
  /** The launch session's game code (what a bet callback's session stands for). */
  launchGame: string;
  log: Log;
}) {
  const { db, wallet, prefix, log } = deps;
  const repository = createHouseRoundsRepository(db);
  const roundOf = (betId: string) => `${prefix}${betId}`;
  const betTx = (betId: string) => `${prefix}${betId}:b`;
  const requestPrefix = `${prefix.toLowerCase()}q`;
  const merchants = new Map<number, { code: string; currency: string }>();

  async function merchantOf(merchantId: number) {
    let m = merchants.get(merchantId);
    if (!m) {
      const row = await repository.merchantById(merchantId);
      m = { code: row.code, currency: row.currency };
      merchants.set(merchantId, m);
    }
    return m;
  }

  /**
   * The member's launch session with the house vendor (what a bet callback carries), reused while
   * it has minutes left: a placement does not write a session row each time.
   */
  const launches = new Map<string, { token: string; until: number }>();
  async function launchToken(merchantId: number, memberId: string): Promise<string> {
    const key = `${merchantId}:${memberId}`;
    const hit = launches.get(key);
    if (hit && hit.until - Date.now() > 2 * 60_000) return hit.token;
    if (launches.size > 100_000) launches.clear();
    const { token, expiresAt } = await createVendorSession(db, {
      merchantId,
      memberId,
      vendorCode: HOUSE_VENDOR,
      gameCode: deps.launchGame,
      mode: 'real',
      ttlMs: 15 * 60_000,
    });
    launches.set(key, { token, until: expiresAt.getTime() });
    return token;
  }

  return {
    roundOf,
    merchantOf,

    /** Takes each bet's stake through a `bet` callback (retried with the same ids on transient failures). */
    async takeStakes(
      brand: { id: number; code: string; currency: string },
      memberId: string,
      bets: { id: string; game_code: string; stake: string | bigint }[],
    ): Promise<SendResult[]> {
      const token = await launchToken(brand.id, memberId);
      return Promise.all(
        bets.map((b) =>
          wallet.sendWithRetry(
            brand.id,
            brand.code,
            'bet',
            JSON.stringify({
              request_id: `${requestPrefix}-${betTx(b.id)}`,
              transaction_id: betTx(b.id),
              player_id: String(memberId),
              session_token: token,
              round_id: roundOf(b.id),
              game_code: b.game_code,
              amount: String(b.stake),
              currency: brand.currency,
            }),
          ),
        ),
      );
    },

    /**
     * Refunds bets through `rollback` (applied once; an unknown bet is tombstoned); returns the ids
     * the platform applied (a refund not delivered is for the product's recovery to send again).
     */
    async refund(rows: HouseBetRef[]): Promise<string[]> {
      const done: string[] = [];
      for (let i = 0; i < rows.length; i += 50) {
        const sent = await Promise.all(
          rows.slice(i, i + 50).map(async (b) => {
            const m = await merchantOf(b.merchant_id);
            const txId = `${betTx(b.id)}:rb`;
            const body = JSON.stringify({
              request_id: `${requestPrefix}-${txId}`,
              transaction_id: txId,
              ref_transaction_id: betTx(b.id),
              player_id: String(b.member_id),
              round_id: roundOf(b.id),
            });
            const res = await wallet.sendWithRetry(b.merchant_id, m.code, 'rollback', body);
            const ok =
              res.ok && (res.reply.status === 'OK' || res.reply.status === 'BET_ALREADY_ROLLED_BACK');
            if (!ok) log.warn({ betId: b.id, res }, 'house refund not delivered; recovery will retry');
            return ok ? String(b.id) : null;
          }),
        );
        for (const id of sent) if (id !== null) done.push(id);
      }
      return done;
    },

    /**
     * Sends bets' results in `settle` batches of the compact form (docs/vendor-protocol.md): the
     * round-closing wins as columns, the losses as closes; `applied` is
     * called once per batch with the ids the platform applied (and their payouts) and the ids it
     * found refunded first, for the product to record in one update. A batch not delivered is
     * left for the next settlement, which sends the same transaction ids: applied once. The bets
     * go in member order, so batches hold different members and run side by side without waiting
     * on each other's wallet locks.
     */
    async sendResults<R extends HouseBetRef & { game_code: string; payout: string }>(
      rows: R[],
      applied: (ok: R[], voided: R[]) => Promise<void>,
    ): Promise<void> {
      const byMerchant = new Map<number, R[]>();
      for (const r of rows) {
        const list = byMerchant.get(r.merchant_id) ?? [];
        list.push(r);
        byMerchant.set(r.merchant_id, list);
      }
      const batches: { merchantId: number; chunk: R[] }[] = [];
      for (const [merchantId, list] of byMerchant) {
        list.sort((a, b) => compareIds(String(a.member_id), String(b.member_id)));
        for (const [from, to] of memberBatches(
          list.map((b) => String(b.member_id)),
          SETTLE_CHUNK,
        ))
          batches.push({ merchantId, chunk: list.slice(from, to) });
      }
      const send = async ({ merchantId, chunk }: (typeof batches)[number]) => {
        const m = await merchantOf(merchantId);
        // The compact form: the wins as columns, the losses as closes (a closed round, no money,
        // no transaction).
        const wins: R[] = [];
        const closes: R[] = [];
        for (const b of chunk) (b.payout === '0' || BigInt(b.payout) === 0n ? closes : wins).push(b);
        const body = JSON.stringify({
          request_id: `${requestPrefix}-s-${randomUUID()}`,
          currency: m.currency,
          ...(wins.length > 0
            ? {
                wins: {
                  transaction_id: wins.map((b) => `${roundOf(b.id)}:w`),
                  player_id: wins.map((b) => String(b.member_id)),
                  round_id: wins.map((b) => roundOf(b.id)),
                  game_code: wins.map((b) => b.game_code),
                  amount: wins.map((b) => String(b.payout)),
                },
              }
            : {}),
          ...(closes.length > 0
            ? {
                closes: {
                  player_id: closes.map((b) => String(b.member_id)),
                  round_id: closes.map((b) => roundOf(b.id)),
                },
              }
            : {}),
        });
        const res = await wallet.sendWithRetry(merchantId, m.code, 'settle', body);
        const reply = res.ok ? res.reply : undefined;
        const results = reply?.results as { status: string }[] | undefined;
        const closed = reply?.closed as string[] | undefined;
        if (
          !res.ok ||
          reply?.status !== 'OK' ||
          !Array.isArray(results) ||
          results.length !== wins.length ||
          (closes.length > 0 && (!Array.isArray(closed) || closed.length !== closes.length))
        ) {
          log.warn(
            { merchantId, res: res.ok ? res.reply.status : res.reason },
            'house results not delivered; the next pass settles them again',
          );
          return;
        }
        const ok: R[] = [];
        const voided: R[] = [];
        const record = (b: R, status: string | undefined) => {
          if (status === 'OK') ok.push(b);
          // Refunded by a rollback first (a recovery that found the bet's answer lost): nothing to pay.
          else if (status === 'BET_ALREADY_ROLLED_BACK') voided.push(b);
          else log.error({ betId: b.id, status }, 'house result refused');
        };
        wins.forEach((b, k) => record(b, results[k]?.status));
        closes.forEach((b, k) => record(b, closed?.[k]));
        if (ok.length > 0 || voided.length > 0) await applied(ok, voided);
      };
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(SETTLE_PARALLEL, batches.length) }, async () => {
          while (next < batches.length) await send(batches[next++]!);
        }),
      );
    },
  };
}

export type HouseRounds = ReturnType<typeof createHouseRounds>;
