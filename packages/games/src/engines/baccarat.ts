/**
 * Baccarat (punto banco), 8 decks. Each round the 416-card shoe is shuffled from the stream;
 * only its first six positions are needed, so the round draws them with a partial Fisher–Yates
 * (FairStream.sample, six floats) — the same cards a full shuffle would put on top.
 * Deal order: player, banker, player, banker, then the player's and banker's third cards in
 * that order as the tableau requires (cards 5 and 6 of the sample, unused ones are discarded).
 *
 * Tableau: a natural (8 or 9 on two cards, either hand) ends the round. Otherwise the player
 * draws on 0–5 and stands on 6–7. If the player stood, the banker draws on 0–5. If the player
 * drew a third card t, the banker draws on 0–2; on 3 unless t = 8; on 4 if t is 2–7; on 5 if t is
 * 4–7; on 6 if t is 6–7; and stands on 7.
 *
 * Pays (returns including the stake): player 2×, banker 1.95× (5 % commission), both returned on a
 * tie; tie 9× (8 to 1); player pair and banker pair 12× (11 to 1) when that hand's first two cards
 * share a rank.
 */
import type { FairStream } from '../fair.js';
import {
  GameRuleError,
  OK,
  assertValid,
  fail,
  ratio,
  validateStake,
  type BetValidation,
  type InstantEngine,
  type OutcomeBase,
  type Ratio,
} from '../types.js';
import { orderedShoe, rankIndex, rankOf, type Card } from './cards.js';

export const BACCARAT_DECKS = 8;
export const baccaratBetKinds = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BaccaratBetKind = (typeof baccaratBetKinds)[number];

/** Returns (stake included) per bet kind, exact. */
export const baccaratPays: Record<BaccaratBetKind, Ratio> = {
  player: { num: 2, den: 1 },
  banker: { num: 39, den: 20 },
  tie: { num: 9, den: 1 },
  playerPair: { num: 12, den: 1 },
  bankerPair: { num: 12, den: 1 },
};

/** Largest total stake of one round: keeps the round's overall multiplier in safe integers. */
export const BACCARAT_MAX_TOTAL_STAKE = 10n ** 14n;

export interface BaccaratParams {
  /** Stake per bet spot, minor units; at least one spot. */
  bets: Partial<Record<BaccaratBetKind, bigint>>;
}

export interface BaccaratOutcome extends OutcomeBase {
  playerCards: Card[];
  bankerCards: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
  natural: boolean;
  /** Per spot: stake, the return multiplier applied (0 when lost, 1 on a push) and payout. */
  results: { kind: BaccaratBetKind; stake: bigint; multiplier: Ratio; payout: bigint }[];
}

/** Baccarat value of a card: A = 1, 2–9 face value, T J Q K = 0. */
export function baccaratValue(card: Card): number {
  const r = rankIndex(card);
  return r >= 10 ? 0 : r;
}

const total = (cards: Card[]) => cards.reduce((a, c) => a + baccaratValue(c), 0) % 10;

/** Does the banker draw, given its two-card total and the player's third card value (null if none)? */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Plays out a round from six cards in dealing order (pure tableau logic, no money). */
export function dealBaccarat(six: readonly Card[]) {
  const player = [six[0]!, six[2]!];
  const banker = [six[1]!, six[3]!];
  let next = 4;
  const pt = total(player);
  const bt = total(banker);
  const natural = pt >= 8 || bt >= 8;
  if (!natural) {
    let third: number | null = null;
    if (pt <= 5) {
      const c = six[next++]!;
      player.push(c);
      third = baccaratValue(c);
    }
    if (bankerDraws(bt, third)) banker.push(six[next++]!);
  }
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  const winner: 'player' | 'banker' | 'tie' =
    playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return {
    playerCards: player,
    bankerCards: banker,
    playerTotal,
    bankerTotal,
    winner,
    natural,
    playerPair: rankOf(player[0]!) === rankOf(player[1]!),
    bankerPair: rankOf(banker[0]!) === rankOf(banker[1]!),
  };
}

function validateBet(p: BaccaratParams): BetValidation {
  if (!p || typeof p.bets !== 'object' || p.bets === null)
    return fail('PARAM_MISSING', 'bets', 'place at least one bet');
  const entries = Object.entries(p.bets).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return fail('PARAM_MISSING', 'bets', 'place at least one bet');
  let sum = 0n;
  for (const [k, v] of entries) {
    if (!(baccaratBetKinds as readonly string[]).includes(k))
      return fail('PARAM_INVALID', `bets.${k}`, `unknown bet "${k}"`);
    const s = validateStake(v);
    if (!s.ok) return { ...s, field: `bets.${k}` };
    sum += v as bigint;
  }
  if (sum > BACCARAT_MAX_TOTAL_STAKE) return fail('STAKE_INVALID', 'bets', 'total stake too large');
  return OK;
}

