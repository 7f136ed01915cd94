import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EventResult,
  type Leg,
  type LegResult,
  MAX_ODDS,
  MIN_ODDS,
  type Selection,
  betReturn,
  cashOutValue,
  checkBet,
  decimalFrom,
  formatOdds,
  legFactor,
  oddsFormats,
  oddsIn,
  potentialReturn,
  resettlementDelta,
  settleBet,
  settleSelection,
} from './index.js';

const score = (home: number, away: number): EventResult => ({ kind: 'score', home, away });
const ah = (pick: 'home' | 'away', goals: number): Selection => ({
  market: 'handicap',
  pick,
  line: goals * 4,
});
const tot = (pick: 'over' | 'under', goals: number): Selection => ({
  market: 'total',
  pick,
  line: goals * 4,
});

describe('Asian handicap, hand-computed cases', () => {
  // [line for home, home goals − away goals, result]
  const cases: [number, number, LegResult][] = [
    [0, 1, 'win'],
    [0, 0, 'push'],
    [0, -1, 'lose'],
    [-0.25, 1, 'win'],
    [-0.25, 0, 'half_lose'],
    [-0.25, -1, 'lose'],
    [0.25, 0, 'half_win'],
    [0.25, -1, 'lose'],
    [-0.5, 1, 'win'],
    [-0.5, 0, 'lose'],
    [0.5, 0, 'win'],
    [-0.75, 2, 'win'],
    [-0.75, 1, 'half_win'],
    [-0.75, 0, 'lose'],
    [0.75, 0, 'win'],
    [0.75, -1, 'half_lose'],
    [0.75, -2, 'lose'],
    [-1, 2, 'win'],
    [-1, 1, 'push'],
    [-1, 0, 'lose'],
    [-1.25, 2, 'win'],
    [-1.25, 1, 'half_lose'],
    [1.25, -1, 'half_win'],
    [1.25, -2, 'lose'],
    [-1.75, 2, 'half_win'],
    [-1.75, 1, 'lose'],
    [1.75, -2, 'half_lose'],
    [-2.5, 3, 'win'],
    [-2.5, 2, 'lose'],
  ];
  it.each(cases)('home %s with a goal difference of %s: %s', (line, diff, expected) => {
    const result = score(Math.max(diff, 0) + 1, Math.max(-diff, 0) + 1);
    expect(settleSelection(ah('home', line), result)).toBe(expected);
    // The away side of the same line is the mirror: away +line with the difference reversed.
    const mirror: Record<LegResult, LegResult> = {
      win: 'lose',
      half_win: 'half_lose',
      push: 'push',
      half_lose: 'half_win',
      lose: 'win',
      void: 'void',
    };
    expect(settleSelection(ah('away', -line), result)).toBe(mirror[expected]);
  });
});

/**
 * An independent reference for line bets: the stake split over the line's halves as a bettor
 * would do it by hand (a quarter line is two half-stake bets on the neighbouring half lines; other
 * lines one bet), each half winning (odds), pushing (1) or losing (0) by the sign of the margin in
 * goals, the two averaged. Returned as a factor per unit stake in a common denominator.
 */
function referenceFactor(marginGoals: number, lineGoals: number, odds: number): number {
  const parts = (lineGoals * 4) % 2 !== 0 ? [lineGoals - 0.25, lineGoals + 0.25] : [lineGoals];
  const one = (l: number) => {
    const m = marginGoals + l;
    return m > 0 ? odds : m === 0 ? 1 : 0;
  };
  return parts.reduce((s, l) => s + one(l), 0) / parts.length;
}

