/**
 * Scratch card: a 3×3 card whose nine cells are drawn independently from a weighted symbol set
 * (cell = symbol at ⌊float × 100⌋ on the cumulative weights). Every symbol that appears three or
 * more times pays its prize (a multiple of the stake); several matching symbols all pay.
 * RTP and hit frequency are exact: the card's symbol counts follow a multinomial distribution,
 * which is enumerated in full.
 */
import type { FairStream } from '../fair.js';
import {
  OK,
  applyRatio,
  assertValid,
  validateStake,
  type BetValidation,
  type InstantEngine,
  type OutcomeBase,
} from '../types.js';

export const SCRATCH_CELLS = 9;
export const SCRATCH_MATCH = 3;

export interface ScratchSymbol {
  id: string;
  name: string;
  /** Weight out of 100. */
  weight: number;
  /** Prize as a multiple of the stake for 3+ of this symbol. */
  prize: number;
}

export const scratchSymbols: readonly ScratchSymbol[] = [
  { id: 'lemon', name: 'Lemon', weight: 10, prize: 1 },
  { id: 'cherry', name: 'Cherry', weight: 10, prize: 1 },
  { id: 'orange', name: 'Orange', weight: 9, prize: 2 },
  { id: 'plum', name: 'Plum', weight: 9, prize: 2 },
  { id: 'grapes', name: 'Grapes', weight: 8, prize: 2 },
  { id: 'melon', name: 'Melon', weight: 8, prize: 2 },
  { id: 'apple', name: 'Apple', weight: 8, prize: 2 },
  { id: 'bell', name: 'Bell', weight: 7, prize: 3 },
  { id: 'clover', name: 'Clover', weight: 7, prize: 3 },
  { id: 'horseshoe', name: 'Horseshoe', weight: 7, prize: 4 },
  { id: 'star', name: 'Star', weight: 6, prize: 6 },
  { id: 'diamond', name: 'Diamond', weight: 5, prize: 8 },
  { id: 'crown', name: 'Crown', weight: 4, prize: 20 },
  { id: 'jackpot', name: 'Jackpot', weight: 2, prize: 100 },
];
const TOTAL_WEIGHT = scratchSymbols.reduce((a, s) => a + s.weight, 0);

export interface ScratchParams {
  stake: bigint;
}

export interface ScratchOutcome extends OutcomeBase {
  /** Nine symbol ids, row-major. */
  cells: string[];
  /** Symbols matched three or more times, with their cells and prize. */
  wins: { symbol: string; count: number; cells: number[]; prize: number }[];
}

/** Prize multiple for a card (sum over symbols with 3+ copies). */
export function scratchPrize(cells: readonly string[]): number {
  let total = 0;
  for (const s of scratchSymbols)
    if (cells.filter((c) => c === s.id).length >= SCRATCH_MATCH) total += s.prize;
  return total;
}

/** Exact RTP and hit frequency by enumerating every symbol-count vector with its multinomial weight. */
export function scratchStats(): { rtp: number; hitFrequency: number; maxPrize: number } {
  const k = scratchSymbols.length;
  const fact = [1];
  for (let i = 1; i <= SCRATCH_CELLS; i++) fact.push(fact[i - 1]! * i);
  const p = scratchSymbols.map((s) => s.weight / TOTAL_WEIGHT);
  let rtp = 0;
  let hit = 0;
  let maxPrize = 0;
  const counts: number[] = new Array(k).fill(0);
  const rec = (i: number, left: number, prob: number) => {
    if (i === k - 1) {
      counts[i] = left;
      const pr = (prob * p[i]! ** left) / fact[left]!;
      const full = pr * fact[SCRATCH_CELLS]!;
      let prize = 0;
      counts.forEach((c, j) => c >= SCRATCH_MATCH && (prize += scratchSymbols[j]!.prize));
      rtp += full * prize;
      if (prize > 0) hit += full;
      maxPrize = Math.max(maxPrize, prize);
      return;
    }
    for (let c = 0; c <= left; c++) {
      counts[i] = c;
      rec(i + 1, left - c, (prob * p[i]! ** c) / fact[c]!);
    }
  };
  rec(0, SCRATCH_CELLS, 1);
  return { rtp, hitFrequency: hit, maxPrize };
}

function validateBet(p: ScratchParams): BetValidation {
  const s = validateStake(p?.stake);
  return s.ok ? OK : s;
}

let stats: ReturnType<typeof scratchStats> | null = null;

export const scratch: InstantEngine<'scratch', ScratchParams, ScratchOutcome, ScratchRules> = {
  id: 'scratch',
  name: 'Lucky Scratch',
  kind: 'instant',
  // Computed on first read (a few hundred thousand count vectors), not at import.
  get rules(): ScratchRules {
    stats ??= scratchStats();
    return {
      cells: SCRATCH_CELLS,
      match: SCRATCH_MATCH,
      symbols: scratchSymbols.map((s) => ({ ...s })),
      totalWeight: TOTAL_WEIGHT,
      rule: 'each symbol shown 3 or more times pays its prize × stake; several matching symbols all pay',
      ...stats,
    };
  },
  validateBet,
  play(params, stream: FairStream) {
    assertValid(validateBet(params));
    const cells: string[] = [];
    for (let i = 0; i < SCRATCH_CELLS; i++) {
      let r = stream.nextInt(TOTAL_WEIGHT);
      const sym = scratchSymbols.find((s) => (r -= s.weight) < 0)!;
      cells.push(sym.id);
    }
    const wins: ScratchOutcome['wins'] = [];
    for (const s of scratchSymbols) {
      const at = cells.flatMap((c, i) => (c === s.id ? [i] : []));
      if (at.length >= SCRATCH_MATCH)
        wins.push({ symbol: s.id, count: at.length, cells: at, prize: s.prize });
    }
    const prize = wins.reduce((a, w) => a + w.prize, 0);
    const multiplier = { num: prize, den: 1 };
    return { stake: params.stake, payout: applyRatio(params.stake, multiplier), multiplier, cells, wins };
  },
};

export interface ScratchRules {
  cells: number;
  match: number;
  symbols: ScratchSymbol[];
  totalWeight: number;
  rule: string;
  rtp: number;
  hitFrequency: number;
  maxPrize: number;
}
