/**
 * The house live tables' maths (docs/live.md): shared rounds of baccarat, dragon tiger, sic bo
 * and roulette that every seated player bets on. One round's outcome comes from its own
 * provably fair stream — server seed committed (SHA-256) before betting opens and revealed after
 * settlement, client seed the table's code, nonce the round's number — so anyone can recompute it.
 *
 * A bet is a spot and a stake; `liveReturn` is the exact return per unit staked (stake included:
 * 0 lost, 1 pushed, 2 even money…), so a payout is ⌊stake × num / den⌋ like every house game.
 */
import type { FairStream } from '../fair.js';
import { FairStream as Stream } from '../fair.js';
import type { Ratio } from '../types.js';
import { dealBaccarat, baccaratPays, BACCARAT_DECKS } from '../engines/baccarat.js';
import { orderedShoe, rankIndex, type Card } from '../engines/cards.js';

export const liveGameKinds = ['baccarat', 'dragon-tiger', 'sic-bo', 'roulette'] as const;
export type LiveGameKind = (typeof liveGameKinds)[number];

/** The part of the fair stream a deal reads (a simulation may pass a faster source of the same shape). */
export type LiveRandom = Pick<FairStream, 'nextInt' | 'sample'>;

export interface BaccaratLiveResult {
  kind: 'baccarat';
  playerCards: Card[];
  bankerCards: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}
export interface DragonTigerResult {
  kind: 'dragon-tiger';
  dragon: Card;
  tiger: Card;
  winner: 'dragon' | 'tiger' | 'tie';
}
export interface SicBoResult {
  kind: 'sic-bo';
  dice: [number, number, number];
  total: number;
}
export interface RouletteResult {
  kind: 'roulette';
  number: number;
  colour: 'red' | 'black' | 'green';
}
export type LiveResult = BaccaratLiveResult | DragonTigerResult | SicBoResult | RouletteResult;

const r = (num: number, den = 1): Ratio => ({ num, den });
const LOSE = r(0);
const PUSH = r(1);

/* ---------------------------------------------------------------- spots */

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const ROULETTE_RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** Every spot of each game, in the order a table lays them out. */
export const liveSpots: Record<LiveGameKind, readonly string[]> = {
  baccarat: ['player', 'banker', 'tie', 'playerPair', 'bankerPair'],
  'dragon-tiger': ['dragon', 'tiger', 'tie'],
  'sic-bo': [
    'small',
    'big',
    'odd',
    'even',
    'anyTriple',
    ...range(4, 17).map((n) => `total${n}`),
    ...range(1, 6).map((n) => `single${n}`),
    ...range(1, 6).map((n) => `double${n}`),
    ...range(1, 6).map((n) => `triple${n}`),
  ],
  roulette: [
    ...range(0, 36).map((n) => `n${n}`),
    'red',
    'black',
    'odd',
    'even',
    'low',
    'high',
    'dozen1',
    'dozen2',
    'dozen3',
    'column1',
    'column2',
    'column3',
  ],
};

export function isLiveSpot(kind: LiveGameKind, spot: string): boolean {
  return liveSpots[kind].includes(spot);
}

/** Sic bo totals' returns (stake included): 4 and 17 pay 60 to 1 … 9 to 12 pay 6 to 1. */
const SIC_BO_TOTAL: Record<number, number> = {
  4: 61,
  5: 31,
  6: 18,
  7: 13,
  8: 9,
  9: 7,
  10: 7,
  11: 7,
  12: 7,
  13: 9,
  14: 13,
  15: 18,
  16: 31,
  17: 61,
};

/** The published pays of each game, as "N:1" per spot family (the rules panel). */
export const livePays: Record<LiveGameKind, Record<string, string>> = {
  baccarat: { player: '1:1', banker: '0.95:1', tie: '8:1', playerPair: '11:1', bankerPair: '11:1' },
  'dragon-tiger': {
    dragon: '1:1',
    tiger: '1:1',
    tie: '8:1',
    tieLosesHalf: 'dragon and tiger lose half on a tie',
  },
  'sic-bo': {
    small: '1:1',
    big: '1:1',
    odd: '1:1',
    even: '1:1',
    anyTriple: '30:1',
    ...Object.fromEntries(Object.entries(SIC_BO_TOTAL).map(([t, m]) => [`total${t}`, `${m - 1}:1`])),
    single: '1:1, 2:1, 3:1',
    double: '10:1',
    triple: '180:1',
  },
  roulette: {
    straight: '35:1',
    red: '1:1',
    black: '1:1',
    odd: '1:1',
    even: '1:1',
    low: '1:1',
    high: '1:1',
    dozen: '2:1',
    column: '2:1',
  },
};

