import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair.js';
import { GameRuleError } from '../types.js';
import { mines, minesMultiplier, minesPublicView, type MinesState } from './mines.js';

const stream = (nonce = 0) => new FairStream({ serverSeed: 'mines-server', clientSeed: 'c', nonce });
const safeCells = (s: MinesState) =>
  Array.from({ length: 25 }, (_, i) => i).filter((i) => !s.mines.includes(i));

function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const rec = (start: number, acc: number[]) => {
    if (acc.length === k) return void out.push([...acc]);
    for (let i = start; i < n; i++) rec(i + 1, [...acc, i]);
  };
  rec(0, []);
  return out;
}

describe('mines', () => {
  it('places distinct mines from the stream prefix of a Fisher–Yates shuffle', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const s = mines.start({ stake: 100n, mines: 5 }, stream(nonce));
      expect(new Set(s.mines).size).toBe(5);
      const cells = Array.from({ length: 25 }, (_, i) => i);
      expect(s.mines).toEqual(
        stream(nonce)
          .sample(cells, 5)
          .sort((a, b) => a - b),
      );
      expect(s.status).toBe('playing');
    }
  });

  it('uses the exact multiplier 0.99 × C(25,k) / C(25−m,k)', () => {
    expect(minesMultiplier(1, 1)).toEqual({ num: 33, den: 32 });
    expect(minesMultiplier(24, 1)).toEqual({ num: 99, den: 4 });
    expect(minesMultiplier(1, 24)).toEqual({ num: 99, den: 4 });
    // C(25,2) = 300, C(22,2) = 231
    expect(minesMultiplier(3, 2)).toEqual(reduce(99 * 300, 100 * 231));
  });

  it('returns exactly 99 % for any fixed number of reveals (all mine placements enumerated)', () => {
    for (const m of [1, 3, 5]) {
      const placements = combinations(25, m);
      for (const k of [1, 2, 4, 25 - m]) {
        // Reveal cells 0..k-1 in order; count placements that survive.
        const survive = placements.filter((p) => p.every((c) => c >= k)).length;
        const r = minesMultiplier(m, k);
        // E[return] = survive / total × num / den = 99 / 100
        expect(survive * r.num * 100).toBe(99 * placements.length * r.den);
      }
    }
  });

  it('busts on a mine and pays nothing', () => {
    const s = mines.start({ stake: 100n, mines: 3 }, stream(1));
    const hit = mines.reveal(s, s.mines[0]!);
    expect(hit).toMatchObject({ status: 'busted', hitMine: s.mines[0], payout: 0n });
    expect(() => mines.reveal(hit, safeCells(s)[0]!)).toThrow(GameRuleError);
    expect(() => mines.cashout(hit)).toThrow(GameRuleError);
    expect(s.status).toBe('playing');
  });

  it('cashes out at the current multiplier, rounding down to the minor unit', () => {
    const s0 = mines.start({ stake: 1000n, mines: 3 }, stream(2));
    const [a, b] = safeCells(s0);
    const s2 = mines.reveal(mines.reveal(s0, a!), b!);
    const done = mines.cashout(s2);
    const r = minesMultiplier(3, 2);
    expect(done.status).toBe('cashed');
    expect(done.payout).toBe((1000n * BigInt(r.num)) / BigInt(r.den));
    expect(s2.status).toBe('playing');
  });

  it('refuses a cash-out before any reveal, repeated or invalid cells', () => {
    const s = mines.start({ stake: 1000n, mines: 3 }, stream(3));
    expect(() => mines.cashout(s)).toThrow(/reveal at least one/);
    const c = safeCells(s)[0]!;
    const s1 = mines.reveal(s, c);
    expect(() => mines.reveal(s1, c)).toThrow(/already revealed/);
    expect(() => mines.reveal(s1, 25)).toThrow(GameRuleError);
    expect(() => mines.reveal(s1, -1)).toThrow(GameRuleError);
    expect(() => mines.reveal(s1, 1.5)).toThrow(GameRuleError);
  });

  it('settles automatically when every safe cell is open', () => {
    let s = mines.start({ stake: 100n, mines: 24 }, stream(4));
    s = mines.reveal(s, safeCells(s)[0]!);
    expect(s.status).toBe('cashed');
    expect(s.payout).toBe(2475n);
  });

  it('hides the mines while playing', () => {
    const s = mines.start({ stake: 100n, mines: 2 }, stream(5));
    expect(minesPublicView(s).mines).toBeNull();
    expect(mines.publicView(s)).toEqual(minesPublicView(s));
    expect(minesPublicView(mines.reveal(s, s.mines[1]!)).mines).toEqual(s.mines);
  });

  it('validates the mine count', () => {
    expect(mines.validateBet({ stake: 1n, mines: 0 })).toMatchObject({
      code: 'OUT_OF_RANGE',
      field: 'mines',
    });
    expect(mines.validateBet({ stake: 1n, mines: 25 })).toMatchObject({ code: 'OUT_OF_RANGE' });
    expect(mines.validateBet({ stake: 1n, mines: 2.5 })).toMatchObject({ code: 'PARAM_INVALID' });
    expect(mines.validateBet({ stake: 1n, mines: 24 })).toEqual({ ok: true });
    expect(() => mines.start({ stake: 1n, mines: 0 }, stream())).toThrow(GameRuleError);
  });
});

function reduce(num: number, den: number) {
  let [a, b] = [num, den];
  while (b) [a, b] = [b, a % b];
  return { num: num / a, den: den / a };
}
