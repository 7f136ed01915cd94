import type { LotteryFamily } from './calendar.js';
import { type LotteryDraw, prizeNumbers } from './draw.js';

/**
 * Bet types, their content format, units, odds and settlement (docs/lottery-fairness.md).
 *
 * A bet's `content` is a compact string: positions separated by `|`, choices within a position by
 * `,` (e.g. SSC positional `1,3||5||`); single-list types are one comma list (`03,17,88`); option
 * types list option codes (`big,odd`). A **unit** is one combination the content covers; the stake
 * is units × unit stake × multiple.
 *
 * Odds derive from the true probability: every unit's expected return is prizeGroup / 2000 (the
 * house edge is 1 − prizeGroup/2000). Types with several prize tiers (SEA 4D) keep the published
 * proportions between tiers, scaled so the expectation still holds.
 */

export interface BigRatioLike {
  num: bigint;
  den: bigint;
}

export type LotteryPicker =
  /** Rows of choices (positions); `values` the choices of every row. */
  | { kind: 'rows'; rows: string[]; values: string[]; minPerRow: number }
  /** One list of choices from `values`, at least `min`. */
  | { kind: 'list'; values: string[]; min: number; max?: number }
  /** Typed numbers of `width` digits, at least `min`. */
  | { kind: 'numbers'; width: number; min: number }
  /** Options to tick. */
  | { kind: 'options'; options: string[] };

export interface LotteryBetType {
  code: string;
  families: readonly LotteryFamily[];
  names: Record<'en' | 'zh', string>;
  picker: LotteryPicker;
  /** VN lô is priced per point (a unit is one point); the others per combination. */
  pricing: 'unit' | 'point';
}

export const MAX_UNITS = 100_000;
export const PRIZE_GROUP_MIN = 1700;
export const PRIZE_GROUP_MAX = 1980;

type Hit = { tier: string; count: bigint; per: bigint };
interface Impl extends LotteryBetType {
  parse(content: string, family: LotteryFamily): Sel | null;
  units(sel: Sel): number;
  /** Expected unit-hits per unit of each tier, and its published weight when tiers are grouped. */
  tiers(family: LotteryFamily): { tier: string; prob: BigRatioLike; weight?: bigint }[];
  hits(sel: Sel, draw: LotteryDraw): Hit[];
}
type Sel = { rows: string[][] } | { list: string[] } | { options: string[] };

// ── helpers ──────────────────────────────────────────────────────────────────────────────────

const r = (num: bigint | number, den: bigint | number): BigRatioLike => ({
  num: BigInt(num),
  den: BigInt(den),
});
const range = (from: number, to: number, width = 1) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(width, '0'));
const DIGITS = range(0, 9);

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return Math.round(c);
}

/** A comma list of distinct values from `allowed` (sorted), or null. */
function list(text: string, allowed: readonly string[]): string[] | null {
  if (text === '') return [];
  const items = text.split(',');
  if (new Set(items).size !== items.length) return null;
  if (!items.every((i) => allowed.includes(i))) return null;
  return items.sort();
}

/** `n` positions separated by `|`. */
function rows(text: string, n: number, allowed: readonly string[], minPerRow: number): string[][] | null {
  const parts = text.split('|');
  if (parts.length !== n) return null;
  const out: string[][] = [];
  for (const p of parts) {
    const l = list(p, allowed);
    if (!l || l.length < minPerRow) return null;
    out.push(l);
  }
  return out;
}

/** Typed numbers of `width` digits, distinct. */
function numbers(text: string, width: number): string[] | null {
  const items = text.split(',');
  const re = new RegExp(`^\\d{${width}}$`);
  if (!items.every((i) => re.test(i)) || new Set(items).size !== items.length) return null;
  return items.sort();
}

const rowsOf = (s: Sel) => (s as { rows: string[][] }).rows;
const listOf = (s: Sel) => (s as { list: string[] }).list;
const optionsOf = (s: Sel) => (s as { options: string[] }).options;
const one = (tier: string, count: number): Hit[] =>
  count > 0 ? [{ tier, count: BigInt(count), per: 1n }] : [];

const names = (en: string, zh: string) => ({ en, zh });
const POS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];

