/**
 * Three-card (zha jin hua) as a pure state machine (docs/pvp.md): everyone antes, three cards to
 * each seat face down, and players bet in turn either blind (without having looked) or seen — a
 * seen player pays twice the blind price for the same stake. On a turn a player folds, calls the
 * stake, raises it to a higher level, or, from their second turn, pays the same price to compare
 * hands with one other player (the lower hand is out; a tie goes against the one who asked; both
 * have seen their cards from then on).
 * Looking is free and allowed at any time. The last player in wins the pot; after the last round
 * the players still in show down and the best hand wins (equal hands split).
 *
 * A seat is dealt in only when its stack covers the most a hand can cost it (the ante and every
 * round at the top level, seen), so nobody is ever all in and the pot is a single pot. Chips are
 * integer minor units (safe integers: the state is plain JSON); stacks are the seats' stacks at the
 * start of the hand and what a seat has put in is `committed`.
 */
import type { Card } from '../engines/cards.js';
import { awardPots, threeCardValue } from './hands.js';

export interface ThreeCardPlayer {
  seat: number;
  stack: number;
  committed: number;
  folded: boolean;
  /** Folded by losing a comparison. */
  lost: boolean;
  /** Has looked at their cards (pays the seen price from then on). */
  seen: boolean;
  /** Turns taken (fold, call, raise or compare). */
  turns: number;
  hole: Card[];
}

export interface ThreeCardComparison {
  seat: number;
  against: number;
  winner: number;
}

export interface ThreeCardState {
  players: ThreeCardPlayer[];
  button: number;
  ante: number;
  /** Blind prices a stake may be raised to, ascending (a seen player pays twice). */
  levels: number[];
  /** The current blind price. */
  stake: number;
  round: number;
  maxRounds: number;
  toAct: number | null;
  comparisons: ThreeCardComparison[];
  /** The hand went to the showdown after the last round. */
  showdown: boolean;
  done: boolean;
}

export type ThreeCardAction =
  | { type: 'fold' }
  | { type: 'look' }
  | { type: 'call' }
  /** Raise the blind price to `to`, one of the levels above the current stake. */
  | { type: 'raise'; to: number }
  | { type: 'compare'; against: number };

export class ThreeCardRuleError extends Error {
  override name = 'ThreeCardRuleError';
}

/** The most a hand can cost a seat: the ante and every round at the top level, seen. */
export function threeCardMaxCost(ante: number, levels: readonly number[], maxRounds: number) {
  return ante + maxRounds * 2 * Math.max(...levels);
}

const live = (s: ThreeCardState) => s.players.filter((p) => !p.folded);
const player = (s: ThreeCardState, seat: number) => s.players.find((p) => p.seat === seat);

/** The first live seat after `seat` clockwise (`seat` itself last). */
function nextLive(s: ThreeCardState, seat: number): number | null {
  const list = s.players;
  let start = list.findIndex((p) => p.seat > seat);
  if (start === -1) start = 0;
  for (let k = 0; k < list.length; k++) {
    const p = list[(start + k) % list.length]!;
    if (!p.folded) return p.seat;
  }
  return null;
}

function put(p: ThreeCardPlayer, amount: number) {
  // Unreachable by construction (stacks cover the most a hand can cost); kept as a guard.
  if (p.committed + amount > p.stack) throw new ThreeCardRuleError('the stack does not cover this');
  p.committed += amount;
}

/** What a turn costs this player at the current stake. */
export function threeCardPrice(s: ThreeCardState, seat: number) {
  const p = player(s, seat);
  if (!p) throw new ThreeCardRuleError('no such seat in the hand');
  return s.stake * (p.seen ? 2 : 1);
}

export function startThreeCard(input: {
  seats: { seat: number; stack: number }[];
  button: number;
  ante: number;
  levels: number[];
  maxRounds: number;
  deck: Card[];
}): ThreeCardState {
  if (input.seats.length < 2) throw new ThreeCardRuleError('a hand needs two players');
  const levels = [...input.levels].sort((a, b) => a - b);
  if (levels.length === 0 || levels.some((l) => !Number.isSafeInteger(l) || l <= 0))
    throw new ThreeCardRuleError('levels are positive integers');
  if (!Number.isSafeInteger(input.ante) || input.ante <= 0)
    throw new ThreeCardRuleError('the ante is positive');
  const need = threeCardMaxCost(input.ante, levels, input.maxRounds);
  for (const s of input.seats)
    if (!Number.isSafeInteger(s.stack) || s.stack < need)
      throw new ThreeCardRuleError('a stack does not cover the hand');
  const deck = [...input.deck];
  const players: ThreeCardPlayer[] = [...input.seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => ({
      seat: s.seat,
      stack: s.stack,
      committed: 0,
      folded: false,
      lost: false,
      seen: false,
      turns: 0,
      hole: [],
    }));
  for (let round = 0; round < 3; round++) for (const p of players) p.hole.push(deck.shift()!);
  for (const p of players) put(p, input.ante);
  const s: ThreeCardState = {
    players,
    button: input.button,
    ante: input.ante,
    levels,
    stake: levels[0]!,
    round: 1,
    maxRounds: input.maxRounds,
    toAct: null,
    comparisons: [],
    showdown: false,
    done: false,
  };
  s.toAct = nextLive(s, input.button);
  return s;
}

