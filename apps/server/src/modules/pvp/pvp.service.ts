import { type PvpTable, type Routes, type RouteBody, trialTypes } from '@arcadia/contract';
import { type PvpTableDef, pvpTable, pvpTables } from '@arcadia/games';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Brand, BrandService } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { assertMayPlay } from '../responsible/index.js';
import type { PvpCash } from './pvp.cash.service.js';
import { holdemEngine, threeCardEngine } from './pvp.engines.js';
import { TOP_MULTIPLIER, createNiuNiuHands } from './pvp.niuniu.service.js';
import {
  type SeatRow,
  handBets,
  insertSeat,
  latestHand,
  lockMemberSeats,
  lockRoom,
  markSeatLeaving,
  seatCounts,
  seatsOf,
  upsertBet,
} from './pvp.repository.js';
import { createTurnRooms } from './pvp.turns.service.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The member as the rooms' actions see it. */
interface Member {
  id: string;
  type: number;
}

/**
 * The card rooms' service (docs/pvp.md): the schedule's pass over every brand's tables, the table
 * as a member sees it, and the members' actions — sit (a buy-in through the ledger), bet, act,
 * leave (a cash-out, or once the hand in play is paid).
 */
export function createPvpService(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  brands: BrandService;
  cash: PvpCash;
  hub?: RealtimeHub;
  clock: Clock;
  log: { error(obj: unknown, msg?: string): void };
  randomHex: () => string;
}) {
  const { db, ledger, clock, cash } = deps;
  const { minor, names } = cash;

  const changed = (merchantId: number, tableCode: string) =>
    deps.hub?.toTopic(merchantId, `pvp:${tableCode}`, 'pvp.table', { tableCode });

  const now = () => clock.now();
  const niuniu = createNiuNiuHands({ db, ledger, cash, now, randomHex: deps.randomHex });
  const turnDeps = {
    db,
    ledger,
    minor,
    currency: cash.currency,
    names,
    cashOut: cash.cashOut,
    now,
    randomHex: deps.randomHex,
  };
  /** The turn-based games (hold'em, three-card); bull-bull runs on its betting clock. */
  const turnRooms = {
    holdem: createTurnRooms(holdemEngine, turnDeps),
    threecard: createTurnRooms(threeCardEngine, turnDeps),
  };

  /** One pass of the schedule over every active brand's tables: hands opened, dealt, settled, timed out. */
  async function tick() {
    const now = clock.now();
    const out = { opened: 0, dealt: 0, settled: 0 };
    for (const { id: merchantId } of await deps.brands.list()) {
      for (const table of pvpTables) {
        try {
          const seats = (await seatsOf(db, merchantId, table.code)) as SeatRow[];
          const hand = await latestHand(db, merchantId, table.code);
          if (table.game !== 'niuniu') {
            const rooms = turnRooms[table.game];
            if (hand?.status === 'betting') {
              // Past the deadline the player to act times out; a seat on its way out folds at once.
              const moved =
                now >= hand.closes_at
                  ? await rooms.timeout(table, hand)
                  : seats.some((s) => s.status === 'leaving') && (await rooms.foldLeaving(table, hand));
              if (moved) changed(merchantId, table.code);
            } else if (!hand || now.getTime() >= new Date(hand.result_at).getTime() + table.pauseMs) {
              if (seats.length >= 2 && (await rooms.open(merchantId, table, seats, hand))) {
                out.opened++;
                changed(merchantId, table.code);
              }
            }
            continue;
          }
          if (hand?.status === 'betting' && now >= hand.closes_at) {
            await niuniu.dealHand(merchantId, table, hand, seats);
            out.dealt++;
            changed(merchantId, table.code);
          } else if (hand?.status === 'dealing' && now >= hand.result_at) {
            if (await niuniu.settleHand(merchantId, table, hand)) out.settled++;
            changed(merchantId, table.code);
          } else if (
            !hand ||
            ((hand.status === 'settled' || hand.status === 'voided') &&
              now.getTime() >= new Date(hand.result_at).getTime() + table.pauseMs)
          ) {
            if (seats.length >= 2 && (await niuniu.openHand(merchantId, table, seats, hand))) {
              out.opened++;
              changed(merchantId, table.code);
            }
          }
        } catch (err) {
          deps.log.error({ err, table: table.code, merchantId }, 'card room step failed');
        }
      }
    }
    return out;
  }

  async function tableView(brand: Brand, table: PvpTableDef, memberId: string | null): Promise<PvpTable> {
    const seats = (await seatsOf(db, brand.id, table.code)) as SeatRow[];
    const nameOf = await names(seats.map((s) => String(s.member_id)));
    const hand = await latestHand(db, brand.id, table.code);
    const bets = hand ? await handBets(db, hand.id) : [];
    const revealed = hand?.status === 'settled' || hand?.status === 'voided';
    const viewerSeat =
      seats.find((s) => memberId !== null && String(s.member_id) === String(memberId))?.seat_no ?? null;
    return {
      tableCode: table.code,
      game: table.game,
      unit: (await minor(brand.id, table.unit)).toString(),
      minBuyIn: (await minor(brand.id, table.minBuyIn)).toString(),
      maxSeats: table.maxSeats,
      seats: seats.map((s) => ({
        seat: s.seat_no,
        player: nameOf.get(String(s.member_id)) ?? '',
        stack: String(s.stack),
        mine: memberId !== null && String(s.member_id) === String(memberId),
        leaving: s.status === 'leaving',
      })),
      hand: hand
        ? {
            handId: String(hand.id),
            handNo: hand.hand_no,
            status: hand.status,
            bankerSeat: hand.banker_seat,
            closesAt: iso(hand.closes_at),
            resultAt: iso(hand.result_at),
            seedHash: hand.seed_hash,
            serverSeed: revealed ? hand.server_seed : null,
            bets: bets.map((b) => ({ seat: b.seat_no, multiple: b.multiple })),
            holdem: table.game === 'holdem' ? turnRooms.holdem.view(hand, viewerSeat) : null,
            threecard: table.game === 'threecard' ? turnRooms.threecard.view(hand, viewerSeat) : null,
            result: hand.result
              ? {
                  bankerSeat: hand.result.bankerSeat,
                  seats: hand.result.seats.map((r) => ({
                    seat: r.seat,
                    player: r.player,
                    cards: r.cards,
                    hand: r.hand,
                    bull: r.bull,
                    multiplier: r.multiplier,
                    bet: r.bet,
                    net: r.net,
                    rake: r.rake,
                  })),
                }
              : null,
          }
        : null,
    };
  }

  const tableOrThrow = (code: string) => {
    const table = pvpTable(code);
    if (!table) throw new AppError('pvp.table_unknown', { tableCode: code });
    return table;
  };

  return {
    tick,

    async roomList(brand: Brand) {
      const taken = await seatCounts(db, brand.id);
      const count = new Map(taken.map((r) => [r.table_code, Number(r.n)]));
      return {
        list: await Promise.all(
          pvpTables.map(async (t) => ({
            roomId: t.code,
            game: t.game,
            unit: (await minor(brand.id, t.unit)).toString(),
            minBuyIn: (await minor(brand.id, t.minBuyIn)).toString(),
            maxSeats: t.maxSeats,
            seatsTaken: count.get(t.code) ?? 0,
          })),
        ),
      };
    },

    async table(brand: Brand, tableCode: string, memberId: string | null) {
      return tableView(brand, tableOrThrow(tableCode), memberId);
    },

    /** A seat bought in from the main wallet into the brand's escrow (once per request id). */
    async sit(brand: Brand, member: Member, body: RouteBody<Routes['pvpSit']>) {
      const table = tableOrThrow(body.tableCode);
      if ((trialTypes as readonly number[]).includes(member.type)) throw new AppError('pvp.trial_refused');
      await assertMayPlay(db, member.id, clock.now());
      const buyIn = BigInt(body.buyIn);
      if (buyIn < (await minor(brand.id, table.minBuyIn)))
        throw new AppError('pvp.buy_in_invalid', {
          min: (await minor(brand.id, table.minBuyIn)).toString(),
        });
      const key = `pvp-buy-in:${member.id}:${body.requestId}`;
      const request = { tableCode: table.code, buyIn: body.buyIn };
      await ledger.transaction(async (tx) => {
        // One seating at a time per room: the free seat and the member's one seat hold under a burst.
        await lockRoom(tx, brand.id, table.code);
        if (await ledger.findPosting(tx, brand.id, key, request)) return;
        const seats = (await seatsOf(tx, brand.id, table.code)) as SeatRow[];
        if (seats.some((s) => String(s.member_id) === String(member.id))) throw new AppError('pvp.seated');
        const free = Array.from({ length: table.maxSeats }, (_, i) => i).find(
          (n) => !seats.some((s) => s.seat_no === n),
        );
        if (free === undefined) throw new AppError('pvp.table_full');
        const escrow = await ledger.systemAccount(tx, brand.id, 'pvp_escrow', brand.currency);
        const main = await ledger.memberAccount(tx, brand.id, member.id, 'main', 'MAIN', brand.currency);
        const posting = await ledger.post(
          {
            merchantId: brand.id,
            kind: 'PVP_BUY_IN',
            idempotencyKey: key,
            request,
            memberId: member.id,
            reference: table.code,
            entries: [
              { accountId: main.id, amount: -buyIn },
              { accountId: escrow, amount: buyIn },
            ],
          },
          tx,
        );
        await insertSeat(tx, {
          merchant_id: brand.id,
          table_code: table.code,
          seat_no: free,
          member_id: member.id,
          stack: buyIn,
          buy_in_transaction_id: posting.transactionId,
        });
      });
      changed(brand.id, table.code);
      return tableView(brand, table, member.id);
    },

    /** A bull-bull player's bet multiple for the hand taking bets. */
    async bet(brand: Brand, member: Member, body: RouteBody<Routes['pvpBet']>) {
      const table = tableOrThrow(body.tableCode);
      const seat = (await seatsOf(db, brand.id, table.code)).find(
        (s) => String(s.member_id) === String(member.id),
      );
      if (!seat || seat.status !== 'seated') throw new AppError('pvp.not_seated');
      const hand = await latestHand(db, brand.id, table.code);
      if (
        !hand ||
        String(hand.id) !== body.handId ||
        hand.status !== 'betting' ||
        clock.now() >= hand.closes_at
      )
        throw new AppError('pvp.betting_closed');
      if (hand.banker_seat === seat.seat_no) throw new AppError('pvp.betting_closed', { reason: 'banker' });
      const unit = await minor(brand.id, table.unit);
      if (BigInt(seat.stack) < unit * BigInt(body.multiple * TOP_MULTIPLIER))
        throw new AppError('pvp.stack_short', { stack: String(seat.stack) });
      await upsertBet(db, {
        hand_id: hand.id,
        seat_no: seat.seat_no,
        member_id: member.id,
        multiple: body.multiple,
      });
      changed(brand.id, table.code);
      return { ok: true as const };
    },

    /** A turn-based player's action (hold'em, three-card). */
    async act(brand: Brand, member: Member, body: RouteBody<Routes['pvpAct']>) {
      const table = tableOrThrow(body.tableCode);
      if (table.game === 'niuniu')
        throw new AppError('pvp.action_invalid', { reason: 'bull-bull rooms take bets, not actions' });
      const seat = (await seatsOf(db, brand.id, table.code)).find(
        (s) => String(s.member_id) === String(member.id),
      );
      if (!seat) throw new AppError('pvp.not_seated');
      const hand = await latestHand(db, brand.id, table.code);
      if (!hand || String(hand.id) !== body.handId || hand.status !== 'betting')
        throw new AppError('pvp.action_invalid', { reason: 'no such hand in play' });
      if (body.action === 'raise' && body.to === undefined)
        throw new AppError('pvp.action_invalid', { reason: 'a raise names its amount' });
      if (table.game === 'holdem') {
        if (body.action === 'look' || body.action === 'compare')
          throw new AppError('pvp.action_invalid', { reason: `no ${body.action} in hold’em` });
        await turnRooms.holdem.act(
          table,
          hand,
          seat as SeatRow,
          body.action === 'raise' ? { type: 'raise', to: Number(body.to) } : { type: body.action },
        );
      } else {
        if (body.action === 'check')
          throw new AppError('pvp.action_invalid', { reason: 'no check in three-card' });
        if (body.action === 'compare' && body.against === undefined)
          throw new AppError('pvp.action_invalid', { reason: 'a comparison names the seat' });
        await turnRooms.threecard.act(
          table,
          hand,
          seat as SeatRow,
          body.action === 'raise'
            ? { type: 'raise', to: Number(body.to) }
            : body.action === 'compare'
              ? { type: 'compare', against: body.against! }
              : { type: body.action },
        );
      }
      changed(brand.id, table.code);
      return { ok: true as const };
    },

    /** Leaving: the stack cashed out now, or once the hand the seat is in is paid. */
    async leave(brand: Brand, member: Member, body: RouteBody<Routes['pvpLeave']>) {
      const table = tableOrThrow(body.tableCode);
      const result = await ledger.transaction(async (tx) => {
        const seat = (await lockMemberSeats(tx, brand.id, table.code, member.id))[0] as SeatRow | undefined;
        if (!seat) throw new AppError('pvp.not_seated');
        const hand = await latestHand(tx, brand.id, table.code);
        // A seat in a hand not yet paid leaves once it is: its chips may be in the pot.
        const inDeal =
          hand !== undefined &&
          ((hand.status === 'dealing' && (hand.result?.seats ?? []).some((s) => s.seat === seat.seat_no)) ||
            (table.game !== 'niuniu' && turnRooms[table.game].inHand(hand, seat.seat_no)));
        if (inDeal) {
          await markSeatLeaving(tx, seat.id);
          return { cashedOut: null, leaving: true };
        }
        return { cashedOut: (await cash.cashOut(tx, seat)).toString(), leaving: false };
      });
      changed(brand.id, table.code);
      return result;
    },
  };
}

export type PvpService = ReturnType<typeof createPvpService>;
