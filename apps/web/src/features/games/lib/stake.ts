import { formatMoney } from '../../../lib/money';

/**
 * Game money is integer minor units carried as decimal strings (the house API's form) and bigints
 * on the client. Nothing here goes through a float: a minor-unit figure becomes a decimal string
 * by placing the point, and `formatMoney` formats that string exactly.
 */

/** "123456" with scale 2 → "1234.56"; negative values keep their sign. */
export function minorToDecimal(minor: bigint | string, scale: number): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  if (scale <= 0) return `${negative ? '-' : ''}${digits}`;
  const padded = digits.padStart(scale + 1, '0');
  const whole = padded.slice(0, -scale);
  const fraction = padded.slice(-scale);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A minor-unit amount for display: 2 decimals (the brand's scale) and the locale's separators. */
export function formatMinor(minor: bigint | string, scale: number, locale?: string, signed = false): string {
  return formatMoney(minorToDecimal(minor, scale), { scale, locale, signed });
}

/**
 * The bet ladder between the game's limits: 1-2-5 steps of each power of ten (in minor units),
 * always including the limits themselves, ascending.
 */
export function stakeLadder(min: bigint, max: bigint): bigint[] {
  if (min <= 0n || max < min) return [];
  const out = new Set<bigint>([min]);
  for (let unit = 1n; unit <= max; unit *= 10n) {
    for (const step of [1n, 2n, 5n]) {
      const v = unit * step;
      if (v > min && v < max) out.add(v);
    }
  }
  out.add(max);
  return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The ladder step nearest to `wanted` from below (or the lowest), for a sensible default bet. */
export function nearestStake(ladder: bigint[], wanted: bigint): bigint {
  let best = ladder[0] ?? wanted;
  for (const v of ladder) if (v <= wanted) best = v;
  return best;
}

/** Display multiplier of an exact ratio (`{ num, den }`), e.g. 1.98. For labels only. */
export function ratioLabel(r: unknown, digits = 2): string {
  const o = r as { num?: unknown; den?: unknown } | null;
  const num = Number(o?.num ?? 0);
  const den = Number(o?.den ?? 1) || 1;
  return `${(num / den).toFixed(digits)}×`;
}

/** payout − stake of a round, in minor units. */
export function netMinor(stake: string, payout: string): bigint {
  return BigInt(payout) - BigInt(stake);
}
