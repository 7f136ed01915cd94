/**
 * Sportsbook maths (docs/sports-maths.md): odds formats, market settlement with quarter lines,
 * parlays, resettlement and cash-out. Pure and deterministic over integer minor units (bigint) and
 * exact ratios; the server stores, schedules and posts what these functions compute.
 *
 * Prices are stored as **decimal odds in thousandths** (`1950n` = 1.950): the price a bet was
 * accepted at is the only number a payout is computed from. Hong Kong, Malay and Indonesian odds
 * are views of it, converted exactly (as ratios) and rounded only for display.
 */

/** Decimal odds are stored in thousandths. */
export const ODDS_SCALE = 1000n;
/** The lowest and highest prices the book accepts (1.001 and 1000.000). */
export const MIN_ODDS = 1001n;
export const MAX_ODDS = 1_000_000n;

export interface BigRatio {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

/** A ratio in lowest terms with a positive denominator. */
export function bigRatio(num: bigint, den: bigint): BigRatio {
  if (den === 0n) throw new RangeError('ratio: zero denominator');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

const mul = (a: BigRatio, b: BigRatio) => bigRatio(a.num * b.num, a.den * b.den);
const ONE: BigRatio = { num: 1n, den: 1n };
const HALF: BigRatio = { num: 1n, den: 2n };
const ZERO: BigRatio = { num: 0n, den: 1n };

// ── Odds formats ──────────────────────────────────────────────────────────────────────────────

export const oddsFormats = ['decimal', 'hongkong', 'malay', 'indonesian'] as const;
export type OddsFormat = (typeof oddsFormats)[number];

export function validOdds(decimalMilli: bigint): boolean {
  return decimalMilli >= MIN_ODDS && decimalMilli <= MAX_ODDS;
}

/**
 * The exact value of a price in a format. With p = decimal − 1 (the net win per unit):
 * decimal = 1 + p; Hong Kong = p; Malay = p when p ≤ 1, else −1/p; Indonesian = p when p ≥ 1,
 * else −1/p.
 */
export function oddsIn(decimalMilli: bigint, format: OddsFormat): BigRatio {
  if (!validOdds(decimalMilli)) throw new RangeError(`odds out of range: ${decimalMilli}`);
  const p = bigRatio(decimalMilli - ODDS_SCALE, ODDS_SCALE);
  switch (format) {
    case 'decimal':
      return bigRatio(decimalMilli, ODDS_SCALE);
    case 'hongkong':
      return p;
    case 'malay':
      return p.num <= p.den ? p : bigRatio(-p.den, p.num);
    case 'indonesian':
      return p.num >= p.den ? p : bigRatio(-p.den, p.num);
  }
}

/**
 * Back from a format's exact value to the stored decimal thousandths; null when the value is not
 * a price (out of range, or not a whole number of thousandths in decimal).
 */
export function decimalFrom(value: BigRatio, format: OddsFormat): bigint | null {
  let p: BigRatio;
  if (format === 'decimal') p = bigRatio(value.num - value.den, value.den);
  else if (value.num < 0n) {
    // Malay and Indonesian negatives are −1/p.
    if (format === 'hongkong') return null;
    p = bigRatio(value.den, -value.num);
    if (format === 'malay' && p.num <= p.den) return null;
    if (format === 'indonesian' && p.num >= p.den) return null;
  } else {
    p = value;
    if (format === 'malay' && p.num > p.den) return null;
    if (format === 'indonesian' && p.num < p.den) return null;
  }
  const milli = ODDS_SCALE + (p.num * ODDS_SCALE) / p.den;
  if ((p.num * ODDS_SCALE) % p.den !== 0n || !validOdds(milli)) return null;
  return milli;
}

/** A price shown in a format, rounded half away from zero to `digits` decimals (display only). */
export function formatOdds(
  decimalMilli: bigint,
  format: OddsFormat,
  digits = format === 'decimal' ? 2 : 3,
): string {
  const v = oddsIn(decimalMilli, format);
  const scale = 10n ** BigInt(digits);
  const neg = v.num < 0n;
  const abs = neg ? -v.num : v.num;
  const scaled = (abs * scale * 2n + v.den) / (2n * v.den);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(digits, '0');
  return `${neg ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
}

// ── Markets and results ───────────────────────────────────────────────────────────────────────

/** What happened in an event, as the settlement needs it. */
export type EventResult =
  | { kind: 'score'; home: number; away: number }
  /** E-sports: the winner of each map played, in order, and the match winner. */
  | { kind: 'maps'; maps: ('home' | 'away')[]; winner: 'home' | 'away' }
  /** Cockfight: Meron (the favourite's side), Wala, a draw, or a cancelled fight. */
  | { kind: 'fight'; outcome: 'meron' | 'wala' | 'draw' | 'cancelled' }
  /** The event did not take place or its result is void: every bet on it is refunded. */
  | { kind: 'void' };

/**
 * A market and the selection a bet took. Lines are in **quarter goals** (an integer: −3 is −0.75,
 * 10 is 2.5), so a quarter line needs no float: an odd quarter splits the stake over the two
 * neighbouring half lines.
 */
export type Selection =
  | { market: '1x2'; pick: 'home' | 'draw' | 'away' }
  | { market: 'handicap'; pick: 'home' | 'away'; line: number }
  | { market: 'total'; pick: 'over' | 'under'; line: number }
  | { market: 'btts'; pick: 'yes' | 'no' }
  | { market: 'correct_score'; home: number; away: number }
  | { market: 'match_winner'; pick: 'home' | 'away' }
  | { market: 'map_winner'; map: number; pick: 'home' | 'away' }
  | { market: 'fight'; pick: 'meron' | 'wala' | 'draw' };

export type Market = Selection['market'];

/** A leg's result. */
export const legResults = ['win', 'half_win', 'push', 'half_lose', 'lose', 'void'] as const;
export type LegResult = (typeof legResults)[number];

/** Whether a result kind can settle a market at all (a score cannot settle a cockfight bet). */
function fits(sel: Selection, result: EventResult): boolean {
  if (result.kind === 'void') return true;
  switch (sel.market) {
    case '1x2':
    case 'handicap':
    case 'total':
    case 'btts':
    case 'correct_score':
      return result.kind === 'score';
    case 'match_winner':
    case 'map_winner':
      return result.kind === 'maps';
    case 'fight':
      return result.kind === 'fight';
  }
}

/** Win, push or lose on a whole or half line: the sign of the adjusted margin (in quarters). */
const bySign = (quarters: number): LegResult => (quarters > 0 ? 'win' : quarters === 0 ? 'push' : 'lose');

/** Two half-stakes' results combined into one (quarter lines). */
function combine(a: LegResult, b: LegResult): LegResult {
  if (a === b) return a;
  const set = new Set([a, b]);
  if (set.has('win') && set.has('push')) return 'half_win';
  if (set.has('lose') && set.has('push')) return 'half_lose';
  // win + lose cannot happen on neighbouring half lines (they differ by half a goal).
  throw new Error(`cannot combine ${a} and ${b}`);
}

/**
 * The result of a line bet whose margin in quarter goals is `marginQuarters` (already including
 * the line): a line in whole or half goals settles by the sign; a quarter line (odd number of
 * quarters) splits into the two neighbouring half lines, half the stake each.
 */
function lineResult(marginQuarters: number, line: number): LegResult {
  if (Math.abs(line) % 2 === 1) return combine(bySign(marginQuarters - 1), bySign(marginQuarters + 1));
  return bySign(marginQuarters);
}

export class SelectionError extends Error {
  constructor(readonly code: 'sports.selection_invalid') {
    super(code);
  }
}

/** Checks a selection's own shape (lines are whole quarters within ±40 goals, maps 1–7, scores 0–30). */
export function validSelection(sel: Selection): boolean {
  const okLine = (l: number) => Number.isInteger(l) && Math.abs(l) <= 160;
  const okGoals = (g: number) => Number.isInteger(g) && g >= 0 && g <= 30;
  switch (sel.market) {
    case 'handicap':
      return okLine(sel.line);
    case 'total':
      return okLine(sel.line) && sel.line > 0;
    case 'correct_score':
      return okGoals(sel.home) && okGoals(sel.away);
    case 'map_winner':
      return Number.isInteger(sel.map) && sel.map >= 1 && sel.map <= 7;
    default:
      return true;
  }
}

/** Settles one selection against an event's result. */
export function settleSelection(sel: Selection, result: EventResult): LegResult {
  if (!validSelection(sel)) throw new SelectionError('sports.selection_invalid');
  if (!fits(sel, result)) throw new SelectionError('sports.selection_invalid');
  if (result.kind === 'void') return 'void';
  if (result.kind === 'score') {
    const { home, away } = result;
    switch (sel.market) {
      case '1x2': {
        const outcome = home > away ? 'home' : home < away ? 'away' : 'draw';
        return sel.pick === outcome ? 'win' : 'lose';
      }
      case 'handicap': {
        // The line is the picked side's: home −0.75 means home's goals − 0.75.
        const diff = (sel.pick === 'home' ? home - away : away - home) * 4;
        return lineResult(diff + sel.line, sel.line);
      }
      case 'total': {
        const margin = (home + away) * 4 - sel.line;
        return lineResult(sel.pick === 'over' ? margin : -margin, sel.line);
      }
      case 'btts':
        return (home > 0 && away > 0) === (sel.pick === 'yes') ? 'win' : 'lose';
      case 'correct_score':
        return sel.home === home && sel.away === away ? 'win' : 'lose';
    }
  }
  if (result.kind === 'maps') {
    if (sel.market === 'match_winner') return sel.pick === result.winner ? 'win' : 'lose';
    if (sel.market === 'map_winner') {
      const map = result.maps[sel.map - 1];
      if (map === undefined) return 'void'; // the map was not played
      return sel.pick === map ? 'win' : 'lose';
    }
  }
  if (result.kind === 'fight' && sel.market === 'fight') {
    if (result.outcome === 'cancelled') return 'void';
    // A draw pays its own odds; Meron and Wala bets are refunded on a draw.
    if (result.outcome === 'draw') return sel.pick === 'draw' ? 'win' : 'push';
    return sel.pick === result.outcome ? 'win' : 'lose';
  }
  throw new SelectionError('sports.selection_invalid');
}

/**
 * What one unit staked on a leg returns (stake included), exactly: win = odds; half-win = half at
 * odds, half back; push and void = 1; half-lose = ½; lose = 0.
 */
export function legFactor(result: LegResult, decimalMilli: bigint): BigRatio {
  const odds = bigRatio(decimalMilli, ODDS_SCALE);
  switch (result) {
    case 'win':
      return odds;
    case 'half_win':
      return bigRatio(odds.num + odds.den, 2n * odds.den);
    case 'push':
    case 'void':
      return ONE;
    case 'half_lose':
      return HALF;
    case 'lose':
      return ZERO;
  }
}

// ── Bets: singles and parlays ─────────────────────────────────────────────────────────────────

export interface Leg {
  /** The event the selection belongs to (a parlay takes at most one leg per event). */
  eventId: string;
  selection: Selection;
  /** The accepted price, decimal thousandths. */
  odds: bigint;
}

export const PARLAY_MIN_LEGS = 2;
export const PARLAY_MAX_LEGS = 10;

export type BetShapeError =
  'sports.parlay_legs' | 'sports.parlay_same_event' | 'sports.odds_invalid' | 'sports.selection_invalid';

/** Checks a bet's legs: one leg (a single) or 2–10 legs from different events, valid prices. */
export function checkBet(legs: readonly Leg[]): BetShapeError | null {
  if (legs.length === 0 || legs.length > PARLAY_MAX_LEGS) return 'sports.parlay_legs';
  if (new Set(legs.map((l) => l.eventId)).size !== legs.length) return 'sports.parlay_same_event';
  for (const l of legs) {
    if (!validOdds(l.odds)) return 'sports.odds_invalid';
    if (!validSelection(l.selection)) return 'sports.selection_invalid';
  }
  return null;
}

/** The combined price of a bet's legs (the product of their odds), exact. */
export function combinedOdds(legs: readonly Leg[]): BigRatio {
  return legs.reduce((acc, l) => mul(acc, bigRatio(l.odds, ODDS_SCALE)), ONE);
}

/** The most a bet can return (every leg a full win), floored to the minor unit. */
export function potentialReturn(stake: bigint, legs: readonly Leg[]): bigint {
  const c = combinedOdds(legs);
  return (stake * c.num) / c.den;
}

/**
 * A bet's return given each leg's result (stake included), floored to the minor unit: the stake
 * times the product of the legs' factors. A voided or pushed leg counts at odds 1, so a parlay
 * with a void leg pays as the parlay of the others; any losing leg makes it 0.
 */
export function betReturn(stake: bigint, legs: readonly Leg[], results: readonly LegResult[]): bigint {
  if (results.length !== legs.length) throw new RangeError('one result per leg');
  let f = ONE;
  for (let i = 0; i < legs.length; i++) f = mul(f, legFactor(results[i]!, legs[i]!.odds));
  return (stake * f.num) / f.den;
}

/** Settles a bet against the results of its events (by event id); null while any is missing. */
export function settleBet(
  stake: bigint,
  legs: readonly Leg[],
  resultOf: (eventId: string) => EventResult | undefined,
): { results: LegResult[]; payout: bigint } | null {
  const results: LegResult[] = [];
  for (const leg of legs) {
    const r = resultOf(leg.eventId);
    if (!r) return null;
    results.push(settleSelection(leg.selection, r));
  }
  return { results, payout: betReturn(stake, legs, results) };
}

/**
 * Resettlement after an operator corrects a result: what moves through the ledger so the member
 * ends with the corrected payout — positive pays more, negative takes back. Applied after the
 * first settlement, the total paid equals the corrected settlement's payout.
 */
export function resettlementDelta(previousPayout: bigint, correctedPayout: bigint): bigint {
  return correctedPayout - previousPayout;
}

/**
 * Cash-out value of an open single or parlay while its markets are open: the bet's current fair
 * value (stake × accepted price ÷ current price, legs already won count at their odds, open legs at
 * the ratio of accepted to current price) less the brand's margin (millionths), floored. Null when
 * a leg has lost (nothing to cash out).
 */
export function cashOutValue(
  stake: bigint,
  legs: readonly { odds: bigint; state: 'open' | LegResult; currentOdds?: bigint }[],
  marginMillionths: bigint,
): bigint | null {
  let f = ONE;
  for (const l of legs) {
    if (l.state === 'open') {
      if (l.currentOdds === undefined || !validOdds(l.currentOdds)) return null;
      f = mul(f, bigRatio(l.odds, l.currentOdds));
    } else {
      const leg = legFactor(l.state, l.odds);
      if (leg.num === 0n) return null;
      f = mul(f, leg);
    }
  }
  f = mul(f, bigRatio(1_000_000n - marginMillionths, 1_000_000n));
  return (stake * f.num) / f.den;
}
