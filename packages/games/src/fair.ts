/**
 * Provably fair random stream.
 *
 * bytes(round) = HMAC-SHA256(key = UTF-8(serverSeed), message = UTF-8(`${clientSeed}:${nonce}:${round}`))
 * for round = 0, 1, 2, … Each 32-byte block yields eight floats, four bytes each, in order:
 * float = b0/256 + b1/256² + b2/256³ + b3/256⁴ (= big-endian uint32 / 2³²), so 0 ≤ float < 1.
 * This is the widely used Stake-style scheme, so players can verify results with common tools.
 *
 * HMAC comes from `@noble/hashes` (pure JS) so the same code runs in Node and in the browser.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Inputs of one bet's random stream. */
export interface FairSeeds {
  /** Secret seed, revealed after rotation; its SHA-256 hash is published beforehand. */
  serverSeed: string;
  /** Player-chosen seed. */
  clientSeed: string;
  /** Bet counter for this seed pair: a non-negative safe integer. */
  nonce: number;
}

/** Thrown for malformed seeds or stream arguments (programming errors, not player input). */
export class FairInputError extends Error {
  override name = 'FairInputError';
}

/** Lower-case hex SHA-256 of the server seed's UTF-8 bytes: what is shown before the reveal. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/**
 * Turns caller-supplied random hex (e.g. 32 bytes from a CSPRNG, hex-encoded) into a server seed
 * and its published hash. Randomness is injected so this package stays free of I/O.
 */
export function newServerSeed(randomHex: string): { serverSeed: string; serverSeedHash: string } {
  if (!/^[0-9a-fA-F]{32,}$/.test(randomHex)) {
    throw new FairInputError('server seed needs at least 16 random bytes as hex');
  }
  const serverSeed = randomHex.toLowerCase();
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed) };
}

/** Throws unless the seeds are well formed (strings, non-negative safe integer nonce). */
export function assertSeeds(seeds: FairSeeds): void {
  if (typeof seeds.serverSeed !== 'string' || seeds.serverSeed.length === 0) {
    throw new FairInputError('serverSeed must be a non-empty string');
  }
  if (typeof seeds.clientSeed !== 'string') throw new FairInputError('clientSeed must be a string');
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) {
    throw new FairInputError('nonce must be a non-negative integer');
  }
}

/** The 32 HMAC bytes of one round. */
export function roundBytes(seeds: FairSeeds, round: number): Uint8Array {
  return hmac(
    sha256,
    utf8ToBytes(seeds.serverSeed),
    utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${round}`),
  );
}

/** Incremental reader over the stream: floats, integers and shuffles, consumed in order. */
export class FairStream {
  readonly seeds: Readonly<FairSeeds>;
  // HMAC with the key already absorbed; cloned per round so the key is processed once per stream.
  private mac: ReturnType<typeof hmac.create>;
  private block: Uint8Array | null = null;
  private round = 0;
  private offset = 32;
  private used = 0;

  constructor(seeds: FairSeeds) {
    assertSeeds(seeds);
    this.seeds = Object.freeze({ ...seeds });
    this.mac = hmac.create(sha256, utf8ToBytes(seeds.serverSeed));
  }

  /** How many floats have been consumed (the "cursor" in float units). */
  get cursor(): number {
    return this.used;
  }

  /** Next big-endian uint32 from the stream, 0 ≤ u < 2³². */
  nextUint32(): number {
    if (this.offset >= 32 || this.block === null) {
      const msg = utf8ToBytes(`${this.seeds.clientSeed}:${this.seeds.nonce}:${this.round}`);
      this.block = this.mac.clone().update(msg).digest();
      this.round += 1;
      this.offset = 0;
    }
    const b = this.block;
    const o = this.offset;
    this.offset += 4;
    this.used += 1;
    return b[o]! * 0x1000000 + b[o + 1]! * 0x10000 + b[o + 2]! * 0x100 + b[o + 3]!;
  }

  /** Next float in [0, 1): b0/256 + b1/256² + b2/256³ + b3/256⁴. */
  nextFloat(): number {
    return this.nextUint32() / 0x100000000;
  }

  /** Integer in [0, n): ⌊float × n⌋, one float per call. n must be a positive safe integer ≤ 2³². */
  nextInt(n: number): number {
    if (!Number.isSafeInteger(n) || n <= 0 || n > 0x100000000) {
      throw new FairInputError(`nextInt bound must be an integer in 1..2^32, got ${n}`);
    }
    return Math.floor(this.nextFloat() * n);
  }

  /**
   * Fisher–Yates shuffle driven by the stream: for i = 0 … n−2, j = i + nextInt(n − i), swap(i, j).
   * Uses n − 1 floats; returns a new array.
   */
  shuffle<T>(items: readonly T[]): T[] {
    return this.sample(items, Math.max(0, items.length - 1), true);
  }

  /**
   * The first k items of the same Fisher–Yates shuffle (min(k, n − 1) floats). The result equals
   * shuffle(items).slice(0, k) for the same stream position, so a partial draw verifies the same way.
   */
  sample<T>(items: readonly T[], k: number, wholeArray = false): T[] {
    const a = items.slice();
    const n = a.length;
    if (!Number.isSafeInteger(k) || k < 0 || k > n) throw new FairInputError(`cannot draw ${k} of ${n}`);
    for (let i = 0; i < k && i < n - 1; i++) {
      const j = i + this.nextInt(n - i);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return wholeArray ? a : a.slice(0, k);
  }
}

/** The first `count` floats of a bet's stream. */
export function floats(seeds: FairSeeds, count: number): number[] {
  const s = new FairStream(seeds);
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(s.nextFloat());
  return out;
}
