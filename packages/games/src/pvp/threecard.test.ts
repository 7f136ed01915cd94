import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Card } from '../engines/cards.js';
import { fullDeck, threeCardValue } from './hands.js';
import {
  type ThreeCardAction,
  type ThreeCardState,
  ThreeCardRuleError,
  applyThreeCard,
  startThreeCard,
  threeCardMaxCost,
  threeCardOptions,
  threeCardResult,
} from './threecard.js';

const LEVELS = [10, 20, 30, 50];
const ROUNDS = 6;
const NEED = threeCardMaxCost(10, LEVELS, ROUNDS);

/** Plays a hand to its end with choices from `picks`, returning every state. */
function play(start: ThreeCardState, picks: number[]) {
  const states = [start];
  let s = start;
  let i = 0;
  while (!s.done) {
    const o = threeCardOptions(s)!;
    const choice = picks[i % picks.length]!;
    i++;
    let seat = o.seat;
    let action: ThreeCardAction;
    if (choice % 7 === 0) action = { type: 'fold' };
    else if (choice % 7 === 1 && o.raises.length > 0) action = { type: 'raise', to: o.raises[0]!.to };
    else if (choice % 7 === 2 && o.compare.length > 0)
      action = { type: 'compare', against: o.compare[choice % o.compare.length]! };
    else if (choice % 7 === 3) {
      // Someone still in who has not looked looks (not necessarily the player to act).
      const blind = s.players.filter((p) => !p.folded && !p.seen);
      if (blind.length > 0) {
        seat = blind[choice % blind.length]!.seat;
        action = { type: 'look' };
      } else action = { type: 'call' };
    } else action = { type: 'call' };
    s = applyThreeCard(s, seat, action);
    states.push(s);
    if (states.length > 400) throw new Error('hand did not end');
  }
  return states;
}

const table = fc.record({
  extra: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 2, maxLength: 5 }),
  button: fc.nat(),
  deck: fc.shuffledSubarray(fullDeck(), { minLength: 52, maxLength: 52 }),
  picks: fc.array(fc.nat({ max: 99 }), { minLength: 1, maxLength: 40 }),
});

const card = (code: string) => code as Card;

