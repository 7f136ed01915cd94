import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair.js';
import { engineIds, engines, isEngineId } from '../index.js';
import { GameRuleError } from '../types.js';
import { dice, diceMultiplier } from './dice.js';
import { catchProbability, fishTable, fishing } from './fishing.js';
import { limbo, limboCrashFromX, limboWinProbability } from './limbo.js';
import { scratch, scratchPrize, scratchStats, scratchSymbols } from './scratch.js';

const stream = (nonce = 0, serverSeed = 'server-seed') =>
  new FairStream({ serverSeed, clientSeed: 'client', nonce });

describe('registry', () => {
  it('holds every published id under its own id', () => {
    expect(Object.keys(engines).sort()).toEqual([...engineIds].sort());
    for (const id of engineIds) {
      expect(engines[id].id).toBe(id);
      expect(engines[id].name.length).toBeGreaterThan(0);
      expect(typeof engines[id].validateBet).toBe('function');
    }
    expect(isEngineId('dice')).toBe(true);
    expect(isEngineId('roulette')).toBe(false);
  });

  it('every engine refuses a non-bigint or non-positive stake', () => {
    expect(dice.validateBet({ stake: 0n, target: 5000, direction: 'under' })).toMatchObject({
      code: 'STAKE_INVALID',
    });
    expect(limbo.validateBet({ stake: -5n, target: 200 })).toMatchObject({ code: 'STAKE_INVALID' });
    expect(fishing.validateBet({ stake: 1 as unknown as bigint, fish: 'shark' })).toMatchObject({
      code: 'STAKE_INVALID',
    });
    expect(scratch.validateBet({ stake: 10n ** 16n })).toMatchObject({ code: 'STAKE_INVALID' });
    expect(engines.mines.validateBet({ stake: 0n, mines: 3 })).toMatchObject({ code: 'STAKE_INVALID' });
    expect(engines.blackjack.validateBet({ stake: 0n })).toMatchObject({ code: 'STAKE_INVALID' });
  });
});

describe('dice', () => {
  it('rolls ⌊float × 10000⌋ from the stream', () => {
    const bytes = createHmac('sha256', 'server-seed').update('client:3:0').digest();
    const expected = Math.floor((bytes.readUInt32BE(0) / 2 ** 32) * 10000);
    expect(dice.play({ stake: 100n, target: 5000, direction: 'under' }, stream(3)).roll).toBe(expected);
  });

  it('wins under/over at the boundary and pays 9900 / winning outcomes', () => {
    for (let nonce = 0; nonce < 300; nonce++) {
      const o = dice.play({ stake: 1000n, target: 4950, direction: 'over' }, stream(nonce));
      expect(o.win).toBe(o.roll > 4950);
      expect(o.payout).toBe(o.win ? (1000n * 9900n) / 5049n : 0n);
      const u = dice.play({ stake: 1000n, target: 4950, direction: 'under' }, stream(nonce));
      expect(u.win).toBe(u.roll < 4950);
      expect(u.roll).toBe(o.roll);
    }
  });

  it('returns exactly 99 % for every allowed target', () => {
    for (let t = 0; t < 10000; t++) {
      for (const d of ['over', 'under'] as const) {
        if (!dice.validateBet({ stake: 1n, target: t, direction: d }).ok) continue;
        const w = d === 'under' ? t : 9999 - t;
        const m = diceMultiplier(t, d);
        // chance × multiplier = (w / 10000) × (num / den) = 99 / 100 exactly
        expect(w * m.num * 100).toBe(99 * 10000 * m.den);
      }
    }
  });

  it('explains bad params', () => {
    expect(dice.validateBet({ stake: 1n, target: 9900, direction: 'under' })).toMatchObject({
      ok: false,
      code: 'OUT_OF_RANGE',
      field: 'target',
    });
    expect(dice.validateBet({ stake: 1n, target: 0, direction: 'under' })).toMatchObject({
      code: 'OUT_OF_RANGE',
    });
    expect(dice.validateBet({ stake: 1n, target: 50.5, direction: 'under' })).toMatchObject({
      code: 'PARAM_INVALID',
    });
    expect(dice.validateBet({ stake: 1n, target: 10000, direction: 'over' })).toMatchObject({
      code: 'PARAM_INVALID',
    });
    expect(dice.validateBet({ stake: 1n, target: 50, direction: 'sideways' as 'over' })).toMatchObject({
      field: 'direction',
    });
    expect(dice.validateBet({ stake: 1n, target: 9800, direction: 'under' })).toEqual({ ok: true });
    expect(dice.validateBet({ stake: 1n, target: 1, direction: 'under' })).toEqual({ ok: true });
    expect(() => dice.play({ stake: 1n, target: 0, direction: 'under' }, stream())).toThrow(GameRuleError);
  });
});

