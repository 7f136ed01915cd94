/**
 * Bull-bull rooms (docs/pvp.md): the tables, the deal of a hand from its fair stream, and the
 * settlement between the banker and each player — pure, so conservation of chips is a property
 * test, not a hope.
 */
import type { FairStream } from '../fair.js';
import type { Card } from '../engines/cards.js';
import { fullDeck, type NiuNiuHand } from './hands.js';

export interface PvpTableDef {
  code: string;
  game: 'niuniu' | 'holdem' | 'threecard';
  /** One bet multiple, the brand's major units. */
  unit: number;
  /** Least buy-in, major units. */
  minBuyIn: number;
  maxSeats: number;
  betMs: number;
  dealMs: number;
  pauseMs: number;
  /** The house's share of a winner's net win (basis points), capped per seat and hand at `rakeCapUnits` × unit. */
  rakeBp: number;
  rakeCapUnits: number;
  /** Hold'em: the blinds (major units; `unit` is the big blind) and the time each player has to act. */
  smallBlind?: number;
  actionMs?: number;
  /** Three-card: the blind prices a stake may be raised to (multiples of `unit`, the ante) and the rounds before the showdown. */
  levels?: number[];
  maxRounds?: number;
}

export const pvpTables: readonly PvpTableDef[] = [
  {
    code: 'PVP_NIUNIU_1',
    game: 'niuniu',
    unit: 1,
    minBuyIn: 50,
    maxSeats: 5,
    betMs: 8_000,
    dealMs: 4_000,
    pauseMs: 3_000,
    rakeBp: 500,
    rakeCapUnits: 10,
  },
  {
    code: 'PVP_NIUNIU_10',
    game: 'niuniu',
    unit: 10,
    minBuyIn: 500,
    maxSeats: 5,
    betMs: 8_000,
    dealMs: 4_000,
    pauseMs: 3_000,
    rakeBp: 500,
    rakeCapUnits: 10,
  },
  // Hold'em 1/2 (`unit` is the big blind): rake 5 % of a pot that saw a flop, at most 5 big blinds.
  {
    code: 'PVP_HOLDEM_1',
    game: 'holdem',
    unit: 2,
    smallBlind: 1,
    minBuyIn: 40,
    maxSeats: 6,
    betMs: 0,
    dealMs: 0,
    pauseMs: 4_000,
    rakeBp: 500,
    rakeCapUnits: 5,
    actionMs: 20_000,
  },
  // Three-card, ante 1: blind prices 1, 2, 3 or 5, seen twice that; eight rounds, then the
  // showdown. A seat is dealt in with 81 (the most a hand can cost); rake 5 %, at most 10.
  {
    code: 'PVP_ZJH_1',
    game: 'threecard',
    unit: 1,
    minBuyIn: 100,
    maxSeats: 5,
    betMs: 0,
    dealMs: 0,
    // Time to take in the hands a comparison or the showdown turned over.
    pauseMs: 6_000,
    rakeBp: 500,
    rakeCapUnits: 10,
    actionMs: 20_000,
    levels: [1, 2, 3, 5],
    maxRounds: 8,
  },
];

export function pvpTable(code: string): PvpTableDef | undefined {
  return pvpTables.find((t) => t.code === code);
}

/** Five cards for each of `seats` seats from one shuffled 52-card deck, in seat order. */
export function dealNiuNiu(stream: Pick<FairStream, 'sample'>, seats: number): Card[][] {
  const cards = stream.sample(fullDeck(), 5 * seats);
  return Array.from({ length: seats }, (_, i) => cards.slice(i * 5, i * 5 + 5));
}

export interface NiuNiuSeatIn {
  seat: number;
  stack: bigint;
  /** Bet multiple (players); ignored for the banker. */
  bet: number;
  hand: NiuNiuHand;
}

export interface NiuNiuSeatOut {
  seat: number;
  /** Chips won (+) or lost (−) after rake. */
  net: bigint;
  rake: bigint;
}

/**
 * Settles a hand: each player, in the order given (from the banker's left), against the banker —
 * the winner's hand multiplier × bet × unit, never more than the payer has left. Then the house's
 * rake from each seat's positive result. Chips are conserved: Σ net + Σ rake = 0, and no stack
 * goes below zero.
 */
export function settleNiuNiu(input: {
  banker: NiuNiuSeatIn;
  players: readonly NiuNiuSeatIn[];
  unit: bigint;
  rakeBp: number;
  rakeCap: bigint;
}): NiuNiuSeatOut[] {
  const gross = new Map<number, bigint>([[input.banker.seat, 0n]]);
  let bankerLeft = input.banker.stack;
  for (const p of input.players) {
    const playerWins = p.hand.value > input.banker.hand.value;
    const left = p.stack;
    let amount: bigint;
    if (playerWins) {
      amount = input.unit * BigInt(p.bet * p.hand.multiplier);
      if (amount > bankerLeft) amount = bankerLeft;
      bankerLeft -= amount;
      gross.set(p.seat, amount);
      gross.set(input.banker.seat, gross.get(input.banker.seat)! - amount);
    } else {
      amount = input.unit * BigInt(p.bet * input.banker.hand.multiplier);
      if (amount > left) amount = left;
      bankerLeft += amount;
      gross.set(p.seat, -amount);
      gross.set(input.banker.seat, gross.get(input.banker.seat)! + amount);
    }
  }
  return [...gross].map(([seat, g]) => {
    if (g <= 0n) return { seat, net: g, rake: 0n };
    let rake = (g * BigInt(input.rakeBp)) / 10_000n;
    if (rake > input.rakeCap) rake = input.rakeCap;
    return { seat, net: g - rake, rake };
  });
}
