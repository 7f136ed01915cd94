/**
 * Computer players for the practice tables (docs/pvp.md) — never seated at a real-money table.
 * Simple, legal and a little random: they weigh their cards and the price, sometimes bluff, and
 * never take an action the rules refuse. `random` returns a number in [0, 1).
 */
import {
  highRank,
  holdemCategories,
  holdemCategory,
  holdemValue,
  threeCardCategories,
  threeCardCategory,
  threeCardValue,
} from './hands.js';
import { type HoldemAction, type HoldemState, holdemOptions } from './holdem.js';
import { type ThreeCardAction, type ThreeCardState, threeCardOptions } from './threecard.js';

/** A hold'em hand's strength in [0, 1] for the seat: the hole cards before the flop, the made hand after. */
export function holdemStrength(state: HoldemState, seat: number): number {
  const p = state.players.find((x) => x.seat === seat)!;
  const [a, b] = p.hole.map(highRank) as [number, number];
  if (state.board.length === 0) {
    if (a === b) return a >= 8 ? 0.85 : 0.6;
    const suited = p.hole[0]![1] === p.hole[1]![1] ? 0.05 : 0;
    const connected = Math.abs(a - b) === 1 ? 0.03 : 0;
    return Math.min(0.8, (a + b) / 30 + suited + connected);
  }
  const mine = holdemCategories.indexOf(holdemCategory(holdemValue([...p.hole, ...state.board])));
  const board =
    state.board.length >= 5 ? holdemCategories.indexOf(holdemCategory(holdemValue(state.board))) : -1;
  // The board's own hand is everyone's: it is worth little.
  if (mine === board) return 0.25;
  return [0.2, 0.55, 0.75, 0.82, 0.88, 0.9, 0.95, 0.98, 1][mine]!;
}

/** The computer player's move when it is to act. */
export function holdemBotAction(state: HoldemState, random: () => number): HoldemAction {
  const o = holdemOptions(state);
  if (!o) throw new Error('nobody is to act');
  const strength = holdemStrength(state, o.seat);
  const r = random();
  const raiseTo = (extraBigBlinds: number) =>
    Math.min(o.maxRaiseTo, o.minRaiseTo + extraBigBlinds * state.bigBlind);
  if (o.canRaise && strength >= 0.8 && r < 0.6) return { type: 'raise', to: raiseTo(Math.floor(r * 5)) };
  if (o.canCheck) {
    if (o.canRaise && strength >= 0.6 && r < 0.35) return { type: 'raise', to: o.minRaiseTo };
    return { type: 'check' };
  }
  const p = state.players.find((x) => x.seat === o.seat)!;
  const cheap = o.toCall <= state.bigBlind || o.toCall * 8 <= p.stack - p.committed;
  if (strength >= 0.5 || (cheap && strength >= 0.3) || r < 0.08) return { type: 'call' };
  return { type: 'fold' };
}

/** A three-card hand's strength in [0, 1] (for a seat that has seen its cards). */
export function threeCardStrength(state: ThreeCardState, seat: number): number {
  const p = state.players.find((x) => x.seat === seat)!;
  const category = threeCardCategories.indexOf(threeCardCategory(threeCardValue(p.hole)));
  if (category === 0) return Math.max(...p.hole.map(highRank)) / 20;
  return [0, 0.65, 0.8, 0.85, 0.95, 1][category]!;
}

/**
 * The computer player's move: a seat that has not looked may look first (any time) — the caller
 * applies that and asks again; otherwise the move of the seat to act.
 */
export function threeCardBotAction(
  state: ThreeCardState,
  random: () => number,
): { seat: number; action: ThreeCardAction } {
  const o = threeCardOptions(state);
  if (!o) throw new Error('nobody is to act');
  const p = state.players.find((x) => x.seat === o.seat)!;
  const r = random();
  if (!p.seen) {
    // Blind is cheap: keep going blind for a while, then look.
    if (state.round >= 3 || r < 0.3) return { seat: p.seat, action: { type: 'look' } };
    return { seat: p.seat, action: { type: 'call' } };
  }
  const strength = threeCardStrength(state, p.seat);
  const against = o.compare.length > 0 ? o.compare[Math.floor(r * o.compare.length)]! : null;
  if (strength >= 0.65) {
    if (o.raises.length > 0 && (strength >= 0.8 || r < 0.3))
      return { seat: p.seat, action: { type: 'raise', to: o.raises[0]!.to } };
    if (against !== null && state.round >= 4 && r < 0.5)
      return { seat: p.seat, action: { type: 'compare', against } };
    return { seat: p.seat, action: { type: 'call' } };
  }
  if (strength >= 0.6) {
    // Ace or king high: see a round or two, then settle it by a comparison.
    if (against !== null && state.round >= 2) return { seat: p.seat, action: { type: 'compare', against } };
    return { seat: p.seat, action: { type: 'call' } };
  }
  return { seat: p.seat, action: r < 0.12 ? { type: 'call' } : { type: 'fold' } };
}
