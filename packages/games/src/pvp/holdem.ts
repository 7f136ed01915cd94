/**
 * Texas hold'em, no limit, as a pure state machine (docs/pvp.md): a hand starts from the seats,
 * the button and a shuffled deck; each action returns the next state; the end pays the pots by
 * `holdemValue` through `sidePots`/`awardPots`. Chips are integer minor units (safe integers, so
 * the state is plain JSON). Stacks are the seats' stacks at the start of the hand: what a seat has
 * put in is `committed`, and what it may still bet is `stack − committed`.
 */
import type { Card } from '../engines/cards.js';
import { awardPots, holdemValue, sidePots } from './hands.js';

export type HoldemStreet = 'preflop' | 'flop' | 'turn' | 'river' | 'showdown';

export interface HoldemPlayer {
  seat: number;
  stack: number;
  committed: number;
  /** Put in on the current street. */
  street: number;
  folded: boolean;
  allIn: boolean;
  /** Has acted since the last bet or raise on this street. */
  acted: boolean;
  /**
   * Had already acted when a short all-in raise came: may call or fold it but not raise again
   * (betting reopens only with a full raise). Absent in hands stored before the rule.
   */
  capped?: boolean;
  hole: Card[];
}

export interface HoldemState {
  players: HoldemPlayer[];
  button: number;
  smallBlindSeat: number;
  bigBlindSeat: number;
  bigBlind: number;
  /** The cards not dealt yet, top first. */
  deck: Card[];
  board: Card[];
  street: HoldemStreet;
  /** Whose turn it is; null once the hand is over (or the board runs out with everyone all in). */
  toAct: number | null;
  currentBet: number;
  /** The least a raise must add on top of the current bet. */
  minRaise: number;
  done: boolean;
}

export type HoldemAction =
  | { type: 'fold' }
  | { type: 'check' }
  | { type: 'call' }
  /** Raise (or bet) to a street total of `to`. */
  | { type: 'raise'; to: number };

export class HoldemRuleError extends Error {
  override name = 'HoldemRuleError';
}

const live = (s: HoldemState) => s.players.filter((p) => !p.folded);
const canAct = (p: HoldemPlayer) => !p.folded && !p.allIn;
const player = (s: HoldemState, seat: number) => s.players.find((p) => p.seat === seat)!;

/** The first seat after `seat` (clockwise, `seat` itself last) among players matching `ok`. */
function nextSeat(s: HoldemState, seat: number, ok: (p: HoldemPlayer) => boolean): number | null {
  const list = s.players;
  let start = list.findIndex((p) => p.seat > seat);
  if (start === -1) start = 0;
  for (let k = 0; k < list.length; k++) {
    const p = list[(start + k) % list.length]!;
    if (ok(p)) return p.seat;
  }
  return null;
}

function put(p: HoldemPlayer, amount: number) {
  const take = Math.min(amount, p.stack - p.committed);
  p.committed += take;
  p.street += take;
  if (p.committed === p.stack) p.allIn = true;
  return take;
}

/**
 * Starts a hand: blinds posted (heads-up the button is the small blind), two cards to each seat
 * from the top of the deck, the first to act after the big blind.
 */
export function startHoldem(input: {
  seats: { seat: number; stack: number }[];
  button: number;
  smallBlind: number;
  bigBlind: number;
  deck: Card[];
}): HoldemState {
  if (input.seats.length < 2) throw new HoldemRuleError('a hand needs two players');
  for (const s of input.seats)
    if (!Number.isSafeInteger(s.stack) || s.stack <= 0)
      throw new HoldemRuleError('stacks are positive integers');
  const deck = [...input.deck];
  const players: HoldemPlayer[] = [...input.seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => ({
      seat: s.seat,
      stack: s.stack,
      committed: 0,
      street: 0,
      folded: false,
      allIn: false,
      acted: false,
      hole: [],
    }));
  const s: HoldemState = {
    players,
    button: input.button,
    smallBlindSeat: 0,
    bigBlindSeat: 0,
    bigBlind: input.bigBlind,
    deck,
    board: [],
    street: 'preflop',
    toAct: null,
    currentBet: 0,
    minRaise: input.bigBlind,
    done: false,
  };
  const headsUp = players.length === 2;
  s.smallBlindSeat = headsUp ? input.button : nextSeat(s, input.button, () => true)!;
  s.bigBlindSeat = nextSeat(s, s.smallBlindSeat, () => true)!;
  put(player(s, s.smallBlindSeat), input.smallBlind);
  put(player(s, s.bigBlindSeat), input.bigBlind);
  s.currentBet = Math.max(...players.map((p) => p.street));
  for (let round = 0; round < 2; round++) for (const p of players) p.hole.push(s.deck.shift()!);
  advance(s, s.bigBlindSeat);
  return s;
}

/** What the player to act may do. */
export function holdemOptions(s: HoldemState) {
  if (s.toAct === null) return null;
  const p = player(s, s.toAct);
  const available = p.stack - p.committed;
  const toCall = Math.min(s.currentBet - p.street, available);
  const minTo = Math.min(s.currentBet + s.minRaise, p.street + available);
  return {
    seat: p.seat,
    canCheck: toCall === 0,
    toCall,
    /**
     * Raising is open unless the player can only call, or already acted before a short all-in
     * raise (which does not reopen the betting for them).
     */
    canRaise: available > toCall && !p.capped,
    minRaiseTo: minTo,
    maxRaiseTo: p.street + available,
  };
}

