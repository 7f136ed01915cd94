import { AppError } from '../../lib/app-error.js';
import type { Brand } from '../brand/brand.service.js';

/**
 * The sportsbook's bet acceptance limits (docs/sportsbook.md), per brand in major units: a bet's
 * stake (at least one unit, at most `maxStake`), its potential return (at most `maxReturn`), and a
 * member's open stakes on one market, all bets together (at most `maxMarketStake`).
 */

/** The brand's sportsbook limits with their defaults (docs/sportsbook.md), major units. */
export function sportsSettings(brand: Brand) {
  const s = brand.settings.sports ?? {};
  return {
    maxStake: s.maxStake ?? 10_000,
    maxReturn: s.maxReturn ?? 1_000_000,
    /** A member's open stakes on one market, all bets together. */
    maxMarketStake: s.maxMarketStake ?? 50_000,
  };
}

/** The stake's own limits: at least one unit, at most the brand's maximum stake. */
export function checkStake(brand: Brand, stake: bigint) {
  const unit = 10n ** BigInt(brand.currencyScale);
  const limits = sportsSettings(brand);
  if (stake < unit) throw new AppError('sports.stake_invalid', { min: unit.toString() });
  const maxStake = BigInt(limits.maxStake) * unit;
  if (stake > maxStake)
    throw new AppError('sports.stake_limit', { max: maxStake.toString(), reason: 'stake' });
}

/** The bet's potential return within the brand's maximum. */
export function checkReturn(brand: Brand, potential: bigint) {
  const unit = 10n ** BigInt(brand.currencyScale);
  const maxReturn = BigInt(sportsSettings(brand).maxReturn) * unit;
  if (potential > maxReturn)
    throw new AppError('sports.stake_limit', { max: maxReturn.toString(), reason: 'return' });
}

/** A member's open stakes on each market of the bet (`exposure`) plus this stake stay within the per-market limit. */
export function checkMarketExposure(
  brand: Brand,
  stake: bigint,
  exposure: { market_id: string; staked: string }[],
) {
  const unit = 10n ** BigInt(brand.currencyScale);
  const maxMarket = BigInt(sportsSettings(brand).maxMarketStake) * unit;
  for (const e of exposure)
    if (BigInt(e.staked) + stake > maxMarket)
      throw new AppError('sports.stake_limit', {
        max: maxMarket.toString(),
        reason: 'market',
        marketId: String(e.market_id),
      });
}
