import { AppError } from './app-error.js';

/** The largest amount one movement may carry, in minor units (10^15: beyond any real payment). */
export const MAX_MINOR = 10n ** 15n;

/**
 * Parses an amount in major units ("12.34", 12.34) into integer minor units. Refuses negatives,
 * zero, more decimals than the currency has, exponents, and anything beyond MAX_MINOR — never
 * through floating point.
 */
export function toMinor(input: unknown, scale: number, field = 'amount'): bigint {
  const text =
    typeof input === 'number'
      ? Number.isFinite(input)
        ? String(input)
        : ''
      : typeof input === 'string'
        ? input.trim()
        : '';
  const match = /^(\d{1,16})(?:\.(\d+))?$/.exec(text);
  if (!match) throw new AppError('request_param_err', { fields: { [field]: 'a positive amount' } });
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale)
    throw new AppError('request_param_err', { fields: { [field]: `at most ${scale} decimals` } });
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  if (minor <= 0n) throw new AppError('request_param_err', { fields: { [field]: 'must be more than zero' } });
  if (minor > MAX_MINOR) throw new AppError('request_param_err', { fields: { [field]: 'too large' } });
  return minor;
}

/** Minor units to a major-unit number for replies (exact for every amount below 2^53). */
export function toMajor(minor: bigint | string, scale: number): number {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = 10n ** BigInt(scale);
  const text = `${abs / unit}.${(abs % unit).toString().padStart(scale, '0')}`;
  return (negative ? -1 : 1) * Number(scale === 0 ? String(abs) : text);
}

/**
 * A configured major-unit amount (a threshold, a bonus: zero allowed) in minor units, rounded to
 * the currency's scale. Not for input from the wire: `toMinor` checks that.
 */
export function settingToMinor(value: number, scale: number): bigint {
  return BigInt(Math.round(value * 10 ** scale));
}
