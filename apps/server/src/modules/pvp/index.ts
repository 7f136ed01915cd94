import { randomBytes } from 'node:crypto';
import { type PvpTable, pvpRoutes, trialTypes } from '@arcadia/contract';
import {
  FairStream,
  type PvpTableDef,
  dealNiuNiu,
  hashServerSeed,
  niuNiuHand,
  pvpTable,
  pvpTables,
  settleNiuNiu,
} from '@arcadia/games';
import type { FastifyInstance } from 'fastify';
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, PvpHandResultSeat, PvpHandTable, PvpSeatTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { createSerialSchedule } from '../../lib/serial-schedule.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { Brand } from '../brand/brand.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { RealtimeHub } from '../realtime/index.js';
import { maskAccount } from '../records/records.service.js';
import { assertMayPlay } from '../responsible/index.js';
import { holdemEngine, threeCardEngine } from './pvp.engines.js';
import { createTurnRooms } from './pvp.turns.js';

type SeatRow = Selectable<PvpSeatTable>;
type HandRow = Selectable<PvpHandTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** How often the rooms' schedule runs. */
export const PVP_TICK_MS = 500;
/** A hand's top multiplier: a stack covers a bet when it covers the bet at ×5. */
const TOP_MULTIPLIER = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** The card rooms, for operational scripts and tests (a pass of the schedule). */
    pvp: PvpModule;
  }
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Card rooms (docs/pvp.md): bull-bull with a rotating banker. Seats buy chips in from the main
 * wallet into the brand's `pvp_escrow` account; hands move chips between stacks (the escrow's
 * balance stays the sum of the stacks); the rake goes from the escrow to `pvp_rake`; leaving cashes
 * the stack out. Each hand step is a conditional update, so several instances may run the schedule.
 */
