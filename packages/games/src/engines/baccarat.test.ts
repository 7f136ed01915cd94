import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair.js';
import {
  BACCARAT_PROBABILITIES,
  baccarat,
  baccaratProbabilities,
  baccaratValue,
  bankerDraws,
  dealBaccarat,
} from './baccarat.js';
import { orderedShoe } from './cards.js';

const stream = (nonce = 0) => new FairStream({ serverSeed: 'bac-server', clientSeed: 'c', nonce });

/** The standard banker tableau written out as a table: rows banker total 0–7, columns player third 0–9. */
const TABLEAU: Record<number, string> = {
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD',
  4: 'SSDDDDDDSS',
  5: 'SSSSDDDDSS',
  6: 'SSSSSSDDSS',
  7: 'SSSSSSSSSS',
};

describe('baccarat tableau', () => {
  it('banker draws exactly per the third-card table', () => {
    for (let b = 0; b <= 7; b++) {
      for (let t = 0; t <= 9; t++)
        expect(bankerDraws(b, t), `banker ${b}, third ${t}`).toBe(TABLEAU[b]![t] === 'D');
    }
  });

  it('banker without a player third card draws on 0–5 only', () => {
    for (let b = 0; b <= 7; b++) expect(bankerDraws(b, null)).toBe(b <= 5);
  });

  it('card values: ace 1, tens and faces 0', () => {
    expect(['AS', '9H', 'TD', 'JC', 'QS', 'KH'].map(baccaratValue)).toEqual([1, 9, 0, 0, 0, 0]);
  });

  it('a natural ends the round', () => {
    // Player 9S+KH = 9, banker 2C+3D = 5: natural, no draws.
    const r = dealBaccarat(['9S', '2C', 'KH', '3D', '5S', '5H']);
    expect(r).toMatchObject({ natural: true, playerTotal: 9, bankerTotal: 5, winner: 'player' });
    expect(r.playerCards).toHaveLength(2);
    expect(r.bankerCards).toHaveLength(2);
  });

  it('player stands on 6, banker draws on 5 then', () => {
    const r = dealBaccarat(['4S', '2C', '2H', '3D', '9S', 'AH']);
    expect(r.playerCards).toEqual(['4S', '2H']);
    expect(r.bankerCards).toEqual(['2C', '3D', '9S']);
    expect(r).toMatchObject({ playerTotal: 6, bankerTotal: 4, winner: 'player' });
  });

  it('banker on 3 stands when the player third card is an 8', () => {
    const r = dealBaccarat(['2S', 'AC', '3H', '2D', '8S', '5H']);
    expect(r.playerCards).toEqual(['2S', '3H', '8S']);
    expect(r.bankerCards).toEqual(['AC', '2D']);
    expect(r).toMatchObject({ playerTotal: 3, bankerTotal: 3, winner: 'tie' });
  });

  it('detects pairs by rank', () => {
    const r = dealBaccarat(['KS', 'QC', 'KH', 'JD', '4S', '4H']);
    expect(r.playerPair).toBe(true);
    expect(r.bankerPair).toBe(false);
  });
});

describe('baccarat odds', () => {
  it('the published probabilities equal a full 8-deck enumeration, giving the textbook house edges', () => {
    const p = baccaratProbabilities();
    expect(p.player).toBeCloseTo(BACCARAT_PROBABILITIES.player, 14);
    expect(p.banker).toBeCloseTo(BACCARAT_PROBABILITIES.banker, 14);
    expect(p.tie).toBeCloseTo(BACCARAT_PROBABILITIES.tie, 14);
    // About a million floating-point terms: equal to 1 up to rounding.
    expect(p.player + p.banker + p.tie).toBeCloseTo(1, 10);
    expect(p.pair).toBe(31 / 415);
    const e = baccarat.rules.houseEdge;
    expect(e.banker).toBeCloseTo(0.010579, 6);
    expect(e.player).toBeCloseTo(0.012351, 6);
    expect(e.tie).toBeCloseTo(0.143596, 6);
    expect(e.playerPair).toBeCloseTo(43 / 415, 12);
  }, 30_000);
});

describe('baccarat play', () => {
  it('deals the first six cards of the stream-shuffled 8-deck shoe and settles every spot', () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const bets = { player: 100n, banker: 100n, tie: 20n, playerPair: 10n, bankerPair: 10n };
      const o = baccarat.play({ bets }, stream(nonce));
      const six = stream(nonce).sample(orderedShoe(8), 6);
      expect(dealBaccarat(six)).toMatchObject({ playerCards: o.playerCards, bankerCards: o.bankerCards });
      const get = (k: string) => o.results.find((r) => r.kind === k)!.payout;
      expect(get('player')).toBe(o.winner === 'player' ? 200n : o.winner === 'tie' ? 100n : 0n);
      expect(get('banker')).toBe(o.winner === 'banker' ? 195n : o.winner === 'tie' ? 100n : 0n);
      expect(get('tie')).toBe(o.winner === 'tie' ? 180n : 0n);
      expect(get('playerPair')).toBe(o.playerPair ? 120n : 0n);
      expect(get('bankerPair')).toBe(o.bankerPair ? 120n : 0n);
      expect(o.stake).toBe(240n);
      expect(o.payout).toBe(o.results.reduce((a, r) => a + r.payout, 0n));
    }
  });

  it('rounds the banker commission down to the minor unit', () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const o = baccarat.play({ bets: { banker: 7n } }, stream(nonce));
      if (o.winner === 'banker') return expect(o.payout).toBe(13n);
    }
    throw new Error('no banker win in 100 rounds');
  });

  it('explains bad bets', () => {
    expect(baccarat.validateBet({ bets: {} })).toMatchObject({ code: 'PARAM_MISSING' });
    expect(baccarat.validateBet({ bets: { dragon: 5n } as never })).toMatchObject({
      code: 'PARAM_INVALID',
      field: 'bets.dragon',
    });
    expect(baccarat.validateBet({ bets: { tie: 0n } })).toMatchObject({
      code: 'STAKE_INVALID',
      field: 'bets.tie',
    });
    expect(baccarat.validateBet({ bets: { player: 10n ** 14n, banker: 1n } })).toMatchObject({
      code: 'STAKE_INVALID',
    });
    expect(baccarat.validateBet(undefined as never)).toMatchObject({ code: 'PARAM_MISSING' });
    expect(baccarat.validateBet({ bets: { player: 5n } })).toEqual({ ok: true });
  });
});