function spotMultiplier(kind: BaccaratBetKind, r: ReturnType<typeof dealBaccarat>): Ratio {
  const lose = { num: 0, den: 1 };
  switch (kind) {
    case 'player':
      return r.winner === 'player' ? baccaratPays.player : r.winner === 'tie' ? { num: 1, den: 1 } : lose;
    case 'banker':
      return r.winner === 'banker' ? baccaratPays.banker : r.winner === 'tie' ? { num: 1, den: 1 } : lose;
    case 'tie':
      return r.winner === 'tie' ? baccaratPays.tie : lose;
    case 'playerPair':
      return r.playerPair ? baccaratPays.playerPair : lose;
    case 'bankerPair':
      return r.bankerPair ? baccaratPays.bankerPair : lose;
  }
}

/**
 * Exact win/tie probabilities for an 8-deck shoe, enumerating every card-value sequence drawn
 * without replacement (values 0–9; 128 zero-value cards, 32 of each other value).
 */
export function baccaratProbabilities(decks = BACCARAT_DECKS) {
  const counts = [
    16 * decks,
    4 * decks,
    4 * decks,
    4 * decks,
    4 * decks,
    4 * decks,
    4 * decks,
    4 * decks,
    4 * decks,
    4 * decks,
  ];
  let remaining = 52 * decks;
  const out = { player: 0, banker: 0, tie: 0 };
  // Values as stand-in cards: baccaratValue of these codes is the digit (T → 0).
  const codeOf = ['TS', 'AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S'];
  const seq: Card[] = [];
  const need = (s: Card[]): boolean => {
    // How many cards this partial deal will use; enumerate only those.
    const pt = (baccaratValue(s[0]!) + baccaratValue(s[2]!)) % 10;
    const bt = (baccaratValue(s[1]!) + baccaratValue(s[3]!)) % 10;
    if (pt >= 8 || bt >= 8) return false;
    if (pt <= 5) {
      if (s.length === 4) return true;
      return s.length === 5 && bankerDraws(bt, baccaratValue(s[4]!));
    }
    return s.length === 4 && bankerDraws(bt, null);
  };
  const rec = (prob: number) => {
    if (seq.length >= 4 && !need(seq)) {
      const six = [...seq, 'TS', 'TS'];
      const r = dealBaccarat(six);
      out[r.winner] += prob;
      return;
    }
    for (let v = 0; v < 10; v++) {
      if (counts[v] === 0) continue;
      const p = (prob * counts[v]!) / remaining;
      counts[v]!--;
      remaining--;
      seq.push(codeOf[v]!);
      rec(p);
      seq.pop();
      counts[v]!++;
      remaining++;
    }
  };
  rec(1);
  const pairP = (4 * decks - 1) / (52 * decks - 1);
  return { ...out, pair: pairP };
}

export interface BaccaratRules {
  decks: number;
  pays: Record<BaccaratBetKind, string>;
  tableau: string[];
  probabilities: { player: number; banker: number; tie: number; pair: number };
  houseEdge: Record<BaccaratBetKind, number>;
}

/**
 * Exact 8-deck probabilities, from baccaratProbabilities() (a test recomputes them); kept as
 * constants because the enumeration takes a few seconds.
 */
export const BACCARAT_PROBABILITIES = {
  player: 0.44624660934317073,
  banker: 0.4585974226322891,
  tie: 0.09515596802363396,
  pair: 31 / 415,
};

const P = BACCARAT_PROBABILITIES;
export const baccaratRules: BaccaratRules = {
  decks: BACCARAT_DECKS,
  pays: { player: '1:1', banker: '0.95:1', tie: '8:1', playerPair: '11:1', bankerPair: '11:1' },
  tableau: [
    'A natural (8 or 9 on the first two cards of either hand) ends the round.',
    'Player draws on 0–5 and stands on 6–7.',
    'If the player stood, the banker draws on 0–5 and stands on 6–7.',
    'If the player drew a third card t: banker draws on 0–2; on 3 unless t = 8; on 4 if t = 2–7; on 5 if t = 4–7; on 6 if t = 6–7; stands on 7.',
    'Player and banker bets are returned on a tie.',
  ],
  probabilities: P,
  houseEdge: {
    player: P.banker - P.player,
    banker: P.player - 0.95 * P.banker,
    tie: 1 - P.tie - 8 * P.tie,
    playerPair: 1 - 12 * P.pair,
    bankerPair: 1 - 12 * P.pair,
  },
};

export const baccarat: InstantEngine<'baccarat', BaccaratParams, BaccaratOutcome, BaccaratRules> = {
  id: 'baccarat',
  name: 'Baccarat',
  kind: 'instant',
  rules: baccaratRules,
  validateBet,
  play(params, stream: FairStream) {
    assertValid(validateBet(params));
    const six = stream.sample(orderedShoe(BACCARAT_DECKS), 6);
    const r = dealBaccarat(six);
    const results = baccaratBetKinds
      .filter((k) => params.bets[k] !== undefined)
      .map((kind) => {
        const stake = params.bets[kind]!;
        const multiplier = spotMultiplier(kind, r);
        return { kind, stake, multiplier, payout: (stake * BigInt(multiplier.num)) / BigInt(multiplier.den) };
      });
    const stake = results.reduce((a, x) => a + x.stake, 0n);
    const payout = results.reduce((a, x) => a + x.payout, 0n);
    if (stake <= 0n) throw new GameRuleError('STAKE_INVALID', 'bets', 'place at least one bet');
    return { stake, payout, multiplier: ratio(Number(payout), Number(stake)), ...r, results };
  },
};