/** Option bets: each ticked option is a unit; `won(option, draw)` says which hit. */
function optionType(
  code: string,
  families: LotteryFamily[],
  nm: Record<'en' | 'zh', string>,
  probs: Record<string, BigRatioLike>,
  won: (option: string, draw: LotteryDraw) => boolean,
): Impl {
  const options = Object.keys(probs);
  return {
    code,
    families,
    names: nm,
    picker: { kind: 'options', options },
    pricing: 'unit',
    parse: (c) => {
      const l = list(c, options);
      return l && l.length > 0 ? { options: l } : null;
    },
    units: (s) => optionsOf(s).length,
    tiers: () => options.map((o) => ({ tier: o, prob: probs[o]! })),
    hits: (s, d) => optionsOf(s).flatMap((o) => one(o, won(o, d) ? 1 : 0)),
  };
}

/** Positional bets: a unit per chosen value per row; a row hits when the draw has the value there. */
function positional(
  code: string,
  family: LotteryFamily,
  nm: Record<'en' | 'zh', string>,
  positions: number,
  values: string[],
): Impl {
  return {
    code,
    families: [family],
    names: nm,
    picker: { kind: 'rows', rows: POS.slice(0, positions), values, minPerRow: 0 },
    pricing: 'unit',
    parse: (c) => {
      const rr = rows(c, positions, values, 0);
      return rr && rr.some((x) => x.length > 0) ? { rows: rr } : null;
    },
    units: (s) => rowsOf(s).reduce((n, x) => n + x.length, 0),
    tiers: () => [{ tier: 'hit', prob: r(1, values.length) }],
    hits: (s, d) => one('hit', rowsOf(s).filter((x, i) => x.includes(d.numbers[i]!)).length),
  };
}

/** A straight bet on three consecutive SSC positions starting at `from`. */
function straight3(code: string, from: number, nm: Record<'en' | 'zh', string>): Impl {
  return {
    code,
    families: ['ssc'],
    names: nm,
    picker: { kind: 'rows', rows: POS.slice(from, from + 3), values: DIGITS, minPerRow: 1 },
    pricing: 'unit',
    parse: (c) => {
      const rr = rows(c, 3, DIGITS, 1);
      return rr ? { rows: rr } : null;
    },
    units: (s) => rowsOf(s).reduce((n, x) => n * x.length, 1),
    tiers: () => [{ tier: 'hit', prob: r(1, 1000) }],
    hits: (s, d) => one('hit', rowsOf(s).every((x, i) => x.includes(d.numbers[from + i]!)) ? 1 : 0),
  };
}

/** A bet on one list of choices: from fixed values (`list` picker) or typed numbers (`numbers`). */
function chosenType(
  code: string,
  families: LotteryFamily[],
  nm: Record<'en' | 'zh', string>,
  picker: LotteryPicker & { kind: 'list' | 'numbers' },
  units: (chosen: string[]) => number,
  tiers: Impl['tiers'],
  hits: (chosen: string[], d: LotteryDraw) => Hit[],
  pricing: 'unit' | 'point' = 'unit',
): Impl {
  const parseList = (c: string) =>
    picker.kind === 'list' ? list(c, picker.values) : numbers(c, picker.width);
  return {
    code,
    families,
    names: nm,
    picker,
    pricing,
    parse: (c) => {
      const l = parseList(c);
      return l && l.length >= picker.min ? { list: l } : null;
    },
    units: (s) => units(listOf(s)),
    tiers,
    hits: (s, d) => hits(listOf(s), d),
  };
}

function listType(
  code: string,
  families: LotteryFamily[],
  nm: Record<'en' | 'zh', string>,
  values: string[],
  min: number,
  units: (n: number) => number,
  tiers: Impl['tiers'],
  hits: (chosen: string[], d: LotteryDraw) => Hit[],
): Impl {
  return chosenType(code, families, nm, { kind: 'list', values, min }, (c) => units(c.length), tiers, hits);
}

function numbersType(
  code: string,
  families: LotteryFamily[],
  nm: Record<'en' | 'zh', string>,
  width: number,
  min: number,
  units: (chosen: string[]) => number,
  tiers: Impl['tiers'],
  hits: (chosen: string[], d: LotteryDraw) => Hit[],
  pricing: 'unit' | 'point' = 'unit',
): Impl {
  return chosenType(code, families, nm, { kind: 'numbers', width, min }, units, tiers, hits, pricing);
}

// ── SSC ──────────────────────────────────────────────────────────────────────────────────────

const back3 = (d: LotteryDraw) => d.numbers.slice(2, 5);
const sscSum = (d: LotteryDraw) => d.numbers.reduce((s, x) => s + Number(x), 0);

