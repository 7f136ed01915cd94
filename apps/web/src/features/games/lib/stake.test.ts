import { describe, expect, it } from 'vitest';
import { formatMinor, minorToDecimal, nearestStake, stakeLadder } from './stake';

describe('game money', () => {
  it('places the decimal point without a float', () => {
    expect(minorToDecimal('0', 2)).toBe('0.00');
    expect(minorToDecimal('5', 2)).toBe('0.05');
    expect(minorToDecimal(123456789012345678n, 2)).toBe('1234567890123456.78');
    expect(minorToDecimal(-150n, 2)).toBe('-1.50');
    expect(minorToDecimal('42', 0)).toBe('42');
  });

  it('formats with two decimals and the locale’s separators', () => {
    expect(formatMinor('123456789', 2, 'en')).toBe('1,234,567.89');
    expect(formatMinor('123456789', 2, 'de')).toBe('1.234.567,89');
    expect(formatMinor(50n, 2, 'en', true)).toBe('+0.50');
  });

  it('builds a 1-2-5 bet ladder inside the limits, limits included', () => {
    expect(stakeLadder(1n, 100n)).toEqual([1n, 2n, 5n, 10n, 20n, 50n, 100n]);
    expect(stakeLadder(25n, 300n)).toEqual([25n, 50n, 100n, 200n, 300n]);
    expect(stakeLadder(0n, 10n)).toEqual([]);
    expect(nearestStake([1n, 2n, 5n, 10n], 7n)).toBe(5n);
    expect(nearestStake([10n, 20n], 1n)).toBe(10n);
  });
});
