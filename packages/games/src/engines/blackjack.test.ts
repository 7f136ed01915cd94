import { describe, expect, it } from 'vitest';
import { FairStream } from '../fair.js';
import { GameRuleError } from '../types.js';
import {
  blackjack,
  blackjackActionCost,
  blackjackActions,
  blackjackBasicStrategy,
  blackjackDealFromShoe,
  blackjackRules,
  blackjackPublicView,
  dealerDraws,
  handValue,
} from './blackjack.js';
import { orderedShoe } from './cards.js';

/** Shoe order: player, dealer up, player, dealer hole, then draws. */
const deal = (shoe: string[], stake = 100n) => blackjackDealFromShoe({ stake }, shoe);

describe('hand values and the dealer rule', () => {
  it('counts aces soft when they fit', () => {
    expect(handValue(['AS', '6H'])).toEqual({ total: 17, soft: true });
    expect(handValue(['AS', '6H', 'TD'])).toEqual({ total: 17, soft: false });
    expect(handValue(['AS', 'AH', '9D'])).toEqual({ total: 21, soft: true });
    expect(handValue(['KS', 'QH', '5D'])).toEqual({ total: 25, soft: false });
  });

  it('dealer stands on soft 17 and draws on 16', () => {
    expect(dealerDraws(['AS', '6H'])).toBe(false);
    expect(dealerDraws(['TS', '6H'])).toBe(true);
    expect(dealerDraws(['AS', '5H'])).toBe(true);
  });
});

describe('blackjack rounds', () => {
  it('pays a player blackjack 3:2 at once', () => {
    const s = deal(['AS', '9H', 'KD', '7C']);
    expect(s.status).toBe('settled');
    expect(s.hands[0]!.result).toBe('blackjack');
    expect(blackjack.settle(s)).toMatchObject({ stake: 100n, payout: 250n, multiplier: { num: 5, den: 2 } });
  });

  it('a dealer blackjack found on the peek takes only the original stake', () => {
    const s = deal(['KS', 'AH', 'QD', 'KC']);
    expect(s).toMatchObject({ status: 'settled', payout: 0n, totalStake: 100n });
    expect(s.hands[0]!.result).toBe('lose');
    expect(() => blackjack.hit(s)).toThrow(GameRuleError);
  });

  it('blackjack against blackjack pushes', () => {
    expect(deal(['AS', 'AH', 'KD', 'KC']).payout).toBe(100n);
  });

  it('a bust loses and the dealer draws nothing more', () => {
    const s = blackjack.hit(deal(['TS', '7H', '6D', '9C', 'KH', '5S']));
    expect(s.hands[0]).toMatchObject({ result: 'bust', payout: 0n });
    expect(s.dealer).toEqual(['7H', '9C']);
  });

  it('dealer stands on soft 17 and loses to 18', () => {
    const s = blackjack.stand(deal(['TS', 'AH', '8D', '6C', '5S']));
    expect(s.dealer).toEqual(['AH', '6C']);
    expect(s).toMatchObject({ status: 'settled', payout: 200n });
  });

  it('dealer draws on 16', () => {
    const s = blackjack.stand(deal(['TS', 'TH', '9D', '6C', '5S']));
    expect(s.dealer).toEqual(['TH', '6C', '5S']);
    expect(s.hands[0]!.result).toBe('lose');
  });

  it('pushes on equal totals', () => {
    expect(blackjack.stand(deal(['TS', 'TH', '8D', '8C'])).payout).toBe(100n);
  });

  it('doubles on two cards: one card, twice the stake', () => {
    const s0 = deal(['5S', 'TH', '6D', '7C', 'TS', '9S']);
    expect(blackjackActions(s0)).toEqual(['hit', 'stand', 'double']);
    expect(blackjackActionCost(s0, 'double')).toBe(100n);
    const s = blackjack.double(s0);
    expect(s.hands[0]).toMatchObject({
      cards: ['5S', '6D', 'TS'],
      doubled: true,
      stake: 200n,
      result: 'win',
    });
    expect(s).toMatchObject({ totalStake: 200n, payout: 400n });
    expect(s0.totalStake).toBe(100n);
  });

  it('refuses to double after a hit, and refuses to split a non-pair', () => {
    const s = blackjack.hit(deal(['2S', 'TH', '3D', '7C', '4S', '9S']));
    expect(s.status).toBe('playing');
    expect(() => blackjack.double(s)).toThrow(/not allowed/);
    expect(() => blackjack.split(deal(['9S', 'TH', 'TD', '7C']))).toThrow(GameRuleError);
  });

  it('splits a pair once, allows double after split, and the dealer plays against both hands', () => {
    const s0 = deal(['8S', '6D', '8H', 'TC', '3S', 'TH', 'KS', '9C']);
    expect(blackjackActions(s0)).toContain('split');
    expect(blackjackActionCost(s0, 'split')).toBe(100n);
    const s1 = blackjack.split(s0);
    expect(s1.hands.map((h) => h.cards)).toEqual([
      ['8S', '3S'],
      ['8H', 'TH'],
    ]);
    expect(s1.totalStake).toBe(200n);
    expect(blackjackActions(s1)).not.toContain('split');
    const s2 = blackjack.double(s1);
    expect(s2.active).toBe(1);
    const s3 = blackjack.stand(s2);
    expect(s3.dealer).toEqual(['6D', 'TC', '9C']);
    expect(s3.hands.map((h) => h.result)).toEqual(['win', 'win']);
    expect(s3).toMatchObject({ totalStake: 300n, payout: 600n });
    expect(blackjack.settle(s3)).toMatchObject({ stake: 300n, payout: 600n, multiplier: { num: 2, den: 1 } });
  });

  it('never resplits', () => {
    const s = blackjack.split(deal(['8S', '6D', '8H', 'TC', '8D', '2S']));
    expect(s.hands[0]!.cards).toEqual(['8S', '8D']);
    expect(blackjackActions(s)).not.toContain('split');
    expect(() => blackjack.split(s)).toThrow(GameRuleError);
  });

  it('splits ten-value cards of different ranks', () => {
    expect(blackjackActions(deal(['KS', '6D', 'QH', 'TC']))).toContain('split');
  });

  it('split aces get one card each, and 21 after a split is not a blackjack', () => {
    const s = blackjack.split(deal(['AS', '9D', 'AH', '7C', 'KS', '5H', 'TC']));
    expect(s.status).toBe('settled');
    expect(s.hands.map((h) => h.cards)).toEqual([
      ['AS', 'KS'],
      ['AH', '5H'],
    ]);
    expect(s.dealer).toEqual(['9D', '7C', 'TC']);
    expect(s.hands.map((h) => [h.result, h.payout])).toEqual([
      ['win', 200n],
      ['win', 200n],
    ]);
  });

  it('stands automatically on 21', () => {
    const s = blackjack.hit(deal(['TS', '9D', '5H', '8C', '6S', '2S']));
    expect(s.status).toBe('settled');
    expect(s.hands[0]).toMatchObject({ result: 'win', payout: 200n });
  });

  it('settle refuses a round still in play; the public view hides the hole card and the shoe', () => {
    const s = deal(['TS', 'TH', '9D', '6C', '5S']);
    expect(() => blackjack.settle(s)).toThrow(/still in play/);
    const v = blackjackPublicView(s);
    expect(v.dealer).toEqual(['TH', null]);
    expect(v.dealerTotal).toBe(10);
    expect('shoe' in v).toBe(false);
    expect(blackjack.publicView(s)).toEqual(v);
    expect(blackjackPublicView(blackjack.stand(s)).dealer).toEqual(['TH', '6C', '5S']);
  });

  it('deals from a 6-deck shoe shuffled by the stream', () => {
    const seeds = { serverSeed: 'bj-server', clientSeed: 'c', nonce: 9 };
    const s = blackjack.deal({ stake: 100n }, new FairStream(seeds));
    const shoe = new FairStream(seeds).shuffle(orderedShoe(6));
    expect(s.shoe).toEqual(shoe);
    expect(s.shoe).toHaveLength(312);
    expect([...s.shoe].sort()).toEqual(orderedShoe(6).sort());
    expect(s.hands[0]!.cards).toEqual([shoe[0], shoe[2]]);
    expect(s.dealer).toEqual([shoe[1], shoe[3]]);
    expect(blackjack.deal({ stake: 100n }, new FairStream(seeds))).toEqual(s);
  });

  it('validates the stake', () => {
    expect(blackjack.validateBet({ stake: -1n })).toMatchObject({ ok: false, code: 'STAKE_INVALID' });
    expect(() =>
      blackjack.deal({ stake: 0n }, new FairStream({ serverSeed: 's', clientSeed: 'c', nonce: 0 })),
    ).toThrow(GameRuleError);
  });
});

