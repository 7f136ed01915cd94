/**
 * Replays a settled round from its revealed seeds, parameters and player actions. The house
 * vendor stores exactly these inputs; a verifier (or an audit job) gets the same outcome back.
 */
import {
  blackjack,
  type BlackjackAction,
  type BlackjackParams,
  type BlackjackState,
} from './engines/blackjack.js';
import { mines, type MinesParams, type MinesState } from './engines/mines.js';
import { FairStream, type FairSeeds } from './fair.js';
import { engines } from './registry.js';
import { GameRuleError, type EngineId } from './types.js';

/** A mines action: open a cell, or cash out. */
export type MinesAction = { type: 'reveal'; cell: number } | { type: 'cashout' };

/** Replays a mines round; stops at the first action after the round ended (which is an error). */
export function replayMines(
  params: MinesParams,
  seeds: FairSeeds,
  actions: readonly MinesAction[],
): MinesState {
  let s = mines.start(params, new FairStream(seeds));
  for (const a of actions) s = a.type === 'reveal' ? mines.reveal(s, a.cell) : mines.cashout(s);
  return s;
}

/** Replays a blackjack round from its deal and the player's actions in order. */
export function replayBlackjack(
  params: BlackjackParams,
  seeds: FairSeeds,
  actions: readonly BlackjackAction[],
): BlackjackState {
  let s = blackjack.deal(params, new FairStream(seeds));
  for (const a of actions) s = blackjack[a](s);
  return s;
}

/** Outcome of a one-call game (slots, dice, limbo, scratch, fishing, baccarat) from its seeds. */
export function replayInstant<Id extends Exclude<EngineId, 'mines' | 'blackjack'>>(
  id: Id,
  params: Parameters<(typeof engines)[Id]['play']>[0],
  seeds: FairSeeds,
): ReturnType<(typeof engines)[Id]['play']> {
  const engine = engines[id];
  if (!engine || !('play' in engine))
    throw new GameRuleError('PARAM_INVALID', 'id', `no one-call game "${id}"`);
  return (engine.play as (p: unknown, s: FairStream) => ReturnType<(typeof engines)[Id]['play']>)(
    params,
    new FairStream(seeds),
  );
}
