import { FairStream, hashServerSeed } from '../fair.js';
import { type LotteryFamily, type LotteryGameDef, issueNonce } from './calendar.js';

/**
 * A draw's numbers. `numbers` is the family's result row (SSC five digits '0'–'9', 11-choose-5
 * five of '01'–'11' in draw order, PK10 the ten cars' finishing order, K3 three dice '1'–'6');
 * the prize-sheet families (VN, SEA 4D) list every prize number in sheet order in `numbers` and
 * group them by tier in `prizes`.
 */
export interface LotteryDraw {
  family: LotteryFamily;
  numbers: string[];
  prizes?: { tier: string; numbers: string[] }[];
}

/** What is published before sales open: SHA-256 of the server seed (hex). */
export function lotteryCommitment(serverSeed: string): string {
  return hashServerSeed(serverSeed);
}

const digits = (s: FairStream, n: number) => Array.from({ length: n }, () => String(s.nextInt(10))).join('');

/** VN north sheet: special, G1, G2 ×2, G3 ×6 (five digits), G4 ×4, G5 ×6 (four), G6 ×3 (three), G7 ×4 (two). */
const VN_NORTH: [string, number, number][] = [
  ['special', 1, 5],
  ['g1', 1, 5],
  ['g2', 2, 5],
  ['g3', 6, 5],
  ['g4', 4, 4],
  ['g5', 6, 4],
  ['g6', 3, 3],
  ['g7', 4, 2],
];
/** VN south/central sheet, drawn from G8 up: G8 (two digits), G7 (three), G6 ×3, G5 (four), G4 ×7, G3 ×2, G2, G1 (five), special (six). */
const VN_SOUTH: [string, number, number][] = [
  ['g8', 1, 2],
  ['g7', 1, 3],
  ['g6', 3, 4],
  ['g5', 1, 4],
  ['g4', 7, 5],
  ['g3', 2, 5],
  ['g2', 1, 5],
  ['g1', 1, 5],
  ['special', 1, 6],
];
/** SEA 4D: 1st, 2nd, 3rd, 10 special (starter), 10 consolation: 23 different numbers. */
const SEA_TIERS: [string, number][] = [
  ['first', 1],
  ['second', 1],
  ['third', 1],
  ['special', 10],
  ['consolation', 10],
];

/**
 * The first k of the fair stream's Fisher–Yates shuffle of 0 … n−1 — the same numbers as
 * `stream.sample(range, k)` — touching only the k positions it swaps (a 4D draw shuffles 10,000).
 */
export function sampleRange(stream: FairStream, n: number, k: number): number[] {
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? i;
  const out: number[] = [];
  for (let i = 0; i < k; i++) {
    if (i < n - 1) {
      const j = i + stream.nextInt(n - i);
      const a = at(i);
      moved.set(i, at(j));
      moved.set(j, a);
    }
    out.push(at(i));
  }
  return out;
}

/**
 * The draw of an issue, from the server seed by the published algorithm (docs/lottery-fairness.md):
 * the fair stream with clientSeed = the game's code and nonce = the issue's digits, consumed in
 * the family's order. Pure: anyone with the revealed seed recomputes it.
 */
export function drawLottery(game: LotteryGameDef, serverSeed: string, issue: string): LotteryDraw {
  const s = new FairStream({ serverSeed, clientSeed: game.code, nonce: issueNonce(issue) });
  const family = game.family;
  switch (family) {
    case 'ssc':
      return { family, numbers: Array.from({ length: 5 }, () => String(s.nextInt(10))) };
    case '11x5': {
      const balls = Array.from({ length: 11 }, (_, i) => String(i + 1).padStart(2, '0'));
      return { family, numbers: s.sample(balls, 5) };
    }
    case 'pk10': {
      const cars = Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(2, '0'));
      return { family, numbers: s.shuffle(cars) };
    }
    case 'k3':
      return { family, numbers: Array.from({ length: 3 }, () => String(s.nextInt(6) + 1)) };
    case 'vn_north':
    case 'vn_fast':
    case 'vn_south': {
      const sheet = family === 'vn_south' ? VN_SOUTH : VN_NORTH;
      const prizes = sheet.map(([tier, count, width]) => ({
        tier,
        numbers: Array.from({ length: count }, () => digits(s, width)),
      }));
      return { family, numbers: prizes.flatMap((p) => p.numbers), prizes };
    }
    case 'sea_4d': {
      const drawn = sampleRange(s, 10_000, 23).map((n) => String(n).padStart(4, '0'));
      let i = 0;
      const prizes = SEA_TIERS.map(([tier, count]) => ({ tier, numbers: drawn.slice(i, (i += count)) }));
      return { family, numbers: drawn, prizes };
    }
  }
}

