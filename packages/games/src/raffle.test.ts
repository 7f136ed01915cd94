import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashServerSeed } from './fair.js';
import {
  RAFFLE_MAX_TICKETS,
  compareEntryIds,
  drawRaffle,
  raffleCommitment,
  raffleTickets,
  uniformBelow,
} from './raffle.js';

const seed = fc.stringMatching(/^[0-9a-f]{32,64}$/);
const entries = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }).map(String), tickets: fc.nat({ max: 50 }) }),
  { selector: (e) => e.id, maxLength: 40 },
);
const input = fc.record({
  serverSeed: seed,
  raffleId: fc.integer({ min: 1, max: 1e9 }).map(String),
  entries,
  winners: fc.nat({ max: 60 }),
  distinct: fc.boolean(),
});

/** Owner of every ticket number, by the canonical order. */
const owners = (list: { id: string; tickets: number }[]) =>
  raffleTickets(list).flatMap((e) => Array.from({ length: e.tickets }, () => e.id));

describe('raffle draw', () => {
  it('commits to the seed with SHA-256 (the lottery commitment)', () => {
    expect(raffleCommitment('abc')).toBe(hashServerSeed('abc'));
    expect(raffleCommitment('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is deterministic and ignores the order entries come in', () => {
    fc.assert(
      fc.property(input, fc.nat(), (i, rot) => {
        const a = drawRaffle(i);
        expect(drawRaffle(i)).toEqual(a);
        const n = i.entries.length;
        const shuffled =
          n === 0 ? [] : [...i.entries.slice(rot % n), ...i.entries.slice(0, rot % n)].reverse();
        expect(drawRaffle({ ...i, entries: shuffled })).toEqual(a);
      }),
    );
  });

  it('draws as many winners as it can, each a distinct ticket of its owner; distinct owners when asked', () => {
    fc.assert(
      fc.property(input, (i) => {
        const wins = drawRaffle(i);
        const ticketOwners = owners(i.entries);
        const holders = i.entries.filter((e) => e.tickets > 0).length;
        const feasible = i.distinct ? holders : ticketOwners.length;
        expect(wins).toHaveLength(Math.min(i.winners, feasible));
        expect(wins.map((w) => w.draw)).toEqual(wins.map((_, k) => k));
        expect(new Set(wins.map((w) => w.ticket)).size).toBe(wins.length);
        for (const w of wins) {
          expect(w.ticket).toBeGreaterThanOrEqual(0);
          expect(ticketOwners[w.ticket]).toBe(w.id);
        }
        if (i.distinct) expect(new Set(wins.map((w) => w.id)).size).toBe(wins.length);
        // Nobody wins more prizes than it holds tickets, and an entry without tickets never wins.
        for (const e of i.entries)
          expect(wins.filter((w) => w.id === e.id).length).toBeLessThanOrEqual(e.tickets);
      }),
    );
  });

  it('depends on the seed and the raffle: another seed or raffle draws otherwise', () => {
    const many = Array.from({ length: 200 }, (_, k) => ({ id: String(k + 1), tickets: 5 }));
    const base = { serverSeed: 'a'.repeat(64), raffleId: '7', entries: many, winners: 5 };
    const first = drawRaffle(base);
    expect(drawRaffle({ ...base, serverSeed: 'b'.repeat(64) })).not.toEqual(first);
    expect(drawRaffle({ ...base, raffleId: '8' })).not.toEqual(first);
  });

  it('gives every ticket the same chance: 1 against 3 tickets wins about a quarter of the draws', () => {
    let small = 0;
    const runs = 4000;
    for (let k = 0; k < runs; k++) {
      const [w] = drawRaffle({
        serverSeed: `${k.toString(16).padStart(8, '0')}${'0'.repeat(32)}`,
        raffleId: '1',
        entries: [
          { id: '1', tickets: 1 },
          { id: '2', tickets: 3 },
        ],
        winners: 1,
      });
      if (w!.id === '1') small += 1;
    }
    // Binomial(4000, 0.25): mean 1000, sd ≈ 27; ±5 sd.
    expect(small).toBeGreaterThan(1000 - 140);
    expect(small).toBeLessThan(1000 + 140);
  });

  it('orders entries by id as a number', () => {
    expect(['10', '9', '100', '1'].sort(compareEntryIds)).toEqual(['1', '9', '10', '100']);
    expect(
      raffleTickets([
        { id: '10', tickets: 2 },
        { id: '9', tickets: 1 },
        { id: '3', tickets: 0 },
      ]),
    ).toEqual([
      { id: '9', tickets: 1, first: 0 },
      { id: '10', tickets: 2, first: 1 },
    ]);
  });

  it('refuses malformed entries and too many tickets', () => {
    expect(() => raffleTickets([{ id: '1', tickets: -1 }])).toThrow();
    expect(() => raffleTickets([{ id: '1', tickets: 1.5 }])).toThrow();
    expect(() =>
      raffleTickets([
        { id: '1', tickets: 1 },
        { id: '1', tickets: 2 },
      ]),
    ).toThrow();
    expect(() =>
      raffleTickets([
        { id: '1', tickets: RAFFLE_MAX_TICKETS },
        { id: '2', tickets: 1 },
      ]),
    ).toThrow();
  });
});

describe('uniformBelow (rejection sampling)', () => {
  const source = (values: number[]) => {
    let i = 0;
    return { nextUint32: () => values[i++]!, used: () => i };
  };

  it('discards values at or above the largest multiple of the bound', () => {
    // n = 3: 2³² mod 3 = 1, so the limit is 2³² − 1 and only 0xffffffff is thrown away.
    const s = source([0xffffffff, 0xfffffffe, 5]);
    expect(uniformBelow(s, 3)).toBe(0xfffffffe % 3);
    expect(s.used()).toBe(2);
    // n = 2³¹ + 1: the limit is 2³¹ + 1; everything from there up is rejected.
    const big = 2 ** 31 + 1;
    const t = source([2 ** 31 + 1, 0xffffffff, 2 ** 31]);
    expect(uniformBelow(t, big)).toBe(2 ** 31);
    expect(t.used()).toBe(3);
  });

  it('always answers within [0, n) and maps every accepted value by n’s residue', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 32 }),
        fc.array(fc.nat({ max: 0xffffffff }), { minLength: 1, maxLength: 20 }),
        (n, values) => {
          const limit = 2 ** 32 - (2 ** 32 % n);
          const accepted = values.find((v) => v < limit);
          fc.pre(accepted !== undefined);
          const r = uniformBelow(source(values), n);
          expect(r).toBe(accepted! % n);
          expect(r).toBeGreaterThanOrEqual(0);
          expect(r).toBeLessThan(n);
        },
      ),
    );
  });

  it('has no modulo bias: over all accepted uint32s every residue appears equally often', () => {
    // Counting exactly on a 2⁸-value scaled model: limit = 256 − 256 mod n keeps each residue limit/n times.
    for (const n of [3, 5, 7, 100, 255]) {
      const limit = 256 - (256 % n);
      const counts = new Array<number>(n).fill(0);
      for (let u = 0; u < limit; u++) counts[u % n]! += 1;
      expect(new Set(counts).size).toBe(1);
    }
    expect(() => uniformBelow(source([1]), 0)).toThrow();
  });
});
