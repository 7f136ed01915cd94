import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LedgerService } from '../ledger/index.js';
import { maskAccount } from '../records/index.js';
import { type Db, type SeatRow, leaveSeat, membersNamed, merchantMoney } from './pvp.repository.js';

/**
 * What the card rooms' hands share: the brand's currency and scale (read once per brand), stakes
 * in minor units, the players' display names, and a seat's cash-out back to the main wallet.
 */
export function createPvpCash(deps: { db: Kysely<Database>; ledger: LedgerService }) {
  const { db, ledger } = deps;
  const merchants = new Map<number, { currency: string; scale: number }>();

  async function money(merchantId: number, q: Db = db) {
    let m = merchants.get(merchantId);
    if (!m) {
      const row = await merchantMoney(q, merchantId);
      m = { currency: row.currency, scale: row.currency_scale };
      merchants.set(merchantId, m);
    }
    return m;
  }
  const minor = async (merchantId: number, major: number, q: Db = db) =>
    BigInt(major) * 10n ** BigInt((await money(merchantId, q)).scale);

  /** Display names of members: nickname, else the masked account. */
  const names = async (ids: string[], q: Db = db) => {
    const wanted = ids.filter(Boolean);
    if (wanted.length === 0) return new Map<string, string>();
    const rows = await membersNamed(q, wanted);
    return new Map(rows.map((m) => [String(m.id), m.nickname || maskAccount(m.account)]));
  };

  /** Pays a seat's stack back to its member's wallet and frees the seat (once: the seat's key). */
  async function cashOut(tx: Transaction<Database>, seat: SeatRow): Promise<bigint> {
    const done = await leaveSeat(tx, seat.id);
    if (!done) return 0n;
    const stack = BigInt(done.stack);
    if (stack > 0n) {
      const { currency } = await money(seat.merchant_id, tx);
      const escrow = await ledger.systemAccount(tx, seat.merchant_id, 'pvp_escrow', currency);
      const main = await ledger.memberAccount(tx, seat.merchant_id, seat.member_id, 'main', 'MAIN', currency);
      await ledger.post(
        {
          merchantId: seat.merchant_id,
          kind: 'PVP_CASH_OUT',
          idempotencyKey: `pvp-cash-out:${seat.id}`,
          request: { seat: seat.id, stack: stack.toString() },
          memberId: seat.member_id,
          reference: seat.table_code,
          entries: [
            { accountId: escrow, amount: -stack },
            { accountId: main.id, amount: stack },
          ],
        },
        tx,
      );
    }
    return stack;
  }

  return {
    money,
    minor,
    currency: async (merchantId: number, q?: Db) => (await money(merchantId, q)).currency,
    names,
    cashOut,
  };
}

export type PvpCash = ReturnType<typeof createPvpCash>;
