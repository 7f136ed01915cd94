/**
 * Shared types of the game engines.
 *
 * Money: stakes and payouts are `bigint` integer minor units (cents, fen…), like the ledger.
 * Multipliers are exact rationals (`Ratio`, safe-integer numerator/denominator); a payout is
 * ⌊stake × num / den⌋, rounded down to the minor unit. No floating-point money anywhere.
 */
import type { FairStream } from './fair.js';

/** Stable engine ids; other modules and stored rounds depend on these exact strings. */
export const engineIds = [
  'slot-fruit',
  'slot-pharaoh',
  'slot-ocean',
  'dice',
  'limbo',
  'mines',
  'scratch',
  'fishing',
  'baccarat',
  'blackjack',
] as const;
export type EngineId = (typeof engineIds)[number];

/** Exact non-negative rational: num / den, both safe integers, den > 0. */
export interface Ratio {
  num: number;
  den: number;
}

/**
 * Largest stake an engine accepts (minor units). Keeps every payout, even a split and doubled
 * blackjack round (8× the stake), below 2⁵³ so overall multipliers stay exact safe-integer ratios.
 */
export const MAX_STAKE = 10n ** 15n;

/** Machine-readable reason a bet was refused; UIs translate `code`, logs show `message`. */
export type BetErrorCode =
  'STAKE_INVALID' | 'PARAM_MISSING' | 'PARAM_INVALID' | 'OUT_OF_RANGE' | 'ACTION_NOT_ALLOWED';

export type BetValidation = { ok: true } | { ok: false; code: BetErrorCode; field: string; message: string };

/** Error thrown by resolve/state functions when given params or actions that validation refuses. */
export class GameRuleError extends Error {
  override name = 'GameRuleError';
  constructor(
    readonly code: BetErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export const OK: BetValidation = { ok: true };

export function fail(code: BetErrorCode, field: string, message: string): BetValidation {
  return { ok: false, code, field, message };
}

/** Throws the validation failure as a GameRuleError. */
export function assertValid(v: BetValidation): void {
  if (!v.ok) throw new GameRuleError(v.code, v.field, v.message);
}

/** Stake must be a positive bigint no larger than MAX_STAKE. */
export function validateStake(stake: unknown): BetValidation {
  if (typeof stake !== 'bigint')
    return fail('STAKE_INVALID', 'stake', 'stake must be a bigint of minor units');
  if (stake <= 0n) return fail('STAKE_INVALID', 'stake', 'stake must be positive');
  if (stake > MAX_STAKE) return fail('STAKE_INVALID', 'stake', `stake must be at most ${MAX_STAKE}`);
  return OK;
}

/** ⌊stake × r⌋ in minor units. */
export function applyRatio(stake: bigint, r: Ratio): bigint {
  return (stake * BigInt(r.num)) / BigInt(r.den);
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Ratio in lowest terms (inputs must be safe integers, den > 0). */
export function ratio(num: number, den: number): Ratio {
  const g = gcd(Math.abs(num), Math.abs(den)) || 1;
  return { num: num / g, den: den / g };
}

/** Multiplier as a display number (e.g. 1.98). For UI only; never for money. */
export function ratioToNumber(r: Ratio): number {
  return r.num / r.den;
}

/** Common part of every engine descriptor. */
export interface EngineInfo<Id extends EngineId, Rules> {
  id: Id;
  /** English display name; UIs may translate by id. */
  name: string;
  /** 'slot' and 'instant' resolve in one call; 'stateful' games are driven by a state machine. */
  kind: 'slot' | 'instant' | 'stateful';
  /** Structured, JSON-safe data for a rules page (paytables, limits, RTP as a fraction). */
  rules: Rules;
}

/** Engines that settle in one call: params + stream → outcome with payout. */
export interface InstantEngine<Id extends EngineId, Params, Outcome, Rules> extends EngineInfo<Id, Rules> {
  validateBet(params: Params): BetValidation;
  /** Pure: same params and stream position → same outcome. Throws GameRuleError on invalid params. */
  play(params: Params, stream: FairStream): Outcome;
}

/** Base fields of every settled outcome. */
export interface OutcomeBase {
  stake: bigint;
  /** Total returned to the player for this bet (0n on a loss), stake included when won. */
  payout: bigint;
  /** payout = ⌊stake × multiplier⌋. */
  multiplier: Ratio;
}
