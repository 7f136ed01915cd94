/**
 * CSV for the report exports (RFC 4180: comma-separated, CRLF, quotes doubled). A text cell a
 * spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage return) is
 * prefixed with an apostrophe; numbers are written as numbers (a negative amount stays a number).
 */
export type CsvCell = string | number | null | { decimal: string };

const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    if (!DECIMAL.test(value.decimal)) throw new Error(`not a decimal: ${value.decimal}`);
    return value.decimal;
  }
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A file name of letters, digits, dots, dashes and underscores only. */
export function safeFileName(parts: string[]): string {
  return `${parts.map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '_')).join('-')}.csv`;
}

/** A minor-unit amount as a major-unit decimal cell, exactly (no float rounding). */
export function major(minor: string | bigint, scale: number): { decimal: string } {
  return { decimal: majorText(minor, scale) };
}

export function majorText(minor: string | bigint, scale: number): string {
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  if (scale === 0) return `${neg ? '-' : ''}${abs}`;
  const unit = 10n ** BigInt(scale);
  return `${neg ? '-' : ''}${abs / unit}.${(abs % unit).toString().padStart(scale, '0')}`;
}
