import { FairInputError, FairStream, hashServerSeed } from './fair.js';

/**
 * Raffle draws (docs/rewards.md "Raffles"): pure and deterministic, so anyone holding the revealed
 * server seed and the raffle's entries recomputes the winners.
 *
 * - **Commitment**: SHA-256 (hex) of the server seed, published when the raffle is created.
 * - **Tickets**: the entries in canonical order — by id as a number (shorter digit strings first,
 *   then text order; any other ids by text) — entry i holding tickets offset_i … offset_i + n_i − 1.
 * - **Stream**: the fair stream (fair.ts) with clientSeed `raffle:<raffleId>` and nonce 0.
 * - **Each draw**: r = uniform(remaining tickets) by rejection sampling on the stream's uint32s (a
 *   value at or above the largest multiple of the bound is thrown away: no modulo bias); r names
 *   the r-th ticket still in the drum, in ticket order. A drawn ticket leaves the drum; with
 *   `distinct`, so do its owner's other tickets (no entry wins twice).
 */
export interface RaffleEntry {
  /** The member's id (digits), or any stable id. */
  id: string;
  /** Tickets held: a non-negative safe integer. */
  tickets: number;
}

export interface RaffleWin {
  /** Draw order, from 0 (the first prize). */
  draw: number;
  /** The winning entry's id. */
  id: string;
  /** The winning ticket's number (0-based, in the canonical ticket order). */
  ticket: number;
}

export interface RaffleDrawInput {
  serverSeed: string;
  /** Names the raffle in the stream (clientSeed `raffle:<raffleId>`). */
  raffleId: string;
  entries: readonly RaffleEntry[];
  /** Prizes to draw; fewer are drawn when the drum runs out. */
  winners: number;
  /** No entry wins more than once (default). */
  distinct?: boolean;
}

/** The most tickets one draw may hold: every ticket must be nameable by one uint32. */
export const RAFFLE_MAX_TICKETS = 0xffffffff;

/** What is published before the raffle opens: SHA-256 of the server seed (hex). */
export function raffleCommitment(serverSeed: string): string {
  return hashServerSeed(serverSeed);
}

/** Canonical entry order: numeric ids by value (length, then text), others by text. */
export function compareEntryIds(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The entries with tickets, in canonical order, each with its first ticket number. */
export function raffleTickets(
  entries: readonly RaffleEntry[],
): { id: string; tickets: number; first: number }[] {
  const seen = new Set<string>();
  for (const e of entries) {
    if (!Number.isSafeInteger(e.tickets) || e.tickets < 0)
      throw new FairInputError(`tickets must be a non-negative integer, got ${e.tickets}`);
    if (seen.has(e.id)) throw new FairInputError(`entry ${e.id} is listed twice`);
    seen.add(e.id);
  }
  const sorted = entries.filter((e) => e.tickets > 0).sort((a, b) => compareEntryIds(a.id, b.id));
  let first = 0;
  const out = sorted.map((e) => {
    const row = { id: e.id, tickets: e.tickets, first };
    first += e.tickets;
    return row;
  });
  if (first > RAFFLE_MAX_TICKETS)
    throw new FairInputError(`a raffle holds at most ${RAFFLE_MAX_TICKETS} tickets`);
  return out;
}

/** Anything that yields uniform uint32s (the fair stream). */
export interface Uint32Source {
  nextUint32(): number;
}

/**
 * An integer uniform in [0, n) by rejection sampling: uint32s at or above ⌊2³² ÷ n⌋ × n are
 * discarded, the rest taken mod n — every value equally likely (no modulo bias).
 */
export function uniformBelow(source: Uint32Source, n: number): number {
  if (!Number.isSafeInteger(n) || n <= 0 || n > 0x100000000)
    throw new FairInputError(`bound must be an integer in 1..2^32, got ${n}`);
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const u = source.nextUint32();
    if (u < limit) return u % n;
  }
}

/** A Fenwick tree of the entries' tickets still in the drum. */
class Drum {
  private readonly tree: number[];
  constructor(private readonly weights: number[]) {
    this.tree = new Array<number>(weights.length + 1).fill(0);
    weights.forEach((w, i) => this.add(i, w, false));
  }
  private add(i: number, delta: number, track = true) {
    if (track) this.weights[i]! += delta;
    for (let j = i + 1; j < this.tree.length; j += j & -j) this.tree[j]! += delta;
  }
  remove(i: number, count: number) {
    this.add(i, -count);
  }
  left(i: number): number {
    return this.weights[i]!;
  }
  /** The entry holding the r-th ticket still in the drum, and r's place among its tickets. */
  find(r: number): { index: number; within: number } {
    let pos = 0;
    let rest = r;
    let step = 1;
    while (step * 2 < this.tree.length) step *= 2;
    for (; step > 0; step >>= 1) {
      const next = pos + step;
      if (next < this.tree.length && this.tree[next]! <= rest) {
        pos = next;
        rest -= this.tree[next]!;
      }
    }
    return { index: pos, within: rest };
  }
}

/**
 * The raffle's winners, in draw order (prize 1 first). Pure: the same seed, raffle and entries
 * (in any order) give the same winners.
 */
export function drawRaffle(input: RaffleDrawInput): RaffleWin[] {
  const { winners } = input;
  const distinct = input.distinct ?? true;
  if (!Number.isSafeInteger(winners) || winners < 0) throw new FairInputError('winners must be ≥ 0');
  const tickets = raffleTickets(input.entries);
  const stream = new FairStream({
    serverSeed: input.serverSeed,
    clientSeed: `raffle:${input.raffleId}`,
    nonce: 0,
  });
  const drum = new Drum(tickets.map((e) => e.tickets));
  let remaining = tickets.reduce((s, e) => s + e.tickets, 0);
  /** Per entry, the local numbers of its tickets already drawn (ascending; only without `distinct`). */
  const drawn = new Map<number, number[]>();
  const out: RaffleWin[] = [];
  while (out.length < winners && remaining > 0) {
    const r = uniformBelow(stream, remaining);
    const { index, within } = drum.find(r);
    // The within-th of the entry's tickets still in the drum, skipping those drawn before.
    let local = within;
    const taken = drawn.get(index) ?? [];
    for (const d of taken) if (d <= local) local += 1;
    const entry = tickets[index]!;
    out.push({ draw: out.length, id: entry.id, ticket: entry.first + local });
    if (distinct) {
      const left = drum.left(index);
      drum.remove(index, left);
      remaining -= left;
    } else {
      taken.push(local);
      taken.sort((a, b) => a - b);
      drawn.set(index, taken);
      drum.remove(index, 1);
      remaining -= 1;
    }
  }
  return out;
}