describe('quarter lines for every goal difference from −5 to +5', () => {
  const lines = Array.from({ length: 21 }, (_, i) => (i - 10) / 4); // −2.5 … +2.5
  it('handicap: the settled factor equals the split-stake reference at every line', () => {
    for (let diff = -5; diff <= 5; diff++) {
      for (const line of lines) {
        const r = settleSelection(ah('home', line), score(Math.max(diff, 0), Math.max(-diff, 0)));
        const f = legFactor(r, 1900n);
        expect(Number(f.num) / Number(f.den), `line ${line}, diff ${diff}`).toBeCloseTo(
          referenceFactor(diff, line, 1.9),
          12,
        );
      }
    }
  });

  it('totals: over and under against the reference for totals 0–10 and lines 0.25–5', () => {
    for (let total = 0; total <= 10; total++) {
      for (let q = 1; q <= 20; q++) {
        const line = q / 4;
        const result = score(Math.ceil(total / 2), Math.floor(total / 2));
        const over = legFactor(settleSelection(tot('over', line), result), 2050n);
        const under = legFactor(settleSelection(tot('under', line), result), 2050n);
        expect(Number(over.num) / Number(over.den)).toBeCloseTo(referenceFactor(total, -line, 2.05), 12);
        expect(Number(under.num) / Number(under.den)).toBeCloseTo(referenceFactor(-total, line, 2.05), 12);
      }
    }
  });
});

describe('other markets', () => {
  it('1X2, both teams to score, correct score', () => {
    expect(settleSelection({ market: '1x2', pick: 'draw' }, score(1, 1))).toBe('win');
    expect(settleSelection({ market: '1x2', pick: 'home' }, score(1, 1))).toBe('lose');
    expect(settleSelection({ market: '1x2', pick: 'away' }, score(0, 2))).toBe('win');
    expect(settleSelection({ market: 'btts', pick: 'yes' }, score(1, 1))).toBe('win');
    expect(settleSelection({ market: 'btts', pick: 'yes' }, score(2, 0))).toBe('lose');
    expect(settleSelection({ market: 'btts', pick: 'no' }, score(0, 0))).toBe('win');
    expect(settleSelection({ market: 'correct_score', home: 2, away: 1 }, score(2, 1))).toBe('win');
    expect(settleSelection({ market: 'correct_score', home: 2, away: 1 }, score(1, 2))).toBe('lose');
  });

  it('e-sports: match and map winners; a map not played is void', () => {
    const r: EventResult = { kind: 'maps', maps: ['home', 'away', 'home'], winner: 'home' };
    expect(settleSelection({ market: 'match_winner', pick: 'home' }, r)).toBe('win');
    expect(settleSelection({ market: 'map_winner', map: 2, pick: 'home' }, r)).toBe('lose');
    expect(settleSelection({ market: 'map_winner', map: 3, pick: 'home' }, r)).toBe('win');
    expect(settleSelection({ market: 'map_winner', map: 4, pick: 'home' }, r)).toBe('void');
  });

  it('cockfight: a draw pays its own odds and refunds Meron and Wala; a cancelled fight refunds all', () => {
    const draw: EventResult = { kind: 'fight', outcome: 'draw' };
    expect(settleSelection({ market: 'fight', pick: 'draw' }, draw)).toBe('win');
    expect(settleSelection({ market: 'fight', pick: 'meron' }, draw)).toBe('push');
    expect(settleSelection({ market: 'fight', pick: 'wala' }, draw)).toBe('push');
    const meron: EventResult = { kind: 'fight', outcome: 'meron' };
    expect(settleSelection({ market: 'fight', pick: 'meron' }, meron)).toBe('win');
    expect(settleSelection({ market: 'fight', pick: 'wala' }, meron)).toBe('lose');
    expect(settleSelection({ market: 'fight', pick: 'draw' }, meron)).toBe('lose');
    for (const pick of ['meron', 'wala', 'draw'] as const)
      expect(settleSelection({ market: 'fight', pick }, { kind: 'fight', outcome: 'cancelled' })).toBe(
        'void',
      );
  });

  it('a voided event voids every market; a result of the wrong kind is refused', () => {
    expect(settleSelection({ market: '1x2', pick: 'home' }, { kind: 'void' })).toBe('void');
    expect(() => settleSelection({ market: 'fight', pick: 'meron' }, score(1, 0))).toThrow(
      'sports.selection_invalid',
    );
    expect(() => settleSelection(ah('home', 0.1), score(1, 0))).toThrow('sports.selection_invalid');
  });
});

