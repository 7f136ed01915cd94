import { describe, expect, it } from 'vitest';
import { collectPages } from '../components/csv-button';
import { csvAmount, csvBlob, csvFileName, toCsv } from './csv';

interface Row {
  account: string;
  amount: number | string;
  note: string | null;
}
const columns = [
  { header: 'Account', value: (r: Row) => r.account },
  { header: 'Amount', value: (r: Row) => r.amount },
  { header: 'Note', value: (r: Row) => r.note },
];

describe('CSV export', () => {
  it('writes a header line and one CRLF-terminated line per row', () => {
    expect(toCsv(columns, [{ account: 'alice', amount: 12.5, note: null }])).toBe(
      'Account,Amount,Note\r\nalice,12.5,\r\n',
    );
  });

  it('quotes commas, quotes and line breaks the RFC 4180 way', () => {
    const csv = toCsv(columns, [{ account: 'a,b', amount: 1, note: 'say "hi"\nbye' }]);
    expect(csv.split('\r\n')[1]).toBe('"a,b",1,"say ""hi""\nbye"');
  });

  it('defuses text a spreadsheet would run as a formula, but keeps negative amounts as numbers', () => {
    const csv = toCsv(columns, [
      { account: '=HYPERLINK("x")', amount: '-12.50', note: '+1' },
      { account: '@cmd', amount: -3, note: '-2+3' },
    ]);
    const [, first, second] = csv.split('\r\n');
    expect(first).toBe(`"'=HYPERLINK(""x"")",-12.50,'+1`);
    expect(second).toBe(`'@cmd,-3,'-2+3`);
  });

  it('puts a UTF-8 byte-order mark in front so spreadsheets read Chinese names', async () => {
    // jsdom's Blob has no arrayBuffer(); FileReader reads it the way a browser would.
    const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error as Error);
      reader.readAsArrayBuffer(csvBlob('账号\r\n'));
    });
    const bytes = new Uint8Array(buffer);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('账号\r\n');
  });

  it('writes amounts as plain decimals with the currency places, and safe file names', () => {
    expect(csvAmount(1234567.5, 2)).toBe('1234567.50');
    expect(csvAmount(-0.1, 2)).toBe('-0.10');
    expect(csvAmount(5, 0)).toBe('5');
    expect(csvFileName('team bets', '2026-11-01', '2026-11-22')).toBe('team-bets_2026-11-01_2026-11-22.csv');
  });

  it('collects every page of a report and stops at the cap', async () => {
    const pages = [[1, 2], [3, 4], [5]];
    const asked: number[] = [];
    const all = await collectPages(async (n) => {
      asked.push(n);
      return { list: pages[n - 1]!, totalPages: 3 };
    });
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([1, 2, 3]);
    const capped = await collectPages(async (n) => ({ list: pages[n - 1]!, totalPages: 3 }), 3);
    expect(capped).toEqual([1, 2, 3]);
  });
});
