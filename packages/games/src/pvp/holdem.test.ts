import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullDeck } from './hands.js';
import {
  type HoldemAction,
  type HoldemState,
  HoldemRuleError,
  applyHoldem,
  holdemOptions,
  holdemResult,
  holdemTimeoutAction,
  startHoldem,
} from './holdem.js';

/** Plays a hand to its end with choices from `pick` (an index stream), returning every state. */
function play(start: HoldemState, picks: number[]) {
  const states = [start];
  let s = start;
  let i = 0;
  while (!s.done) {
    const o = holdemOptions(s)!;
    // After sixty choices everyone just calls or checks: endless re-raising is legal but not interesting.
    const choice = i >= 60 ? 1 : picks[i % picks.length]!;
    i++;
    let action: HoldemAction;
    if (choice % 5 === 0) action = { type: 'fold' };
    else if (choice % 5 === 1) action = o.canCheck ? { type: 'check' } : { type: 'call' };
    else if (o.canRaise && choice % 5 === 2) action = { type: 'raise', to: o.minRaiseTo };
    else if (o.canRaise && choice % 5 === 3) action = { type: 'raise', to: o.maxRaiseTo };
    else action = holdemTimeoutAction(s);
    s = applyHoldem(s, o.seat, action);
    states.push(s);
    if (states.length > 500) throw new Error('hand did not end');
  }
  return states;
}

const table = fc.record({
  stacks: fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 2, maxLength: 6 }),
  button: fc.nat(),
  deck: fc.shuffledSubarray(fullDeck(), { minLength: 52, maxLength: 52 }),
  picks: fc.array(fc.nat({ max: 99 }), { minLength: 1, maxLength: 40 }),
});

