/**
 * Player-versus-player card maths (docs/pvp.md): hand evaluation for Texas hold'em, three-card
 * (zha jin hua) and bull-bull (niu-niu), and hold'em's side pots. Pure: the rooms deal from a
 * provably fair shuffle and ask these who won.
 *
 * Hand values are plain numbers that compare with `>`: category × 16⁵ plus the ranks that break
 * ties, most significant first (base 16, ace high = 14).
 */
import { type Card, RANKS, SUITS } from '../engines/cards.js';

/* ---------------------------------------------------------------- shared */

/** 2 … 14 (ace high). */
export function highRank(card: Card): number {
  const i = RANKS.indexOf(card[0] as (typeof RANKS)[number]);
  return i === 0 ? 14 : i + 1;
}
const suitOf = (card: Card) => card[1]!;

const pack = (category: number, ranks: number[]) => {
  let v = category;
  for (let i = 0; i < 5; i++) v = v * 16 + (ranks[i] ?? 0);
  return v;
};

/** A 52-card deck (one of each rank and suit). */
export function fullDeck(): Card[] {
  const out: Card[] = [];
  for (const s of SUITS) for (const r of RANKS) out.push(r + s);
  return out;
}

/* ---------------------------------------------------------------- hold'em */

export const holdemCategories = [
  'high_card',
  'pair',
  'two_pair',
  'three_of_a_kind',
  'straight',
  'flush',
  'full_house',
  'four_of_a_kind',
  'straight_flush',
] as const;
export type HoldemCategory = (typeof holdemCategories)[number];

/** The top card of a straight among these distinct ranks (the wheel A-2-3-4-5 tops at 5), or 0. */
function straightTop(ranks: Set<number>): number {
  for (let top = 14; top >= 5; top--) {
    let ok = true;
    for (let k = 0; k < 5; k++) {
      const r = top - k;
      if (!ranks.has(r === 1 ? 14 : r)) {
        ok = false;
        break;
      }
    }
    if (ok) return top;
  }
  return 0;
}

/**
 * The best five-card poker hand among 5 to 7 cards, evaluated directly (counts of ranks and
 * suits, no enumeration of subsets).
 */
export function holdemValue(cards: readonly Card[]): number {
  const counts = new Map<number, number>();
  const bySuit = new Map<string, number[]>();
  for (const c of cards) {
    const r = highRank(c);
    counts.set(r, (counts.get(r) ?? 0) + 1);
    const list = bySuit.get(suitOf(c)) ?? [];
    list.push(r);
    bySuit.set(suitOf(c), list);
  }
  // Straight flush and flush.
  for (const ranks of bySuit.values()) {
    if (ranks.length < 5) continue;
    const top = straightTop(new Set(ranks));
    if (top) return pack(8, [top]);
  }
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const desc = [...counts.keys()].sort((a, b) => b - a);
  const [g0, g1] = groups;
  if (g0![1] === 4) return pack(7, [g0![0], desc.find((r) => r !== g0![0])!]);
  if (g0![1] === 3 && g1 && g1[1] >= 2) return pack(6, [g0![0], g1[0]]);
  for (const ranks of bySuit.values())
    if (ranks.length >= 5) return pack(5, [...ranks].sort((a, b) => b - a).slice(0, 5));
  const top = straightTop(new Set(desc));
  if (top) return pack(4, [top]);
  if (g0![1] === 3) return pack(3, [g0![0], ...desc.filter((r) => r !== g0![0]).slice(0, 2)]);
  if (g0![1] === 2 && g1 && g1[1] === 2) {
    const kicker = desc.find((r) => r !== g0![0] && r !== g1[0])!;
    return pack(2, [g0![0], g1[0], kicker]);
  }
  if (g0![1] === 2) return pack(1, [g0![0], ...desc.filter((r) => r !== g0![0]).slice(0, 3)]);
  return pack(0, desc.slice(0, 5));
}

export function holdemCategory(value: number): HoldemCategory {
  return holdemCategories[Math.floor(value / 16 ** 5)]!;
}

