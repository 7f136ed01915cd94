import {
  FairStream,
  type PvpTableDef,
  dealNiuNiu,
  hashServerSeed,
  niuNiuHand,
  settleNiuNiu,
} from '@arcadia/games';
import type { Kysely } from 'kysely';
import type { Database, PvpHandResultSeat } from '../../db/schema.js';
import type { LedgerService } from '../ledger/index.js';
import type { PvpCash } from './pvp.cash.service.js';
import {
  type HandRow,
  type SeatRow,
  addToStack,
  handBets,
  insertHand,
  lockHand,
  lockSeats,
  markHandDealing,
  updateHand,
  voidHand,
} from './pvp.repository.js';

/** A hand's top multiplier: a stack covers a bet when it covers the bet at ×5. */
export const TOP_MULTIPLIER = 5;

/**
 * Bull-bull hands on the betting clock (docs/pvp.md): opened with a rotating banker, dealt from
 * the hand's seed when betting closes, settled between the banker and the players with the
 * house's rake. Each step is a conditional update, so several instances may run the schedule.
 */
export function createNiuNiuHands(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  cash: PvpCash;
  now: () => Date;
  randomHex: () => string;
}) {
  const { db, ledger, cash } = deps;

  async function openHand(
    merchantId: number,
    table: PvpTableDef,
    seats: SeatRow[],
    previous: HandRow | undefined,
  ) {
    const playing = seats.filter((s) => s.status === 'seated' && BigInt(s.stack) > 0n);
    if (playing.length < 2) return false;
    // The bank moves to the next seat after the last hand's banker.
    const banker = playing.find((s) => s.seat_no > (previous?.banker_seat ?? -1)) ?? playing[0]!;
    const serverSeed = deps.randomHex();
    const now = deps.now();
    const closes = new Date(now.getTime() + table.betMs);
    const row = await insertHand(db, {
      merchant_id: merchantId,
      table_code: table.code,
      hand_no: (previous?.hand_no ?? 0) + 1,
      banker_seat: banker.seat_no,
      server_seed: serverSeed,
      seed_hash: hashServerSeed(serverSeed),
      opens_at: now,
      closes_at: closes,
      result_at: new Date(closes.getTime() + table.dealMs),
    });
    return row !== undefined;
  }

  /** Closes betting: the seats playing are fixed and dealt from the hand's seed; too few voids it. */
  async function dealHand(merchantId: number, table: PvpTableDef, hand: HandRow, seats: SeatRow[]) {
    const unit = await cash.minor(merchantId, table.unit);
    const bets = await handBets(db, hand.id);
    const players = seats.filter((s) => s.status === 'seated' && BigInt(s.stack) > 0n);
    const banker = players.find((s) => s.seat_no === hand.banker_seat);
    if (!banker || players.length < 2) {
      await voidHand(db, hand.id);
      return;
    }
    const nameOf = await cash.names(players.map((p) => String(p.member_id)));
    const dealt = dealNiuNiu(
      new FairStream({ serverSeed: hand.server_seed, clientSeed: `${table.code}`, nonce: hand.hand_no }),
      players.length,
    );
    const result: PvpHandResultSeat[] = players.map((p, i) => {
      const hand5 = niuNiuHand(dealt[i]!);
      const chosen = bets.find((b) => b.seat_no === p.seat_no)?.multiple ?? 1;
      // A stack that cannot cover the chosen bet at the top multiple plays what it can (at least 1).
      const affordable = Number(BigInt(p.stack) / (unit * BigInt(TOP_MULTIPLIER)));
      const bet = p.seat_no === hand.banker_seat ? 0 : Math.max(1, Math.min(chosen, affordable));
      return {
        seat: p.seat_no,
        memberId: String(p.member_id),
        player: nameOf.get(String(p.member_id)) ?? '',
        cards: dealt[i]!,
        hand: hand5.hand,
        bull: hand5.bull,
        multiplier: hand5.multiplier,
        value: hand5.value,
        bet,
        net: '0',
        rake: '0',
      };
    });
    await markHandDealing(db, hand.id, JSON.stringify({ seats: result, bankerSeat: hand.banker_seat }));
  }

  /**
   * Settles a dealt hand in one transaction: the stacks move by the settlement, the rake is posted
   * from the escrow to the house, the hand is marked settled; then seats waiting to leave cash out.
   */
  async function settleHand(merchantId: number, table: PvpTableDef, hand: HandRow) {
    const unit = await cash.minor(merchantId, table.unit);
    const { currency } = await cash.money(merchantId);
    const settled = await ledger.transaction(async (tx) => {
      const fresh = await lockHand(tx, hand.id);
      if (fresh.status !== 'dealing' || !fresh.result) return false;
      const seats = (await lockSeats(tx, merchantId, table.code)) as SeatRow[];
      const bySeat = new Map(seats.map((s) => [s.seat_no, s]));
      const input = fresh.result.seats.map((r) => ({
        seat: r.seat,
        stack: BigInt(bySeat.get(r.seat)?.stack ?? 0),
        bet: r.bet,
        hand: { hand: r.hand as never, bull: r.bull, multiplier: r.multiplier, value: r.value },
      }));
      const banker = input.find((s) => s.seat === fresh.result!.bankerSeat)!;
      const order = [
        ...input.filter((s) => s.seat > banker.seat),
        ...input.filter((s) => s.seat < banker.seat),
      ];
      const out = settleNiuNiu({
        banker,
        players: order,
        unit,
        rakeBp: table.rakeBp,
        rakeCap: unit * BigInt(table.rakeCapUnits),
      });
      let rake = 0n;
      for (const o of out) {
        const seat = bySeat.get(o.seat);
        if (!seat || o.net === 0n) {
          rake += o.rake;
          continue;
        }
        await addToStack(tx, seat.id, o.net.toString());
        rake += o.rake;
      }
      if (rake > 0n) {
        const escrow = await ledger.systemAccount(tx, merchantId, 'pvp_escrow', currency);
        const house = await ledger.systemAccount(tx, merchantId, 'pvp_rake', currency);
        await ledger.post(
          {
            merchantId,
            kind: 'PVP_RAKE',
            idempotencyKey: `pvp-rake:${fresh.id}`,
            request: { hand: fresh.id, rake: rake.toString() },
            reference: `${table.code}#${fresh.hand_no}`,
            entries: [
              { accountId: escrow, amount: -rake },
              { accountId: house, amount: rake },
            ],
          },
          tx,
        );
      }
      const nets = new Map(out.map((o) => [o.seat, o]));
      const seatsOut = fresh.result.seats.map((r) => ({
        ...r,
        net: (nets.get(r.seat)?.net ?? 0n).toString(),
        rake: (nets.get(r.seat)?.rake ?? 0n).toString(),
      }));
      await updateHand(tx, fresh.id, {
        status: 'settled',
        settled_at: new Date(),
        result: JSON.stringify({ seats: seatsOut, bankerSeat: fresh.result.bankerSeat }),
      });
      for (const s of seats) if (s.status === 'leaving') await cash.cashOut(tx, s);
      return true;
    });
    return settled;
  }

  return { openHand, dealHand, settleHand };
}
