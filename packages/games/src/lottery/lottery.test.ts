import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair.js';
import {
  type LotteryDraw,
  type LotteryFamily,
  drawLottery,
  issueAt,
  issueNonce,
  lotteryBetTypes,
  lotteryCommitment,
  lotteryFamilies,
  lotteryGame,
  lotteryGames,
  lotteryOdds,
  lotteryReturn,
  nextIssues,
  officialDraw,
  permutations4,
  quoteLotteryBet,
  settleLotteryBet,
} from './index.js';

const SEED = 'a3f1c29e7b5d4e6f8a9b0c1d2e3f4a5b';
const PG = 1960;

/** Σ of exact ratios. */
function sum(rs: { num: bigint; den: bigint }[]) {
  let num = 0n;
  let den = 1n;
  for (const r of rs) {
    num = num * r.den + r.num * den;
    den *= r.den;
  }
  return { num, den };
}

/** The exact mean return per unit of a bet over every outcome, compared with prizeGroup/2000. */
function expectFairOver(family: LotteryFamily, betType: string, content: string, outcomes: LotteryDraw[]) {
  const results = outcomes.map((draw) => lotteryReturn({ family, betType, content, prizeGroup: PG, draw }));
  const total = sum(results.map((r) => r.perUnitStake));
  const units = BigInt(results[0]!.units);
  // mean per unit = total / (outcomes × units) must equal PG / 2000
  expect(total.num * 2000n).toBe(BigInt(PG) * total.den * BigInt(outcomes.length) * units);
}

const sscDraw = (n: number): LotteryDraw => ({
  family: 'ssc',
  numbers: String(n).padStart(5, '0').split(''),
});
const ALL_SSC = Array.from({ length: 100_000 }, (_, i) => sscDraw(i));
const ALL_K3: LotteryDraw[] = [];
for (let a = 1; a <= 6; a++)
  for (let b = 1; b <= 6; b++)
    for (let c = 1; c <= 6; c++) ALL_K3.push({ family: 'k3', numbers: [String(a), String(b), String(c)] });

