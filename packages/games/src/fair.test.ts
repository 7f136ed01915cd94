import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FairInputError, FairStream, floats, hashServerSeed, newServerSeed } from './fair.js';

const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player-seed', nonce: 7 };

/** Independent reference: the documented scheme with node:crypto. */
function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const bytes = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) {
      out.push(
        bytes[i]! / 256 + bytes[i + 1]! / 256 ** 2 + bytes[i + 2]! / 256 ** 3 + bytes[i + 3]! / 256 ** 4,
      );
    }
  }
  return out;
}

describe('fair stream', () => {
  it('hashes the server seed with SHA-256', () => {
    expect(hashServerSeed('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashServerSeed(seeds.serverSeed)).toBe(
      createHash('sha256').update(seeds.serverSeed).digest('hex'),
    );
  });

  it('matches an independent HMAC-SHA256 computation across rounds', () => {
    expect(floats(seeds, 20)).toEqual(referenceFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 20));
    const other = { serverSeed: 'e3b0c442', clientSeed: '', nonce: 0 };
    expect(floats(other, 9)).toEqual(referenceFloats('e3b0c442', '', 0, 9));
  });

  it('has a fixed known vector', () => {
    // HMAC-SHA256(key "server", "client:0:0") = e0d8048b…, pinned so a refactor cannot drift.
    const s = new FairStream({ serverSeed: 'server', clientSeed: 'client', nonce: 0 });
    expect(s.nextUint32()).toBe(0xe0d8048b);
    expect(s.nextUint32()).toBe(0xe5b3823a);
    expect(floats({ serverSeed: 'server', clientSeed: 'client', nonce: 0 }, 1)[0]).toBe(0xe0d8048b / 2 ** 32);
  });

  it('is deterministic and changes with every input', () => {
    expect(floats(seeds, 5)).toEqual(floats(seeds, 5));
    expect(floats({ ...seeds, nonce: 8 }, 5)).not.toEqual(floats(seeds, 5));
    expect(floats({ ...seeds, clientSeed: 'x' }, 5)).not.toEqual(floats(seeds, 5));
    expect(floats({ ...seeds, serverSeed: 'b'.repeat(64) }, 5)).not.toEqual(floats(seeds, 5));
  });

  it('floats lie in [0, 1) and ints in [0, n)', () => {
    const s = new FairStream(seeds);
    for (let i = 0; i < 2000; i++) {
      const n = 1 + (i % 37);
      const v = s.nextInt(n);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(n);
    }
    for (const f of floats(seeds, 100)) {
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
    expect(s.cursor).toBe(2000);
  });

  it('shuffles with the documented Fisher–Yates and samples a prefix of the same shuffle', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const ref = referenceFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 9);
    const expected = items.slice();
    for (let i = 0; i < 9; i++) {
      const j = i + Math.floor(ref[i]! * (10 - i));
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    }
    const shuffled = new FairStream(seeds).shuffle(items);
    expect(shuffled).toEqual(expected);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(new FairStream(seeds).sample(items, 4)).toEqual(expected.slice(0, 4));
    expect(items).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });

  it('rejects malformed seeds and bounds', () => {
    expect(() => new FairStream({ ...seeds, nonce: -1 })).toThrow(FairInputError);
    expect(() => new FairStream({ ...seeds, nonce: 1.5 })).toThrow(FairInputError);
    expect(() => new FairStream({ ...seeds, serverSeed: '' })).toThrow(FairInputError);
    expect(() => new FairStream(seeds).nextInt(0)).toThrow(FairInputError);
    expect(() => new FairStream(seeds).sample([1, 2], 3)).toThrow(FairInputError);
  });

  it('creates a server seed with its hash from injected randomness', () => {
    const hex = 'AB'.repeat(32);
    const s = newServerSeed(hex);
    expect(s.serverSeed).toBe(hex.toLowerCase());
    expect(s.serverSeedHash).toBe(hashServerSeed(hex.toLowerCase()));
    expect(() => newServerSeed('xyz')).toThrow(FairInputError);
    expect(() => newServerSeed('abcd')).toThrow(FairInputError);
  });
});
