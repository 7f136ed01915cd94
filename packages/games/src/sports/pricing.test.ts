import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Selection } from './index.js';
import {
  type Outcomes,
  expectedReturn,
  fightOutcomes,
  mapsOutcomes,
  priceSelection,
  sampleOutcome,
  scoreOutcomes,
  setsOutcomes,
} from './pricing.js';

const total = (o: Outcomes) => o.reduce((s, x) => s + x.p, 0);

describe('simulated fixtures: distributions and prices', () => {
  it('every distribution sums to one', () => {
    expect(total(scoreOutcomes(1.6, 1.1))).toBeCloseTo(1, 9);
    expect(total(scoreOutcomes(104, 99))).toBeCloseTo(1, 9);
    expect(total(setsOutcomes(0.6))).toBeCloseTo(1, 12);
    expect(total(mapsOutcomes(0.55, 3))).toBeCloseTo(1, 12);
    expect(mapsOutcomes(0.5, 5)).toHaveLength(20);
    expect(total(fightOutcomes(0.52))).toBeCloseTo(1, 12);
  });

  it('a price returns at most the target per unit, and less than a cent of price below it', () => {
    const football = scoreOutcomes(1.7, 1.2);
    const selections: Selection[] = [
      { market: '1x2', pick: 'home' },
      { market: '1x2', pick: 'draw' },
      { market: 'handicap', pick: 'home', line: -3 },
      { market: 'handicap', pick: 'away', line: 3 },
      { market: 'total', pick: 'over', line: 9 },
      { market: 'total', pick: 'under', line: 10 },
      { market: 'btts', pick: 'yes' },
      { market: 'correct_score', home: 1, away: 1 },
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: selections.length - 1 }),
        fc.double({ min: 0.85, max: 0.98, noNaN: true }),
        (i, target) => {
          const sel = selections[i]!;
          const price = priceSelection(sel, football, target)!;
          const e = expectedReturn(sel, football, price);
          expect(e).toBeLessThanOrEqual(target + 1e-9);
          // One cent more would pass the target (unless the floor price applies).
          if (price > 1010n)
            expect(expectedReturn(sel, football, price + 10n)).toBeGreaterThan(target - 1e-9);
          expect(price % 10n).toBe(0n);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a selection that cannot win has no price; a cockfight draw and a void map are priced as they pay', () => {
    expect(priceSelection({ market: '1x2', pick: 'draw' }, setsOutcomes(0.6), 0.95)).toBeNull();
    // Meron on a draw is refunded: its price is higher than 0.95 / P(meron wins).
    const fight = fightOutcomes(0.5);
    const meron = priceSelection({ market: 'fight', pick: 'meron' }, fight, 0.95)!;
    const naive = 0.95 / fight[0]!.p;
    expect(Number(meron) / 1000).toBeLessThan(naive);
    expect(expectedReturn({ market: 'fight', pick: 'meron' }, fight, meron)).toBeLessThanOrEqual(0.95);
    // Map 3 is not always played: its bets are void when it is not.
    const map3 = priceSelection({ market: 'map_winner', map: 3, pick: 'home' }, mapsOutcomes(0.5), 0.95)!;
    expect(
      expectedReturn({ market: 'map_winner', map: 3, pick: 'home' }, mapsOutcomes(0.5), map3),
    ).toBeLessThanOrEqual(0.95);
  });

  it('sampling follows the distribution (chi-square over 20,000 draws)', () => {
    const o = fightOutcomes(0.55);
    const counts = new Map<string, number>();
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      const r = sampleOutcome(o, rand());
      const key = r.kind === 'fight' ? r.outcome : r.kind;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let chi = 0;
    for (const x of o) {
      const key = x.result.kind === 'fight' ? x.result.outcome : '';
      const expected = 20_000 * x.p;
      chi += ((counts.get(key) ?? 0) - expected) ** 2 / expected;
    }
    expect(chi).toBeLessThan(16.27); // 3 degrees of freedom, p = 0.001
  });
});
