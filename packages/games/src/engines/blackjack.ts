/**
 * Blackjack, 6 decks, as a pure state machine.
 *
 * Rules: the 312-card shoe is shuffled from the stream at the deal (FairStream.shuffle, 311
 * floats) and dealt from the top: player, dealer up card, player, dealer hole card. The dealer
 * peeks when showing an ace or a ten-value card: a dealer blackjack ends the round at once (a
 * player blackjack then pushes; the player never loses more than the original stake to it).
 * Blackjack pays 3:2. The dealer stands on all 17s, soft 17 included (S17). Double on any first
 * two cards, also after a split. One split per round (no resplit) of two cards of equal value;
 * split aces get one card each and stand. A two-card 21 after a split is 21, not a blackjack.
 * A hand reaching 21 stands automatically. No surrender, no insurance.
 *
 * Money: every hand carries its own stake; doubling and splitting add the hand's stake again,
 * which `blackjackActionCost` tells the caller to collect before applying the action.
 */
import type { FairStream } from '../fair.js';
import {
  GameRuleError,
  OK,
  assertValid,
  ratio,
  validateStake,
  type BetValidation,
  type EngineInfo,
  type Ratio,
} from '../types.js';
import { orderedShoe, rankIndex, type Card } from './cards.js';

export const BLACKJACK_DECKS = 6;

export interface BlackjackParams {
  stake: bigint;
}

export type BlackjackHandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

export interface BlackjackHand {
  cards: Card[];
  stake: bigint;
  doubled: boolean;
  /** True once the hand takes no more cards (stood, doubled, 21, bust or split ace). */
  done: boolean;
  fromSplit: boolean;
  /** Set when the round is settled. */
  result: BlackjackHandResult | null;
  payout: bigint;
}

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split';

export interface BlackjackState {
  /** The shuffled shoe: secret; never send it to the player. */
  shoe: Card[];
  /** Index of the next card in the shoe. */
  next: number;
  /** Dealer cards; [1] is the hole card, hidden while playing. */
  dealer: Card[];
  hands: BlackjackHand[];
  /** Index of the hand being played. */
  active: number;
  status: 'playing' | 'settled';
  /** Sum of all hand stakes (original + doubles + split). */
  totalStake: bigint;
  /** Total returned, once settled. */
  payout: bigint;
}

/** Blackjack value of a card: ace 1 (counted 11 by handValue when it fits), faces 10. */
export function cardPoints(card: Card): number {
  return Math.min(10, rankIndex(card));
}

/** Best total of a hand and whether an ace counts 11 (soft). */
export function handValue(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += cardPoints(c);
    if (cardPoints(c) === 1) aces++;
  }
  if (aces > 0 && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}

export function isBlackjack(cards: readonly Card[]): boolean {
  return cards.length === 2 && handValue(cards).total === 21;
}

/** Dealer rule S17: draw below 17, stand on every 17 including soft 17. */
export function dealerDraws(cards: readonly Card[]): boolean {
  return handValue(cards).total < 17;
}

function draw(state: BlackjackState): Card {
  const c = state.shoe[state.next];
  if (c === undefined) throw new Error('shoe exhausted');
  state.next += 1;
  return c;
}

function clone(state: BlackjackState): BlackjackState {
  return {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((h) => ({ ...h, cards: [...h.cards] })),
  };
}

function validateBet(p: BlackjackParams): BetValidation {
  const s = validateStake(p?.stake);
  return s.ok ? OK : s;
}

function newHand(cards: Card[], stake: bigint, fromSplit: boolean): BlackjackHand {
  return { cards, stake, doubled: false, done: false, fromSplit, result: null, payout: 0n };
}

/** Shuffles the shoe and deals; settles at once on a dealer or player blackjack. */
function deal(params: BlackjackParams, stream: FairStream): BlackjackState {
  assertValid(validateBet(params));
  return blackjackDealFromShoe(params, stream.shuffle(orderedShoe(BLACKJACK_DECKS)));
}

/**
 * Deals from an already shuffled shoe (what `deal` does after shuffling). Lets a verifier replay a
 * round from the revealed seeds, and tests set up exact hands.
 */
export function blackjackDealFromShoe(params: BlackjackParams, shoe: Card[]): BlackjackState {
  assertValid(validateBet(params));
  const s: BlackjackState = {
    shoe,
    next: 0,
    dealer: [],
    hands: [],
    active: 0,
    status: 'playing',
    totalStake: params.stake,
    payout: 0n,
  };
  const p1 = draw(s);
  const d1 = draw(s);
  const p2 = draw(s);
  const d2 = draw(s);
  s.dealer = [d1, d2];
  s.hands = [newHand([p1, p2], params.stake, false)];
  // Peek: a dealer blackjack, or a player blackjack, decides the round without any action.
  if (isBlackjack(s.dealer) || isBlackjack(s.hands[0]!.cards)) return finish(s, false);
  return s;
}