/** Exactly five cards, the textbook way: the reference the brute-force evaluator is built on. */
export function fiveCardValue(five: readonly Card[]): number {
  const ranks = five.map(highRank).sort((a, b) => b - a);
  const flush = five.every((c) => suitOf(c) === suitOf(five[0]!));
  const distinct = [...new Set(ranks)];
  let straight = 0;
  if (distinct.length === 5) {
    if (ranks[0]! - ranks[4]! === 4) straight = ranks[0]!;
    else if (ranks.join() === '14,5,4,3,2') straight = 5;
  }
  if (straight && flush) return pack(8, [straight]);
  const count = (r: number) => ranks.filter((x) => x === r).length;
  const byCount = distinct.sort((a, b) => count(b) - count(a) || b - a);
  const shape = byCount.map(count).join('');
  if (shape === '41') return pack(7, byCount);
  if (shape === '32') return pack(6, byCount);
  if (flush) return pack(5, ranks);
  if (straight) return pack(4, [straight]);
  if (shape === '311') return pack(3, byCount);
  if (shape === '221') return pack(2, byCount);
  if (shape === '2111') return pack(1, byCount);
  return pack(0, ranks);
}

/** The best hand of 5–7 cards by trying every five-card subset (21 for seven cards). */
export function holdemValueBruteForce(cards: readonly Card[]): number {
  let best = -1;
  const n = cards.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      const five = cards.filter((_, i) => i !== a && i !== b);
      if (n === 7) best = Math.max(best, fiveCardValue(five));
    }
  if (n === 7) return best;
  if (n === 5) return fiveCardValue(cards);
  // Six cards: drop one.
  for (let a = 0; a < n; a++) best = Math.max(best, fiveCardValue(cards.filter((_, i) => i !== a)));
  return best;
}

/* ---------------------------------------------------------------- side pots */

export interface PotShare {
  seat: number;
  /** Chips the seat put in this hand. */
  committed: bigint;
  folded: boolean;
}

export interface Pot {
  amount: bigint;
  /** Seats that may win it (still in the hand and committed at least its level). */
  eligible: number[];
}

/**
 * The main pot and side pots of a hand: each level of commitment (an all-in's total) cuts a pot
 * that the seats committed to that level share; folded seats' chips are in the pots they reached
 * but they win none. A pot with nobody eligible (everyone at that level folded) joins the pot below.
 */
export function sidePots(shares: readonly PotShare[]): Pot[] {
  const levels = [...new Set(shares.filter((s) => !s.folded).map((s) => s.committed))]
    .filter((l) => l > 0n)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const pots: Pot[] = [];
  let floor = 0n;
  for (const level of levels) {
    let amount = 0n;
    for (const s of shares) {
      const take = (s.committed < level ? s.committed : level) - floor;
      if (take > 0n) amount += take;
    }
    const eligible = shares.filter((s) => !s.folded && s.committed >= level).map((s) => s.seat);
    if (amount > 0n) pots.push({ amount, eligible });
    floor = level;
  }
  // Chips above the highest live commitment (a folded seat that bet more) go to the last pot.
  const over = shares.reduce((a, s) => a + (s.committed > floor ? s.committed - floor : 0n), 0n);
  if (over > 0n) {
    if (pots.length > 0) pots[pots.length - 1]!.amount += over;
    else pots.push({ amount: over, eligible: [] });
  }
  return pots;
}

/**
 * Pays the pots: each to the best eligible hand(s), split evenly; the odd chips of a split go one
 * at a time to the winners in `order` (the seats from the button's left). Returns seat → chips won.
 */
export function awardPots(pots: readonly Pot[], value: (seat: number) => number, order: readonly number[]) {
  const won = new Map<number, bigint>();
  for (const pot of pots) {
    if (pot.eligible.length === 0) continue;
    const best = Math.max(...pot.eligible.map(value));
    const winners = order.filter((s) => pot.eligible.includes(s) && value(s) === best);
    const each = pot.amount / BigInt(winners.length);
    let odd = pot.amount - each * BigInt(winners.length);
    for (const w of winners) {
      const extra = odd > 0n ? 1n : 0n;
      odd -= extra;
      won.set(w, (won.get(w) ?? 0n) + each + extra);
    }
  }
  return won;
}

/* ---------------------------------------------------------------- three-card */

export const threeCardCategories = [
  'high_card',
  'pair',
  'straight',
  'flush',
  'straight_flush',
  'three_of_a_kind',
] as const;
export type ThreeCardCategory = (typeof threeCardCategories)[number];

/**
 * Three-card (zha jin hua): three of a kind ("leopard") > straight flush > flush > straight >
 * pair > high card. A-K-Q is the top straight and A-2-3 the lowest (its top card counts as 3).
 */
