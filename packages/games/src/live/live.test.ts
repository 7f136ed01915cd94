import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACCARAT_PROBABILITIES, baccaratRules } from '../engines/baccarat.js';
import { hashServerSeed } from '../fair.js';
import {
  type LiveGameKind,
  type LiveRandom,
  type LiveResult,
  ROULETTE_RED,
  dealLive,
  liveGameKinds,
  liveHouseEdge,
  liveOutcomes,
  livePayout,
  liveReturn,
  liveRoundResult,
  liveSpots,
} from './games.js';
import { type RoadOutcome, beadRoad, bigRoad } from './roads.js';
import { liveTable, liveTables } from './tables.js';

/** A fast seeded source with the fair stream's shape (xorshift128+ folded to 32 bits), for simulations. */
function fastRandom(seed: number): LiveRandom {
  let a = seed >>> 0 || 1;
  let b = (seed * 2654435761) >>> 0 || 7;
  const next = () => {
    let t = a ^ (a << 11);
    a = b;
    b = (b ^ (b >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    t = b;
    return (t >>> 0) / 0x100000000;
  };
  return {
    nextInt: (n: number) => Math.floor(next() * n),
    sample<T>(items: readonly T[], k: number): T[] {
      // Partial Fisher–Yates on a copy of the touched positions only.
      const swapped = new Map<number, T>();
      const at = (i: number) => (swapped.has(i) ? swapped.get(i)! : items[i]!);
      const out: T[] = [];
      for (let i = 0; i < k; i++) {
        const j = i + Math.floor(next() * (items.length - i));
        const vi = at(i);
        const vj = at(j);
        swapped.set(j, vi);
        swapped.set(i, vj);
        out.push(vj);
      }
      return out;
    },
  } as LiveRandom;
}

describe('live table maths', () => {
  it('every spot of every game is known to the returns, and nothing else pays', () => {
    const sample: Record<LiveGameKind, LiveResult> = {
      baccarat: dealLive('baccarat', fastRandom(1)),
      'dragon-tiger': dealLive('dragon-tiger', fastRandom(2)),
      'sic-bo': dealLive('sic-bo', fastRandom(3)),
      roulette: dealLive('roulette', fastRandom(4)),
    };
    for (const kind of liveGameKinds) {
      expect(new Set(liveSpots[kind]).size).toBe(liveSpots[kind].length);
      expect(liveReturn('nonsense', sample[kind])).toEqual({ num: 0, den: 1 });
    }
  });

  it('a round is decided by its seed, table and number alone', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{64}$/),
        fc.constantFrom(...liveTables),
        fc.integer({ min: 1, max: 1_000_000 }),
        (seed, table, no) => {
          const a = liveRoundResult(table.kind, seed, table.code, no);
          expect(liveRoundResult(table.kind, seed, table.code, no)).toEqual(a);
          expect(a.kind).toBe(table.kind);
          expect(hashServerSeed(seed)).toMatch(/^[0-9a-f]{64}$/);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('deals are well formed: baccarat hands of 2–3 cards, distinct shoe positions, dice 1–6, numbers 0–36', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const b = dealLive('baccarat', fastRandom(seed));
        if (b.kind !== 'baccarat') throw new Error('kind');
        expect(b.playerCards.length).toBeGreaterThanOrEqual(2);
        expect(b.playerCards.length).toBeLessThanOrEqual(3);
        expect(b.bankerCards.length).toBeGreaterThanOrEqual(2);
        expect(b.bankerCards.length).toBeLessThanOrEqual(3);
        const s = dealLive('sic-bo', fastRandom(seed));
        if (s.kind !== 'sic-bo') throw new Error('kind');
        for (const d of s.dice) expect(d >= 1 && d <= 6).toBe(true);
        expect(s.total).toBe(s.dice[0] + s.dice[1] + s.dice[2]);
        const r = dealLive('roulette', fastRandom(seed));
        if (r.kind !== 'roulette') throw new Error('kind');
        expect(r.number >= 0 && r.number <= 36).toBe(true);
        expect(r.colour).toBe(r.number === 0 ? 'green' : ROULETTE_RED.has(r.number) ? 'red' : 'black');
      }),
      { numRuns: 500 },
    );
  });

  it('payouts are exact and never exceed the largest published return', () => {
    const maxReturn: Record<LiveGameKind, number> = {
      baccarat: 12,
      'dragon-tiger': 9,
      'sic-bo': 181,
      roulette: 36,
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...liveGameKinds),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (kind, seed, stake) => {
          const result = dealLive(kind, fastRandom(seed));
          for (const spot of liveSpots[kind]) {
            const x = liveReturn(spot, result);
            const paid = livePayout(stake, spot, result);
            expect(paid).toBe((stake * BigInt(x.num)) / BigInt(x.den));
            expect(paid >= 0n && paid <= stake * BigInt(maxReturn[kind])).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('exact house edges: roulette 1/37 on every spot; sic bo big/small 2.78 %; dragon tiger from the 8-deck shoe', () => {
    for (const spot of liveSpots.roulette) expect(liveHouseEdge('roulette', spot)).toBeCloseTo(1 / 37, 12);
    expect(liveHouseEdge('sic-bo', 'big')).toBeCloseTo(1 / 36, 12);
    expect(liveHouseEdge('sic-bo', 'small')).toBeCloseTo(1 / 36, 12);
    expect(liveHouseEdge('sic-bo', 'anyTriple')).toBeCloseTo(1 - 31 / 36, 12);
    expect(liveHouseEdge('sic-bo', 'triple3')).toBeCloseTo(1 - 181 / 216, 12);
    expect(liveHouseEdge('sic-bo', 'single4')).toBeCloseTo(17 / 216, 12);
    for (const spot of liveSpots['sic-bo']) {
      const e = liveHouseEdge('sic-bo', spot);
      expect(e > 0 && e < 0.2).toBe(true);
    }
    // P(tie) = 31/415 (a second card of the first card's rank), the rest split evenly.
    const pTie = 31 / 415;
    expect(liveHouseEdge('dragon-tiger', 'dragon')).toBeCloseTo(pTie / 2, 12);
    expect(liveHouseEdge('dragon-tiger', 'tiger')).toBeCloseTo(pTie / 2, 12);
    expect(liveHouseEdge('dragon-tiger', 'tie')).toBeCloseTo(1 - 9 * pTie, 12);
    for (const kind of ['roulette', 'sic-bo', 'dragon-tiger'] as const) {
      const total = liveOutcomes(kind).reduce((a, o) => a + o.p, 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('measured over 1,000,000 simulated rounds each, every spot returns within its error of the exact figure', () => {
    const N = 1_000_000;
    const exact = (kind: LiveGameKind, spot: string) =>
      kind === 'baccarat'
        ? 1 - (baccaratRules.houseEdge as Record<string, number>)[spot]!
        : 1 - liveHouseEdge(kind, spot);
    for (const kind of liveGameKinds) {
      const rand = fastRandom(20261127 + kind.length);
      const spots = liveSpots[kind];
      const sum = new Float64Array(spots.length);
      const sumSq = new Float64Array(spots.length);
      for (let i = 0; i < N; i++) {
        const result = dealLive(kind, rand);
        for (let s = 0; s < spots.length; s++) {
          const x = liveReturn(spots[s]!, result);
          const v = x.num / x.den;
          sum[s]! += v;
          sumSq[s]! += v * v;
        }
      }
      for (let s = 0; s < spots.length; s++) {
        const mean = sum[s]! / N;
        const sd = Math.sqrt(Math.max(0, sumSq[s]! / N - mean * mean));
        const want = exact(kind, spots[s]!);
        // Five standard errors: a wrong pay or a skewed deal shows; chance alone almost never does.
        expect(Math.abs(mean - want), `${kind} ${spots[s]} measured ${mean} exact ${want}`).toBeLessThan(
          (5 * sd) / Math.sqrt(N) + 1e-9,
        );
      }
    }
    expect(BACCARAT_PROBABILITIES.banker).toBeGreaterThan(BACCARAT_PROBABILITIES.player);
  }, 60_000);

  it('tables name known games with sane timings and limits', () => {
    for (const t of liveTables) {
      expect(liveGameKinds).toContain(t.kind);
      expect(t.betMs).toBeGreaterThanOrEqual(5_000);
      expect(t.minBet).toBeGreaterThan(0);
      expect(t.maxBet).toBeGreaterThan(t.minBet);
      expect(liveTable(t.code)).toBe(t);
    }
    expect(liveTable('NOPE')).toBeUndefined();
  });
});

describe('baccarat roads', () => {
  const outcome = fc.constantFrom<RoadOutcome>('banker', 'player', 'tie');

  it('bead road: every round in order, six to a column', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 200 }), (list) => {
        const cells = beadRoad(list);
        expect(cells.map((c) => c.outcome)).toEqual(list);
        cells.forEach((c, i) => expect(c.col * 6 + c.row).toBe(i));
      }),
    );
  });

  it('big road: one cell per decision, ties counted, streaks kept together, no cell twice', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 300 }), (list) => {
        const road = bigRoad(list);
        const decisions = list.filter((o) => o !== 'tie');
        expect(road.cells.map((c) => c.outcome)).toEqual(decisions);
        const ties = road.cells.reduce((a, c) => a + c.ties, road.leadingTies);
        expect(ties).toBe(list.length - decisions.length);
        const keys = new Set(road.cells.map((c) => `${c.col},${c.row}`));
        expect(keys.size).toBe(road.cells.length);
        for (let i = 0; i < road.cells.length; i++) {
          const c = road.cells[i]!;
          expect(c.row).toBeGreaterThanOrEqual(0);
          expect(c.row).toBeLessThan(6);
          const prev = road.cells[i - 1];
          if (!prev || prev.outcome !== c.outcome) {
            // A new streak starts at the top of a column right of every earlier streak's start.
            expect(c.row).toBe(0);
            if (prev)
              expect(c.col).toBeGreaterThan(road.cells.findLast((x, k) => k < i && x.row === 0)!.col - 1);
          } else {
            // A streak goes down, or turns right along its row.
            const down = c.col === prev.col && c.row === prev.row + 1;
            const right = c.col === prev.col + 1 && c.row === prev.row;
            expect(down || right).toBe(true);
          }
        }
      }),
    );
  });

  it('big road: a long streak runs down six rows, then tails right', () => {
    const road = bigRoad(['tie', 'banker', ...Array(8).fill('banker'), 'player', 'tie', 'tie']);
    expect(road.leadingTies).toBe(1);
    expect(road.cells.slice(0, 6).map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
    ]);
    expect(road.cells.slice(6, 9).map((c) => [c.col, c.row])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
    ]);
    expect(road.cells[9]).toEqual({ col: 1, row: 0, outcome: 'player', ties: 2 });
  });
});
