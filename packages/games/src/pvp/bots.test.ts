import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdemBotAction, threeCardBotAction } from './bots.js';
import { fullDeck } from './hands.js';
import { applyHoldem, holdemResult, startHoldem } from './holdem.js';
import { applyThreeCard, startThreeCard, threeCardMaxCost, threeCardResult } from './threecard.js';

/** A seeded [0, 1) stream from fast-check's integers. */
const stream = (values: number[]) => {
  let i = 0;
  return () => (values[i++ % values.length]! % 1000) / 1000;
};

const game = fc.record({
  players: fc.integer({ min: 2, max: 6 }),
  button: fc.nat(),
  deck: fc.shuffledSubarray(fullDeck(), { minLength: 52, maxLength: 52 }),
  random: fc.array(fc.nat({ max: 999 }), { minLength: 1, maxLength: 30 }),
});

describe('computer players', () => {
  it("hold'em: every move is legal and a table of computer players always finishes its hand", () => {
    fc.assert(
      fc.property(game, ({ players, button, deck, random }) => {
        const next = stream(random);
        let s = startHoldem({
          seats: Array.from({ length: players }, (_, i) => ({ seat: i, stack: 1_000 + i * 137 })),
          button: button % players,
          smallBlind: 5,
          bigBlind: 10,
          deck,
        });
        let moves = 0;
        while (!s.done) {
          s = applyHoldem(s, s.toAct!, holdemBotAction(s, next));
          expect(++moves).toBeLessThan(400);
        }
        const r = holdemResult(s);
        expect([...r.won.values()].reduce((a, b) => a + b, 0)).toBe(r.pot);
      }),
      { numRuns: 400 },
    );
  }, 30_000);

  it('three-card: every move is legal and a table of computer players always finishes its hand', () => {
    fc.assert(
      fc.property(game, ({ players, button, deck, random }) => {
        const next = stream(random);
        const n = Math.min(players, 5);
        let s = startThreeCard({
          seats: Array.from({ length: n }, (_, i) => ({
            seat: i,
            stack: threeCardMaxCost(10, [10, 20, 30, 50], 8),
          })),
          button: button % n,
          ante: 10,
          levels: [10, 20, 30, 50],
          maxRounds: 8,
          deck,
        });
        let moves = 0;
        while (!s.done) {
          const move = threeCardBotAction(s, next);
          s = applyThreeCard(s, move.seat, move.action);
          expect(++moves).toBeLessThan(200);
        }
        const r = threeCardResult(s);
        expect([...r.won.values()].reduce((a, b) => a + b, 0)).toBe(r.pot);
      }),
      { numRuns: 400 },
    );
  }, 30_000);

  it('a strong hand is played and a hopeless one folded to a bet', () => {
    const deck = ['AS', 'AH', ...fullDeck().filter((c) => c !== 'AS' && c !== 'AH')] as ReturnType<
      typeof fullDeck
    >;
    // Seat 0 holds A-A (dealt first and third); heads-up it is the button and acts first.
    const order = [deck[0]!, deck[2]!, deck[1]!, deck[3]!, ...deck.slice(4)];
    const s = startHoldem({
      seats: [
        { seat: 0, stack: 1_000 },
        { seat: 1, stack: 1_000 },
      ],
      button: 0,
      smallBlind: 5,
      bigBlind: 10,
      deck: order,
    });
    expect(s.players[0]!.hole.sort()).toEqual(['AH', 'AS']);
    for (const r of [0, 0.2, 0.5, 0.9]) expect(holdemBotAction(s, () => r).type).not.toBe('fold');
  });
});