describe("hold'em hands", () => {
  it('every hand ends; nobody bets more than their stack; the pots pay out exactly what went in', () => {
    fc.assert(
      fc.property(table, ({ stacks, button, deck, picks }) => {
        const seats = stacks.map((stack, i) => ({ seat: i * 2, stack }));
        const start = startHoldem({
          seats,
          button: seats[button % seats.length]!.seat,
          smallBlind: 5,
          bigBlind: 10,
          deck,
        });
        const states = play(start, picks);
        for (const s of states)
          for (const p of s.players) {
            expect(p.committed).toBeGreaterThanOrEqual(0);
            expect(p.committed).toBeLessThanOrEqual(p.stack);
            expect(p.allIn).toBe(p.committed === p.stack);
          }
        const end = states.at(-1)!;
        const result = holdemResult(end);
        const paid = [...result.won.values()].reduce((a, b) => a + b, 0);
        expect(paid).toBe(result.pot);
        for (const [seat] of result.won) expect(end.players.find((p) => p.seat === seat)!.folded).toBe(false);
        // A showdown deals the whole board; cards are never dealt twice.
        if (result.showdown.length > 1) expect(end.board).toHaveLength(5);
        const dealt = [...end.board, ...end.players.flatMap((p) => p.hole)];
        expect(new Set(dealt).size).toBe(dealt.length);
      }),
      { numRuns: 1500 },
    );
  });

  it('heads-up: the button posts the small blind and acts first before the flop, last after it', () => {
    const deck = fullDeck();
    let s = startHoldem({
      seats: [
        { seat: 0, stack: 1000 },
        { seat: 3, stack: 1000 },
      ],
      button: 3,
      smallBlind: 5,
      bigBlind: 10,
      deck,
    });
    expect(s.smallBlindSeat).toBe(3);
    expect(s.bigBlindSeat).toBe(0);
    expect(s.toAct).toBe(3);
    s = applyHoldem(s, 3, { type: 'call' });
    // The big blind has the option.
    expect(s.toAct).toBe(0);
    expect(holdemOptions(s)).toMatchObject({ canCheck: true, minRaiseTo: 20 });
    s = applyHoldem(s, 0, { type: 'check' });
    expect(s.street).toBe('flop');
    expect(s.board).toHaveLength(3);
    expect(s.toAct).toBe(0);
    expect(() => applyHoldem(s, 3, { type: 'check' })).toThrow(HoldemRuleError);
    s = applyHoldem(s, 0, { type: 'raise', to: 50 });
    expect(() => applyHoldem(s, 3, { type: 'raise', to: 60 })).toThrow(HoldemRuleError);
    s = applyHoldem(s, 3, { type: 'raise', to: 1000 - 10 });
    s = applyHoldem(s, 0, { type: 'call' });
    // Both all in: the board runs out to the showdown.
    expect(s.done).toBe(true);
    expect(s.board).toHaveLength(5);
    const r = holdemResult(s);
    expect(r.pot).toBe(2000);
    expect([...r.won.values()].reduce((a, b) => a + b, 0)).toBe(2000);
  });

  it('a fold to a bet ends the hand without a showdown; the blinds go to the last one in', () => {
    let s = startHoldem({
      seats: [
        { seat: 1, stack: 500 },
        { seat: 2, stack: 500 },
        { seat: 4, stack: 500 },
      ],
      button: 1,
      smallBlind: 5,
      bigBlind: 10,
      deck: fullDeck(),
    });
    expect([s.smallBlindSeat, s.bigBlindSeat, s.toAct]).toEqual([2, 4, 1]);
    s = applyHoldem(s, 1, { type: 'fold' });
    s = applyHoldem(s, 2, { type: 'fold' });
    expect(s.done).toBe(true);
    const r = holdemResult(s);
    expect(r.showdown).toEqual([]);
    expect(Object.fromEntries(r.won)).toEqual({ 4: 15 });
  });

  it('a short all-in raise does not reopen the betting for those who had acted; a full raise does', () => {
    // Seats 0 (button), 1 (small blind), 2 (big blind), 3 with only 130 behind.
    let s = startHoldem({
      seats: [
        { seat: 0, stack: 1_000 },
        { seat: 1, stack: 1_000 },
        { seat: 2, stack: 1_000 },
        { seat: 3, stack: 130 },
      ],
      button: 0,
      smallBlind: 5,
      bigBlind: 10,
      deck: fullDeck(),
    });
    expect(s.toAct).toBe(3);
    s = applyHoldem(s, 3, { type: 'fold' });
    // The button raises to 100 (a raise of 90); the blinds call.
    s = applyHoldem(s, 0, { type: 'raise', to: 100 });
    s = applyHoldem(s, 1, { type: 'call' });
    s = applyHoldem(s, 2, { type: 'call' });
    expect(s.street).toBe('flop');
    // Flop: the small blind bets 100, the big blind calls, the button raises to 500 — a full
    // raise: both may raise again.
    s = applyHoldem(s, 1, { type: 'raise', to: 100 });
    s = applyHoldem(s, 2, { type: 'call' });
    s = applyHoldem(s, 0, { type: 'raise', to: 500 });
    expect(holdemOptions(s)).toMatchObject({ seat: 1, canRaise: true });

    // Again with a short all-in: seat 3 holds 130 and the others 1,000.
    s = startHoldem({
      seats: [
        { seat: 0, stack: 1_000 },
        { seat: 1, stack: 1_000 },
        { seat: 2, stack: 1_000 },
        { seat: 3, stack: 130 },
      ],
      button: 2,
      smallBlind: 5,
      bigBlind: 10,
      deck: fullDeck(),
    });
    // Button 2: small blind 3, big blind 0, seat 1 first to act.
    expect([s.smallBlindSeat, s.bigBlindSeat, s.toAct]).toEqual([3, 0, 1]);
    s = applyHoldem(s, 1, { type: 'raise', to: 100 }); // a full raise of 90
    s = applyHoldem(s, 2, { type: 'call' });
    // Seat 3 goes all in for 130: 30 more, short of a full raise (90).
    expect(holdemOptions(s)).toMatchObject({ seat: 3, maxRaiseTo: 130 });
    s = applyHoldem(s, 3, { type: 'raise', to: 130 });
    // The big blind had not acted since the raise: it may raise. Seats 1 and 2 had: call or fold only.
    expect(holdemOptions(s)).toMatchObject({ seat: 0, canRaise: true });
    s = applyHoldem(s, 0, { type: 'call' });
    expect(holdemOptions(s)).toMatchObject({ seat: 1, canRaise: false, toCall: 30 });
    expect(() => applyHoldem(s, 1, { type: 'raise', to: 300 })).toThrow(HoldemRuleError);
    s = applyHoldem(s, 1, { type: 'call' });
    expect(holdemOptions(s)).toMatchObject({ seat: 2, canRaise: false });
    s = applyHoldem(s, 2, { type: 'call' });
    // On the flop everyone may bet and raise again.
    expect(s.street).toBe('flop');
    expect(s.players.every((p) => !p.capped)).toBe(true);
  });
});
