import type { PvpHoldem, PvpThreeCard } from '@arcadia/contract';
import {
  type HoldemAction,
  type HoldemState,
  HoldemRuleError,
  type ThreeCardAction,
  type ThreeCardState,
  ThreeCardRuleError,
  applyHoldem,
  applyThreeCard,
  holdemCategory,
  holdemOptions,
  holdemResult,
  holdemTimeoutAction,
  startHoldem,
  startThreeCard,
  threeCardCategory,
  threeCardMaxCost,
  threeCardOptions,
  threeCardResult,
  threeCardTimeoutAction,
} from '@arcadia/games';
import type { TurnEngine } from './pvp.turns.js';

/** Hold'em: blinds, four streets, side pots; the rake only from a pot that saw a flop. */
export const holdemEngine: TurnEngine<HoldemState, HoldemAction, PvpHoldem> = {
  key: 'holdem',
  minStack: (_table, unit) => unit,
  start: ({ seats, button, unit, small, deck }) =>
    startHoldem({ seats, button, smallBlind: Number(small), bigBlind: Number(unit), deck }),
  apply: applyHoldem,
  isRuleError: (err) => err instanceof HoldemRuleError,
  toAct: (s) => s.toAct,
  done: (s) => s.done,
  seats: (s) => s.players.map((p) => p.seat),
  onTurn: () => true,
  timeoutAction: holdemTimeoutAction,
  fold: { type: 'fold' },
  outcome(state) {
    const result = holdemResult(state);
    // No flop, no rake; and a bet nobody called goes back whole (it was never contested).
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
        hand: shown.has(p.seat)
          ? holdemCategory(result.values.get(p.seat)!)
          : p.folded
            ? 'folded'
            : 'uncalled',
        value: result.values.get(p.seat) ?? 0,
      })),
    };
  },
  view(state, viewerSeat, over, deadline) {
    const showdown = over && state.players.filter((p) => !p.folded).length > 1;
    const opts = !over && viewerSeat !== null && state.toAct === viewerSeat ? holdemOptions(state) : null;
    return {
      street: state.street,
      board: state.board,
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

/** Three-card: antes, blind or seen betting in rounds, comparisons, the showdown after the last round. */
export const threeCardEngine: TurnEngine<ThreeCardState, ThreeCardAction, PvpThreeCard> = {
  key: 'threecard',
  minStack: (table, unit) => BigInt(threeCardMaxCost(1, table.levels ?? [1], table.maxRounds ?? 1)) * unit,
  start: ({ seats, button, table, unit, deck }) =>
    startThreeCard({
      seats,
      button,
      ante: Number(unit),
      levels: (table.levels ?? [1]).map((l) => l * Number(unit)),
      maxRounds: table.maxRounds ?? 1,
      deck,
    }),
  apply: applyThreeCard,
  isRuleError: (err) => err instanceof ThreeCardRuleError,
  toAct: (s) => s.toAct,
  done: (s) => s.done,
  seats: (s) => s.players.map((p) => p.seat),
  onTurn: (action) => action.type !== 'look',
  timeoutAction: threeCardTimeoutAction,
  fold: { type: 'fold' },
  outcome(state) {
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
  },
  view(state, viewerSeat, over, deadline) {
    const me = state.players.find((p) => p.seat === viewerSeat);
    // Seen by the viewer: their own cards once looked (or once the hand is over), everyone still
    // in at a showdown, and the other side of any comparison the viewer took part in.
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
        hole: shownTo(p.seat) ? p.hole : null,
      })),
      comparisons: state.comparisons,
      canLook: !over && me !== undefined && !me.folded && !me.seen,
      options: opts
        ? {
            price: String(opts.price),
            raises: opts.raises.map((r) => ({ to: String(r.to), price: String(r.price) })),
            compare: opts.compare,
          }
        : null,
    };
  },
};
