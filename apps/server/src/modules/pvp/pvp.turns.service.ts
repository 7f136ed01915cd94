import { FairStream, type PvpTableDef, fullDeck, hashServerSeed } from '@arcadia/games';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PvpHandResultSeat } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { LedgerService } from '../ledger/index.js';
import type { Card, TurnOutcome } from '@arcadia/games';
import {
  type HandRow,
  type SeatRow,
  addToStack,
  insertHand,
  lockHandIfAny,
  lockSeats,
  seatsInPlay,
  updateHand,
} from './pvp.repository.js';

/**
 * A turn-based card game for the rooms: a pure state machine of packages/games seen through what
 * the rooms need from it. `S` is kept as JSON in the hand's row under `key`.
 */
export interface TurnEngine<S, A, V> {
  key: 'holdem' | 'threecard';
  /** The least stack dealt into a hand. */
  minStack(table: PvpTableDef, unit: bigint, small: bigint): bigint;
  start(input: {
    seats: { seat: number; stack: number }[];
    button: number;
    table: PvpTableDef;
    unit: bigint;
    small: bigint;
    deck: Card[];
  }): S;
  /** Applies an action; throws the engine's rule error (`isRuleError`) for an illegal one. */
  apply(state: S, seat: number, action: A): S;
  isRuleError(err: unknown): boolean;
  toAct(state: S): number | null;
  done(state: S): boolean;
  /** The seats dealt in. */
  seats(state: S): number[];
  /** Whether an action must come from the player to act (a look at one's cards need not). */
  onTurn(action: A): boolean;
  timeoutAction(state: S): A;
  fold: A;
  /** The finished hand: every seat's line, and the part of the pot the house rakes a share of. */
  outcome(state: S): TurnOutcome;
  /** The hand as `viewerSeat` may see it; `over` once settled. */
  view(state: S, viewerSeat: number | null, over: boolean, deadline: string | null): V;
}

/**
 * Turn-based hands in the card rooms (hold'em, three-card; docs/pvp.md): the game's pure state
 * machine kept in the hand's row, one action at a time under the row's lock; the deadline of the
 * player to act in `closes_at`; the pot paid, the rake posted and the stacks moved in one
 * transaction at the end. Stacks stay whole during a hand (what a seat has put in is the state's
 * `committed`), so the escrow is the sum of the stacks throughout.
 */
