/**
 * Money on the client (docs/footguns.md "Money is integer minor units"): the server sends major
 * units that already carry at most the currency's decimals, and the client only *displays* them.
 * Nothing here adds, subtracts or rounds an amount; what the user types is validated as text and
 * sent as the same decimal string.
 */

export interface MoneyFormatOptions {
  /** Put in front of the digits, after any sign: `-$1,234.50`. */
  currencySymbol?: string | undefined;
  /** Decimal places shown (the brand's `currencyScale`); spec §9 says 2, the default. */
  scale?: number | undefined;
  /** A BCP 47 tag (`languageCatalogue[code].locale`); the runtime's default when absent. */
  locale?: string | undefined;
  /** Show `+` on positive amounts too (signed ledger movements). */
  signed?: boolean | undefined;
}

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, scale: number, signed: boolean): Intl.NumberFormat {
  const key = `${locale ?? ''}|${scale}|${signed}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
      useGrouping: true,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    formatters.set(key, nf);
  }
  return nf;
}

/**
 * Creates the locale's default money formatter in a task of its own, ahead of the first amount on
 * screen: the first formatter of a locale loads its data (tens of milliseconds on a phone), which
 * would otherwise lengthen the render that shows the first amounts.
 */
export function prewarmMoneyFormat(locale: string | undefined): void {
  (self.requestIdleCallback ?? setTimeout)(() => void numberFormat(locale, 2, false));
}

/**
 * A balance or amount for display: `scale` decimals and the locale's thousands separators
 * (`1,234,567.50` in English, `1.234.567,50` in German, `12,34,567.50` in Hindi). A decimal string
 * is formatted exactly as written (Intl formats numeric strings without going through a float).
 */
export function formatMoney(value: number | string, options: MoneyFormatOptions = {}): string {
  const { currencySymbol = '', scale = 2, locale, signed = false } = options;
  const digits = Math.max(0, Math.min(20, Math.trunc(scale)));
  const parts = numberFormat(locale, digits, signed).formatToParts(
    value as Parameters<Intl.NumberFormat['formatToParts']>[0],
  );
  // The symbol goes after the sign: "-$5.00", never "$-5.00".
  const sign = parts
    .filter((p) => p.type === 'minusSign' || p.type === 'plusSign')
    .map((p) => p.value)
    .join('');
  const body = parts
    .filter((p) => p.type !== 'minusSign' && p.type !== 'plusSign')
    .map((p) => p.value)
    .join('');
  return `${sign}${currencySymbol}${body}`;
}

/** The pattern an amount the user types must match: digits, and at most `scale` decimals. */
export function amountPattern(scale: number): RegExp {
  return scale > 0 ? new RegExp(`^\\d+(\\.\\d{1,${scale}})?$`) : /^\d+$/;
}

export type AmountProblem = 'required' | 'format' | 'positive';

/**
 * Checks a typed amount: digits with at most `scale` decimals, more than zero. Returns the
 * trimmed text to send as is (a decimal string, never a parsed float), or the problem.
 */
export function parseAmount(
  text: string,
  scale: number,
): { ok: true; amount: string } | { ok: false; problem: AmountProblem } {
  const amount = text.trim();
  if (!amount) return { ok: false, problem: 'required' };
  if (!amountPattern(scale).test(amount)) return { ok: false, problem: 'format' };
  // Greater than zero without arithmetic: some digit other than 0.
  if (!/[1-9]/.test(amount)) return { ok: false, problem: 'positive' };
  return { ok: true, amount };
}

/**
 * A balance from the server as the decimal string the user would type (`1000` → `"1000.00"`).
 * The server's figures carry at most `scale` decimals and stay far below 2^53 minor units, so
 * this is a change of notation, not a calculation.
 */
export function toAmountText(value: number, scale: number): string {
  return value.toFixed(Math.max(0, Math.min(20, Math.trunc(scale))));
}

/**
 * An amount in integer minor units, exactly: a decimal string as `parseAmount` returns it, or a
 * figure from the server (which carries at most `scale` decimals). For comparing amounts (limits,
 * "less than the withdrawal") without float arithmetic; `null` for text that is not an amount.
 */
export function toMinorUnits(value: string | number, scale: number): bigint | null {
  const digits = Math.max(0, Math.min(20, Math.trunc(scale)));
  const text = typeof value === 'number' ? toAmountText(value, digits) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[3] ?? '';
  if (fraction.length > digits) return null;
  const minor = BigInt(`${match[2]}${fraction.padEnd(digits, '0')}`);
  return match[1] ? -minor : minor;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (both amounts in the same currency). */
export function compareAmounts(a: string | number, b: string | number, scale: number): -1 | 0 | 1 {
  const [x, y] = [toMinorUnits(a, scale), toMinorUnits(b, scale)];
  if (x === null || y === null) throw new RangeError('not an amount');
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Minor units as the wire sends them (`"-2050"`) to the major-unit decimal string (`"-20.50"`):
 * a change of notation on the digits, never arithmetic on a float.
 */
export function minorToMajorText(minor: string, scale: number): string | null {
  const match = /^(-?)(\d+)$/.exec(minor.trim());
  if (!match) return null;
  const [, sign, digits] = match;
  if (scale <= 0) return `${sign}${digits}`;
  const padded = digits!.padStart(scale + 1, '0');
  return `${sign}${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}
