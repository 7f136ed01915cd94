import { describe, expect, it } from 'vitest';
import { compareAmounts, formatMoney, parseAmount, toAmountText, toMinorUnits } from './money';

// Some locales group with a (narrow) no-break space; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('shows 2 decimals and thousands separators with the currency symbol', () => {
    expect(formatMoney(1234567.5, { currencySymbol: '$', locale: 'en' })).toBe('$1,234,567.50');
    expect(formatMoney(0, { currencySymbol: '$', locale: 'en' })).toBe('$0.00');
    expect(formatMoney(1000, { locale: 'en' })).toBe('1,000.00');
  });

  it('follows the locale’s separators and grouping', () => {
    expect(formatMoney(1234567.5, { currencySymbol: '¥', locale: 'zh-CN' })).toBe('¥1,234,567.50');
    expect(formatMoney(1234567.5, { currencySymbol: '€', locale: 'de' })).toBe('€1.234.567,50');
    expect(plain(formatMoney(1234567.5, { locale: 'fr' }))).toBe('1 234 567,50');
    // Indian grouping: lakh and crore.
    expect(formatMoney(1234567.5, { currencySymbol: '₹', locale: 'hi' })).toBe('₹12,34,567.50');
  });

  it('puts the sign before the symbol, and shows + only when asked', () => {
    expect(formatMoney(-100, { currencySymbol: '$', locale: 'en' })).toBe('-$100.00');
    expect(formatMoney(100, { currencySymbol: '$', locale: 'en', signed: true })).toBe('+$100.00');
    expect(formatMoney(-0.5, { currencySymbol: '$', locale: 'en', signed: true })).toBe('-$0.50');
    expect(formatMoney(0, { currencySymbol: '$', locale: 'en', signed: true })).toBe('$0.00');
  });

  it('uses the currency’s scale', () => {
    expect(formatMoney(1500, { currencySymbol: '₫', scale: 0, locale: 'en' })).toBe('₫1,500');
    expect(formatMoney(1.5, { scale: 3, locale: 'en' })).toBe('1.500');
  });

  it('formats a decimal string exactly, beyond what a float can hold', () => {
    expect(formatMoney('12345678901234567.89', { locale: 'en' })).toBe('12,345,678,901,234,567.89');
    expect(formatMoney('100.1', { currencySymbol: '$', locale: 'en' })).toBe('$100.10');
  });
});

describe('parseAmount', () => {
  it('returns the typed text (trimmed) for a valid amount', () => {
    expect(parseAmount(' 100.50 ', 2)).toEqual({ ok: true, amount: '100.50' });
    expect(parseAmount('0.01', 2)).toEqual({ ok: true, amount: '0.01' });
    expect(parseAmount('1000000', 0)).toEqual({ ok: true, amount: '1000000' });
  });

  it('refuses empty, malformed, too precise and non-positive amounts', () => {
    expect(parseAmount('  ', 2)).toEqual({ ok: false, problem: 'required' });
    for (const bad of ['1.234', '-5', '1e3', '1,000', '.5', '5.', 'abc', '+1', '0x10'])
      expect(parseAmount(bad, 2)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('1.5', 0)).toEqual({ ok: false, problem: 'format' });
    expect(parseAmount('0', 2)).toEqual({ ok: false, problem: 'positive' });
    expect(parseAmount('0.00', 2)).toEqual({ ok: false, problem: 'positive' });
  });
});

describe('toAmountText', () => {
  it('writes a balance as the decimal string a user would type', () => {
    expect(toAmountText(1000, 2)).toBe('1000.00');
    expect(toAmountText(899.5, 2)).toBe('899.50');
    expect(toAmountText(12, 0)).toBe('12');
  });
});

describe('toMinorUnits / compareAmounts', () => {
  it('converts typed text and server figures exactly', () => {
    expect(toMinorUnits('12.5', 2)).toBe(1250n);
    expect(toMinorUnits('0.01', 2)).toBe(1n);
    expect(toMinorUnits(50000, 2)).toBe(5_000_000n);
    expect(toMinorUnits('1500', 0)).toBe(1500n);
    expect(toMinorUnits('99999999999999.99', 2)).toBe(9_999_999_999_999_999n);
  });

  it('refuses what is not an amount in the currency', () => {
    expect(toMinorUnits('1.234', 2)).toBeNull();
    expect(toMinorUnits('1e3', 2)).toBeNull();
    expect(toMinorUnits('', 2)).toBeNull();
  });

  it('compares without floats', () => {
    expect(compareAmounts('10', 10, 2)).toBe(0);
    expect(compareAmounts('9.99', 10, 2)).toBe(-1);
    expect(compareAmounts('50000.01', 50000, 2)).toBe(1);
    expect(() => compareAmounts('x', 1, 2)).toThrow(RangeError);
  });
});