export function threeCardValue(three: readonly Card[]): number {
  const ranks = three.map(highRank).sort((a, b) => b - a);
  const flush = three.every((c) => suitOf(c) === suitOf(three[0]!));
  const distinct = new Set(ranks).size;
  let straight = 0;
  if (distinct === 3) {
    if (ranks[0]! - ranks[2]! === 2) straight = ranks[0]!;
    else if (ranks.join() === '14,3,2') straight = 3;
  }
  if (distinct === 1) return pack(5, [ranks[0]!]);
  if (straight && flush) return pack(4, [straight]);
  if (flush) return pack(3, ranks);
  if (straight) return pack(2, [straight]);
  if (distinct === 2) {
    const pair = ranks[0] === ranks[1] ? ranks[0]! : ranks[1]!;
    return pack(1, [pair, ranks.find((r) => r !== pair)!]);
  }
  return pack(0, ranks);
}

export function threeCardCategory(value: number): ThreeCardCategory {
  return threeCardCategories[Math.floor(value / 16 ** 5)]!;
}

/* ---------------------------------------------------------------- bull-bull */

export const niuNiuHands = ['no_bull', 'bull', 'bull_bull', 'five_small', 'bomb', 'five_face'] as const;

/** Card points in bull-bull: A = 1, 2–10 face value, J Q K = 10. */
export function niuPoints(card: Card): number {
  const r = highRank(card);
  return r === 14 ? 1 : r >= 10 ? 10 : r;
}
/** Rank for ties (K high, A low) and suit (spades > hearts > clubs > diamonds). */
const niuRank = (card: Card) => (highRank(card) === 14 ? 1 : highRank(card));
const NIU_SUIT: Record<string, number> = { S: 4, H: 3, C: 2, D: 1 };

export interface NiuNiuHand {
  hand: (typeof niuNiuHands)[number];
  /** 1–9 for a bull, 10 for bull-bull, 0 otherwise. */
  bull: number;
  /** Return multiplier of the hand when it wins: no bull to bull 6 ×1, bull 7–8 ×2, bull 9 ×3, bull-bull ×4, specials ×5. */
  multiplier: number;
  /** Compares with `>`. */
  value: number;
}

/**
 * A bull-bull hand of five cards: three of them summing to a multiple of ten make a bull, and the
 * other two's sum (mod 10) is its number (0 → bull-bull). Specials above bull-bull: five small
 * (all under 5, summing to at most 10), bomb (four of a rank), five face (all J Q K).
 */
export function niuNiuHand(five: readonly Card[]): NiuNiuHand {
  const pts = five.map(niuPoints);
  const highest = [...five].sort(
    (a, b) => niuRank(b) - niuRank(a) || NIU_SUIT[suitOf(b)]! - NIU_SUIT[suitOf(a)]!,
  )[0]!;
  const tie = niuRank(highest) * 8 + NIU_SUIT[suitOf(highest)]!;
  const make = (hand: NiuNiuHand['hand'], bull: number, multiplier: number): NiuNiuHand => ({
    hand,
    bull,
    multiplier,
    value: (niuNiuHands.indexOf(hand) * 16 + bull) * 256 + tie,
  });
  const faces = five.every((c) => highRank(c) >= 11 && highRank(c) <= 13);
  if (faces) return make('five_face', 0, 5);
  const byRank = new Map<number, number>();
  for (const c of five) byRank.set(niuRank(c), (byRank.get(niuRank(c)) ?? 0) + 1);
  if ([...byRank.values()].some((n) => n === 4)) return make('bomb', 0, 5);
  const sum = pts.reduce((a, b) => a + b, 0);
  if (pts.every((p) => p < 5) && sum <= 10) return make('five_small', 0, 5);
  let bull = -1;
  for (let a = 0; a < 5; a++)
    for (let b = a + 1; b < 5; b++)
      for (let c = b + 1; c < 5; c++) {
        if ((pts[a]! + pts[b]! + pts[c]!) % 10 !== 0) continue;
        const rest = (sum - pts[a]! - pts[b]! - pts[c]!) % 10;
        bull = Math.max(bull, rest === 0 ? 10 : rest);
      }
  if (bull === 10) return make('bull_bull', 10, 4);
  if (bull > 0) return make('bull', bull, bull === 9 ? 3 : bull >= 7 ? 2 : 1);
  return make('no_bull', 0, 1);
}
