import type { GameType } from '@arcadia/contract';

/** The lobby's game categories (a bet's `gameType`), in navigation order. */
export const categories = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LOTT',
  'ELOTT',
  'SPB',
] as const satisfies readonly GameType[];