describe('three-card hands', () => {
  it('every hand ends within its rounds; nobody pays more than the stack; the pot pays out exactly what went in', () => {
    fc.assert(
      fc.property(table, ({ extra, button, deck, picks }) => {
        const seats = extra.map((x, i) => ({ seat: i * 2 + 1, stack: NEED + x }));
        const start = startThreeCard({
          seats,
          button: seats[button % seats.length]!.seat,
          ante: 10,
          levels: LEVELS,
          maxRounds: ROUNDS,
          deck,
        });
        const states = play(start, picks);
        for (const s of states) {
          expect(s.round).toBeLessThanOrEqual(ROUNDS + 1);
          for (const p of s.players) {
            expect(p.committed).toBeGreaterThanOrEqual(10);
            expect(p.committed).toBeLessThanOrEqual(p.stack);
            // A turn costs at most the top level seen.
            expect(p.committed).toBeLessThanOrEqual(10 + p.turns * 2 * 50);
          }
        }
        const end = states.at(-1)!;
        const result = threeCardResult(end);
        const paid = [...result.won.values()].reduce((a, b) => a + b, 0);
        expect(paid).toBe(result.pot);
        for (const [seat, amount] of result.won)
          if (amount > 0) expect(end.players.find((p) => p.seat === seat)!.folded).toBe(false);
        // The winners hold the best hand among those still in.
        const inHand = end.players.filter((p) => !p.folded);
        const best = Math.max(...inHand.map((p) => threeCardValue(p.hole)));
        for (const [seat, amount] of result.won)
          if (amount > 0) expect(threeCardValue(end.players.find((p) => p.seat === seat)!.hole)).toBe(best);
        // Each comparison's loser is out and held the lower hand (a tie against the one who asked).
        for (const c of end.comparisons) {
          const a = end.players.find((p) => p.seat === c.seat)!;
          const b = end.players.find((p) => p.seat === c.against)!;
          const loser = c.winner === a.seat ? b : a;
          expect(loser.lost && loser.folded).toBe(true);
          expect(a.seen && b.seen).toBe(true);
          if (c.winner === a.seat) expect(threeCardValue(a.hole)).toBeGreaterThan(threeCardValue(b.hole));
          else expect(threeCardValue(b.hole)).toBeGreaterThanOrEqual(threeCardValue(a.hole));
        }
        const dealt = end.players.flatMap((p) => p.hole);
        expect(new Set(dealt).size).toBe(dealt.length);
        expect(dealt).toHaveLength(3 * seats.length);
      }),
      { numRuns: 600 },
    );
  }, 30_000);

  it('a seen player pays twice the blind price; raising moves the stake for everyone', () => {
    let s = startThreeCard({
      seats: [
        { seat: 0, stack: NEED },
        { seat: 1, stack: NEED },
        { seat: 2, stack: NEED },
      ],
      button: 0,
      ante: 10,
      levels: LEVELS,
      maxRounds: ROUNDS,
      deck: fullDeck(),
    });
    expect(s.toAct).toBe(1);
    expect(s.players.map((p) => p.committed)).toEqual([10, 10, 10]);
    s = applyThreeCard(s, 1, { type: 'call' }); // blind: 10
    // Seat 0 looks out of turn; seat 2 raises blind to 30.
    s = applyThreeCard(s, 0, { type: 'look' });
    expect(s.toAct).toBe(2);
    s = applyThreeCard(s, 2, { type: 'raise', to: 30 });
    expect(s.stake).toBe(30);
    expect(threeCardOptions(s)).toMatchObject({ seat: 0, seen: true, price: 60 });
    s = applyThreeCard(s, 0, { type: 'call' }); // seen: 60
    expect(s.players.map((p) => p.committed)).toEqual([70, 20, 40]);
    expect(s.round).toBe(2);
    // Raising to the same or a lower level, or out of turn, is refused.
    expect(() => applyThreeCard(s, 1, { type: 'raise', to: 30 })).toThrow(ThreeCardRuleError);
    expect(() => applyThreeCard(s, 2, { type: 'call' })).toThrow(ThreeCardRuleError);
  });

  it('comparing opens from the second turn; the loser is out, a tie goes against the asker', () => {
    // Seat 0: A-A-K; seat 1: K-K-Q; seat 2: A-A-K of other suits (a tie with seat 0).
    const hands = ['AS', 'AH', 'KS', 'KH', 'KD', 'QS', 'AD', 'AC', 'KC'].map(card);
    const deck = [
      hands[0]!,
      hands[3]!,
      hands[6]!,
      hands[1]!,
      hands[4]!,
      hands[7]!,
      hands[2]!,
      hands[5]!,
      hands[8]!,
      ...fullDeck().filter((c) => !hands.includes(c)),
    ];
    let s = startThreeCard({
      seats: [0, 1, 2].map((seat) => ({ seat, stack: NEED })),
      button: 2,
      ante: 10,
      levels: LEVELS,
      maxRounds: ROUNDS,
      deck,
    });
    expect(s.players.map((p) => p.hole)).toEqual([
      ['AS', 'AH', 'KS'],
      ['KH', 'KD', 'QS'],
      ['AD', 'AC', 'KC'],
    ]);
    expect(threeCardOptions(s)!.compare).toEqual([]);
    expect(() => applyThreeCard(s, 0, { type: 'compare', against: 1 })).toThrow(ThreeCardRuleError);
    s = applyThreeCard(s, 0, { type: 'call' });
    s = applyThreeCard(s, 1, { type: 'call' });
    s = applyThreeCard(s, 2, { type: 'call' });
    // Seat 0 compares with seat 2: equal hands, so seat 0 is out.
    s = applyThreeCard(s, 0, { type: 'compare', against: 2 });
    expect(s.comparisons).toEqual([{ seat: 0, against: 2, winner: 2 }]);
    expect(s.players[0]).toMatchObject({ folded: true, lost: true });
    // Seat 1 (K-K) compares with seat 2 (A-A) and loses: seat 2 takes the pot.
    s = applyThreeCard(s, 1, { type: 'compare', against: 2 });
    expect(s.done).toBe(true);
    const r = threeCardResult(s);
    expect(r.pot).toBe(30 + 30 + 20);
    expect(r.won.get(2)).toBe(r.pot);
    expect(r.showdown).toEqual([]);
  });

  it('after the last round the players still in show down, equal hands split', () => {
    const hands = ['AS', 'AH', 'KS', 'AD', 'AC', 'KC'].map(card);
    const deck = [hands[0]!, hands[3]!, hands[1]!, hands[4]!, hands[2]!, hands[5]!];
    let s = startThreeCard({
      seats: [
        { seat: 0, stack: NEED },
        { seat: 3, stack: NEED },
      ],
      button: 3,
      ante: 10,
      levels: LEVELS,
      maxRounds: 2,
      deck: [...deck, ...fullDeck().filter((c) => !hands.includes(c))],
    });
    for (let k = 0; k < 4; k++) s = applyThreeCard(s, s.toAct!, { type: 'call' });
    expect(s.done && s.showdown).toBe(true);
    const r = threeCardResult(s);
    expect(r.showdown).toEqual([0, 3]);
    expect(r.won.get(0)).toBe(30);
    expect(r.won.get(3)).toBe(30);
  });

  it('a stack that cannot cover the hand is not dealt in', () => {
    expect(() =>
      startThreeCard({
        seats: [
          { seat: 0, stack: NEED },
          { seat: 1, stack: NEED - 1 },
        ],
        button: 0,
        ante: 10,
        levels: LEVELS,
        maxRounds: ROUNDS,
        deck: fullDeck(),
      }),
    ).toThrow(ThreeCardRuleError);
  });
});