describe('odds formats', () => {
  it('known prices in every format', () => {
    expect(formatOdds(1950n, 'decimal')).toBe('1.95');
    expect(formatOdds(1950n, 'hongkong')).toBe('0.950');
    expect(formatOdds(1950n, 'malay')).toBe('0.950');
    expect(formatOdds(1950n, 'indonesian')).toBe('-1.053');
    expect(formatOdds(2500n, 'hongkong')).toBe('1.500');
    expect(formatOdds(2500n, 'malay')).toBe('-0.667');
    expect(formatOdds(2500n, 'indonesian')).toBe('1.500');
    expect(formatOdds(2000n, 'malay')).toBe('1.000');
    expect(formatOdds(2000n, 'indonesian')).toBe('1.000');
  });

  it('round-trips exactly: every stored price → any format → the same stored price', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: MIN_ODDS, max: MAX_ODDS }), fc.constantFrom(...oddsFormats), (d, f) => {
        expect(decimalFrom(oddsIn(d, f), f)).toBe(d);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a value that is no price in its format', () => {
    expect(decimalFrom({ num: -1n, den: 2n }, 'hongkong')).toBeNull();
    expect(decimalFrom({ num: 3n, den: 2n }, 'malay')).toBeNull(); // Malay positives are ≤ 1
    expect(decimalFrom({ num: 1n, den: 2n }, 'indonesian')).toBeNull(); // Indonesian positives are ≥ 1
    expect(decimalFrom({ num: 1n, den: 3n }, 'decimal')).toBeNull(); // below 1.001
    expect(decimalFrom({ num: 10n, den: 7n }, 'decimal')).toBeNull(); // not whole thousandths
  });
});

const legArb = (eventId: string) =>
  fc.record({
    eventId: fc.constant(eventId),
    selection: fc.constant<Selection>({ market: '1x2', pick: 'home' }),
    odds: fc.bigInt({ min: MIN_ODDS, max: 20_000n }),
  });
const resultArb = fc.constantFrom<LegResult>('win', 'half_win', 'push', 'half_lose', 'lose', 'void');

describe('parlays', () => {
  it('pay the stake times the product of the legs’ results, floored once', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 10 })
          .chain((n) =>
            fc.tuple(
              fc.tuple(...Array.from({ length: n }, (_, i) => legArb(`e${i}`))),
              fc.array(resultArb, { minLength: n, maxLength: n }),
              fc.bigInt({ min: 1n, max: 10_000_000n }),
            ),
          ),
        ([legs, results, stake]) => {
          // The reference: numerators and denominators multiplied without reduction.
          let num = stake;
          let den = 1n;
          results.forEach((r, i) => {
            const o = legs[i]!.odds;
            const [n, d] =
              r === 'win'
                ? [o, 1000n]
                : r === 'half_win'
                  ? [o + 1000n, 2000n]
                  : r === 'half_lose'
                    ? [1n, 2n]
                    : r === 'lose'
                      ? [0n, 1n]
                      : [1n, 1n];
            num *= n;
            den *= d;
          });
          expect(betReturn(stake, legs, results)).toBe(num / den);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a void leg counts at odds 1; a losing leg loses the parlay; all wins pay the potential return', () => {
    const legs: Leg[] = [
      { eventId: 'a', selection: { market: '1x2', pick: 'home' }, odds: 2000n },
      { eventId: 'b', selection: { market: '1x2', pick: 'home' }, odds: 1500n },
      { eventId: 'c', selection: { market: '1x2', pick: 'home' }, odds: 3000n },
    ];
    expect(betReturn(10_000n, legs, ['win', 'void', 'win'])).toBe(60_000n);
    expect(betReturn(10_000n, legs, ['win', 'lose', 'win'])).toBe(0n);
    expect(betReturn(10_000n, legs, ['win', 'win', 'win'])).toBe(potentialReturn(10_000n, legs));
    expect(potentialReturn(10_000n, legs)).toBe(90_000n);
    expect(betReturn(10_000n, legs, ['half_win', 'win', 'win'])).toBe(67_500n); // 1.5 × 1.5 × 3
  });

  it('are 2–10 legs from different events', () => {
    const leg = (eventId: string): Leg => ({
      eventId,
      selection: { market: 'btts', pick: 'yes' },
      odds: 1800n,
    });
    expect(checkBet([leg('a')])).toBeNull();
    expect(checkBet([leg('a'), leg('b')])).toBeNull();
    expect(checkBet([leg('a'), leg('a')])).toBe('sports.parlay_same_event');
    expect(checkBet(Array.from({ length: 11 }, (_, i) => leg(`e${i}`)))).toBe('sports.parlay_legs');
    expect(checkBet([])).toBe('sports.parlay_legs');
    expect(checkBet([{ ...leg('a'), odds: 1000n }])).toBe('sports.odds_invalid');
  });
});

