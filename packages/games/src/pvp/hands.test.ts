import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  awardPots,
  fullDeck,
  holdemCategory,
  holdemValue,
  holdemValueBruteForce,
  niuNiuHand,
  sidePots,
  threeCardCategory,
  threeCardValue,
} from './hands.js';
import { settleNiuNiu } from './niuniu.js';

const deck = fullDeck();
/** k distinct cards of the deck. */
const cards = (k: number) =>
  fc
    .shuffledSubarray(deck, { minLength: k, maxLength: k })
    .chain((sub) => fc.shuffledSubarray(sub, { minLength: k, maxLength: k }));

describe("hold'em hands", () => {
  it('the direct evaluator agrees with trying every five-card subset, for 5, 6 and 7 cards', () => {
    for (const k of [5, 6, 7])
      fc.assert(
        fc.property(cards(k), (hand) => {
          expect(holdemValue(hand)).toBe(holdemValueBruteForce(hand));
        }),
        { numRuns: 3000 },
      );
  });

  it('orders the categories and their edge cases', () => {
    const v = (s: string) => holdemValue(s.split(' '));
    expect(holdemCategory(v('AS KS QS JS TS 2D 3C'))).toBe('straight_flush');
    expect(holdemCategory(v('AS 2S 3S 4S 5S 9D 9C'))).toBe('straight_flush');
    // The wheel is the lowest straight; a six-high straight beats it.
    expect(v('AS 2D 3C 4H 5S KD QC')).toBeLessThan(v('2D 3C 4H 5S 6D KD QC'));
    expect(holdemCategory(v('AS 2D 3C 4H 5S KD QC'))).toBe('straight');
    expect(v('9H 9D 9C 9S 2D 3C 4H')).toBeGreaterThan(v('KH KD KC QS QD 3C 4H'));
    // Two trips make a full house of the higher over the lower.
    expect(v('8H 8D 8C 5S 5D 5C 2H')).toBe(v('8S 8D 8C 5S 5D 2C 3H'));
    // The best kicker counts; the sixth and seventh cards do not.
    expect(v('AH AD KC QS JD 3C 2H')).toBe(v('AH AD KC QS JD 4C 2H'));
    expect(v('AH AD KC QS JD 3C 2H')).toBeGreaterThan(v('AH AD KC QS TD 3C 2H'));
    expect(holdemCategory(v('2H 4H 6H 8H TH KD KC'))).toBe('flush');
  });
});