/** The prize numbers of a tier ('special', 'first', …), or []. */
export function prizeNumbers(draw: LotteryDraw, tier: string): string[] {
  return draw.prizes?.find((p) => p.tier === tier)?.numbers ?? [];
}

/** Why an entered official result is refused (a stable reason for the error's value). */
export type OfficialResultProblem = 'count' | 'format' | 'duplicate';

const distinct = (xs: string[]) => new Set(xs).size === xs.length;

/**
 * An official result entered by an operator (a game the operator marked "official": its numbers
 * come from the real-world draw, not from the seed), checked against the family's result row and
 * shaped like a house draw: `numbers` in the order `drawLottery` gives them (prize sheets in
 * sheet order), `prizes` grouped by tier. Returns the reason when the numbers cannot be a draw of
 * the family.
 */
export function officialDraw(
  game: LotteryGameDef,
  numbers: readonly string[],
): { ok: true; draw: LotteryDraw } | { ok: false; problem: OfficialResultProblem } {
  const family = game.family;
  const nums = [...numbers];
  const all = (re: RegExp) => nums.every((n) => re.test(n));
  const ball = (max: number) => (n: string) => /^\d{2}$/.test(n) && Number(n) >= 1 && Number(n) <= max;
  const fail = (problem: OfficialResultProblem) => ({ ok: false as const, problem });
  switch (family) {
    case 'ssc':
      if (nums.length !== 5) return fail('count');
      return all(/^\d$/) ? { ok: true, draw: { family, numbers: nums } } : fail('format');
    case 'k3':
      if (nums.length !== 3) return fail('count');
      return all(/^[1-6]$/) ? { ok: true, draw: { family, numbers: nums } } : fail('format');
    case '11x5':
    case 'pk10': {
      const [count, max] = family === '11x5' ? [5, 11] : [10, 10];
      if (nums.length !== count) return fail('count');
      if (!nums.every(ball(max))) return fail('format');
      return distinct(nums) ? { ok: true, draw: { family, numbers: nums } } : fail('duplicate');
    }
    case 'vn_north':
    case 'vn_fast':
    case 'vn_south': {
      const sheet = family === 'vn_south' ? VN_SOUTH : VN_NORTH;
      if (nums.length !== sheet.reduce((n, [, count]) => n + count, 0)) return fail('count');
      let i = 0;
      const prizes = sheet.map(([tier, count, width]) => {
        const tierNumbers = nums.slice(i, (i += count));
        return { tier, numbers: tierNumbers, width };
      });
      if (!prizes.every((p) => p.numbers.every((n) => n.length === p.width && /^\d+$/.test(n))))
        return fail('format');
      return {
        ok: true,
        draw: { family, numbers: nums, prizes: prizes.map(({ tier, numbers }) => ({ tier, numbers })) },
      };
    }
    case 'sea_4d': {
      if (nums.length !== 23) return fail('count');
      if (!all(/^\d{4}$/)) return fail('format');
      if (!distinct(nums)) return fail('duplicate');
      let i = 0;
      const prizes = SEA_TIERS.map(([tier, count]) => ({ tier, numbers: nums.slice(i, (i += count)) }));
      return { ok: true, draw: { family, numbers: nums, prizes } };
    }
  }
}
