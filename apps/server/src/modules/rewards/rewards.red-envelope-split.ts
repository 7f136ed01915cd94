import { randomInt } from 'node:crypto';

/**
 * Splits `total` minor units into `count` shares of at least one unit each that sum to `total`
 * exactly. `equal`: the same share, the first `total mod count` shares one unit more. `lucky`: each
 * share is one unit plus a random part of the rest, the parts drawn from weights in 1..1,000,000
 * (so no share dominates by chance of a huge weight) and floored, the units the flooring left
 * handed out one each to shares drawn at random.
 */
export function splitEnvelope(
  total: bigint,
  count: number,
  split: 'equal' | 'lucky',
  random: (max: number) => number = (max) => randomInt(max),
): bigint[] {
  if (count < 1 || total < BigInt(count)) throw new RangeError('each share needs at least one unit');
  const n = BigInt(count);
  if (split === 'equal') {
    const base = total / n;
    const extra = Number(total % n);
    return Array.from({ length: count }, (_, i) => base + (i < extra ? 1n : 0n));
  }
  const rest = total - n;
  const weights = Array.from({ length: count }, () => BigInt(1 + random(1_000_000)));
  const sum = weights.reduce((a, w) => a + w, 0n);
  const shares = weights.map((w) => 1n + (rest * w) / sum);
  let left = total - shares.reduce((a, s) => a + s, 0n);
  while (left > 0n) {
    shares[random(count)]! += 1n;
    left -= 1n;
  }
  return shares;
}
