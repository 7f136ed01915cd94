import type { LiveGameKind } from './games.js';

/**
 * The house's live tables (docs/live.md): shared by every brand like the lottery's games; a
 * brand's catalogue lists each under its code (game type LIVE). Timings in milliseconds, limits
 * per spot in the brand's major units.
 */
export interface LiveTableDef {
  code: string;
  kind: LiveGameKind;
  /** Betting window of a round. */
  betMs: number;
  /** From the close of betting to the result's settlement: the deal or the spin on screen. */
  dealMs: number;
  /** The settled result stays on the table this long before the next round opens. */
  pauseMs: number;
  minBet: number;
  maxBet: number;
}

export const liveTables: readonly LiveTableDef[] = [
  {
    code: 'LIVE_BACCARAT_1',
    kind: 'baccarat',
    betMs: 15_000,
    dealMs: 6_000,
    pauseMs: 3_000,
    minBet: 1,
    maxBet: 10_000,
  },
  {
    code: 'LIVE_BACCARAT_2',
    kind: 'baccarat',
    betMs: 20_000,
    dealMs: 6_000,
    pauseMs: 3_000,
    minBet: 10,
    maxBet: 50_000,
  },
  {
    code: 'LIVE_DRAGON_TIGER',
    kind: 'dragon-tiger',
    betMs: 12_000,
    dealMs: 4_000,
    pauseMs: 3_000,
    minBet: 1,
    maxBet: 10_000,
  },
  {
    code: 'LIVE_SIC_BO',
    kind: 'sic-bo',
    betMs: 15_000,
    dealMs: 5_000,
    pauseMs: 3_000,
    minBet: 1,
    maxBet: 5_000,
  },
  {
    code: 'LIVE_ROULETTE',
    kind: 'roulette',
    betMs: 18_000,
    dealMs: 7_000,
    pauseMs: 3_000,
    minBet: 1,
    maxBet: 5_000,
  },
];

export function liveTable(code: string): LiveTableDef | undefined {
  return liveTables.find((t) => t.code === code);
}