describe('resettlement', () => {
  const resultArbitrary = fc.oneof(
    fc.record({
      kind: fc.constant('score' as const),
      home: fc.integer({ min: 0, max: 6 }),
      away: fc.integer({ min: 0, max: 6 }),
    }),
    fc.constant<EventResult>({ kind: 'void' }),
  );
  const selectionArb = fc.oneof(
    fc.record({
      market: fc.constant('1x2' as const),
      pick: fc.constantFrom('home' as const, 'draw' as const, 'away' as const),
    }),
    fc.record({
      market: fc.constant('handicap' as const),
      pick: fc.constantFrom('home' as const, 'away' as const),
      line: fc.integer({ min: -12, max: 12 }),
    }),
    fc.record({
      market: fc.constant('total' as const),
      pick: fc.constantFrom('over' as const, 'under' as const),
      line: fc.integer({ min: 1, max: 24 }),
    }),
  );

  it('conserves money: a correction moves exactly the difference, and the member ends with the corrected payout', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            selectionArb,
            fc.bigInt({ min: MIN_ODDS, max: 5000n }),
            fc.bigInt({ min: 1n, max: 1_000_000n }),
          ),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        resultArbitrary,
        resultArbitrary,
        (bets, first, corrected) => {
          let house = 0n;
          let members = 0n;
          for (const [selection, odds, stake] of bets) {
            const legs: Leg[] = [{ eventId: 'e', selection, odds }];
            members -= stake;
            house += stake;
            const a = settleBet(stake, legs, () => first)!.payout;
            members += a;
            house -= a;
            const b = settleBet(stake, legs, () => corrected)!.payout;
            const delta = resettlementDelta(a, b);
            members += delta;
            house -= delta;
            expect(a + delta).toBe(b);
          }
          expect(house + members).toBe(0n);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('cash-out', () => {
  it('is the fair value less the margin; nothing once a leg has lost', () => {
    expect(cashOutValue(10_000n, [{ odds: 2000n, state: 'open', currentOdds: 2000n }], 0n)).toBe(10_000n);
    // The price shortened to 1.25: the bet is worth 2.00 / 1.25 of the stake, less 5 %.
    expect(cashOutValue(10_000n, [{ odds: 2000n, state: 'open', currentOdds: 1250n }], 50_000n)).toBe(
      15_200n,
    );
    expect(
      cashOutValue(
        10_000n,
        [
          { odds: 2000n, state: 'win' },
          { odds: 1500n, state: 'open', currentOdds: 1500n },
        ],
        0n,
      ),
    ).toBe(20_000n);
    expect(cashOutValue(10_000n, [{ odds: 2000n, state: 'lose' }], 0n)).toBeNull();
  });
});