const ssc: Impl[] = [
  positional('ssc.pos', 'ssc', names('Position digit', '定位胆'), 5, DIGITS),
  straight3('ssc.front3', 0, names('Front three straight', '前三直选')),
  straight3('ssc.mid3', 1, names('Middle three straight', '中三直选')),
  straight3('ssc.back3', 2, names('Back three straight', '后三直选')),
  listType(
    'ssc.group3',
    ['ssc'],
    names('Back three group-3', '后三组三'),
    DIGITS,
    2,
    (n) => n * (n - 1),
    () => [{ tier: 'hit', prob: r(3, 1000) }],
    (chosen, d) => {
      const b = back3(d);
      const distinct = [...new Set(b)];
      return one('hit', distinct.length === 2 && distinct.every((x) => chosen.includes(x)) ? 1 : 0);
    },
  ),
  listType(
    'ssc.group6',
    ['ssc'],
    names('Back three group-6', '后三组六'),
    DIGITS,
    3,
    (n) => choose(n, 3),
    () => [{ tier: 'hit', prob: r(6, 1000) }],
    (chosen, d) => {
      const b = back3(d);
      return one('hit', new Set(b).size === 3 && b.every((x) => chosen.includes(x)) ? 1 : 0);
    },
  ),
  optionType(
    'ssc.bsoe.sum',
    ['ssc'],
    names('Sum big/small/odd/even', '总和大小单双'),
    { big: r(1, 2), small: r(1, 2), odd: r(1, 2), even: r(1, 2) },
    (o, d) => {
      const s = sscSum(d);
      return o === 'big' ? s >= 23 : o === 'small' ? s <= 22 : o === 'odd' ? s % 2 === 1 : s % 2 === 0;
    },
  ),
  optionType(
    'ssc.dragon_tiger',
    ['ssc'],
    names('Dragon / tiger (1st vs 5th)', '龙虎(万千)'),
    { dragon: r(45, 100), tiger: r(45, 100), tie: r(10, 100) },
    (o, d) => {
      const a = Number(d.numbers[0]);
      const b = Number(d.numbers[4]);
      return o === 'dragon' ? a > b : o === 'tiger' ? a < b : a === b;
    },
  ),
];

// ── 11 choose 5 ──────────────────────────────────────────────────────────────────────────────

const BALLS11 = range(1, 11, 2);
const x5: Impl[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((k) =>
    listType(
      `11x5.any${k}`,
      ['11x5'],
      names(`Any ${k}`, `任选${k}`),
      BALLS11,
      k,
      (n) => choose(n, k),
      () => [{ tier: 'hit', prob: k <= 5 ? r(choose(5, k), choose(11, k)) : r(choose(k, 5), choose(11, 5)) }],
      (chosen, d) => {
        const inDraw = chosen.filter((x) => d.numbers.includes(x)).length;
        return one('hit', k <= 5 ? choose(inDraw, k) : inDraw === 5 ? choose(chosen.length - 5, k - 5) : 0);
      },
    ),
  ),
  positional('11x5.pos', '11x5', names('Position', '定位胆'), 5, BALLS11),
];

// ── PK10 ─────────────────────────────────────────────────────────────────────────────────────

const CARS = range(1, 10, 2);
const top2Ways = (sum: number) => {
  let w = 0;
  for (let a = 1; a <= 10; a++) for (let b = 1; b <= 10; b++) if (a !== b && a + b === sum) w++;
  return w;
};
const pk10: Impl[] = [
  positional('pk10.pos', 'pk10', names('Position', '定位胆'), 10, CARS),
  positional('pk10.champion', 'pk10', names('Champion', '冠军'), 1, CARS),
  listType(
    'pk10.top2sum',
    ['pk10'],
    names('Champion + runner-up sum', '冠亚和值'),
    range(3, 19),
    1,
    (n) => n,
    () => range(3, 19).map((s) => ({ tier: s, prob: r(top2Ways(Number(s)), 90) })),
    (chosen, d) => {
      const s = String(Number(d.numbers[0]) + Number(d.numbers[1]));
      return chosen.includes(s) ? one(s, 1) : [];
    },
  ),
  optionType(
    'pk10.dragon_tiger',
    ['pk10'],
    names('Dragon / tiger (1st vs 10th)', '龙虎(冠军vs第十)'),
    { dragon: r(1, 2), tiger: r(1, 2) },
    (o, d) => (o === 'dragon') === Number(d.numbers[0]) > Number(d.numbers[9]),
  ),
];

// ── K3 ───────────────────────────────────────────────────────────────────────────────────────

