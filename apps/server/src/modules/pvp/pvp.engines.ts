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
  holdemOutcome,
  holdemTimeoutAction,
  holdemView,
  startHoldem,
  startThreeCard,
  threeCardMaxCost,
  threeCardOutcome,
  threeCardTimeoutAction,
  threeCardView,
} from '@arcadia/games';
import type { TurnEngine } from './pvp.turns.service.js';

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
  outcome: holdemOutcome,
  view: holdemView,
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
  outcome: threeCardOutcome,
  view: threeCardView,
};
