import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair.js';
import { GameRuleError } from '../types.js';
import {
  evaluateGrid,
  gridForStops,
  makeSlot,
  slotOcean,
  slotPharaoh,
  slotFruit,
  slotStats,
  type SlotConfig,
} from './index.js';

const slots = [slotFruit, slotPharaoh, slotOcean];

describe('slot RTP (exact, from the reel strips)', () => {
  it.each(slots.map((s) => [s.id, s] as const))('%s is within 96.0 % ± 0.3 %', (_id, slot) => {
    const r = slot.rules;
    expect(r.rtp).toBeGreaterThanOrEqual(0.957);
    expect(r.rtp).toBeLessThanOrEqual(0.963);
    expect(r.hitFrequency).toBeGreaterThan(0.1);
    expect(r.hitFrequency).toBeLessThan(0.9);
  });

  it('has a different RTP per slot', () => {
    const rtps = new Set(slots.map((s) => s.rules.rtp.toFixed(5)));
    expect(rtps.size).toBe(3);
  });

  it('pharaoh includes free spins and its scatter in the RTP', () => {
    const r = slotPharaoh.rules;
    expect(r.rtpBreakdown.freeSpins).toBeGreaterThan(0);
    expect(r.rtpBreakdown.scatter).toBeGreaterThan(0);
    expect(r.freeSpinsFrequency).toBeGreaterThan(0);
    expect(r.rtp).toBeCloseTo(r.rtpBreakdown.base + r.rtpBreakdown.scatter + r.rtpBreakdown.freeSpins, 12);
  });
});

/** Small strips so every stop combination can be enumerated through the real evaluator. */
function tiny(mode: 'lines' | 'ways'): SlotConfig {
  const strip = (extra: string[]) => ['a', 'b', 'a', 'c', 'w', 'b', ...extra];
  return {
    id: mode === 'lines' ? 'slot-fruit' : 'slot-pharaoh',
    name: 'tiny',
    theme: 'test',
    mode,
    lines:
      mode === 'lines'
        ? [
            [1, 1, 1, 1, 1],
            [0, 1, 2, 1, 0],
            [2, 2, 2, 2, 2],
          ]
        : undefined,
    betUnits: mode === 'lines' ? 3 : 7,
    symbols: [
      { id: 'a', name: 'A', kind: 'regular', pays: { 3: 2, 4: 5, 5: 20 } },
      { id: 'b', name: 'B', kind: 'regular', pays: { 3: 3, 4: 8, 5: 40 } },
      { id: 'c', name: 'C', kind: 'regular', pays: { 3: 5, 4: 20, 5: 100 } },
      { id: 'w', name: 'W', kind: 'wild' },
      { id: 's', name: 'S', kind: 'scatter' },
    ],
    reels: [strip(['s']), strip([]), strip(['s', 'c']), strip(['a']), strip(['s'])],
    scatter: { symbol: 's', pays: { 2: 1, 3: 5 }, freeSpins: { 3: 4 }, freeSpinMultiplier: 3 },
  };
}

describe('exact statistics agree with full enumeration of stops', () => {
  it.each(['lines', 'ways'] as const)('%s', (mode) => {
    const cfg = tiny(mode);
    const lens = cfg.reels.map((r) => r.length);
    let coins = 0;
    let hits = 0;
    let spins = 0;
    let freeCount = 0;
    const stops = [0, 0, 0, 0, 0];
    const rec = (reel: number) => {
      if (reel === 5) {
        const r = evaluateGrid(cfg, gridForStops(cfg, stops), stops, false);
        spins++;
        coins += r.coins;
        if (r.coins > 0 || (r.scatter?.freeSpinsAwarded ?? 0) > 0) hits++;
        freeCount += r.scatter?.freeSpinsAwarded ?? 0;
        return;
      }
      for (let s = 0; s < lens[reel]!; s++) {
        stops[reel] = s;
        rec(reel + 1);
      }
    };
    rec(0);
    const eSpin = coins / spins;
    const expected = (eSpin + (freeCount / spins) * 3 * eSpin) / cfg.betUnits;
    const stats = slotStats(cfg);
    expect(stats.rtp).toBeCloseTo(expected, 12);
    expect(stats.hitFrequency).toBeCloseTo(hits / spins, 12);
  });
});