const FACES = range(1, 6);
const diceOf = (d: LotteryDraw) => d.numbers.map(Number);
const sumWays = (sum: number) => {
  let w = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) if (a + b + c === sum) w++;
  return w;
};
const k3: Impl[] = [
  listType(
    'k3.sum',
    ['k3'],
    names('Sum', '和值'),
    range(3, 18),
    1,
    (n) => n,
    () => range(3, 18).map((s) => ({ tier: s, prob: r(sumWays(Number(s)), 216) })),
    (chosen, d) => {
      const s = String(diceOf(d).reduce((a, b) => a + b, 0));
      return chosen.includes(s) ? one(s, 1) : [];
    },
  ),
  optionType(
    'k3.triple_any',
    ['k3'],
    names('Any triple', '三同号通选'),
    { any: r(6, 216) },
    (_o, d) => new Set(d.numbers).size === 1,
  ),
  listType(
    'k3.triple',
    ['k3'],
    names('Specific triple', '三同号单选'),
    FACES,
    1,
    (n) => n,
    () => [{ tier: 'hit', prob: r(1, 216) }],
    (chosen, d) => one('hit', new Set(d.numbers).size === 1 && chosen.includes(d.numbers[0]!) ? 1 : 0),
  ),
  listType(
    'k3.pair',
    ['k3'],
    names('Pair', '二同号复选'),
    FACES,
    1,
    (n) => n,
    () => [{ tier: 'hit', prob: r(16, 216) }],
    (chosen, d) => one('hit', chosen.filter((f) => d.numbers.filter((x) => x === f).length >= 2).length),
  ),
  listType(
    'k3.all_diff',
    ['k3'],
    names('Three different', '三不同号'),
    FACES,
    3,
    (n) => choose(n, 3),
    () => [{ tier: 'hit', prob: r(6, 216) }],
    (chosen, d) =>
      one('hit', new Set(d.numbers).size === 3 && d.numbers.every((x) => chosen.includes(x)) ? 1 : 0),
  ),
  optionType('k3.bs', ['k3'], names('Big / small', '大小'), { big: r(1, 2), small: r(1, 2) }, (o, d) => {
    const s = diceOf(d).reduce((a, b) => a + b, 0);
    return o === 'big' ? s >= 11 : s <= 10;
  }),
];

// ── Vietnamese ──────────────────────────────────────────────────────────────────────────────

const VN: LotteryFamily[] = ['vn_north', 'vn_south', 'vn_fast'];
const prizeCount = (f: LotteryFamily) => (f === 'vn_south' ? 18 : 27);
const endings = (d: LotteryDraw) => d.numbers.map((n) => n.slice(-2));
const special = (d: LotteryDraw) => prizeNumbers(d, 'special')[0] ?? '';

/** P(k given two-digit endings all appear among N independent uniform endings), exactly. */
function allAppear(k: number, n: number): BigRatioLike {
  let num = 0n;
  const den = 100n ** BigInt(n);
  for (let j = 0; j <= k; j++) {
    const term = BigInt(choose(k, j)) * BigInt(100 - j) ** BigInt(n);
    num += j % 2 === 0 ? term : -term;
  }
  return { num, den };
}

const vn: Impl[] = [
  numbersType(
    'vn.lo',
    VN,
    names('Lô (last two, any prize)', '包组(任意奖末两位)'),
    2,
    1,
    (c) => c.length,
    (f) => [{ tier: 'hit', prob: r(prizeCount(f), 100) }],
    (chosen, d) => {
      const e = endings(d);
      return one(
        'hit',
        chosen.reduce((n, x) => n + e.filter((y) => y === x).length, 0),
      );
    },
    'point',
  ),
  numbersType(
    'vn.de',
    VN,
    names('Đề (last two of the special)', '特别奖末两位'),
    2,
    1,
    (c) => c.length,
    () => [{ tier: 'hit', prob: r(1, 100) }],
    (chosen, d) => one('hit', chosen.includes(special(d).slice(-2)) ? 1 : 0),
  ),
  ...[2, 3, 4].map((k) =>
    numbersType(
      `vn.xien${k}`,
      VN,
      names(`Xiên ${k}`, `串${k}`),
      2,
      k,
      (c) => choose(c.length, k),
      (f) => [{ tier: 'hit', prob: allAppear(k, prizeCount(f)) }],
      (chosen, d) => {
        const e = new Set(endings(d));
        return one('hit', choose(chosen.filter((x) => e.has(x)).length, k));
      },
    ),
  ),
  numbersType(
    'vn.3cang',
    VN,
    names('3 càng (last three of the special)', '特别奖末三位'),
    3,
    1,
    (c) => c.length,
    () => [{ tier: 'hit', prob: r(1, 1000) }],
    (chosen, d) => one('hit', chosen.includes(special(d).slice(-3)) ? 1 : 0),
  ),
];

