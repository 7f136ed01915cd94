/**
 * Dice: roll = ⌊float × 10000⌋ shown as 0.00–99.99. "under" wins when roll < target,
 * "over" wins when roll > target (target in hundredths, so 4950 means 49.50).
 * Multiplier = 0.99 / chance = 9900 / winningOutcomes, so every bet returns exactly 99 %.
 */
import type { FairStream } from '../fair.js';
import {
  OK,
  applyRatio,
  assertValid,
  fail,
  ratio,
  validateStake,
  type BetValidation,
  type InstantEngine,
  type OutcomeBase,
  type Ratio,
} from '../types.js';

export const DICE_OUTCOMES = 10_000;
/** Winning outcomes allowed: 1 (0.01 %) to 9800 (98 %). */
export const DICE_MIN_WIN_OUTCOMES = 1;
export const DICE_MAX_WIN_OUTCOMES = 9_800;

export interface DiceParams {
  stake: bigint;
  /** Threshold in hundredths, integer 0–9999. */
  target: number;
  direction: 'over' | 'under';
}

export interface DiceOutcome extends OutcomeBase {
  /** Roll in hundredths, 0–9999 (display roll / 100). */
  roll: number;
  win: boolean;
  /** Winning outcomes out of 10 000 for these params. */
  winOutcomes: number;
}

/** Number of the 10 000 rolls that win for this target and direction. */
export function diceWinOutcomes(target: number, direction: 'over' | 'under'): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target;
}

/** Multiplier paid on a win: 9900 / winOutcomes (0.99 / chance). */
export function diceMultiplier(target: number, direction: 'over' | 'under'): Ratio {
  return ratio(9_900, diceWinOutcomes(target, direction));
}

function validateBet(p: DiceParams): BetValidation {
  const s = validateStake(p?.stake);
  if (!s.ok) return s;
  if (p.direction !== 'over' && p.direction !== 'under') {
    return fail('PARAM_INVALID', 'direction', 'direction must be "over" or "under"');
  }
  if (!Number.isInteger(p.target) || p.target < 0 || p.target >= DICE_OUTCOMES) {
    return fail('PARAM_INVALID', 'target', 'target must be an integer number of hundredths, 0–9999');
  }
  const w = diceWinOutcomes(p.target, p.direction);
  if (w < DICE_MIN_WIN_OUTCOMES || w > DICE_MAX_WIN_OUTCOMES) {
    return fail('OUT_OF_RANGE', 'target', 'win chance must be between 0.01 % and 98 %');
  }
  return OK;
}

export const diceRules = {
  outcomes: DICE_OUTCOMES,
  rollDisplay: 'roll / 100, from 0.00 to 99.99',
  minChance: DICE_MIN_WIN_OUTCOMES / DICE_OUTCOMES,
  maxChance: DICE_MAX_WIN_OUTCOMES / DICE_OUTCOMES,
  multiplierFormula: '9900 / winning outcomes (= 0.99 / chance)',
  houseEdge: 0.01,
  rtp: 0.99,
};

export const dice: InstantEngine<'dice', DiceParams, DiceOutcome, typeof diceRules> = {
  id: 'dice',
  name: 'Dice',
  kind: 'instant',
  rules: diceRules,
  validateBet,
  play(params, stream: FairStream) {
    assertValid(validateBet(params));
    const roll = stream.nextInt(DICE_OUTCOMES);
    const winOutcomes = diceWinOutcomes(params.target, params.direction);
    const win = params.direction === 'under' ? roll < params.target : roll > params.target;
    const multiplier = win ? diceMultiplier(params.target, params.direction) : { num: 0, den: 1 };
    return {
      stake: params.stake,
      payout: applyRatio(params.stake, multiplier),
      multiplier,
      roll,
      win,
      winOutcomes,
    };
  },
};
