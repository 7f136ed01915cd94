/**
 * What the card rooms show of a turn-based hand (docs/pvp.md), shared by the real-money rooms (the
 * server) and the practice tables (the browser): the hand as one seat may see it, and a finished
 * hand's lines. Amounts are strings of minor units, as on the wire.
 */
import type { Card } from '../engines/cards.js';
import { holdemCategory, threeCardCategory } from './hands.js';
import { type HoldemState, holdemOptions, holdemResult } from './holdem.js';
import { type ThreeCardState, threeCardOptions, threeCardResult } from './threecard.js';

/** A seat's line in a finished hand. */
export interface TurnOutcomeSeat {
  seat: number;
  committed: number;
  /** Chips won from the pot, before rake. */
  won: number;
  /** The cards shown to everyone (empty when not shown). */
  cards: Card[];
  /** The hand's category, or why none is shown (`folded`, `uncalled`, `lost_compare`). */
  hand: string;
  value: number;
}

export interface TurnOutcome {
  seats: TurnOutcomeSeat[];
  /** The part of the pot the house takes its share of. */
  rakeBase: number;
}

/** A finished hold'em hand: no flop, no rake; a bet nobody called goes back whole (never contested). */
export function holdemOutcome(state: HoldemState): TurnOutcome {
  const result = holdemResult(state);
  const commits = state.players.map((p) => p.committed).sort((a, b) => b - a);
  const contested = result.pot - (commits[0]! - (commits[1] ?? 0));
  const shown = new Set(result.showdown);
  return {
    rakeBase: state.board.length >= 3 ? contested : 0,
    seats: state.players.map((p) => ({
      seat: p.seat,
      committed: p.committed,
      won: result.won.get(p.seat) ?? 0,
      cards: shown.has(p.seat) ? p.hole : [],
      hand: shown.has(p.seat) ? holdemCategory(result.values.get(p.seat)!) : p.folded ? 'folded' : 'uncalled',
      value: result.values.get(p.seat) ?? 0,
    })),
  };
}

/** A finished three-card hand: the whole pot is raked (everyone anted into it). */
export function threeCardOutcome(state: ThreeCardState): TurnOutcome {
  const result = threeCardResult(state);
  const shown = new Set(result.showdown);
  return {
    rakeBase: result.pot,
    seats: state.players.map((p) => ({
      seat: p.seat,
      committed: p.committed,
      won: result.won.get(p.seat) ?? 0,
      cards: shown.has(p.seat) ? p.hole : [],
      hand: shown.has(p.seat)
        ? threeCardCategory(result.values.get(p.seat)!)
        : p.lost
          ? 'lost_compare'
          : p.folded
            ? 'folded'
            : 'uncalled',
      value: result.values.get(p.seat) ?? 0,
    })),
  };
}

/** A hold'em hand as `viewerSeat` sees it: other seats' hole cards only at a showdown. */
export function holdemView(
  state: HoldemState,
  viewerSeat: number | null,
  over: boolean,
  deadline: string | null,
) {
  const showdown = over && state.players.filter((p) => !p.folded).length > 1;
  const opts = !over && viewerSeat !== null && state.toAct === viewerSeat ? holdemOptions(state) : null;
  return {
    street: state.street,
    board: state.board as string[],
    pot: String(state.players.reduce((a, p) => a + p.committed, 0)),
    button: state.button,
    toAct: over ? null : state.toAct,
    deadline,
    players: state.players.map((p) => ({
      seat: p.seat,
      committed: String(p.committed),
      street: String(p.street),
      folded: p.folded,
      allIn: p.allIn,
      hole: p.seat === viewerSeat || (showdown && !p.folded) ? (p.hole as string[]) : null,
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
}

/**
 * A three-card hand as `viewerSeat` sees it: their own cards once looked (or once the hand is
 * over), everyone still in at a showdown, and the other side of a comparison they took part in.
 */
export function threeCardView(
  state: ThreeCardState,
  viewerSeat: number | null,
  over: boolean,
  deadline: string | null,
) {
  const me = state.players.find((p) => p.seat === viewerSeat);
  const shownTo = (seat: number) => {
    const p = state.players.find((x) => x.seat === seat)!;
    if (seat === viewerSeat) return p.seen || over;
    if (over && state.showdown && !p.folded) return true;
    return state.comparisons.some(
      (c) => (c.seat === viewerSeat && c.against === seat) || (c.against === viewerSeat && c.seat === seat),
    );
  };
  const opts = !over && viewerSeat !== null && state.toAct === viewerSeat ? threeCardOptions(state) : null;
  return {
    round: state.round,
    maxRounds: state.maxRounds,
    stake: String(state.stake),
    pot: String(state.players.reduce((a, p) => a + p.committed, 0)),
    button: state.button,
    toAct: over ? null : state.toAct,
    deadline,
    players: state.players.map((p) => ({
      seat: p.seat,
      committed: String(p.committed),
      folded: p.folded,
      lost: p.lost,
      seen: p.seen,
      hole: shownTo(p.seat) ? (p.hole as string[]) : null,
    })),
    comparisons: state.comparisons.map((c) => ({ ...c })),
    canLook: !over && me !== undefined && !me.folded && !me.seen,
    options: opts
      ? {
          price: String(opts.price),
          raises: opts.raises.map((r) => ({ to: String(r.to), price: String(r.price) })),
          compare: opts.compare,
        }
      : null,
  };
}
