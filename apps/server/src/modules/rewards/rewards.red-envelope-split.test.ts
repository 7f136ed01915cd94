import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitEnvelope } from './rewards.red-envelope-split.js';

describe('red envelope split', () => {
  it('always sums to the total, every share at least one unit, as many shares as asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_000 }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.constantFrom('equal' as const, 'lucky' as const),
        (count, extra, split) => {
          const total = BigInt(count) + extra;
          const shares = splitEnvelope(total, count, split);
          expect(shares).toHaveLength(count);
          expect(shares.reduce((a, s) => a + s, 0n)).toBe(total);
          expect(shares.every((s) => s >= 1n)).toBe(true);
          if (split === 'equal') {
            const min = shares.reduce((a, s) => (s < a ? s : a));
            const max = shares.reduce((a, s) => (s > a ? s : a));
            expect(max - min <= 1n).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses fewer units than shares', () => {
    expect(() => splitEnvelope(4n, 5, 'lucky')).toThrow(RangeError);
    expect(splitEnvelope(5n, 5, 'lucky')).toEqual([1n, 1n, 1n, 1n, 1n]);
  });

  it('gives lucky shares that differ', () => {
    const shares = splitEnvelope(100_000n, 10, 'lucky');
    expect(new Set(shares.map(String)).size).toBeGreaterThan(1);
  });
});
