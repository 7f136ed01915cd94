/**
 * Baccarat road maps (docs/live.md): the scoreboards players read a shoe's history from.
 *
 * - **Bead road**: every round in order, filling columns of six top to bottom, left to right.
 * - **Big road**: ties apart, each streak of one side down a column; a new side starts the next
 *   column at the top. A streak that meets the bottom (six rows) or a cell already taken turns
 *   right along its row (the "dragon tail"). A tie is counted on the cell of the round before
 *   it (ties before the first decision are counted apart, `leadingTies`).
 */

export type RoadOutcome = 'banker' | 'player' | 'tie';

export const ROAD_ROWS = 6;

export interface BeadCell {
  col: number;
  row: number;
  outcome: RoadOutcome;
}

export function beadRoad(outcomes: readonly RoadOutcome[], rows = ROAD_ROWS): BeadCell[] {
  return outcomes.map((outcome, i) => ({ col: Math.floor(i / rows), row: i % rows, outcome }));
}

export interface BigRoadCell {
  col: number;
  row: number;
  outcome: 'banker' | 'player';
  /** Ties that followed this round. */
  ties: number;
}

export interface BigRoad {
  cells: BigRoadCell[];
  /** Ties before the first banker or player round. */
  leadingTies: number;
  /** Columns used (the widest cell + 1). */
  columns: number;
}

export function bigRoad(outcomes: readonly RoadOutcome[], rows = ROAD_ROWS): BigRoad {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  const key = (c: number, r: number) => `${c},${r}`;
  let leadingTies = 0;
  let last: BigRoadCell | null = null;
  let streakCol = -1;
  let turned = false;
  const place = (col: number, row: number, outcome: 'banker' | 'player') => {
    const cell = { col, row, outcome, ties: 0 };
    cells.push(cell);
    taken.add(key(col, row));
    last = cell;
  };
  for (const o of outcomes) {
    if (o === 'tie') {
      if (last) (last as BigRoadCell).ties++;
      else leadingTies++;
      continue;
    }
    const prev = last as BigRoadCell | null;
    if (!prev || prev.outcome !== o) {
      let col = streakCol + 1;
      while (taken.has(key(col, 0))) col++;
      streakCol = col;
      turned = false;
      place(col, 0, o);
    } else if (!turned && prev.row + 1 < rows && !taken.has(key(prev.col, prev.row + 1))) {
      place(prev.col, prev.row + 1, o);
    } else {
      turned = true;
      place(prev.col + 1, prev.row, o);
    }
  }
  const columns = cells.reduce((m, c) => Math.max(m, c.col + 1), 0);
  return { cells, leadingTies, columns };
}
