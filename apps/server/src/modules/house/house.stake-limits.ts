/**
 * The house games' stake limits (docs/house.md): a bet stakes at least one cent (one minor unit
 * of a currency without cents) and at most `MAX_STAKE_MAJOR` major units. The engines' rules
 * (`engineRules`) publish them; `validateBet` enforces them on every opening bet.
 */

/** Largest stake, in major units. The smallest is one cent (or one minor unit without cents). */
export const MAX_STAKE_MAJOR = 10_000n;

export function stakeLimits(scale: number) {
  return {
    minStake: 10n ** BigInt(Math.max(0, scale - 2)),
    maxStake: MAX_STAKE_MAJOR * 10n ** BigInt(scale),
  };
}
