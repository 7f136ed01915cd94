/**
 * Limbo: the player names a target multiplier; a crash point is drawn and the bet wins when the
 * crash point reaches the target.
 *
 * X = 52-bit integer from two stream words (u1 · 2²⁰ + ⌊u2 / 2¹²⌋), 0 ≤ X < 2⁵².
 * crash (in hundredths) = max(100, ⌊99 · 2⁵² / (2⁵² − X)⌋), i.e. max(1, ⌊99 / (1 − X/2⁵²)⌋ / 100).
 * For target T hundredths, P(win) = ⌊99 · 2⁵² / T⌋ / 2⁵², so RTP = (T/100) · P(win), which is
 * 99 % to within T / 2⁵² (under 2.3 · 10⁻⁸ at the largest target).
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
} from '../types.js';

/** Target limits in hundredths: 1.01× to 1 000 000×. */
export const LIMBO_MIN_TARGET = 101;
export const LIMBO_MAX_TARGET = 100_000_000;
const TWO52 = 2n ** 52n;

export interface LimboParams {
  stake: bigint;
  /** Target multiplier in hundredths (e.g. 200 = 2.00×), 101–100 000 000. */
  target: number;
}

export interface LimboOutcome extends OutcomeBase {
  /** Crash point in hundredths, capped at the largest target (display crash / 100). */
  crash: number;
  win: boolean;
}

/** Crash point (hundredths, uncapped) for a 52-bit value X. */
export function limboCrashFromX(x: bigint): bigint {
  const c = (99n * TWO52) / (TWO52 - x);
  return c < 100n ? 100n : c;
}

/** Exact win probability for target T as num / 2⁵² (num as bigint). */
export function limboWinProbability(target: number): { num: bigint; den: bigint } {
  return { num: (99n * TWO52) / BigInt(target), den: TWO52 };
}

function validateBet(p: LimboParams): BetValidation {
  const s = validateStake(p?.stake);
  if (!s.ok) return s;
  if (!Number.isInteger(p.target))
    return fail('PARAM_INVALID', 'target', 'target must be an integer number of hundredths');
  if (p.target < LIMBO_MIN_TARGET || p.target > LIMBO_MAX_TARGET) {
    return fail('OUT_OF_RANGE', 'target', 'target must be between 1.01× and 1 000 000×');
  }
  return OK;
}

export const limboRules = {
  minTarget: LIMBO_MIN_TARGET / 100,
  maxTarget: LIMBO_MAX_TARGET / 100,
  crashFormula: 'max(1, floor(99 / (1 - X / 2^52)) / 100), X a 52-bit integer from the stream',
  houseEdge: 0.01,
  rtp: 0.99,
};

export const limbo: InstantEngine<'limbo', LimboParams, LimboOutcome, typeof limboRules> = {
  id: 'limbo',
  name: 'Limbo',
  kind: 'instant',
  rules: limboRules,
  validateBet,
  play(params, stream: FairStream) {
    assertValid(validateBet(params));
    const u1 = BigInt(stream.nextUint32());
    const u2 = BigInt(stream.nextUint32());
    const x = (u1 << 20n) | (u2 >> 12n);
    const crashBig = limboCrashFromX(x);
    const crash = Number(crashBig > BigInt(LIMBO_MAX_TARGET) ? BigInt(LIMBO_MAX_TARGET) : crashBig);
    const win = crashBig >= BigInt(params.target);
    const multiplier = win ? ratio(params.target, 100) : { num: 0, den: 1 };
    return { stake: params.stake, payout: applyRatio(params.stake, multiplier), multiplier, crash, win };
  },
};