/** Which actions the active hand allows now. */
export function blackjackActions(state: BlackjackState): BlackjackAction[] {
  if (state.status !== 'playing') return [];
  const h = state.hands[state.active]!;
  const acts: BlackjackAction[] = ['hit', 'stand'];
  if (h.cards.length === 2 && !h.doubled) acts.push('double');
  if (
    state.hands.length === 1 &&
    h.cards.length === 2 &&
    cardPoints(h.cards[0]!) === cardPoints(h.cards[1]!)
  ) {
    acts.push('split');
  }
  return acts;
}

/** Extra stake an action needs before it can be applied (double and split: the hand's stake). */
export function blackjackActionCost(state: BlackjackState, action: BlackjackAction): bigint {
  if (action === 'double' || action === 'split') return state.hands[state.active]?.stake ?? 0n;
  return 0n;
}

function requireAction(state: BlackjackState, action: BlackjackAction): void {
  if (state.status !== 'playing')
    throw new GameRuleError('ACTION_NOT_ALLOWED', 'status', 'the round is over');
  if (!blackjackActions(state).includes(action)) {
    throw new GameRuleError('ACTION_NOT_ALLOWED', 'action', `${action} is not allowed on this hand now`);
  }
}

/** Moves to the next unfinished hand, or plays the dealer and settles when none is left. */
function advance(s: BlackjackState): BlackjackState {
  while (s.active < s.hands.length && s.hands[s.active]!.done) s.active++;
  if (s.active < s.hands.length) return s;
  s.active = s.hands.length - 1;
  const anyLive = s.hands.some((h) => handValue(h.cards).total <= 21);
  return finish(s, anyLive);
}

function closeIfFinished(h: BlackjackHand): void {
  if (handValue(h.cards).total >= 21) h.done = true;
}

function hit(state: BlackjackState): BlackjackState {
  requireAction(state, 'hit');
  const s = clone(state);
  const h = s.hands[s.active]!;
  h.cards.push(draw(s));
  closeIfFinished(h);
  return advance(s);
}

function stand(state: BlackjackState): BlackjackState {
  requireAction(state, 'stand');
  const s = clone(state);
  s.hands[s.active]!.done = true;
  return advance(s);
}

function double(state: BlackjackState): BlackjackState {
  requireAction(state, 'double');
  const s = clone(state);
  const h = s.hands[s.active]!;
  s.totalStake += h.stake;
  h.stake *= 2n;
  h.doubled = true;
  h.cards.push(draw(s));
  h.done = true;
  return advance(s);
}

function split(state: BlackjackState): BlackjackState {
  requireAction(state, 'split');
  const s = clone(state);
  const h = s.hands[0]!;
  const aces = cardPoints(h.cards[0]!) === 1;
  const a = newHand([h.cards[0]!, draw(s)], h.stake, true);
  const b = newHand([h.cards[1]!, draw(s)], h.stake, true);
  s.totalStake += h.stake;
  s.hands = [a, b];
  for (const x of s.hands) {
    // Split aces take exactly one card each.
    if (aces) x.done = true;
    else closeIfFinished(x);
  }
  s.active = 0;
  return advance(s);
}

/** Dealer plays (when a player hand is still live) and every hand is paid. */
function finish(s: BlackjackState, dealerPlays: boolean): BlackjackState {
  if (dealerPlays) while (dealerDraws(s.dealer)) s.dealer.push(draw(s));
  const dealer = handValue(s.dealer).total;
  const dealerBj = isBlackjack(s.dealer);
  for (const h of s.hands) {
    const v = handValue(h.cards).total;
    const bj = !h.fromSplit && isBlackjack(h.cards);
    let result: BlackjackHandResult;
    let r: Ratio;
    if (v > 21) [result, r] = ['bust', { num: 0, den: 1 }];
    else if (bj && dealerBj) [result, r] = ['push', { num: 1, den: 1 }];
    else if (bj) [result, r] = ['blackjack', { num: 5, den: 2 }];
    else if (dealerBj) [result, r] = ['lose', { num: 0, den: 1 }];
    else if (dealer > 21 || v > dealer) [result, r] = ['win', { num: 2, den: 1 }];
    else if (v === dealer) [result, r] = ['push', { num: 1, den: 1 }];
    else [result, r] = ['lose', { num: 0, den: 1 }];
    h.result = result;
    h.payout = (h.stake * BigInt(r.num)) / BigInt(r.den);
    h.done = true;
  }
  s.status = 'settled';
  s.payout = s.hands.reduce((a, h) => a + h.payout, 0n);
  return s;
}