describe('side pots', () => {
  const share = fc.record({
    committed: fc.bigInt({ min: 0n, max: 10_000n }),
    folded: fc.boolean(),
  });

  it('hold every chip committed, and pay them all to seats still in the hand', () => {
    fc.assert(
      fc.property(
        fc.array(share, { minLength: 2, maxLength: 9 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 9, maxLength: 9 }),
        (list, strengths) => {
          const shares = list.map((s, seat) => ({ seat, ...s }));
          const total = shares.reduce((a, s) => a + s.committed, 0n);
          const pots = sidePots(shares);
          expect(pots.reduce((a, p) => a + p.amount, 0n)).toBe(total);
          const live = shares.filter((s) => !s.folded && s.committed > 0n);
          const won = awardPots(
            pots,
            (seat) => strengths[seat]!,
            shares.map((s) => s.seat),
          );
          const paid = [...won.values()].reduce((a, b) => a + b, 0n);
          if (live.length > 0) expect(paid).toBe(total);
          for (const seat of won.keys()) expect(shares[seat]!.folded).toBe(false);
          // A seat wins no more than the pots it is eligible for.
          for (const [seat, amount] of won) {
            const cap = pots.filter((p) => p.eligible.includes(seat)).reduce((a, p) => a + p.amount, 0n);
            expect(amount <= cap).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('an all-in short stack wins only the main pot; the odd chip goes to the first winner from the button', () => {
    const pots = sidePots([
      { seat: 0, committed: 100n, folded: false },
      { seat: 1, committed: 300n, folded: false },
      { seat: 2, committed: 300n, folded: false },
      { seat: 3, committed: 50n, folded: true },
    ]);
    expect(pots).toEqual([
      { amount: 350n, eligible: [0, 1, 2] },
      { amount: 400n, eligible: [1, 2] },
    ]);
    const won = awardPots(pots, (s) => (s === 0 ? 9 : 5), [1, 2, 0, 3]);
    expect(Object.fromEntries(won)).toEqual({ 0: 350n, 1: 200n, 2: 200n });
    const split = awardPots([{ amount: 101n, eligible: [1, 2] }], () => 1, [2, 1]);
    expect(Object.fromEntries(split)).toEqual({ 2: 51n, 1: 50n });
  });
});

describe('three-card', () => {
  it('every one of the 22,100 hands falls in its category as often as combinatorics says', () => {
    const counts: Record<string, number> = {};
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++) {
          const cat = threeCardCategory(threeCardValue([deck[a]!, deck[b]!, deck[c]!]));
          counts[cat] = (counts[cat] ?? 0) + 1;
        }
    expect(counts).toEqual({
      three_of_a_kind: 52,
      straight_flush: 48,
      flush: 1096,
      straight: 720,
      pair: 3744,
      high_card: 16440,
    });
  });

  it('A-K-Q is the top straight and A-2-3 the lowest; a leopard beats a straight flush', () => {
    const v = (s: string) => threeCardValue(s.split(' '));
    expect(v('AS KD QC')).toBeGreaterThan(v('KS QD JC'));
    expect(v('AS 2D 3C')).toBeLessThan(v('2S 3D 4C'));
    expect(v('2S 2D 2C')).toBeGreaterThan(v('AS KS QS'));
    expect(v('AS KD 9C')).toBeGreaterThan(v('AD QD JC'));
  });
});

describe('bull-bull', () => {
  it('finds the bull and its multiplier, and the specials above bull-bull', () => {
    const h = (s: string) => niuNiuHand(s.split(' '));
    expect(h('KS QD TC 3H 4S')).toMatchObject({ hand: 'bull', bull: 7, multiplier: 2 });
    expect(h('KS QD TC 5H 5S')).toMatchObject({ hand: 'bull_bull', bull: 10, multiplier: 4 });
    expect(h('AS 2D 4C 8H 9S')).toMatchObject({ hand: 'no_bull', multiplier: 1 });
    expect(h('AS AD 2C 2H 3S')).toMatchObject({ hand: 'five_small', multiplier: 5 });
    expect(h('7S 7D 7C 7H 3S')).toMatchObject({ hand: 'bomb', multiplier: 5 });
    expect(h('KS QD JC KH QS')).toMatchObject({ hand: 'five_face', multiplier: 5 });
    expect(h('KS QD JC KH QS').value).toBeGreaterThan(h('7S 7D 7C 7H 3S').value);
    expect(h('KS QD TC 5H 5S').value).toBeGreaterThan(h('KS QD TC 4H 5S').value);
    // Equal bulls: the highest card, then its suit, decides.
    expect(h('KS QD TC 3H 4S').value).toBeGreaterThan(h('KH QD TC 3S 4D').value);
  });

  it('every five cards has one hand, and the bull is the best a split into three and two allows', () => {
    fc.assert(
      fc.property(cards(5), (five) => {
        const hand = niuNiuHand(five);
        expect(hand.multiplier).toBeGreaterThanOrEqual(1);
        expect(hand.multiplier).toBeLessThanOrEqual(5);
        if (hand.hand === 'bull' || hand.hand === 'bull_bull') expect(hand.bull).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('bull-bull settlement', () => {
  const seatIn = fc.record({
    stack: fc.bigInt({ min: 0n, max: 5_000n }),
    bet: fc.integer({ min: 1, max: 5 }),
    cards: cards(5),
  });

  it('conserves chips, never takes a stack below zero, and rakes only winners within the cap', () => {
    fc.assert(
      fc.property(
        fc.array(seatIn, { minLength: 2, maxLength: 5 }),
        fc.integer({ min: 0, max: 1000 }),
        (list, rakeBp) => {
          const seats = list.map((s, i) => ({
            seat: i,
            stack: s.stack,
            bet: s.bet,
            hand: niuNiuHand(s.cards),
          }));
          const [banker, ...players] = seats;
          const out = settleNiuNiu({ banker: banker!, players, unit: 100n, rakeBp, rakeCap: 1000n });
          expect(out.reduce((a, o) => a + o.net + o.rake, 0n)).toBe(0n);
          for (const o of out) {
            expect(seats[o.seat]!.stack + o.net >= 0n).toBe(true);
            expect(o.rake >= 0n && o.rake <= 1000n).toBe(true);
            if (o.net < 0n) expect(o.rake).toBe(0n);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('pays by the winner’s hand: a bull-bull player at ×2 takes 8 units from a no-bull banker', () => {
    const h = (s: string) => niuNiuHand(s.split(' '));
    const out = settleNiuNiu({
      banker: { seat: 0, stack: 1000n, bet: 0, hand: h('AS 2D 4C 8H 9S') },
      players: [{ seat: 1, stack: 1000n, bet: 2, hand: h('KS QD TC 5H 5S') }],
      unit: 10n,
      rakeBp: 500,
      rakeCap: 100n,
    });
    expect(out).toEqual([
      { seat: 0, net: -80n, rake: 0n },
      { seat: 1, net: 76n, rake: 4n },
    ]);
  });
});