function dealStreet(s: HoldemState) {
  for (const p of s.players) {
    p.street = 0;
    p.acted = false;
    p.capped = false;
  }
  s.currentBet = 0;
  s.minRaise = s.bigBlind;
  if (s.street === 'preflop') {
    s.board.push(...s.deck.splice(0, 3));
    s.street = 'flop';
  } else if (s.street === 'flop') {
    s.board.push(s.deck.shift()!);
    s.street = 'turn';
  } else if (s.street === 'turn') {
    s.board.push(s.deck.shift()!);
    s.street = 'river';
  } else {
    s.street = 'showdown';
  }
}

/** Who acts next after `from`, or the next street (and on to the showdown when nobody can bet any more). */
function advance(s: HoldemState, from: number) {
  for (;;) {
    if (live(s).length === 1) {
      s.done = true;
      s.toAct = null;
      return;
    }
    const actors = s.players.filter(canAct);
    const pending = actors.filter((p) => !p.acted || p.street < s.currentBet);
    // A lone player who has matched the bet has nobody left to bet against.
    const alone = actors.length === 1 && actors[0]!.street >= s.currentBet;
    if (pending.length > 0 && !alone) {
      s.toAct = nextSeat(s, from, (p) => canAct(p) && (!p.acted || p.street < s.currentBet));
      return;
    }
    dealStreet(s);
    if (s.street === 'showdown') {
      s.done = true;
      s.toAct = null;
      return;
    }
    from = s.button;
  }
}

/** Applies the action of the player to act; throws `HoldemRuleError` for anything illegal. */
export function applyHoldem(prev: HoldemState, seat: number, action: HoldemAction): HoldemState {
  if (prev.done || prev.toAct === null) throw new HoldemRuleError('the hand is over');
  if (prev.toAct !== seat) throw new HoldemRuleError('not this seat’s turn');
  const s: HoldemState = structuredClone(prev);
  const p = player(s, seat);
  const opts = holdemOptions(s)!;
  switch (action.type) {
    case 'fold':
      p.folded = true;
      break;
    case 'check':
      if (!opts.canCheck) throw new HoldemRuleError('there is a bet to call');
      break;
    case 'call':
      if (opts.toCall === 0) throw new HoldemRuleError('nothing to call');
      put(p, opts.toCall);
      break;
    case 'raise': {
      const to = action.to;
      if (!Number.isSafeInteger(to)) throw new HoldemRuleError('a raise is a whole amount');
      if (!opts.canRaise) throw new HoldemRuleError('raising is closed');
      if (to > opts.maxRaiseTo) throw new HoldemRuleError('more than the stack');
      // Short of a full raise only when it is the whole stack.
      if (to < opts.minRaiseTo && to !== opts.maxRaiseTo) throw new HoldemRuleError('below the least raise');
      const raiseBy = to - s.currentBet;
      put(p, to - p.street);
      if (raiseBy >= s.minRaise) {
        s.minRaise = raiseBy;
        for (const o of s.players)
          if (o.seat !== seat) {
            o.acted = false;
            o.capped = false;
          }
      } else if (to > s.currentBet) {
        // A short all-in raise: everyone facing it must act again, but those who had already
        // acted may only call or fold — it does not reopen the betting for them.
        for (const o of s.players)
          if (o.seat !== seat && o.street < to) {
            if (o.acted) o.capped = true;
            o.acted = false;
          }
      }
      s.currentBet = Math.max(s.currentBet, to);
      break;
    }
  }
  p.acted = true;
  advance(s, seat);
  return s;
}

/** What a player who runs out of time does: check if free, else fold. */
export function holdemTimeoutAction(s: HoldemState): HoldemAction {
  const opts = holdemOptions(s);
  return opts?.canCheck ? { type: 'check' } : { type: 'fold' };
}

/**
 * A finished hand's result: each seat's chips won (before rake) and the hands shown (seats still
 * in at a showdown). The odd chips of a split go from the button's left.
 */
export function holdemResult(s: HoldemState) {
  if (!s.done) throw new HoldemRuleError('the hand is not over');
  const showdown = live(s).length > 1;
  const value = new Map(
    s.players.map((p) => [p.seat, p.folded || !showdown ? 0 : holdemValue([...p.hole, ...s.board])]),
  );
  const pots = sidePots(
    s.players.map((p) => ({ seat: p.seat, committed: BigInt(p.committed), folded: p.folded })),
  );
  const order: number[] = [];
  let seat = s.button;
  for (let k = 0; k < s.players.length; k++) {
    seat = nextSeat(s, seat, () => true)!;
    order.push(seat);
  }
  const won = awardPots(pots, (x) => value.get(x)!, order);
  return {
    won: new Map([...won].map(([k, v]) => [k, Number(v)])),
    pot: s.players.reduce((a, p) => a + p.committed, 0),
    showdown: showdown ? live(s).map((p) => p.seat) : [],
    values: value,
  };
}