// ── SEA 4D ───────────────────────────────────────────────────────────────────────────────────

/** Published payouts per unit (the usual 4D sheet), before scaling to the prize group. */
const BIG_WEIGHTS: [string, bigint, number][] = [
  ['first', 2500n, 1],
  ['second', 1000n, 1],
  ['third', 500n, 1],
  ['special', 180n, 10],
  ['consolation', 60n, 10],
];
const SMALL_WEIGHTS: [string, bigint, number][] = [
  ['first', 3500n, 1],
  ['second', 2000n, 1],
  ['third', 1000n, 1],
];
const tierOf = (d: LotteryDraw, n: string) => d.prizes?.find((p) => p.numbers.includes(n))?.tier;

/** The distinct orderings of a 4-digit number (1, 4, 6, 12 or 24). */
export function permutations4(n: string): string[] {
  const out = new Set<string>();
  const go = (prefix: string, rest: string) => {
    if (!rest) out.add(prefix);
    for (let i = 0; i < rest.length; i++) go(prefix + rest[i], rest.slice(0, i) + rest.slice(i + 1));
  };
  go('', n);
  return [...out];
}

function seaType(
  code: string,
  nm: Record<'en' | 'zh', string>,
  weights: [string, bigint, number][],
  mode: 'straight' | 'box' | 'ibox',
): Impl {
  const tiers = () => weights.map(([tier, weight, count]) => ({ tier, weight, prob: r(count, 10_000) }));
  return numbersType(
    code,
    ['sea_4d'],
    nm,
    4,
    1,
    (c) => (mode === 'box' ? c.reduce((n, x) => n + permutations4(x).length, 0) : c.length),
    tiers,
    (chosen, d) => {
      const hits: Hit[] = [];
      const allowed = new Set(weights.map(([t]) => t));
      for (const x of chosen) {
        const candidates = mode === 'straight' ? [x] : permutations4(x);
        const per = mode === 'ibox' ? BigInt(candidates.length) : 1n;
        for (const c of candidates) {
          const t = tierOf(d, c);
          if (t && allowed.has(t)) hits.push({ tier: t, count: 1n, per });
        }
      }
      return hits;
    },
  );
}

const sea: Impl[] = [
  seaType('sea.big', names('Big', '大'), BIG_WEIGHTS, 'straight'),
  seaType('sea.small', names('Small', '小'), SMALL_WEIGHTS, 'straight'),
  seaType('sea.box_big', names('Box (Big)', '包号(大)'), BIG_WEIGHTS, 'box'),
  seaType('sea.ibox_big', names('i-Box (Big)', 'i包号(大)'), BIG_WEIGHTS, 'ibox'),
];

const ALL: Impl[] = [...ssc, ...x5, ...pk10, ...k3, ...vn, ...sea];

const find = (family: LotteryFamily, code: string) =>
  ALL.find((t) => t.code === code && t.families.includes(family));

// ── the public functions ─────────────────────────────────────────────────────────────────────

export function lotteryBetTypes(family: LotteryFamily): LotteryBetType[] {
  return ALL.filter((t) => t.families.includes(family)).map(
    ({ code, families, names: n, picker, pricing }) => ({
      code,
      families,
      names: n,
      picker,
      pricing,
    }),
  );
}

export type LotteryQuote =
  | { ok: true; units: number }
  | { ok: false; code: 'lottery.bet_type_unknown' | 'lottery.content_invalid' | 'lottery.too_many_units' };

/** Parses and counts a bet's content: the number of units it covers, or why it is refused. */
export function quoteLotteryBet(family: LotteryFamily, betType: string, content: string): LotteryQuote {
  const t = find(family, betType);
  if (!t) return { ok: false, code: 'lottery.bet_type_unknown' };
  if (typeof content !== 'string' || content.length > 20_000)
    return { ok: false, code: 'lottery.content_invalid' };
  const sel = t.parse(content, family);
  if (!sel) return { ok: false, code: 'lottery.content_invalid' };
  const units = t.units(sel);
  if (units < 1) return { ok: false, code: 'lottery.content_invalid' };
  if (units > MAX_UNITS) return { ok: false, code: 'lottery.too_many_units' };
  return { ok: true, units };
}