/* ---------------------------------------------------------------- deals */

const SHOE = orderedShoe(BACCARAT_DECKS);

/** Dragon tiger rank: A = 1 … K = 13. */
export function dragonTigerRank(card: Card): number {
  return rankIndex(card);
}

/** Deals one round of `kind` from the stream (pure: the same stream position gives the same result). */
export function dealLive(kind: LiveGameKind, rand: LiveRandom): LiveResult {
  switch (kind) {
    case 'baccarat': {
      const d = dealBaccarat(rand.sample(SHOE, 6));
      return {
        kind,
        playerCards: d.playerCards,
        bankerCards: d.bankerCards,
        playerTotal: d.playerTotal,
        bankerTotal: d.bankerTotal,
        winner: d.winner,
        playerPair: d.playerPair,
        bankerPair: d.bankerPair,
      };
    }
    case 'dragon-tiger': {
      const [dragon, tiger] = rand.sample(SHOE, 2) as [Card, Card];
      const a = dragonTigerRank(dragon);
      const b = dragonTigerRank(tiger);
      return { kind, dragon, tiger, winner: a > b ? 'dragon' : b > a ? 'tiger' : 'tie' };
    }
    case 'sic-bo': {
      const dice: [number, number, number] = [rand.nextInt(6) + 1, rand.nextInt(6) + 1, rand.nextInt(6) + 1];
      return { kind, dice, total: dice[0] + dice[1] + dice[2] };
    }
    case 'roulette': {
      const number = rand.nextInt(37);
      return { kind, number, colour: number === 0 ? 'green' : ROULETTE_RED.has(number) ? 'red' : 'black' };
    }
  }
}

/** The round's stream: client seed the table's code, nonce the round's number. */
export function liveRoundSeeds(serverSeed: string, tableCode: string, roundNo: number) {
  return { serverSeed, clientSeed: tableCode, nonce: roundNo };
}

/** The outcome of a table's round from its (revealed) server seed: what a verifier recomputes. */
export function liveRoundResult(
  kind: LiveGameKind,
  serverSeed: string,
  tableCode: string,
  roundNo: number,
): LiveResult {
  return dealLive(kind, new Stream(liveRoundSeeds(serverSeed, tableCode, roundNo)));
}

/* ---------------------------------------------------------------- returns */

function baccaratReturn(spot: string, x: BaccaratLiveResult): Ratio {
  switch (spot) {
    case 'player':
      return x.winner === 'player' ? baccaratPays.player : x.winner === 'tie' ? PUSH : LOSE;
    case 'banker':
      return x.winner === 'banker' ? baccaratPays.banker : x.winner === 'tie' ? PUSH : LOSE;
    case 'tie':
      return x.winner === 'tie' ? baccaratPays.tie : LOSE;
    case 'playerPair':
      return x.playerPair ? baccaratPays.playerPair : LOSE;
    case 'bankerPair':
      return x.bankerPair ? baccaratPays.bankerPair : LOSE;
  }
  return LOSE;
}

function dragonTigerReturn(spot: string, x: DragonTigerResult): Ratio {
  if (spot === 'tie') return x.winner === 'tie' ? r(9) : LOSE;
  if (x.winner === 'tie') return r(1, 2);
  return x.winner === spot ? r(2) : LOSE;
}

function sicBoReturn(spot: string, x: SicBoResult): Ratio {
  const [a, b, c] = x.dice;
  const triple = a === b && b === c;
  if (spot === 'small') return !triple && x.total >= 4 && x.total <= 10 ? r(2) : LOSE;
  if (spot === 'big') return !triple && x.total >= 11 && x.total <= 17 ? r(2) : LOSE;
  if (spot === 'odd') return !triple && x.total % 2 === 1 ? r(2) : LOSE;
  if (spot === 'even') return !triple && x.total % 2 === 0 ? r(2) : LOSE;
  if (spot === 'anyTriple') return triple ? r(31) : LOSE;
  const n = Number(spot.replace(/^[a-z]+/, ''));
  if (spot.startsWith('total')) return x.total === n ? r(SIC_BO_TOTAL[n]!) : LOSE;
  const count = x.dice.filter((d) => d === n).length;
  if (spot.startsWith('single')) return count > 0 ? r(count + 1) : LOSE;
  if (spot.startsWith('double')) return count >= 2 ? r(11) : LOSE;
  if (spot.startsWith('triple')) return count === 3 ? r(181) : LOSE;
  return LOSE;
}