describe('every bet type against brute-force enumeration of its draws', () => {
  it('SSC: every outcome of five digits', () => {
    const cases: [string, string][] = [
      ['ssc.pos', '1,3||5,6,7||0'],
      ['ssc.front3', '1|2,3|4'],
      ['ssc.mid3', '0,9|5|5,6,7'],
      ['ssc.back3', '0,1,2,3,4,5,6,7,8,9|3|8'],
      ['ssc.group3', '1,2,7'],
      ['ssc.group6', '0,4,5,8'],
      ['ssc.bsoe.sum', 'big,odd'],
      ['ssc.dragon_tiger', 'dragon,tie'],
      ['ssc.dragon_tiger', 'tiger'],
    ];
    for (const [type, content] of cases) expectFairOver('ssc', type, content, ALL_SSC);
  }, 60_000);

  it('SSC: hand-checked hits', () => {
    const d = sscDraw(12_334); // 1 2 3 3 4
    const hits = (t: string, c: string) =>
      lotteryReturn({ family: 'ssc', betType: t, content: c, prizeGroup: PG, draw: d }).winningUnits;
    expect(hits('ssc.pos', '1|2|3|3|4')).toBe(5);
    expect(hits('ssc.pos', '0|||3|')).toBe(1);
    expect(hits('ssc.back3', '3|3|4')).toBe(1);
    expect(hits('ssc.group3', '3,4')).toBe(1); // back three 3 3 4
    expect(hits('ssc.group6', '3,4,5')).toBe(0);
    expect(hits('ssc.bsoe.sum', 'small,odd,even')).toBe(2); // sum 13: small, odd
    expect(hits('ssc.dragon_tiger', 'dragon,tiger,tie')).toBe(1); // 1 < 4: tiger
  });

  it('K3: every outcome of three dice', () => {
    const cases: [string, string][] = [
      ['k3.sum', '3,10,11,18'],
      ['k3.triple_any', 'any'],
      ['k3.triple', '2,6'],
      ['k3.pair', '1,5'],
      ['k3.all_diff', '1,2,3,6'],
      ['k3.bs', 'big,small'],
    ];
    for (const [type, content] of cases) expectFairOver('k3', type, content, ALL_K3);
  });

  it('11 choose 5: every set of five balls (and every order for positions)', () => {
    const balls = Array.from({ length: 11 }, (_, i) => String(i + 1).padStart(2, '0'));
    const sets: LotteryDraw[] = [];
    const pick = (start: number, chosen: string[]) => {
      if (chosen.length === 5) return void sets.push({ family: '11x5', numbers: chosen });
      for (let i = start; i < 11; i++) pick(i + 1, [...chosen, balls[i]!]);
    };
    pick(0, []);
    expect(sets).toHaveLength(462);
    for (let k = 1; k <= 8; k++) {
      const content = balls.slice(0, Math.max(k, 6)).join(',');
      expectFairOver('11x5', `11x5.any${k}`, content, sets);
    }
    // Positions need the order: every ordered draw of five of eleven.
    const ordered: LotteryDraw[] = [];
    const perm = (chosen: string[]) => {
      if (chosen.length === 5) return void ordered.push({ family: '11x5', numbers: chosen });
      for (const b of balls) if (!chosen.includes(b)) perm([...chosen, b]);
    };
    perm([]);
    expect(ordered).toHaveLength(55_440);
    expectFairOver('11x5', '11x5.pos', '01,02||11|03,04,05|', ordered);
  });

  it('PK10: every champion and runner-up (and every first and last car)', () => {
    const pairs: LotteryDraw[] = [];
    for (let a = 1; a <= 10; a++)
      for (let b = 1; b <= 10; b++) {
        if (a === b) continue;
        const rest = Array.from({ length: 10 }, (_, i) => i + 1).filter((x) => x !== a && x !== b);
        // The last car runs over the rest in turn so dragon/tiger sees every (first, last) pair.
        for (const last of rest) {
          const middle = rest.filter((x) => x !== last);
          pairs.push({
            family: 'pk10',
            numbers: [a, b, ...middle, last].map((x) => String(x).padStart(2, '0')),
          });
        }
      }
    expectFairOver('pk10', 'pk10.top2sum', '3,11,19', pairs);
    expectFairOver('pk10', 'pk10.champion', '01,07', pairs);
    expectFairOver('pk10', 'pk10.pos', '01|02,03||||||||', pairs);
    expectFairOver('pk10', 'pk10.dragon_tiger', 'dragon', pairs);
  });

  it('VN xiên: the all-appear probability equals enumeration over every small sheet', () => {
    // With N endings there are 100^N sheets; N = 2 and 3 enumerate, and the formula is the same.
    for (const n of [2, 3]) {
      const total = 100 ** n;
      let both = 0;
      let all3 = 0;
      const e = new Array<number>(n).fill(0);
      for (let i = 0; i < total; i++) {
        let x = i;
        for (let j = 0; j < n; j++) {
          e[j] = x % 100;
          x = Math.floor(x / 100);
        }
        if (e.includes(7) && e.includes(42)) both++;
        if (n === 3 && e.includes(7) && e.includes(42) && e.includes(99)) all3++;
      }
      // The odds of xiên 2 at prize group 2000 would be 1 / P(all appear); here through N endings.
      const p2 = both / total;
      expect(p2).toBeCloseTo((100 ** n - 2 * 99 ** n + 98 ** n) / 100 ** n, 12);
      if (n === 3) expect(all3 / total).toBeCloseTo(6 / 100 ** 3, 15);
    }
  });
});

