/**
 * Fishing: each shot is one bet at the cannon stake, aimed at one fish type. A fish worth m×
 * is caught with probability p = RTP / m = 96 / (100·m), decided as ⌊float × 100m⌋ < 96,
 * so every shot returns exactly 96 % whatever the target.
 */
import type { FairStream } from '../fair.js';
import {
  OK,
  applyRatio,
  assertValid,
  fail,
  validateStake,
  type BetValidation,
  type InstantEngine,
  type OutcomeBase,
} from '../types.js';

/** Return to player of every shot, in percent (exact). */
export const FISHING_RTP_PERCENT = 96;

export interface FishType {
  id: string;
  name: string;
  /** Payout multiple of the cannon stake when caught. */
  multiplier: number;
}

/** The fish table (ids are stable). */
export const fishTable: readonly FishType[] = [
  { id: 'clownfish', name: 'Clownfish', multiplier: 2 },
  { id: 'pufferfish', name: 'Pufferfish', multiplier: 3 },
  { id: 'angelfish', name: 'Angelfish', multiplier: 5 },
  { id: 'lionfish', name: 'Lionfish', multiplier: 8 },
  { id: 'turtle', name: 'Sea turtle', multiplier: 10 },
  { id: 'octopus', name: 'Octopus', multiplier: 15 },
  { id: 'stingray', name: 'Stingray', multiplier: 20 },
  { id: 'swordfish', name: 'Swordfish', multiplier: 30 },
  { id: 'shark', name: 'Shark', multiplier: 50 },
  { id: 'whale', name: 'Whale', multiplier: 100 },
  { id: 'mermaid', name: 'Mermaid', multiplier: 200 },
  { id: 'golden-dragon', name: 'Golden dragon', multiplier: 300 },
];

/** Catch probability of a fish as an exact fraction: 96 / (100·m). */
export function catchProbability(fish: FishType): { num: number; den: number } {
  return { num: FISHING_RTP_PERCENT, den: 100 * fish.multiplier };
}

export interface FishingParams {
  stake: bigint;
  /** Target fish id from fishTable. */
  fish: string;
}

export interface FishingOutcome extends OutcomeBase {
  fish: FishType;
  caught: boolean;
  /** The stream draw ⌊float × 100m⌋; caught when below 96. */
  draw: number;
}

function validateBet(p: FishingParams): BetValidation {
  const s = validateStake(p?.stake);
  if (!s.ok) return s;
  if (typeof p.fish !== 'string') return fail('PARAM_MISSING', 'fish', 'choose a fish to aim at');
  if (!fishTable.some((f) => f.id === p.fish))
    return fail('PARAM_INVALID', 'fish', `unknown fish "${p.fish}"`);
  return OK;
}

export const fishingRules = {
  fish: fishTable.map((f) => ({ ...f, catchProbability: FISHING_RTP_PERCENT / (100 * f.multiplier) })),
  rtp: FISHING_RTP_PERCENT / 100,
  formula: 'caught with probability 0.96 / multiplier; one shot = one bet',
};

export const fishing: InstantEngine<'fishing', FishingParams, FishingOutcome, typeof fishingRules> = {
  id: 'fishing',
  name: 'Ocean Hunter',
  kind: 'instant',
  rules: fishingRules,
  validateBet,
  play(params, stream: FairStream) {
    assertValid(validateBet(params));
    const fish = fishTable.find((f) => f.id === params.fish)!;
    const draw = stream.nextInt(100 * fish.multiplier);
    const caught = draw < FISHING_RTP_PERCENT;
    const multiplier = caught ? { num: fish.multiplier, den: 1 } : { num: 0, den: 1 };
    return {
      stake: params.stake,
      payout: applyRatio(params.stake, multiplier),
      multiplier,
      fish,
      caught,
      draw,
    };
  },
};