/** What the player to act may do. */
export function threeCardOptions(s: ThreeCardState) {
  if (s.toAct === null) return null;
  const p = player(s, s.toAct)!;
  return {
    seat: p.seat,
    seen: p.seen,
    price: threeCardPrice(s, p.seat),
    /** Blind prices to raise to, and what each would cost this player. */
    raises: s.levels.filter((l) => l > s.stake).map((l) => ({ to: l, price: l * (p.seen ? 2 : 1) })),
    /** Seats this player may compare with (from their second turn). */
    compare:
      p.turns >= 1
        ? live(s)
            .filter((o) => o.seat !== p.seat)
            .map((o) => o.seat)
        : [],
  };
}

function advance(s: ThreeCardState, from: number) {
  if (live(s).length === 1) {
    s.done = true;
    s.toAct = null;
    return;
  }
  const next = player(s, nextLive(s, from)!)!;
  // Back to someone who has already acted this round: the round is over.
  if (next.turns >= s.round) s.round++;
  if (s.round > s.maxRounds) {
    s.done = true;
    s.showdown = true;
    s.toAct = null;
    return;
  }
  s.toAct = next.seat;
}

/** Applies an action; a look comes from any seat still in, everything else from the player to act. */
export function applyThreeCard(prev: ThreeCardState, seat: number, action: ThreeCardAction): ThreeCardState {
  if (prev.done || prev.toAct === null) throw new ThreeCardRuleError('the hand is over');
  const s: ThreeCardState = structuredClone(prev);
  const p = player(s, seat);
  if (!p || p.folded) throw new ThreeCardRuleError('this seat is not in the hand');
  if (action.type === 'look') {
    if (p.seen) throw new ThreeCardRuleError('already looked');
    p.seen = true;
    return s;
  }
  if (s.toAct !== seat) throw new ThreeCardRuleError('not this seat’s turn');
  switch (action.type) {
    case 'fold':
      p.folded = true;
      break;
    case 'call':
      put(p, threeCardPrice(s, seat));
      break;
    case 'raise': {
      if (!s.levels.includes(action.to) || action.to <= s.stake)
        throw new ThreeCardRuleError('a raise goes to a higher level');
      s.stake = action.to;
      put(p, threeCardPrice(s, seat));
      break;
    }
    case 'compare': {
      if (p.turns < 1) throw new ThreeCardRuleError('comparing opens from the second turn');
      const other = player(s, action.against);
      if (!other || other.folded || other.seat === seat)
        throw new ThreeCardRuleError('compare with a player still in');
      put(p, threeCardPrice(s, seat));
      // The one who asks must beat the other; a tie goes against them.
      const wins = threeCardValue(p.hole) > threeCardValue(other.hole);
      const loser = wins ? other : p;
      loser.folded = true;
      loser.lost = true;
      // Both have now seen both hands: from here on the winner pays the seen price.
      p.seen = true;
      other.seen = true;
      s.comparisons.push({ seat, against: other.seat, winner: wins ? seat : other.seat });
      break;
    }
  }
  p.turns++;
  advance(s, seat);
  return s;
}

/** A player out of time folds. */
export function threeCardTimeoutAction(): ThreeCardAction {
  return { type: 'fold' };
}

/**
 * A finished hand: each seat's chips won (before rake), the pot, and the hands shown (the players
 * still in at a showdown). Equal best hands split, the odd chips from the button's left.
 */
export function threeCardResult(s: ThreeCardState) {
  if (!s.done) throw new ThreeCardRuleError('the hand is not over');
  const value = new Map(
    s.players.map((p) => [p.seat, p.folded ? 0 : threeCardValue(p.hole)] as [number, number]),
  );
  // One pot: there are no all-ins, and what each turn paid is not matched but simply in the pot.
  const pot = s.players.reduce((a, p) => a + p.committed, 0);
  const pots = [{ amount: BigInt(pot), eligible: live(s).map((p) => p.seat) }];
  const order: number[] = [];
  let seat = s.button;
  for (let k = 0; k < s.players.length; k++) {
    const i = s.players.findIndex((p) => p.seat > seat);
    seat = s.players[i === -1 ? 0 : i]!.seat;
    order.push(seat);
  }
  const won = awardPots(pots, (x) => value.get(x)!, order);
  return {
    won: new Map([...won].map(([k, v]) => [k, Number(v)])),
    pot,
    showdown: s.showdown ? live(s).map((p) => p.seat) : [],
    values: value,
  };
}