export function createTurnRooms<S, A, V>(
  engine: TurnEngine<S, A, V>,
  deps: {
    db: Kysely<Database>;
    ledger: LedgerService;
    /** Each takes the query runner to use: inside a transaction, its own (an embedded database has one connection). */
    minor: (
      merchantId: number,
      major: number,
      q?: Kysely<Database> | Transaction<Database>,
    ) => Promise<bigint>;
    currency: (merchantId: number, q?: Kysely<Database> | Transaction<Database>) => Promise<string>;
    names: (
      memberIds: string[],
      q?: Kysely<Database> | Transaction<Database>,
    ) => Promise<Map<string, string>>;
    cashOut: (tx: Transaction<Database>, seat: SeatRow) => Promise<bigint>;
    now: () => Date;
    randomHex: () => string;
  },
) {
  const { db, ledger } = deps;
  const stateOf = (hand: HandRow) => (hand.result?.[engine.key] as S | undefined) ?? null;
  const actionMs = (table: PvpTableDef) => table.actionMs ?? 20_000;

  async function stakes(
    merchantId: number,
    table: PvpTableDef,
    q?: Kysely<Database> | Transaction<Database>,
  ) {
    const unit = await deps.minor(merchantId, table.unit, q);
    // Only hold'em has blinds.
    const small = table.smallBlind === undefined ? 0n : await deps.minor(merchantId, table.smallBlind, q);
    return { unit, small };
  }

  async function open(
    merchantId: number,
    table: PvpTableDef,
    seats: SeatRow[],
    previous: HandRow | undefined,
  ) {
    const { unit, small } = await stakes(merchantId, table);
    const least = engine.minStack(table, unit, small);
    const playing = seats.filter((s) => s.status === 'seated' && BigInt(s.stack) >= least);
    if (playing.length < 2) return false;
    const button = playing.find((s) => s.seat_no > (previous?.banker_seat ?? -1)) ?? playing[0]!;
    const serverSeed = deps.randomHex();
    const handNo = (previous?.hand_no ?? 0) + 1;
    const deck = new FairStream({ serverSeed, clientSeed: table.code, nonce: handNo }).shuffle(fullDeck());
    const state = engine.start({
      seats: playing.map((s) => ({ seat: s.seat_no, stack: Number(s.stack) })),
      button: button.seat_no,
      table,
      unit,
      small,
      deck,
    });
    const now = deps.now();
    const deadline = new Date(now.getTime() + (engine.done(state) ? 0 : actionMs(table)));
    const row = await insertHand(db, {
      merchant_id: merchantId,
      table_code: table.code,
      hand_no: handNo,
      banker_seat: button.seat_no,
      server_seed: serverSeed,
      seed_hash: hashServerSeed(serverSeed),
      opens_at: now,
      closes_at: deadline,
      result_at: deadline,
      result: JSON.stringify({ seats: [], bankerSeat: button.seat_no, [engine.key]: state }),
    });
    return row !== undefined;
  }

  /** Pays a finished hand: the pot by the hands, the house's rake from what winners won, stacks moved. */
  async function settle(tx: Transaction<Database>, table: PvpTableDef, hand: HandRow, state: S) {
    const merchantId = hand.merchant_id;
    const outcome = engine.outcome(state);
    const { unit } = await stakes(merchantId, table, tx);
    let rakeLeft = Math.min(
      Math.floor((outcome.rakeBase * table.rakeBp) / 10_000),
      Number(unit) * table.rakeCapUnits,
    );
    const nets = outcome.seats.map((p) => ({ seat: p.seat, net: p.won - p.committed, rake: 0 }));
    for (const n of [...nets].sort((a, b) => b.net - a.net)) {
      if (rakeLeft <= 0 || n.net <= 0) break;
      n.rake = Math.min(rakeLeft, n.net);
      rakeLeft -= n.rake;
    }
    const seats = (await lockSeats(tx, merchantId, table.code)) as SeatRow[];
    const bySeat = new Map(seats.map((s) => [s.seat_no, s]));
    for (const n of nets) {
      const delta = n.net - n.rake;
      const seat = bySeat.get(n.seat);
      if (seat && delta !== 0) await addToStack(tx, seat.id, String(delta));
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
      outcome.seats.map((p) => String(bySeat.get(p.seat)?.member_id ?? '')),
      tx,
    );
    const out: PvpHandResultSeat[] = outcome.seats.map((p) => {
      const n = nets.find((x) => x.seat === p.seat)!;
      const memberId = String(bySeat.get(p.seat)?.member_id ?? '');
      return {
        seat: p.seat,
        memberId,
        player: names.get(memberId) ?? '',
        cards: p.cards,
        hand: p.hand,
        bull: 0,
        multiplier: 0,
        value: p.value,
        bet: 0,
        net: String(n.net - n.rake),
        rake: String(n.rake),
      };
    });
    const now = deps.now();
    await updateHand(tx, hand.id, {
      status: 'settled',
      settled_at: now,
      result_at: now,
      result: JSON.stringify({ seats: out, bankerSeat: hand.banker_seat, [engine.key]: state }),
    });
    for (const s of seats) if (s.status === 'leaving') await deps.cashOut(tx, s);
  }

  /** One step of a hand under its row's lock: an action, a timeout, or the end. */
  async function step(
    table: PvpTableDef,
    handId: string,
    decide: (state: S, seats: SeatRow[]) => { seat: number; action: A } | null,
  ) {
    return ledger.transaction(async (tx) => {
      const hand = await lockHandIfAny(tx, handId);
      const before = hand ? stateOf(hand) : null;
      if (!hand || hand.status !== 'betting' || before === null) return false;
      let state: S = before;
      let keepClock = false;
      if (!engine.done(state)) {
        const seats = (await seatsInPlay(tx, hand.merchant_id, table.code)) as SeatRow[];
        const move = decide(state, seats);
        if (!move) return false;
        try {
          state = engine.apply(state, move.seat, move.action);
        } catch (err) {
          if (engine.isRuleError(err))
            throw new AppError('pvp.action_invalid', { reason: (err as Error).message });
          throw err;
        }
        // An action off the turn (a look) leaves the player to act their time.
        keepClock = !engine.onTurn(move.action);
      }
      if (engine.done(state)) {
        await settle(tx, table, hand, state);
        return true;
      }
      const deadline = keepClock ? hand.closes_at : new Date(deps.now().getTime() + actionMs(table));
      await updateHand(tx, hand.id, {
        closes_at: deadline,
        result_at: deadline,
        result: JSON.stringify({ ...hand.result, [engine.key]: state }),
      });
      return true;
    });
  }

  return {
    open,
    /** The member's action (on their turn, unless the action is one taken any time). */
    async act(table: PvpTableDef, hand: HandRow, seat: SeatRow, action: A) {
      await step(table, String(hand.id), (state) => {
        if (engine.onTurn(action) && engine.toAct(state) !== seat.seat_no)
          throw new AppError('pvp.not_your_turn');
        return { seat: seat.seat_no, action };
      });
    },
    /** The schedule's step for a hand past its deadline (or finished): the timeout's move for the player to act. */
    async timeout(table: PvpTableDef, hand: HandRow) {
      return step(table, String(hand.id), (state) => {
        const seat = engine.toAct(state);
        return seat === null ? null : { seat, action: engine.timeoutAction(state) };
      });
    },
    /** A seat leaving folds at once when it is its turn (the schedule calls this on every pass). */
    async foldLeaving(table: PvpTableDef, hand: HandRow) {
      return step(table, String(hand.id), (state, seats) => {
        const seat = seats.find((s) => s.seat_no === engine.toAct(state));
        return seat?.status === 'leaving' ? { seat: seat.seat_no, action: engine.fold } : null;
      });
    },
    /** Whether a seat is dealt into the hand in play. */
    inHand(hand: HandRow, seatNo: number) {
      const state = stateOf(hand);
      return hand.status === 'betting' && state !== null && engine.seats(state).includes(seatNo);
    },
    /** The hand as the viewer may see it. */
    view(hand: HandRow, viewerSeat: number | null) {
      const state = stateOf(hand);
      if (state === null) return null;
      const over = hand.status !== 'betting';
      return engine.view(state, viewerSeat, over, over ? null : new Date(hand.closes_at).toISOString());
    },
  };
}