describe('VN and SEA prize sheets', () => {
  const vnDraw = (special: string, others: string[]): LotteryDraw => ({
    family: 'vn_north',
    numbers: [special, ...others],
    prizes: [
      { tier: 'special', numbers: [special] },
      { tier: 'g7', numbers: others },
    ],
  });

  it('lô pays per occurrence, đề and 3 càng read the special, xiên needs every number', () => {
    const d = vnDraw('12345', ['45', '045', '77', '1345']);
    const ret = (t: string, c: string) =>
      settleLotteryBet({
        family: 'vn_north',
        betType: t,
        content: c,
        unitStakeMinor: 1000n,
        multiple: 1,
        prizeGroup: PG,
        draw: d,
      });
    expect(ret('vn.lo', '45').winningUnits).toBe(4); // 12345, 45, 045, 1345
    expect(ret('vn.lo', '45,77,10').winningUnits).toBe(5);
    expect(ret('vn.de', '45').winningUnits).toBe(1);
    expect(ret('vn.de', '34').winningUnits).toBe(0);
    expect(ret('vn.3cang', '345').winningUnits).toBe(1);
    expect(ret('vn.xien2', '45,77').winningUnits).toBe(1);
    expect(ret('vn.xien2', '45,77,10').winningUnits).toBe(1); // of three pairs, only 45-77 hit
    expect(ret('vn.xien3', '45,77,10').winningUnits).toBe(0);
    // lô at 27 prizes: each hit pays (1960/2000) / (27/100) per point.
    const [lo] = lotteryOdds('vn_north', 'vn.lo', PG);
    expect(lo!.payout.num * 27n * 2000n).toBe(lo!.payout.den * 100n * BigInt(PG));
    expect(ret('vn.lo', '45').payoutMinor).toBe((4n * 1000n * lo!.payout.num) / lo!.payout.den);
  });

  it('SEA 4D: Big pays every tier, Small the top three, in the published proportions at the prize group', () => {
    const big = lotteryOdds('sea_4d', 'sea.big', PG);
    const small = lotteryOdds('sea_4d', 'sea.small', PG);
    const ratio = (o: { num: bigint; den: bigint }) => Number(o.num) / Number(o.den);
    expect(ratio(big[0]!.payout) / ratio(big[1]!.payout)).toBeCloseTo(2.5, 12);
    expect(ratio(big[3]!.payout) / ratio(big[4]!.payout)).toBeCloseTo(3, 12);
    expect(small.map((s) => s.tier)).toEqual(['first', 'second', 'third']);
    // Expected return per unit: Σ P(tier) × payout = prize group / 2000.
    for (const [odds, counts] of [
      [big, [1, 1, 1, 10, 10]],
      [small, [1, 1, 1]],
    ] as const) {
      const e = sum(
        odds.map((o, i) => ({ num: o.payout.num * BigInt(counts[i]!), den: o.payout.den * 10_000n })),
      );
      expect(e.num * 2000n).toBe(e.den * BigInt(PG));
    }
    const d: LotteryDraw = {
      family: 'sea_4d',
      numbers: [],
      prizes: [
        { tier: 'first', numbers: ['1234'] },
        { tier: 'second', numbers: ['5678'] },
        { tier: 'third', numbers: ['0000'] },
        { tier: 'special', numbers: ['4321'] },
        { tier: 'consolation', numbers: ['9999'] },
      ],
    };
    const ret = (t: string, c: string) =>
      lotteryReturn({ family: 'sea_4d', betType: t, content: c, prizeGroup: PG, draw: d });
    expect(ret('sea.big', '1234,4321').winningUnits).toBe(2);
    expect(ret('sea.small', '4321').winningUnits).toBe(0);
    expect(ret('sea.box_big', '1234').units).toBe(24);
    expect(ret('sea.box_big', '1234').winningUnits).toBe(2); // 1234 first, 4321 special
    // i-Box: one unit, each permutation's prize divided by the 24 permutations.
    const ibox = ret('sea.ibox_big', '1234');
    const box = ret('sea.box_big', '1234');
    expect(ibox.units).toBe(1);
    expect(ibox.perUnitStake.num * 24n * box.perUnitStake.den).toBe(
      box.perUnitStake.num * ibox.perUnitStake.den,
    );
    expect(permutations4('1122')).toHaveLength(6);
    expect(permutations4('7777')).toEqual(['7777']);
  });
});