describe('slot play', () => {
  it('is deterministic and consistent with its stops', () => {
    for (const slot of slots) {
      for (let nonce = 0; nonce < 50; nonce++) {
        const seeds = { serverSeed: 'srv', clientSeed: 'cli', nonce };
        const a = slot.play({ stake: 1000n }, new FairStream(seeds));
        const b = slot.play({ stake: 1000n }, new FairStream(seeds));
        expect(a).toEqual(b);
        expect(a.base.grid).toEqual(gridForStops(slot.config, a.base.stops));
        expect(a.base.grid).toHaveLength(5);
        expect(a.payout).toBe((1000n * BigInt(a.multiplier.num)) / BigInt(a.multiplier.den));
        expect(a.totalCoins).toBe(a.base.coins + a.freeSpins.reduce((s, f) => s + f.totalCoins, 0));
      }
    }
  });

  it('evaluates a known fruit grid: wild completes a line, best symbol pays', () => {
    const g = [
      ['cherry', 'seven', 'lemon'],
      ['plum', 'star', 'lemon'],
      ['grapes', 'seven', 'lemon'],
      ['bell', 'seven', 'orange'],
      ['bell', 'cherry', 'orange'],
    ];
    const r = evaluateGrid(slotFruit.config, g, [0, 0, 0, 0, 0], false);
    const middle = r.lineWins.find((w) => w.line === 0)!;
    expect(middle).toMatchObject({ symbol: 'seven', count: 4, coins: 400 });
    const bottom = r.lineWins.find((w) => w.line === 2)!;
    expect(bottom).toMatchObject({ symbol: 'lemon', count: 3, coins: 8 });
    expect(r.coins).toBe(r.lineWins.reduce((s, w) => s + w.coins, 0));
  });

  it('pays pharaoh ways as the product of matching cells and awards free spins on three suns', () => {
    const g = [
      ['ace', 'sun', 'ten'],
      ['ace', 'pyramid', 'sun'],
      ['king', 'ace', 'ten'],
      ['sun', 'jack', 'queen'],
      ['ace', 'ace', 'ace'],
    ];
    const r = evaluateGrid(slotPharaoh.config, g, [0, 0, 0, 0, 0], false);
    const ace = r.waysWins.find((w) => w.symbol === 'ace')!;
    // Reel 1: 1 ace, reel 2: ace + wild, reel 3: 1 ace, reel 4: none → 3 of a kind, 2 ways.
    expect(ace.count).toBe(3);
    expect(ace.ways).toBe(2);
    expect(ace.coins).toBe(2 * slotPharaoh.config.symbols.find((s) => s.id === 'ace')!.pays![3]!);
    expect(r.scatter).toMatchObject({ count: 3, freeSpinsAwarded: 8 });
    const inFree = evaluateGrid(slotPharaoh.config, g, [0, 0, 0, 0, 0], true);
    expect(inFree.scatter?.freeSpinsAwarded).toBe(0);
  });

  it('resolves free spins inside the same round', () => {
    let found = false;
    for (let nonce = 0; nonce < 3000 && !found; nonce++) {
      const o = slotPharaoh.play(
        { stake: 2500n },
        new FairStream({ serverSeed: 'fs', clientSeed: 'c', nonce }),
      );
      if (o.freeSpins.length > 0) {
        found = true;
        expect(o.freeSpins).toHaveLength(o.base.scatter!.freeSpinsAwarded);
        for (const f of o.freeSpins) expect(f.totalCoins).toBe(f.coins * 2);
      }
    }
    expect(found).toBe(true);
  });

  it('refuses bad stakes', () => {
    for (const slot of slots) {
      expect(slot.validateBet({ stake: 0n })).toMatchObject({ ok: false, code: 'STAKE_INVALID' });
      expect(slot.validateBet({ stake: 10 as unknown as bigint })).toMatchObject({
        ok: false,
        code: 'STAKE_INVALID',
      });
      expect(slot.validateBet({ stake: 100n })).toEqual({ ok: true });
      expect(() =>
        slot.play({ stake: -1n }, new FairStream({ serverSeed: 's', clientSeed: 'c', nonce: 0 })),
      ).toThrow(GameRuleError);
    }
  });

  it('rejects inconsistent configs', () => {
    expect(() => makeSlot({ ...tiny('lines'), reels: [['zz'], ['a'], ['a'], ['a'], ['a']] })).toThrow();
  });
});

describe('Monte Carlo through the real fair stream', () => {
  it.each(slots.map((s) => [s.id, s] as const))(
    '%s lands near the exact RTP',
    (_id, slot) => {
      // 40 000 spins a slot (120 000 in all) keeps the suite quick on a shared machine.
      const n = 40_000;
      let sum = 0;
      let sumSq = 0;
      for (let nonce = 0; nonce < n; nonce++) {
        const o = slot.play(
          { stake: 1n },
          new FairStream({ serverSeed: `mc-${slot.id}`, clientSeed: 'mc', nonce }),
        );
        const x = o.totalCoins / slot.config.betUnits;
        sum += x;
        sumSq += x * x;
      }
      const mean = sum / n;
      const se = Math.sqrt((sumSq / n - mean * mean) / n);
      // Deterministic seeds; five standard errors is a loose but honest band.
      expect(Math.abs(mean - slot.rules.rtp)).toBeLessThan(5 * se);
    },
    60_000,
  );
});
