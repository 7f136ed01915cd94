import { type EventResult, type LegResult, type Selection, settleSelection } from './index.js';

/**
 * Pricing for the book's simulator (docs/sports-maths.md, "Simulated fixtures"): outcome
 * distributions of simulated events and the price of any selection at a target return, computed
 * by settling the selection against every outcome with the same function that settles bets — so a
 * quarter line's half-wins and a draw's refunds are priced exactly as they will be paid. Floats are
 * fine here: a price is a published number; what a bet pays is computed from the accepted integer
 * price alone.
 */

/** An outcome distribution: results with their probabilities (summing to 1). */
export type Outcomes = { result: EventResult; p: number }[];

/** Prices are published to 0.01 and never below this. */
const FLOOR_MILLI = 1010;
const CEIL_MILLI = 500_000;

/**
 * The decimal price (thousandths, a multiple of 10) at which `sel` returns at most `targetReturn`
 * per unit staked over `outcomes`, or null when the selection cannot win. The expected return at
 * price o is linear in o: E(o) = o·(P(win) + P(half_win)/2) + P(half_win)/2 + P(push) + P(void) + P(half_lose)/2.
 */
export function priceSelection(sel: Selection, outcomes: Outcomes, targetReturn: number): bigint | null {
  const mass: Record<LegResult, number> = { win: 0, half_win: 0, push: 0, half_lose: 0, lose: 0, void: 0 };
  for (const o of outcomes) mass[settleSelection(sel, o.result)] += o.p;
  const slope = mass.win + mass.half_win / 2;
  const fixed = mass.half_win / 2 + mass.push + mass.void + mass.half_lose / 2;
  if (slope < 1e-6) return null;
  const odds = (targetReturn - fixed) / slope;
  // Rounded down to the cent: the published price never returns more than the target.
  const milli = Math.floor((odds * 1000) / 10 + 1e-9) * 10;
  if (milli < FLOOR_MILLI) return BigInt(FLOOR_MILLI);
  return BigInt(Math.min(milli, CEIL_MILLI));
}

/** The expected return per unit of a selection at a price (for tests and the bench). */
export function expectedReturn(sel: Selection, outcomes: Outcomes, oddsMilli: bigint): number {
  const o = Number(oddsMilli) / 1000;
  let e = 0;
  for (const x of outcomes) {
    const r = settleSelection(sel, x.result);
    const f =
      r === 'win'
        ? o
        : r === 'half_win'
          ? (o + 1) / 2
          : r === 'push' || r === 'void'
            ? 1
            : r === 'half_lose'
              ? 0.5
              : 0;
    e += x.p * f;
  }
  return e;
}

function poisson(lambda: number, from: number, to: number): number[] {
  const out: number[] = [];
  // log-space for large means (basketball).
  for (let k = from; k <= to; k++) {
    let logP = -lambda + k * Math.log(lambda);
    for (let i = 2; i <= k; i++) logP -= Math.log(i);
    out.push(Math.exp(logP));
  }
  return out;
}

/**
 * Independent Poisson scores (football with means near 1.5; basketball near 100, over the mean ± 5
 * standard deviations), renormalised over the grid.
 */
export function scoreOutcomes(homeMean: number, awayMean: number): Outcomes {
  const range = (m: number) => {
    const sd = Math.sqrt(m);
    return [Math.max(0, Math.floor(m - 5 * sd)), Math.ceil(m + 5 * sd) + 2] as const;
  };
  const [h0, h1] = range(homeMean);
  const [a0, a1] = range(awayMean);
  const ph = poisson(homeMean, h0, h1);
  const pa = poisson(awayMean, a0, a1);
  const out: Outcomes = [];
  let total = 0;
  ph.forEach((x, i) =>
    pa.forEach((y, j) => {
      total += x * y;
      out.push({ result: { kind: 'score', home: h0 + i, away: a0 + j }, p: x * y });
    }),
  );
  return out.map((o) => ({ ...o, p: o.p / total }));
}

/** A best-of-three sets match (tennis) where the home player wins each set with probability q. */
export function setsOutcomes(q: number): Outcomes {
  const r = 1 - q;
  return [
    { result: { kind: 'score', home: 2, away: 0 }, p: q * q },
    { result: { kind: 'score', home: 2, away: 1 }, p: 2 * q * r * q },
    { result: { kind: 'score', home: 1, away: 2 }, p: 2 * q * r * r },
    { result: { kind: 'score', home: 0, away: 2 }, p: r * r },
  ];
}

/** A best-of-`n` maps series (e-sports) where home wins each map with probability q. */
export function mapsOutcomes(q: number, bestOf = 3): Outcomes {
  const need = Math.ceil(bestOf / 2);
  const out: Outcomes = [];
  const walk = (maps: ('home' | 'away')[], p: number) => {
    const h = maps.filter((m) => m === 'home').length;
    const a = maps.length - h;
    if (h === need || a === need) {
      out.push({ result: { kind: 'maps', maps, winner: h === need ? 'home' : 'away' }, p });
      return;
    }
    walk([...maps, 'home'], p * q);
    walk([...maps, 'away'], p * (1 - q));
  };
  walk([], 1);
  return out;
}

/** A cockfight: Meron (the favourite's corner), Wala, a draw, or a cancelled fight. */
export function fightOutcomes(meron: number, draw = 0.04, cancelled = 0.02): Outcomes {
  const rest = 1 - draw - cancelled;
  return [
    { result: { kind: 'fight', outcome: 'meron' }, p: rest * meron },
    { result: { kind: 'fight', outcome: 'wala' }, p: rest * (1 - meron) },
    { result: { kind: 'fight', outcome: 'draw' }, p: draw },
    { result: { kind: 'fight', outcome: 'cancelled' }, p: cancelled },
  ];
}

/** Draws one outcome from a distribution with a uniform number in [0, 1). */
export function sampleOutcome(outcomes: Outcomes, u: number): EventResult {
  let acc = 0;
  for (const o of outcomes) {
    acc += o.p;
    if (u < acc) return o.result;
  }
  return outcomes[outcomes.length - 1]!.result;
}
