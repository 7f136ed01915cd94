/**
 * CSV export of the agent reports. Written for spreadsheets: RFC 4180 quoting, CRLF line ends,
 * a UTF-8 byte-order mark (without it Excel reads Chinese names as mojibake), and text cells that
 * a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR; plain decimals excepted)
 * prefixed with `'`: account names and references come from users, so an export must not become
 * a way to plant formulas. Amounts are plain decimals (no grouping, no currency symbol) so a
 * column can be summed, and a negative amount keeps its minus sign.
 */

export type CsvCell = string | number | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvCell;
}

const formulaStart = /^[=+\-@\t\r]/;
// A plain decimal cannot be a formula: `-12.50` stays a number in the spreadsheet.
const plainNumber = /^-?\d+(\.\d+)?$/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (header line first) of `rows`; no byte-order mark (see `csvBlob`). */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The file to download: the text behind a UTF-8 byte-order mark. */
export function csvBlob(text: string): Blob {
  return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
}

/** `<report>-<from>-<to>.csv`, safe on every file system. */
export function csvFileName(report: string, from?: string, to?: string): string {
  const parts = [report, from, to].filter((p): p is string => !!p);
  return `${parts.join('_').replace(/[^\w.-]+/g, '-')}.csv`;
}

/** Hands `text` to the browser as a downloaded file. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(csvBlob(text));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** An amount in major units as a plain decimal with the currency's places: `-1234.50`. */
export function csvAmount(value: number | string, scale: number): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
    useGrouping: false,
  }).format(value as Parameters<Intl.NumberFormat['format']>[0]);
}