export function createPvpModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  hub: () => RealtimeHub | undefined;
  clock: Clock;
  schedule: boolean;
  log: { error(obj: unknown, msg?: string): void };
  randomHex?: () => string;
}) {
  const { db, ledger, clock } = deps;
  const randomHex = deps.randomHex ?? (() => randomBytes(32).toString('hex'));
  const merchants = new Map<number, { currency: string; scale: number }>();

  async function money(merchantId: number, q: Db = db) {
    let m = merchants.get(merchantId);
    if (!m) {
      const row = await q
        .selectFrom('merchant')
        .select(['currency', 'currency_scale'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      m = { currency: row.currency, scale: row.currency_scale };
      merchants.set(merchantId, m);
    }
    return m;
  }
  const minor = async (merchantId: number, major: number, q: Db = db) =>
    BigInt(major) * 10n ** BigInt((await money(merchantId, q)).scale);

  const changed = (merchantId: number, tableCode: string) =>
    deps.hub()?.toTopic(merchantId, `pvp:${tableCode}`, 'pvp.table', { tableCode });

  const seatsOf = (q: Db, merchantId: number, tableCode: string) =>
    q
      .selectFrom('pvp_seat')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('table_code', '=', tableCode)
      .where('status', '<>', 'left')
      .orderBy('seat_no')
      .execute();

  const latestHand = (q: Db, merchantId: number, tableCode: string) =>
    q
      .selectFrom('pvp_hand')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('table_code', '=', tableCode)
      .orderBy('hand_no', 'desc')
      .limit(1)
      .executeTakeFirst();

  /** Display names of members: nickname, else the masked account. */
  const names = async (ids: string[], q: Db = db) => {
    const wanted = ids.filter(Boolean);
    if (wanted.length === 0) return new Map<string, string>();
    const rows = await q
      .selectFrom('member')
      .select(['id', 'account', 'nickname'])
      .where('id', 'in', wanted)
      .execute();
    return new Map(rows.map((m) => [String(m.id), m.nickname || maskAccount(m.account)]));
  };

  /** Pays a seat's stack back to its member's wallet and frees the seat (once: the seat's key). */
  async function cashOut(tx: Transaction<Database>, seat: SeatRow): Promise<bigint> {
    const done = await tx
      .updateTable('pvp_seat')
      .set({ status: 'left', left_at: new Date() })
      .where('id', '=', seat.id)
      .where('status', '<>', 'left')
      .returning('stack')
      .executeTakeFirst();
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
    const serverSeed = randomHex();
    const now = clock.now();
    const closes = new Date(now.getTime() + table.betMs);
    const row = await db
      .insertInto('pvp_hand')
      .values({
        merchant_id: merchantId,
        table_code: table.code,
        hand_no: (previous?.hand_no ?? 0) + 1,
        banker_seat: banker.seat_no,
        server_seed: serverSeed,
        seed_hash: hashServerSeed(serverSeed),
        opens_at: now,
        closes_at: closes,
        result_at: new Date(closes.getTime() + table.dealMs),
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'table_code', 'hand_no']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Closes betting: the seats playing are fixed and dealt from the hand's seed; too few voids it. */
  async function dealHand(merchantId: number, table: PvpTableDef, hand: HandRow, seats: SeatRow[]) {
    const unit = await minor(merchantId, table.unit);
    const bets = await db.selectFrom('pvp_bet').selectAll().where('hand_id', '=', hand.id).execute();
    const players = seats.filter((s) => s.status === 'seated' && BigInt(s.stack) > 0n);
    const banker = players.find((s) => s.seat_no === hand.banker_seat);
    if (!banker || players.length < 2) {
      await db
        .updateTable('pvp_hand')
        .set({ status: 'voided', settled_at: new Date() })
        .where('id', '=', hand.id)
        .where('status', '=', 'betting')
        .execute();
      return;
    }
    const nameOf = await names(players.map((p) => String(p.member_id)));
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
    await db
      .updateTable('pvp_hand')
      .set({ status: 'dealing', result: JSON.stringify({ seats: result, bankerSeat: hand.banker_seat }) })
      .where('id', '=', hand.id)
      .where('status', '=', 'betting')
      .execute();
  }

  /**
   * Settles a dealt hand in one transaction: the stacks move by the settlement, the rake is posted
   * from the escrow to the house, the hand is marked settled; then seats waiting to leave cash out.
   */
  async function settleHand(merchantId: number, table: PvpTableDef, hand: HandRow) {
    const unit = await minor(merchantId, table.unit);
    const { currency } = await money(merchantId);
    const settled = await ledger.transaction(async (tx) => {
      const fresh = await tx
        .selectFrom('pvp_hand')
        .selectAll()
        .where('id', '=', hand.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (fresh.status !== 'dealing' || !fresh.result) return false;
      const seats = (await tx
        .selectFrom('pvp_seat')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('table_code', '=', table.code)
        .where('status', '<>', 'left')
        .forUpdate()
        .execute()) as SeatRow[];
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
        await tx
          .updateTable('pvp_seat')
          .set({ stack: sql`stack + ${o.net.toString()}::bigint` })
          .where('id', '=', seat.id)
          .execute();
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
      await tx
        .updateTable('pvp_hand')
        .set({
          status: 'settled',
          settled_at: new Date(),
          result: JSON.stringify({ seats: seatsOut, bankerSeat: fresh.result.bankerSeat }),
        })
        .where('id', '=', fresh.id)
        .execute();
      for (const s of seats) if (s.status === 'leaving') await cashOut(tx, s);
      return true;
    });
    return settled;
  }

  const turnDeps = {
    db,
    ledger,
    minor,
    currency: async (merchantId: number, q?: Db) => (await money(merchantId, q)).currency,
    names,
    cashOut,
    now: () => clock.now(),
    randomHex,
  };
  /** The turn-based games (hold'em, three-card); bull-bull runs on its betting clock below. */
  const turnRooms = {
    holdem: createTurnRooms(holdemEngine, turnDeps),
    threecard: createTurnRooms(threeCardEngine, turnDeps),
  };

  async function activeMerchants(): Promise<number[]> {
    const rows = await db.selectFrom('merchant').select('id').where('status', '=', 'active').execute();
    return rows.map((r) => r.id);
  }

  async function tick() {
    const now = clock.now();
    const out = { opened: 0, dealt: 0, settled: 0 };
    for (const merchantId of await activeMerchants()) {
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
            await dealHand(merchantId, table, hand, seats);
            out.dealt++;
            changed(merchantId, table.code);
          } else if (hand?.status === 'dealing' && now >= hand.result_at) {
            if (await settleHand(merchantId, table, hand)) out.settled++;
            changed(merchantId, table.code);
          } else if (
            !hand ||
            ((hand.status === 'settled' || hand.status === 'voided') &&
              now.getTime() >= new Date(hand.result_at).getTime() + table.pauseMs)
          ) {
            if (seats.length >= 2 && (await openHand(merchantId, table, seats, hand))) {
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
    const bets = hand
      ? await db.selectFrom('pvp_bet').selectAll().where('hand_id', '=', hand.id).execute()
      : [];
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

  const schedule = createSerialSchedule({
    pass: tick,
    empty: { opened: 0, dealt: 0, settled: 0 },
    onError: (err) => deps.log.error({ err }, 'card rooms tick failed'),
  });

  const module = {
    tick: schedule.runNow,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerRoute(app, hooks, pvpRoutes.pvpRoomList, async ({ brand }) => {
        const taken = await db
          .selectFrom('pvp_seat')
          .select(['table_code', sql<string>`count(*)`.as('n')])
          .where('merchant_id', '=', brand.id)
          .where('status', '<>', 'left')
          .groupBy('table_code')
          .execute();
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
      });

      registerRoute(app, hooks, pvpRoutes.pvpTable, async ({ brand, session, query }) => ({
        ...(await tableView(brand, tableOrThrow(query.tableCode), session?.member.id ?? null)),
        serverTime: clock.now().toISOString(),
      }));

      registerRoute(app, hooks, pvpRoutes.pvpSit, async ({ brand, session, body }) => {
        const table = tableOrThrow(body.tableCode);
        const member = session!.member;
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
          await sql`select pg_advisory_xact_lock(hashtext(${`pvp:${brand.id}:${table.code}`}))`.execute(tx);
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
          await tx
            .insertInto('pvp_seat')
            .values({
              merchant_id: brand.id,
              table_code: table.code,
              seat_no: free,
              member_id: member.id,
              stack: buyIn,
              buy_in_transaction_id: posting.transactionId,
            })
            .execute();
        });
        changed(brand.id, table.code);
        return tableView(brand, table, member.id);
      });

      registerRoute(app, hooks, pvpRoutes.pvpBet, async ({ brand, session, body }) => {
        const table = tableOrThrow(body.tableCode);
        const member = session!.member;
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
        await db
          .insertInto('pvp_bet')
          .values({ hand_id: hand.id, seat_no: seat.seat_no, member_id: member.id, multiple: body.multiple })
          .onConflict((oc) => oc.columns(['hand_id', 'seat_no']).doUpdateSet({ multiple: body.multiple }))
          .execute();
        changed(brand.id, table.code);
        return { ok: true as const };
      });

      registerRoute(app, hooks, pvpRoutes.pvpAct, async ({ brand, session, body }) => {
        const table = tableOrThrow(body.tableCode);
        if (table.game === 'niuniu')
          throw new AppError('pvp.action_invalid', { reason: 'bull-bull rooms take bets, not actions' });
        const seat = (await seatsOf(db, brand.id, table.code)).find(
          (s) => String(s.member_id) === String(session!.member.id),
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
      });

      registerRoute(app, hooks, pvpRoutes.pvpLeave, async ({ brand, session, body }) => {
        const table = tableOrThrow(body.tableCode);
        const member = session!.member;
        const result = await ledger.transaction(async (tx) => {
          const seat = (
            await tx
              .selectFrom('pvp_seat')
              .selectAll()
              .where('merchant_id', '=', brand.id)
              .where('table_code', '=', table.code)
              .where('member_id', '=', member.id)
              .where('status', '<>', 'left')
              .forUpdate()
              .execute()
          )[0] as SeatRow | undefined;
          if (!seat) throw new AppError('pvp.not_seated');
          const hand = await latestHand(tx, brand.id, table.code);
          // A seat in a hand not yet paid leaves once it is: its chips may be in the pot.
          const inDeal =
            hand !== undefined &&
            ((hand.status === 'dealing' && (hand.result?.seats ?? []).some((s) => s.seat === seat.seat_no)) ||
              (table.game !== 'niuniu' && turnRooms[table.game].inHand(hand, seat.seat_no)));
          if (inDeal) {
            await tx.updateTable('pvp_seat').set({ status: 'leaving' }).where('id', '=', seat.id).execute();
            return { cashedOut: null, leaving: true };
          }
          return { cashedOut: (await cashOut(tx, seat)).toString(), leaving: false };
        });
        changed(brand.id, table.code);
        return result;
      });

      app.decorate('pvp', module);
      deps.hub()?.openTopics('pvp', (_identity, key) => pvpTable(key) !== undefined);
      if (deps.schedule) schedule.start(app, PVP_TICK_MS);
    },
  };
  return module;
}

export type PvpModule = ReturnType<typeof createPvpModule>;
