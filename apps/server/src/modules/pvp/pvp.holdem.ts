import {
  FairStream,
  type HoldemAction,
  type HoldemState,
  HoldemRuleError,
  type PvpTableDef,
  applyHoldem,
  fullDeck,
  hashServerSeed,
  holdemCategory,
  holdemOptions,
  holdemResult,
  holdemTimeoutAction,
  startHoldem,
} from '@arcadia/games';
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, PvpHandResultSeat, PvpHandTable, PvpSeatTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { LedgerService } from '../ledger/ledger.service.js';

type SeatRow = Selectable<PvpSeatTable>;
type HandRow = Selectable<PvpHandTable>;

/**
 * Hold'em hands in the card rooms (docs/pvp.md): the pure state machine of packages/games kept in
 * the hand's row, one action at a time under the row's lock; the deadline of the player to act in
 * `closes_at`; the pots paid, the rake posted and the stacks moved in one transaction at the end.
 * Stacks stay whole during a hand (what a seat has put in is the state's `committed`), so the
 * escrow is the sum of the stacks throughout.
 */
export function createHoldemRooms(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  /** Each takes the query runner to use: inside a transaction, its own (an embedded database has one connection). */
  minor: (merchantId: number, major: number, q?: Kysely<Database> | Transaction<Database>) => Promise<bigint>;
  currency: (merchantId: number, q?: Kysely<Database> | Transaction<Database>) => Promise<string>;
  names: (memberIds: string[], q?: Kysely<Database> | Transaction<Database>) => Promise<Map<string, string>>;
  cashOut: (tx: Transaction<Database>, seat: SeatRow) => Promise<bigint>;
  now: () => Date;
  randomHex: () => string;
}) {
  const { db, ledger } = deps;

  async function open(
    merchantId: number,
    table: PvpTableDef,
    seats: SeatRow[],
    previous: HandRow | undefined,
  ) {
    const bigBlind = await deps.minor(merchantId, table.unit);
    const smallBlind = await deps.minor(merchantId, table.smallBlind ?? table.unit / 2);
    const playing = seats.filter((s) => s.status === 'seated' && BigInt(s.stack) >= bigBlind);
    if (playing.length < 2) return false;
    const button = playing.find((s) => s.seat_no > (previous?.banker_seat ?? -1)) ?? playing[0]!;
    const serverSeed = deps.randomHex();
    const handNo = (previous?.hand_no ?? 0) + 1;
    const deck = new FairStream({ serverSeed, clientSeed: table.code, nonce: handNo }).shuffle(fullDeck());
    const state = startHoldem({
      seats: playing.map((s) => ({ seat: s.seat_no, stack: Number(s.stack) })),
      button: button.seat_no,
      smallBlind: Number(smallBlind),
      bigBlind: Number(bigBlind),
      deck,
    });
    const now = deps.now();
    const deadline = new Date(now.getTime() + (state.done ? 0 : (table.actionMs ?? 20_000)));
    const row = await db
      .insertInto('pvp_hand')
      .values({
        merchant_id: merchantId,
        table_code: table.code,
        hand_no: handNo,
        banker_seat: button.seat_no,
        server_seed: serverSeed,
        seed_hash: hashServerSeed(serverSeed),
        opens_at: now,
        closes_at: deadline,
        result_at: deadline,
        result: JSON.stringify({ seats: [], bankerSeat: button.seat_no, holdem: state }),
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'table_code', 'hand_no']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Pays a finished hand: pots by the hands, the house's rake from what winners won, stacks moved. */
  async function settle(tx: Transaction<Database>, table: PvpTableDef, hand: HandRow, state: HoldemState) {
    const merchantId = hand.merchant_id;
    const result = holdemResult(state);
    const bigBlind = await deps.minor(merchantId, table.unit, tx);
    // No flop, no rake; and a bet nobody called goes back whole (it was never contested).
    const commits = state.players.map((p) => p.committed).sort((a, b) => b - a);
    const contested = result.pot - (commits[0]! - (commits[1] ?? 0));
    let rakeLeft =
      state.board.length >= 3
        ? Math.min(Math.floor((contested * table.rakeBp) / 10_000), Number(bigBlind) * table.rakeCapUnits)
        : 0;
    const nets = state.players.map((p) => ({
      seat: p.seat,
      net: (result.won.get(p.seat) ?? 0) - p.committed,
      rake: 0,
    }));
    for (const n of [...nets].sort((a, b) => b.net - a.net)) {
      if (rakeLeft <= 0 || n.net <= 0) break;
      n.rake = Math.min(rakeLeft, n.net);
      rakeLeft -= n.rake;
    }
    const seats = (await tx
      .selectFrom('pvp_seat')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('table_code', '=', table.code)
      .where('status', '<>', 'left')
      .forUpdate()
      .execute()) as SeatRow[];
    const bySeat = new Map(seats.map((s) => [s.seat_no, s]));
    for (const n of nets) {
      const delta = n.net - n.rake;
      const seat = bySeat.get(n.seat);
      if (seat && delta !== 0)
        await tx
          .updateTable('pvp_seat')
          .set({ stack: sql`stack + ${String(delta)}::bigint` })
          .where('id', '=', seat.id)
          .execute();
    }
    const rake = nets.reduce((a, n) => a + n.rake, 0);
    if (rake > 0) {
      const currency = await deps.currency(merchantId, tx);
      const escrow = await ledger.systemAccount(tx, merchantId, 'pvp_escrow', currency);
      const house = await ledger.systemAccount(tx, merchantId, 'pvp_rake', currency);
      await ledger.post(
        {
          merchantId,
          kind: 'PVP_RAKE',
          idempotencyKey: `pvp-rake:${hand.id}`,
          request: { hand: hand.id, rake },
          reference: `${table.code}#${hand.hand_no}`,
          entries: [
            { accountId: escrow, amount: -BigInt(rake) },
            { accountId: house, amount: BigInt(rake) },
          ],
        },
        tx,
      );
    }
    const names = await deps.names(
      state.players.map((p) => String(bySeat.get(p.seat)?.member_id ?? '')),
      tx,
    );
    const shown = new Set(result.showdown);
    const out: PvpHandResultSeat[] = state.players.map((p) => {
      const n = nets.find((x) => x.seat === p.seat)!;
      const memberId = String(bySeat.get(p.seat)?.member_id ?? '');
      return {
        seat: p.seat,
        memberId,
        player: names.get(memberId) ?? '',
        cards: shown.has(p.seat) ? p.hole : [],
        hand: shown.has(p.seat)
          ? holdemCategory(result.values.get(p.seat)!)
          : p.folded
            ? 'folded'
            : 'uncalled',
        bull: 0,
        multiplier: 0,
        value: result.values.get(p.seat) ?? 0,
        bet: 0,
        net: String(n.net - n.rake),
        rake: String(n.rake),
      };
    });
    const now = deps.now();
    await tx
      .updateTable('pvp_hand')
      .set({
        status: 'settled',
        settled_at: now,
        result_at: now,
        result: JSON.stringify({ seats: out, bankerSeat: hand.banker_seat, holdem: state }),
      })
      .where('id', '=', hand.id)
      .execute();
    for (const s of seats) if (s.status === 'leaving') await deps.cashOut(tx, s);
  }

  /** One step of a hand under its row's lock: an action, a timeout, or the end. */
  async function step(
    table: PvpTableDef,
    handId: string,
    decide: (state: HoldemState, seats: SeatRow[]) => { seat: number; action: HoldemAction } | null,
  ) {
    return ledger.transaction(async (tx) => {
      const hand = await tx
        .selectFrom('pvp_hand')
        .selectAll()
        .where('id', '=', handId)
        .forUpdate()
        .executeTakeFirst();
      if (!hand || hand.status !== 'betting' || !hand.result?.holdem) return false;
      let state = hand.result.holdem;
      if (!state.done) {
        const seats = (await tx
          .selectFrom('pvp_seat')
          .selectAll()
          .where('merchant_id', '=', hand.merchant_id)
          .where('table_code', '=', table.code)
          .where('status', '<>', 'left')
          .execute()) as SeatRow[];
        const move = decide(state, seats);
        if (!move) return false;
        try {
          state = applyHoldem(state, move.seat, move.action);
        } catch (err) {
          if (err instanceof HoldemRuleError)
            throw new AppError('pvp.action_invalid', { reason: err.message });
          throw err;
        }
      }
      if (state.done) {
        await settle(tx, table, hand, state);
        return true;
      }
      const deadline = new Date(deps.now().getTime() + (table.actionMs ?? 20_000));
      await tx
        .updateTable('pvp_hand')
        .set({
          closes_at: deadline,
          result_at: deadline,
          result: JSON.stringify({ ...hand.result, holdem: state }),
        })
        .where('id', '=', hand.id)
        .execute();
      return true;
    });
  }

  return {
    open,
    /** The member's action on their turn. */
    async act(table: PvpTableDef, hand: HandRow, seat: SeatRow, action: HoldemAction) {
      await step(table, String(hand.id), (state) => {
        if (state.toAct !== seat.seat_no) throw new AppError('pvp.not_your_turn');
        return { seat: seat.seat_no, action };
      });
    },
    /** The schedule's step for a hand past its deadline (or finished): check or fold for the player to act. */
    async timeout(table: PvpTableDef, hand: HandRow) {
      return step(table, String(hand.id), (state) =>
        state.toAct === null ? null : { seat: state.toAct, action: holdemTimeoutAction(state) },
      );
    },
    /** A seat leaving folds at once when it is its turn (the schedule calls this on every pass). */
    async foldLeaving(table: PvpTableDef, hand: HandRow) {
      return step(table, String(hand.id), (state, seats) => {
        const seat = seats.find((s) => s.seat_no === state.toAct);
        return seat?.status === 'leaving' ? { seat: seat.seat_no, action: { type: 'fold' } } : null;
      });
    },
    /** The hand as the viewer may see it. */
    view(hand: HandRow, viewerSeat: number | null) {
      const state = hand.result?.holdem;
      if (!state) return null;
      const over = hand.status !== 'betting';
      const showdown = over && state.players.filter((p) => !p.folded).length > 1;
      const opts = !over && viewerSeat !== null && state.toAct === viewerSeat ? holdemOptions(state) : null;
      return {
        street: state.street,
        board: state.board,
        pot: String(state.players.reduce((a, p) => a + p.committed, 0)),
        button: state.button,
        toAct: over ? null : state.toAct,
        deadline: over ? null : new Date(hand.closes_at).toISOString(),
        players: state.players.map((p) => ({
          seat: p.seat,
          committed: String(p.committed),
          street: String(p.street),
          folded: p.folded,
          allIn: p.allIn,
          hole: p.seat === viewerSeat || (showdown && !p.folded) ? p.hole : null,
        })),
        options: opts
          ? {
              canCheck: opts.canCheck,
              toCall: String(opts.toCall),
              canRaise: opts.canRaise,
              minRaiseTo: String(opts.minRaiseTo),
              maxRaiseTo: String(opts.maxRaiseTo),
            }
          : null,
      };
    },
  };
}

export type HoldemRooms = ReturnType<typeof createHoldemRooms>;