describe('draws', () => {
  it('are deterministic, of the family’s shape, and change with the seed and the issue', () => {
    for (const game of lotteryGames) {
      const a = drawLottery(game, SEED, '20261125-001');
      expect(drawLottery(game, SEED, '20261125-001')).toEqual(a);
      expect(drawLottery(game, SEED, '20261125-002').numbers).not.toEqual(a.numbers);
      expect(drawLottery(game, `${SEED}0`, '20261125-001').numbers).not.toEqual(a.numbers);
      switch (game.family) {
        case 'ssc':
          expect(a.numbers.every((x) => /^\d$/.test(x))).toBe(true);
          expect(a.numbers).toHaveLength(5);
          break;
        case '11x5':
          expect(new Set(a.numbers).size).toBe(5);
          break;
        case 'pk10':
          expect([...a.numbers].sort()).toEqual(
            Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(2, '0')),
          );
          break;
        case 'k3':
          expect(a.numbers.every((x) => /^[1-6]$/.test(x))).toBe(true);
          break;
        case 'vn_north':
        case 'vn_fast':
          expect(a.numbers).toHaveLength(27);
          expect(a.prizes!.find((p) => p.tier === 'special')!.numbers[0]).toMatch(/^\d{5}$/);
          expect(a.prizes!.find((p) => p.tier === 'g7')!.numbers.every((n) => /^\d{2}$/.test(n))).toBe(true);
          break;
        case 'vn_south':
          expect(a.numbers).toHaveLength(18);
          expect(a.prizes!.find((p) => p.tier === 'special')!.numbers[0]).toMatch(/^\d{6}$/);
          break;
        case 'sea_4d':
          expect(new Set(a.numbers).size).toBe(23);
          break;
      }
    }
    expect(lotteryCommitment(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the 4D draw equals the first 23 of the stream’s shuffle of all 10,000 numbers', () => {
    const game = lotteryGame('SEA_4D')!;
    for (const issue of ['20261125-001', '20261128-001', '20270101-001']) {
      const stream = new FairStream({ serverSeed: SEED, clientSeed: game.code, nonce: issueNonce(issue) });
      const all = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'));
      expect(drawLottery(game, SEED, issue).numbers).toEqual(stream.sample(all, 23));
    }
  });

  it('SSC digits are uniform enough over 20,000 issues (chi-square, 9 degrees of freedom)', () => {
    const game = lotteryGame('SSC1')!;
    const counts = new Array<number>(10).fill(0);
    for (let i = 1; i <= 4000; i++)
      for (const d of drawLottery(
        game,
        SEED,
        `20261125-${String(i % 1000).padStart(3, '0')}`.replace(/^2026/, String(2026 + Math.floor(i / 1000))),
      ).numbers)
        counts[Number(d)]!++;
    const expected = 20_000 / 10;
    const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(27.88); // p = 0.001
  });
});

describe('official results', () => {
  it('accept every house draw of every game as it is, and give the same draw (prize sheets grouped alike)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{16,64}$/), fc.integer({ min: 1, max: 999 }), (seed, n) => {
        for (const game of lotteryGames) {
          const house = drawLottery(game, seed, `20261125-${String(n).padStart(3, '0')}`);
          expect(officialDraw(game, house.numbers)).toEqual({ ok: true, draw: house });
        }
      }),
      { numRuns: 50 },
    );
  });

  it('refuse numbers that cannot be a draw of the family, with the reason', () => {
    const game = (code: string) => lotteryGame(code)!;
    const north = drawLottery(game('VN_NORTH'), SEED, '20261125-001').numbers;
    const sea = drawLottery(game('SEA_4D'), SEED, '20261125-001').numbers;
    const cases: [string, string[], string][] = [
      ['SSC5', ['1', '2', '3', '4'], 'count'],
      ['SSC5', ['1', '2', '3', '4', '10'], 'format'],
      ['K3_2', ['1', '2', '7'], 'format'],
      ['11X5_3', ['01', '02', '03', '04', '12'], 'format'],
      ['11X5_3', ['01', '02', '03', '04', '04'], 'duplicate'],
      ['PK10_5', ['01', '02', '03', '04', '05', '06', '07', '08', '09', '09'], 'duplicate'],
      ['PK10_5', ['1', '02', '03', '04', '05', '06', '07', '08', '09', '10'], 'format'],
      ['VN_NORTH', north.slice(1), 'count'],
      // The special prize is five digits: a four-digit one is a misplaced G4 number.
      ['VN_NORTH', ['1234', ...north.slice(1)], 'format'],
      ['SEA_4D', [sea[1]!, ...sea.slice(1)], 'duplicate'],
      ['SEA_4D', ['123', ...sea.slice(1)], 'format'],
    ];
    for (const [code, numbers, problem] of cases)
      expect(officialDraw(game(code), numbers), code).toEqual({ ok: false, problem });
  });
});