describe('limbo', () => {
  it('wins with probability ⌊99·2⁵²/T⌋ / 2⁵²: the crash threshold sits exactly there', () => {
    const two52 = 2n ** 52n;
    for (const target of [101, 150, 200, 1000, 12345, 1_000_000, 100_000_000]) {
      const wins = limboWinProbability(target).num;
      const firstWin = two52 - wins;
      expect(limboCrashFromX(firstWin)).toBeGreaterThanOrEqual(BigInt(target));
      expect(limboCrashFromX(firstWin - 1n)).toBeLessThan(BigInt(target));
      const rtp = (Number(wins) / 2 ** 52) * (target / 100);
      expect(Math.abs(rtp - 0.99)).toBeLessThan(3e-8);
    }
    expect(limboCrashFromX(0n)).toBe(100n);
  });

  it('plays deterministically from two stream words', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const o = limbo.play({ stake: 500n, target: 200 }, stream(nonce));
      expect(o).toEqual(limbo.play({ stake: 500n, target: 200 }, stream(nonce)));
      const s = stream(nonce);
      const x = (BigInt(s.nextUint32()) << 20n) | (BigInt(s.nextUint32()) >> 12n);
      expect(BigInt(o.crash)).toBe(limboCrashFromX(x));
      expect(o.win).toBe(o.crash >= 200);
      expect(o.payout).toBe(o.win ? 1000n : 0n);
    }
  });

  it('refuses targets outside 1.01×–1 000 000×', () => {
    expect(limbo.validateBet({ stake: 1n, target: 100 })).toMatchObject({ code: 'OUT_OF_RANGE' });
    expect(limbo.validateBet({ stake: 1n, target: 100_000_001 })).toMatchObject({ code: 'OUT_OF_RANGE' });
    expect(limbo.validateBet({ stake: 1n, target: 2.5 })).toMatchObject({ code: 'PARAM_INVALID' });
    expect(limbo.validateBet({ stake: 1n, target: 101 })).toEqual({ ok: true });
  });
});

describe('fishing', () => {
  /** One shot at `fish` for every equally likely draw (the engine asks the stream for one integer). */
  function everyShot(fish: string, stake: bigint) {
    let draws = 0;
    const probe = {
      nextInt: (n: number) => {
        draws = n;
        return 0;
      },
    } as unknown as FairStream;
    fishing.play({ stake, fish }, probe);
    return Array.from({ length: draws }, (_, d) =>
      fishing.play({ stake, fish }, { nextInt: () => d } as unknown as FairStream),
    );
  }

  it('returns exactly 96 % on every fish, over all its equally likely draws, as its rules publish', () => {
    for (const f of fishTable) {
      const shots = everyShot(f.id, 100n);
      const paid = shots.reduce((a, o) => a + o.payout, 0n);
      // Σ payout = 96 % of Σ stake, exactly.
      expect(paid * 100n, f.id).toBe(96n * 100n * BigInt(shots.length));
      const caught = shots.filter((o) => o.caught);
      expect(caught.every((o) => o.payout === 100n * BigInt(f.multiplier))).toBe(true);
      const p = catchProbability(f);
      expect(caught.length * p.den, f.id).toBe(p.num * shots.length);
      const published = fishing.rules.fish.find((r) => r.id === f.id)!;
      expect(published.catchProbability).toBeCloseTo(caught.length / shots.length, 12);
      expect(fishing.rules.rtp).toBeCloseTo(Number(paid) / (100 * shots.length), 12);
    }
  });

  it('catches when ⌊float × 100m⌋ < 96 and pays m × stake', () => {
    let caught = 0;
    for (let nonce = 0; nonce < 3000; nonce++) {
      const o = fishing.play({ stake: 10n, fish: 'clownfish' }, stream(nonce));
      expect(o.caught).toBe(o.draw < 96);
      expect(o.payout).toBe(o.caught ? 20n : 0n);
      if (o.caught) caught++;
    }
    // p = 0.48: 3000 shots, mean 1440, sd ≈ 27.
    expect(Math.abs(caught - 1440)).toBeLessThan(150);
  });

  it('refuses an unknown fish', () => {
    expect(fishing.validateBet({ stake: 1n, fish: 'kraken' })).toMatchObject({
      code: 'PARAM_INVALID',
      field: 'fish',
    });
    expect(fishing.validateBet({ stake: 1n } as never)).toMatchObject({ code: 'PARAM_MISSING' });
  });
});

describe('scratch', () => {
  it('has an exact RTP between 95 % and 96 % that matches the per-symbol binomial sum', () => {
    const { rtp, hitFrequency } = scratchStats();
    const total = scratchSymbols.reduce((a, s) => a + s.weight, 0);
    const choose = (n: number, k: number) => {
      let r = 1;
      for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
      return r;
    };
    // Prizes add up across symbols, so the expectation is Σ prize × P(count ≥ 3).
    let independent = 0;
    for (const s of scratchSymbols) {
      const p = s.weight / total;
      let tail = 0;
      for (let k = 3; k <= 9; k++) tail += choose(9, k) * p ** k * (1 - p) ** (9 - k);
      independent += s.prize * tail;
    }
    expect(rtp).toBeCloseTo(independent, 12);
    expect(rtp).toBeGreaterThan(0.95);
    expect(rtp).toBeLessThan(0.96);
    expect(hitFrequency).toBeGreaterThan(0.2);
    expect(hitFrequency).toBeLessThan(0.5);
    expect(scratch.rules.rtp).toBe(rtp);
  });

  it('pays every symbol shown three or more times', () => {
    expect(scratchPrize(['lemon', 'lemon', 'lemon', 'crown', 'crown', 'crown', 'bell', 'star', 'plum'])).toBe(
      21,
    );
    expect(scratchPrize(['lemon', 'lemon', 'cherry', 'cherry', 'bell', 'bell', 'star', 'star', 'plum'])).toBe(
      0,
    );
    for (let nonce = 0; nonce < 200; nonce++) {
      const o = scratch.play({ stake: 100n }, stream(nonce));
      expect(o.cells).toHaveLength(9);
      expect(o.payout).toBe(100n * BigInt(scratchPrize(o.cells)));
      expect(o).toEqual(scratch.play({ stake: 100n }, stream(nonce)));
    }
  });
});