function rouletteReturn(spot: string, x: RouletteResult): Ratio {
  const n = x.number;
  if (spot.startsWith('n')) return Number(spot.slice(1)) === n ? r(36) : LOSE;
  if (n === 0) return LOSE;
  switch (spot) {
    case 'red':
      return x.colour === 'red' ? r(2) : LOSE;
    case 'black':
      return x.colour === 'black' ? r(2) : LOSE;
    case 'odd':
      return n % 2 === 1 ? r(2) : LOSE;
    case 'even':
      return n % 2 === 0 ? r(2) : LOSE;
    case 'low':
      return n <= 18 ? r(2) : LOSE;
    case 'high':
      return n >= 19 ? r(2) : LOSE;
  }
  if (spot.startsWith('dozen')) return Math.ceil(n / 12) === Number(spot.slice(5)) ? r(3) : LOSE;
  if (spot.startsWith('column')) return ((n - 1) % 3) + 1 === Number(spot.slice(6)) ? r(3) : LOSE;
  return LOSE;
}

/** Return per unit staked on `spot` (stake included), exact. An unknown spot returns nothing. */
export function liveReturn(spot: string, result: LiveResult): Ratio {
  switch (result.kind) {
    case 'baccarat':
      return baccaratReturn(spot, result);
    case 'dragon-tiger':
      return dragonTigerReturn(spot, result);
    case 'sic-bo':
      return sicBoReturn(spot, result);
    case 'roulette':
      return rouletteReturn(spot, result);
  }
}

/** ⌊stake × return⌋ in minor units. */
export function livePayout(stake: bigint, spot: string, result: LiveResult): bigint {
  const x = liveReturn(spot, result);
  return (stake * BigInt(x.num)) / BigInt(x.den);
}

/** The round in a word for history strips and roads: winner, total or number. */
export function liveSummary(result: LiveResult): string {
  switch (result.kind) {
    case 'baccarat':
    case 'dragon-tiger':
      return result.winner;
    case 'sic-bo':
      return result.dice.join('');
    case 'roulette':
      return String(result.number);
  }
}

/**
 * Every outcome of a game with its exact probability (the maths behind the published house
 * edges): roulette's 37 numbers, sic bo's 216 rolls, dragon tiger's rank pairs drawn without
 * replacement from the 8-deck shoe. Baccarat's exact figures come from `baccaratProbabilities`.
 */
export function liveOutcomes(kind: Exclude<LiveGameKind, 'baccarat'>): { result: LiveResult; p: number }[] {
  if (kind === 'roulette')
    return range(0, 36).map((number) => ({
      result: { kind, number, colour: number === 0 ? 'green' : ROULETTE_RED.has(number) ? 'red' : 'black' },
      p: 1 / 37,
    }));
  if (kind === 'sic-bo') {
    const out: { result: LiveResult; p: number }[] = [];
    for (const a of range(1, 6))
      for (const b of range(1, 6))
        for (const c of range(1, 6))
          out.push({ result: { kind, dice: [a, b, c], total: a + b + c }, p: 1 / 216 });
    return out;
  }
  // Dragon tiger: 32 cards of each rank in 416; ranks only decide the round.
  const out: { result: LiveResult; p: number }[] = [];
  const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
  const per = 4 * BACCARAT_DECKS;
  const n = 52 * BACCARAT_DECKS;
  for (const [i, d] of ranks.entries())
    for (const [j, t] of ranks.entries()) {
      const p = (per * (i === j ? per - 1 : per)) / (n * (n - 1));
      out.push({
        result: { kind, dragon: `${d}S`, tiger: `${t}H`, winner: i > j ? 'dragon' : j > i ? 'tiger' : 'tie' },
        p,
      });
    }
  return out;
}

/** Exact house edge of a spot: 1 − expected return per unit staked. */
export function liveHouseEdge(kind: Exclude<LiveGameKind, 'baccarat'>, spot: string): number {
  let expected = 0;
  for (const { result, p } of liveOutcomes(kind)) {
    const x = liveReturn(spot, result);
    expected += (p * x.num) / x.den;
  }
  return 1 - expected;
}