describe('return to player', () => {
  /** A small seeded generator: the measurement is about the rules, the stream has its own tests. */
  function mulberry32(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('basic strategy returns the published ~99.55 % over a million rounds', () => {
    const random = mulberry32(20261122);
    const ordered = orderedShoe(6);
    const rounds = 1_000_000;
    // A round never uses more than 24 cards: shuffling the first 40 places is a full shuffle for it.
    const shuffled = (): string[] => {
      const shoe = ordered.slice();
      for (let i = 0; i < 40; i++) {
        const j = i + Math.floor(random() * (shoe.length - i));
        [shoe[i], shoe[j]] = [shoe[j]!, shoe[i]!];
      }
      return shoe;
    };
    // Net result per round in original stakes (doubles and splits add stake; the edge is quoted
    // against the original bet, as rule calculators do).
    let net = 0;
    let sumSq = 0;
    for (let r = 0; r < rounds; r++) {
      let s = deal(shuffled(), 2n);
      while (s.status === 'playing') {
        const action = blackjackBasicStrategy(s);
        s =
          action === 'hit'
            ? blackjack.hit(s)
            : action === 'stand'
              ? blackjack.stand(s)
              : action === 'double'
                ? blackjack.double(s)
                : blackjack.split(s);
      }
      const result = Number(s.payout - s.totalStake) / 2;
      net += result;
      sumSq += result * result;
    }
    const rtp = 1 + net / rounds;
    // Per-round standard deviation ~1.15 stakes: the error of the mean is ~0.12 percentage points.
    const se = Math.sqrt(sumSq / rounds) / Math.sqrt(rounds);
    expect(se).toBeLessThan(0.0013);
    expect(Math.abs(rtp - blackjackRules.rtpApprox)).toBeLessThan(4 * se);
  }, 120_000);
});