/** Settlement of a finished round: total stake, payout and the overall multiplier. */
function settle(state: BlackjackState): {
  stake: bigint;
  payout: bigint;
  multiplier: Ratio;
  hands: BlackjackHand[];
} {
  if (state.status !== 'settled')
    throw new GameRuleError('ACTION_NOT_ALLOWED', 'status', 'the round is still in play');
  const multiplier =
    state.payout === 0n ? { num: 0, den: 1 } : ratio(Number(state.payout), Number(state.totalStake));
  return { stake: state.totalStake, payout: state.payout, multiplier, hands: state.hands };
}

/** What the player may see: no shoe, and the hole card hidden while the round is in play. */
export function blackjackPublicView(state: BlackjackState) {
  const playing = state.status === 'playing';
  return {
    dealer: playing ? [state.dealer[0]!, null] : state.dealer,
    dealerTotal: playing ? handValue([state.dealer[0]!]).total : handValue(state.dealer).total,
    hands: state.hands.map((h) => ({ ...h, total: handValue(h.cards).total, soft: handValue(h.cards).soft })),
    active: state.active,
    status: state.status,
    totalStake: state.totalStake,
    payout: state.payout,
    actions: blackjackActions(state),
  };
}

/**
 * Basic strategy for these rules (6 decks, S17, double any two cards, double after split, one
 * split, no surrender): the action that maximises the expected return of the active hand. The
 * RTP test plays it; a client may offer it as a hint.
 */
export function blackjackBasicStrategy(state: BlackjackState): BlackjackAction {
  const acts = blackjackActions(state);
  const h = state.hands[state.active]!;
  const up = cardPoints(state.dealer[0]!);
  const dealer = up === 1 ? 11 : up;
  const canDouble = acts.includes('double');
  const hitOrDouble = (doubleIt: boolean): BlackjackAction => (doubleIt && canDouble ? 'double' : 'hit');
  if (acts.includes('split')) {
    const pair = cardPoints(h.cards[0]!);
    const splitIt =
      pair === 1 ||
      pair === 8 ||
      (pair === 9 && dealer !== 7 && dealer <= 9) ||
      ((pair === 7 || pair === 3 || pair === 2) && dealer <= 7) ||
      (pair === 6 && dealer <= 6) ||
      (pair === 4 && (dealer === 5 || dealer === 6));
    if (splitIt) return 'split';
  }
  const { total, soft } = handValue(h.cards);
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) {
      if (dealer >= 3 && dealer <= 6) return canDouble ? 'double' : 'stand';
      return dealer <= 8 ? 'stand' : 'hit';
    }
    if (total === 17) return hitOrDouble(dealer >= 3 && dealer <= 6);
    if (total >= 15) return hitOrDouble(dealer >= 4 && dealer <= 6);
    return hitOrDouble(dealer === 5 || dealer === 6);
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return dealer <= 6 ? 'stand' : 'hit';
  if (total === 12) return dealer >= 4 && dealer <= 6 ? 'stand' : 'hit';
  if (total === 11) return hitOrDouble(dealer <= 10);
  if (total === 10) return hitOrDouble(dealer <= 9);
  if (total === 9) return hitOrDouble(dealer >= 3 && dealer <= 6);
  return 'hit';
}

export const blackjackRules = {
  decks: BLACKJACK_DECKS,
  dealer: 'stands on all 17s (S17); peeks for blackjack with an ace or ten showing',
  blackjackPays: '3:2',
  double: 'any first two cards, also after a split',
  split: 'once (no resplit), equal-value cards; split aces receive one card each',
  surrender: false,
  insurance: false,
  autoStandOn21: true,
  /**
   * House edge with basic strategy (`blackjackBasicStrategy`) for these rules, as published rule
   * calculators give it: about 0.45 %. blackjack.test.ts measures it by playing a million rounds.
   */
  houseEdgeApprox: 0.0045,
  rtpApprox: 0.9955,
};

export interface BlackjackEngine extends EngineInfo<'blackjack', typeof blackjackRules> {
  validateBet(params: BlackjackParams): BetValidation;
  deal(params: BlackjackParams, stream: FairStream): BlackjackState;
  hit(state: BlackjackState): BlackjackState;
  stand(state: BlackjackState): BlackjackState;
  /** Doubles the active hand's stake (collect blackjackActionCost first) and draws one card. */
  double(state: BlackjackState): BlackjackState;
  /** Splits the pair into two hands (collect blackjackActionCost first). */
  split(state: BlackjackState): BlackjackState;
  settle(state: BlackjackState): { stake: bigint; payout: bigint; multiplier: Ratio; hands: BlackjackHand[] };
  /** The player's view of a state (same as blackjackPublicView). */
  publicView(state: BlackjackState): ReturnType<typeof blackjackPublicView>;
}

export const blackjack: BlackjackEngine = {
  id: 'blackjack',
  name: 'Blackjack',
  kind: 'stateful',
  rules: blackjackRules,
  validateBet,
  deal,
  hit,
  stand,
  double,
  split,
  settle,
  publicView: blackjackPublicView,
};