describe('calendars', () => {
  const at = (iso: string) => new Date(iso);

  it('interval games number their issues from local midnight', () => {
    const ssc5 = lotteryGame('SSC5')!; // every 5 minutes, UTC+8
    // 2026-11-25 00:03 local = 2026-11-24T16:03Z: the first draw of the day is at 00:05.
    const first = issueAt(ssc5, at('2026-11-24T16:03:00Z'));
    expect(first.issue).toBe('20261125-001');
    expect(first.drawAt.toISOString()).toBe('2026-11-24T16:05:00.000Z');
    expect(first.opensAt.toISOString()).toBe('2026-11-24T16:00:00.000Z');
    // The last draw of a day is at local midnight: issue 288, numbered on the day it closes.
    const last = issueAt(ssc5, at('2026-11-25T15:58:00Z'));
    expect(last.issue).toBe('20261125-288');
    expect(issueAt(ssc5, at('2026-11-25T16:00:00Z')).issue).toBe('20261126-001');
    const next = nextIssues(ssc5, at('2026-11-24T16:03:00Z'), 3);
    expect(next.map((n) => n.issue)).toEqual(['20261125-001', '20261125-002', '20261125-003']);
    expect(next[1]!.opensAt).toEqual(next[0]!.drawAt);
  });

  it('a one-minute game numbers its 1,440 daily draws with four digits, every one distinct', () => {
    const ssc1 = lotteryGame('SSC1')!; // every minute, UTC+8
    const day = nextIssues(ssc1, at('2026-11-24T16:00:00Z'), 1440);
    expect(day[0]!.issue).toBe('20261125-0001');
    expect(day[998]!.issue).toBe('20261125-0999');
    expect(day[999]!.issue).toBe('20261125-1000');
    expect(day[1439]!.issue).toBe('20261125-1440');
    expect(new Set(day.map((d) => d.issue)).size).toBe(1440);
    expect(new Set(day.map((d) => issueNonce(d.issue))).size).toBe(1440);
  });

  it('daily and weekly games', () => {
    const north = lotteryGame('VN_NORTH')!; // 18:15 UTC+7
    const d = issueAt(north, at('2026-11-25T12:00:00Z')); // 19:00 local: today's draw is past
    expect(d.issue).toBe('20261126-001');
    expect(d.drawAt.toISOString()).toBe('2026-11-26T11:15:00.000Z');
    const sea = lotteryGame('SEA_4D')!; // Wed, Sat, Sun at 19:00 UTC+8
    const w = issueAt(sea, at('2026-11-25T12:00:00Z')); // Wednesday 20:00 local: next is Saturday
    expect(w.issue).toBe('20261128-001');
    expect(w.opensAt.toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });
});

describe('quotes', () => {
  it('count units and refuse unknown types, malformed content and too many units', () => {
    expect(quoteLotteryBet('ssc', 'ssc.front3', '1,2|3|4,5,6')).toEqual({ ok: true, units: 6 });
    expect(quoteLotteryBet('ssc', 'ssc.group3', '1,2,3')).toEqual({ ok: true, units: 6 });
    expect(quoteLotteryBet('ssc', 'ssc.group6', '1,2,3,4')).toEqual({ ok: true, units: 4 });
    expect(quoteLotteryBet('11x5', '11x5.any2', '01,02,03')).toEqual({ ok: true, units: 3 });
    expect(quoteLotteryBet('vn_north', 'vn.xien2', '01,02,03,04')).toEqual({ ok: true, units: 6 });
    expect(quoteLotteryBet('sea_4d', 'sea.box_big', '1123')).toEqual({ ok: true, units: 12 });
    expect(quoteLotteryBet('ssc', 'vn.lo', '12')).toEqual({ ok: false, code: 'lottery.bet_type_unknown' });
    expect(quoteLotteryBet('ssc', 'ssc.nope', '1')).toEqual({ ok: false, code: 'lottery.bet_type_unknown' });
    for (const bad of ['', '1,1||||', '1|2', 'a||||', '10||||', '||||']) {
      expect(quoteLotteryBet('ssc', 'ssc.pos', bad)).toEqual({ ok: false, code: 'lottery.content_invalid' });
    }
    expect(quoteLotteryBet('ssc', 'ssc.group6', '1,2')).toEqual({
      ok: false,
      code: 'lottery.content_invalid',
    });
    expect(quoteLotteryBet('vn_north', 'vn.de', '123')).toEqual({
      ok: false,
      code: 'lottery.content_invalid',
    });
    const many = Array.from({ length: 10 }, (_, i) => i).join(',');
    // 10 × 10 × 10 units: fine; the group bets' combinations are bounded by their digits.
    expect(quoteLotteryBet('ssc', 'ssc.back3', `${many}|${many}|${many}`)).toEqual({ ok: true, units: 1000 });
    const numbers = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).join(',');
    expect(quoteLotteryBet('vn_north', 'vn.xien4', numbers)).toEqual({
      ok: false,
      code: 'lottery.too_many_units',
    });
  });

  it('every family lists its bet types, and every listed type quotes and prices', () => {
    for (const family of lotteryFamilies) {
      const types = lotteryBetTypes(family);
      expect(types.length).toBeGreaterThan(0);
      for (const t of types) expect(lotteryOdds(family, t.code, PG).length).toBeGreaterThan(0);
    }
    expect(() => lotteryOdds('ssc', 'ssc.pos', 2001)).toThrow(/prize group/);
  });

  it('a payout is floored once and scales with unit stake and multiple', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 215 }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.integer({ min: 1, max: 99 }),
        (i, stake, multiple) => {
          const draw = ALL_K3[i]!;
          const exact = lotteryReturn({
            family: 'k3',
            betType: 'k3.sum',
            content: '9,10,11',
            prizeGroup: PG,
            draw,
          }).perUnitStake;
          const paid = settleLotteryBet({
            family: 'k3',
            betType: 'k3.sum',
            content: '9,10,11',
            unitStakeMinor: stake,
            multiple,
            prizeGroup: PG,
            draw,
          });
          expect(paid.payoutMinor).toBe((stake * BigInt(multiple) * exact.num) / exact.den);
        },
      ),
      { numRuns: 300 },
    );
  });
});