const reduce = (n: bigint, d: bigint): BigRatioLike => {
  let [a, b] = [n < 0n ? -n : n, d];
  while (b) [a, b] = [b, a % b];
  return { num: n / a, den: d / a };
};

/**
 * The published payout of each tier per unit staked (stake included), exactly: independent tiers
 * pay (prizeGroup/2000) ÷ their probability; grouped tiers (4D) keep their published proportions,
 * scaled so a unit's expected return is prizeGroup/2000.
 */
export function lotteryOdds(
  family: LotteryFamily,
  betType: string,
  prizeGroup: number,
): { tier: string; payout: BigRatioLike }[] {
  const key = `${family}:${betType}:${prizeGroup}`;
  let odds = oddsCache.get(key);
  if (!odds) {
    odds = computeOdds(family, betType, prizeGroup);
    oddsCache.set(key, odds);
  }
  return odds;
}

/** Odds are a pure function of (family, type, prize group): computed once each. */
const oddsCache = new Map<string, { tier: string; payout: BigRatioLike }[]>();

function computeOdds(
  family: LotteryFamily,
  betType: string,
  prizeGroup: number,
): { tier: string; payout: BigRatioLike }[] {
  const t = find(family, betType);
  if (!t) throw new RangeError(`unknown bet type ${betType} for ${family}`);
  if (!Number.isInteger(prizeGroup) || prizeGroup < PRIZE_GROUP_MIN || prizeGroup > PRIZE_GROUP_MAX)
    throw new RangeError(`prize group ${prizeGroup} outside ${PRIZE_GROUP_MIN}–${PRIZE_GROUP_MAX}`);
  const pg = BigInt(prizeGroup);
  const tiers = t.tiers(family);
  if (tiers.some((x) => x.weight !== undefined)) {
    // Σ prob × weight, over a common denominator.
    let num = 0n;
    let den = 1n;
    for (const x of tiers) {
      num = num * x.prob.den + x.prob.num * x.weight! * den;
      den *= x.prob.den;
    }
    // payout = weight × (pg/2000) ÷ (num/den)
    return tiers.map((x) => ({ tier: x.tier, payout: reduce(x.weight! * pg * den, 2000n * num) }));
  }
  return tiers.map((x) => ({ tier: x.tier, payout: reduce(pg * x.prob.den, 2000n * x.prob.num) }));
}

/**
 * What one unit stake at multiple 1 returns for a bet against a draw, exactly (Σ hits × tier
 * payout), with the units and winning unit-hits. `settleLotteryBet` floors it once for money.
 */
export function lotteryReturn(input: {
  family: LotteryFamily;
  betType: string;
  content: string;
  prizeGroup: number;
  draw: LotteryDraw;
}): { units: number; winningUnits: number; perUnitStake: BigRatioLike } {
  const t = find(input.family, input.betType);
  if (!t) throw new RangeError(`unknown bet type ${input.betType}`);
  const sel = t.parse(input.content, input.family);
  if (!sel) throw new RangeError(`invalid content for ${input.betType}`);
  const odds = new Map(
    lotteryOdds(input.family, input.betType, input.prizeGroup).map((o) => [o.tier, o.payout]),
  );
  let num = 0n;
  let den = 1n;
  let winning = 0;
  for (const h of t.hits(sel, input.draw)) {
    const p = odds.get(h.tier)!;
    const hn = h.count * p.num;
    const hd = h.per * p.den;
    num = num * hd + hn * den;
    den *= hd;
    winning += Number(h.count);
  }
  return { units: t.units(sel), winningUnits: winning, perUnitStake: reduce(num, den) };
}

/**
 * Settles one bet: its units, its winning unit-hits (with multiplicity: lô pays per occurrence),
 * and the payout in minor units, floored once: ⌊unit stake × multiple × Σ hits × tier payout⌋.
 */
export function settleLotteryBet(input: {
  family: LotteryFamily;
  betType: string;
  content: string;
  unitStakeMinor: bigint;
  multiple: number;
  prizeGroup: number;
  draw: LotteryDraw;
}): { units: number; winningUnits: number; payoutMinor: bigint } {
  const r = lotteryReturn(input);
  const payoutMinor =
    (input.unitStakeMinor * BigInt(input.multiple) * r.perUnitStake.num) / r.perUnitStake.den;
  return { units: r.units, winningUnits: r.winningUnits, payoutMinor };
}
