import type { LiveGameKindName } from '@arcadia/contract';
import type { TFunction } from 'i18next';

/** How a table lays its spots out: groups of spots, each group a row or a grid. */
export interface SpotGroup {
  key: string;
  spots: string[];
  /** Columns of the group's grid. */
  columns: number;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function spotLayout(kind: LiveGameKindName): SpotGroup[] {
  switch (kind) {
    case 'baccarat':
      return [
        { key: 'main', spots: ['player', 'tie', 'banker'], columns: 3 },
        { key: 'pairs', spots: ['playerPair', 'bankerPair'], columns: 2 },
      ];
    case 'dragon-tiger':
      return [{ key: 'main', spots: ['dragon', 'tie', 'tiger'], columns: 3 }];
    case 'sic-bo':
      return [
        { key: 'main', spots: ['small', 'odd', 'anyTriple', 'even', 'big'], columns: 5 },
        { key: 'totals', spots: range(4, 17).map((n) => `total${n}`), columns: 7 },
        { key: 'singles', spots: range(1, 6).map((n) => `single${n}`), columns: 6 },
        { key: 'doubles', spots: range(1, 6).map((n) => `double${n}`), columns: 6 },
        { key: 'triples', spots: range(1, 6).map((n) => `triple${n}`), columns: 6 },
      ];
    case 'roulette':
      return [
        // The layout's three rows: 3 6 9 … 36 on top, 1 4 7 … 34 at the bottom; zero apart.
        { key: 'zero', spots: ['n0'], columns: 1 },
        {
          key: 'numbers',
          spots: [3, 2, 1].flatMap((row) => range(0, 11).map((c) => `n${c * 3 + row}`)),
          columns: 12,
        },
        { key: 'dozens', spots: ['dozen1', 'dozen2', 'dozen3', 'column1', 'column2', 'column3'], columns: 6 },
        { key: 'even', spots: ['low', 'even', 'red', 'black', 'odd', 'high'], columns: 6 },
      ];
  }
}

export const ROULETTE_RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** A spot's label: "Player", "Total 11", "Single 4", "17", "1st 12"… */
export function spotLabel(t: TFunction<'live'>, spot: string): string {
  const m = /^([a-zA-Z]+?)(\d+)$/.exec(spot);
  if (m) {
    const [, family, n] = m;
    if (family === 'n') return n!;
    return t(`spot.${family}`, { n });
  }
  return t(`spot.${spot}`);
}

/** The published pay of a spot ("11:1"), from the table's pays by spot or by family. */
export function spotPays(pays: Record<string, string>, spot: string): string | null {
  if (pays[spot]) return pays[spot]!;
  const family = spot.replace(/\d+$/, '');
  if (family === 'n') return pays.straight ?? null;
  return pays[family] ?? null;
}
