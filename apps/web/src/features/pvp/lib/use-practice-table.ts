import {
  FairStream,
  type HoldemState,
  type ThreeCardState,
  applyHoldem,
  applyThreeCard,
  fullDeck,
  hashServerSeed,
  holdemBotAction,
  holdemOutcome,
  holdemView,
  startHoldem,
  startThreeCard,
  threeCardBotAction,
  threeCardMaxCost,
  threeCardOutcome,
  threeCardView,
} from '@arcadia/games';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PvpActBody, PvpTableView } from '../api/pvp';

/**
 * Practice tables (docs/pvp.md): the member against computer players with play chips, in the
 * browser. The same pure state machines as the real rooms, dealt from a fair stream with a fresh
 * seed per hand; no request reaches the server, so no money can move. Computer players exist only
 * here, and the felt labels each of them.
 */
export const practiceTables = {
  PRACTICE_HOLDEM: { game: 'holdem', seats: 4, unit: 2, small: 1, stack: 200 },
  PRACTICE_ZJH: { game: 'threecard', seats: 4, unit: 1, levels: [1, 2, 3, 5], maxRounds: 8, stack: 200 },
} as const;
export type PracticeCode = keyof typeof practiceTables;
export const isPracticeCode = (code: string): code is PracticeCode => code in practiceTables;

const COMPUTER_NAMES = ['Ava', 'Bo', 'Cy', 'Dee'];
/** How long a computer player thinks, and the pause to read a finished hand. */
const THINK_MS = 700;
const PAUSE_MS = 4_000;

type State = HoldemState | ThreeCardState;
interface Seat {
  seat: number;
  player: string;
  stack: bigint;
  computer: boolean;
}
interface Hand {
  no: number;
  seed: string;
  button: number;
  state: State;
  over: boolean;
  lines: { seat: number; cards: string[]; hand: string; net: bigint }[] | null;
}

const randomHex = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');

export function usePracticeTable(code: PracticeCode, scale: number, you: string) {
  const def = practiceTables[code];
  const chip = 10n ** BigInt(scale);
  const [seats, setSeats] = useState<Seat[]>(() =>
    Array.from({ length: def.seats }, (_, seat) => ({
      seat,
      player: seat === 0 ? you : COMPUTER_NAMES[seat - 1]!,
      stack: BigInt(def.stack) * chip,
      computer: seat !== 0,
    })),
  );
  const [hand, setHand] = useState<Hand | null>(null);
  // The latest hand and seats for timers and clicks (kept in step after each render).
  const handRef = useRef(hand);
  const seatsRef = useRef(seats);
  useEffect(() => {
    handRef.current = hand;
    seatsRef.current = seats;
  });

  /** Pays a finished hand into the stacks (no rake: play chips) and shows it. */
  const finish = useCallback((h: Hand, state: State) => {
    const outcome = 'board' in state ? holdemOutcome(state) : threeCardOutcome(state);
    const lines = outcome.seats.map((o) => ({
      seat: o.seat,
      cards: o.cards as string[],
      hand: o.hand,
      net: BigInt(o.won - o.committed),
    }));
    setSeats((all) =>
      all.map((s) => ({ ...s, stack: s.stack + (lines.find((l) => l.seat === s.seat)?.net ?? 0n) })),
    );
    setHand({ ...h, state, over: true, lines });
  }, []);

  const least =
    def.game === 'holdem'
      ? BigInt(def.unit) * chip
      : BigInt(threeCardMaxCost(1, def.levels, def.maxRounds)) * chip;

  /** Deals the next hand: computer players short of chips are topped up; the member must have enough. */
  const deal = useCallback(
    (current: Seat[]) => {
      const topped = current.map((s) =>
        s.computer && s.stack < least ? { ...s, stack: BigInt(def.stack) * chip } : s,
      );
      setSeats(topped);
      const playing = topped.filter((s) => s.stack >= least);
      if (playing.length < 2 || !playing.some((s) => !s.computer)) {
        setHand(null);
        return;
      }
      const previous = handRef.current;
      const no = (previous?.no ?? 0) + 1;
      const button = playing.find((s) => s.seat > (previous?.button ?? -1))?.seat ?? playing[0]!.seat;
      const seed = randomHex();
      const deck = new FairStream({ serverSeed: seed, clientSeed: code, nonce: no }).shuffle(fullDeck());
      const list = playing.map((s) => ({ seat: s.seat, stack: Number(s.stack) }));
      const state: State =
        def.game === 'holdem'
          ? startHoldem({
              seats: list,
              button,
              smallBlind: def.small * Number(chip),
              bigBlind: def.unit * Number(chip),
              deck,
            })
          : startThreeCard({
              seats: list,
              button,
              ante: def.unit * Number(chip),
              levels: def.levels.map((l) => l * def.unit * Number(chip)),
              maxRounds: def.maxRounds,
              deck,
            });
      const next: Hand = { no, seed, button, state, over: false, lines: null };
      if (state.done) finish(next, state);
      else setHand(next);
    },
    [code, def, chip, least, finish],
  );

  /** Applies a move (an illegal one from a stale screen does nothing). */
  const apply = useCallback(
    (move: (s: State) => State) => {
      const h = handRef.current;
      if (!h || h.over) return;
      let state: State;
      try {
        state = move(h.state);
      } catch {
        return;
      }
      if (state.done) finish(h, state);
      else setHand({ ...h, state });
    },
    [finish],
  );

  // The first hand (a moment after the table opens), and the next one after each pause.
  useEffect(() => {
    if (hand && !hand.over) return;
    const timer = setTimeout(() => deal(seatsRef.current), hand ? PAUSE_MS : 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hand?.no, hand?.over]);

  // Computer players move when it is their turn.
  const toAct = hand && !hand.over ? hand.state.toAct : null;
  const computerToAct = toAct !== null && seats.find((s) => s.seat === toAct)?.computer === true;
  useEffect(() => {
    if (!computerToAct || !hand) return;
    const timer = setTimeout(() => {
      if ('board' in hand.state) {
        const state = hand.state;
        apply((s) =>
          applyHoldem(s as HoldemState, state.toAct!, holdemBotAction(s as HoldemState, Math.random)),
        );
      } else {
        const move = threeCardBotAction(hand.state, Math.random);
        apply((s) => applyThreeCard(s as ThreeCardState, move.seat, move.action));
      }
    }, THINK_MS);
    return () => clearTimeout(timer);
  }, [computerToAct, hand, apply]);

  /** The member's action. */
  const act = useCallback(
    (body: PvpActBody) => {
      const h = handRef.current;
      if (!h) return;
      if ('board' in h.state) {
        if (body.action === 'look' || body.action === 'compare') return;
        const action =
          body.action === 'raise' ? { type: 'raise' as const, to: Number(body.to) } : { type: body.action };
        apply((s) => applyHoldem(s as HoldemState, 0, action));
      } else {
        if (body.action === 'check') return;
        const action =
          body.action === 'raise'
            ? { type: 'raise' as const, to: Number(body.to) }
            : body.action === 'compare'
              ? { type: 'compare' as const, against: body.against ?? -1 }
              : { type: body.action };
        apply((s) => applyThreeCard(s as ThreeCardState, 0, action));
      }
    },
    [apply],
  );

  /** Play chips back to the starting stack (the member's), and a hand if none is running. */
  const topUp = useCallback(() => {
    const next = seats.map((s) => (s.computer ? s : { ...s, stack: BigInt(def.stack) * chip }));
    setSeats(next);
    if (!handRef.current || handRef.current.over) deal(next);
  }, [seats, def, chip, deal]);

  const now = new Date().toISOString();
  const table: PvpTableView = {
    tableCode: code,
    game: def.game,
    unit: String(BigInt(def.unit) * chip),
    minBuyIn: String(least),
    maxSeats: def.seats,
    seats: seats.map((s) => ({
      seat: s.seat,
      player: s.player,
      stack: String(s.stack),
      mine: !s.computer,
      leaving: false,
      computer: s.computer,
    })),
    hand: hand
      ? {
          handId: String(hand.no),
          handNo: hand.no,
          status: hand.over ? 'settled' : 'betting',
          bankerSeat: hand.button,
          closesAt: now,
          resultAt: now,
          seedHash: hashServerSeed(hand.seed),
          serverSeed: hand.over ? hand.seed : null,
          bets: [],
          result: hand.lines
            ? {
                bankerSeat: hand.button,
                seats: hand.lines.map((l) => ({
                  seat: l.seat,
                  player: seats.find((s) => s.seat === l.seat)?.player ?? '',
                  cards: l.cards,
                  hand: l.hand,
                  bull: 0,
                  multiplier: 0,
                  bet: 0,
                  net: String(l.net),
                  rake: '0',
                })),
              }
            : null,
          holdem: 'board' in hand.state ? holdemView(hand.state, 0, hand.over, null) : null,
          threecard: 'board' in hand.state ? null : threeCardView(hand.state, 0, hand.over, null),
        }
      : null,
  };
  const short = (seats.find((s) => !s.computer)?.stack ?? 0n) < least;
  return { table, act, topUp, short };
}
