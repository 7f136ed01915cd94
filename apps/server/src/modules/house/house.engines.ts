import * as games from '@arcadia/games';
import type { HouseAction } from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';

/**
 * One shape over the engines of `@arcadia/games`, so the service settles every game the same way:
 * one-shot engines resolve in a single step; stateful ones (mines, blackjack) start a round and
 * move it along with the player's actions, possibly asking for another stake (double, split).
 * Each engine is looked up at call time, so an engine the games package does not (yet) export is
 * a clear `game.bet.invalid` (`engine_unavailable`), never a crash.
 */

export type Params = Record<string, unknown>;

export interface Step {
  /** The engine's state to keep (stateful engines only; may hold secrets). */
  state: unknown;
  /** What the player may see now. */
  view: unknown;
  finished: boolean;
  /** Final payout once finished (0 on a loss). */
  payout: bigint;
  /** Total staked in the round after this step (grows on double and split). */
  stake: bigint;
}

interface StatefulSpec {
  /** The action that opens a round (and takes the stake). */
  start: HouseAction;
  /** Follow-up actions and the engine function each calls. */
  actions: Partial<Record<HouseAction, string>>;
}

const stateful: Record<string, StatefulSpec> = {
  mines: { start: 'start', actions: { reveal: 'reveal', cashout: 'cashout' } },
  blackjack: { start: 'deal', actions: { hit: 'hit', stand: 'stand', double: 'double', split: 'split' } },
};

type Fn = (...args: unknown[]) => unknown;
type EngineObject = Record<string, unknown> & { id: string; name: string; rules: unknown };

function engineObject(id: string): EngineObject | null {
  const registry = (games as unknown as { engines?: Record<string, EngineObject> }).engines ?? {};
  return Object.hasOwn(registry, id) ? (registry[id] ?? null) : null;
}

function fn(engine: EngineObject, name: string): Fn | null {
  const f = engine[name];
  return typeof f === 'function' ? (f.bind(engine) as Fn) : null;
}

/** Turns a games-package rule failure into the client error; anything else is a real bug. */
function rethrow(err: unknown): never {
  if (err instanceof games.GameRuleError) {
    throw new AppError('game.bet.invalid', { reason: err.code, field: err.field, detail: err.message });
  }
  throw err;
}

function unavailable(): never {
  throw new AppError('game.bet.invalid', { reason: 'engine_unavailable' });
}

/** bigint → decimal string, recursively: the JSON-safe public form. */
export function toJsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toJsonSafe);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSafe(v)]));
  }
  return value;
}

/** Stored engine state keeps its bigints exact: `{ "$n": "123" }` round-trips through jsonb. */
export function encodeState(value: unknown): unknown {
  if (typeof value === 'bigint') return { $n: value.toString() };
  if (Array.isArray(value)) return value.map(encodeState);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeState(v)]));
  }
  return value;
}

export function decodeState(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeState);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === '$n' && typeof o.$n === 'string') return BigInt(o.$n);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, decodeState(v)]));
  }
  return value;
}

function big(v: unknown, fallback: bigint): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  return fallback;
}

/** Minimum spin time the slot client must honour (UKGC RTS style), recorded in the rules. */
export const SLOT_MIN_SPIN_MS = 2500;

export function isStateful(engine: string): boolean {
  return Object.hasOwn(stateful, engine);
}

export function startAction(engine: string): HouseAction {
  return stateful[engine]?.start ?? 'play';
}

/** The engine's published rules plus what the house adds (stake limits, spin time). */
export function engineRules(engine: string, limits: { minStake: bigint; maxStake: bigint }) {
  const e = engineObject(engine);
  const base =
    e && e.rules && typeof e.rules === 'object' ? (toJsonSafe(e.rules) as Record<string, unknown>) : {};
  const slot = engine.startsWith('slot-');
  return {
    ...base,
    name: e?.name ?? engine,
    available: e !== null,
    minStake: limits.minStake.toString(),
    maxStake: limits.maxStake.toString(),
    actions: isStateful(engine)
      ? [stateful[engine]!.start, ...Object.keys(stateful[engine]!.actions)]
      : ['play'],
    ...(slot ? { minSpinMs: SLOT_MIN_SPIN_MS, autoplay: false } : {}),
  };
}

export function engineName(engine: string): string {
  return engineObject(engine)?.name ?? engine;
}

/**
 * The engine's bet parameters from the client's JSON, and the round's stake. Baccarat takes a
 * stake per spot (`params.bets`, minor-unit strings) and the round's stake is their sum; `stake`
 * may be left out for it, and when given must equal that sum.
 */
export function prepareBet(
  engine: string,
  stakeText: string | undefined,
  params: Params,
): { stake: bigint | null; params: Params } {
  if (engine !== 'baccarat') return { stake: stakeText === undefined ? null : BigInt(stakeText), params };
  const raw = params.bets;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new AppError('game.bet.invalid', { reason: 'PARAM_MISSING', field: 'bets' });
  }
  const bets: Record<string, bigint> = {};
  let sum = 0n;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof v !== 'string' || !/^\d{1,18}$/.test(v)) {
      throw new AppError('game.bet.invalid', { reason: 'PARAM_INVALID', field: `bets.${k}` });
    }
    bets[k] = BigInt(v);
    sum += bets[k];
  }
  if (stakeText !== undefined && BigInt(stakeText) !== sum) {
    throw new AppError('game.bet.invalid', {
      reason: 'STAKE_MISMATCH',
      field: 'stake',
      expected: sum.toString(),
    });
  }
  return { stake: sum, params: { ...params, bets } };
}

/** Checks a new bet's parameters without touching the stream (before any money moves). */
export function validateBet(engine: string, stake: bigint, params: Params): void {
  const e = engineObject(engine) ?? unavailable();
  const validate = fn(e, 'validateBet');
  if (!validate) return;
  const v = validate({ ...params, stake }) as {
    ok: boolean;
    code?: string;
    field?: string;
    message?: string;
  };
  if (!v.ok) throw new AppError('game.bet.invalid', { reason: v.code, field: v.field, detail: v.message });
}

/** A one-shot bet, or the opening step of a stateful round. */
export function begin(engine: string, stake: bigint, params: Params, stream: games.FairStream): Step {
  const e = engineObject(engine) ?? unavailable();
  const spec = stateful[engine];
  try {
    if (!spec) {
      const play = fn(e, 'play') ?? unavailable();
      const outcome = play({ ...params, stake }, stream) as { payout: bigint };
      return { state: null, view: toJsonSafe(outcome), finished: true, payout: outcome.payout, stake };
    }
    const start = fn(e, spec.start) ?? unavailable();
    return describe(engine, e, start({ ...params, stake }, stream), stake);
  } catch (err) {
    rethrow(err);
  }
}

/** A follow-up action on an open stateful round. */
export function advance(
  engine: string,
  state: unknown,
  action: HouseAction,
  params: Params,
  stake: bigint,
): Step {
  const e = engineObject(engine) ?? unavailable();
  const name = stateful[engine]?.actions[action];
  if (!name) throw new AppError('game.round.state', { reason: 'action_not_allowed', action });
  const f = fn(e, name) ?? unavailable();
  try {
    const args: unknown[] = [state];
    if (engine === 'mines' && action === 'reveal') args.push(params.cell);
    return describe(engine, e, f(...args), stake);
  } catch (err) {
    rethrow(err);
  }
}

/**
 * Reads a stateful engine's state: finished when its status leaves `playing`, the payout and the
 * total stake from the state when it carries them, and the public view (mines hidden while playing).
 */
function describe(engine: string, e: EngineObject, state: unknown, previousStake: bigint): Step {
  const s = (state ?? {}) as Record<string, unknown>;
  const finished = typeof s.status === 'string' ? s.status !== 'playing' : Boolean(s.finished);
  const payout = finished ? big(s.payout, 0n) : 0n;
  const stake = big(s.totalStake ?? s.stake, previousStake);
  // Never show the secret parts (mine positions, the shoe) of a round still in play.
  let view: unknown;
  if (engine === 'mines') view = games.minesPublicView(state as games.MinesState);
  else if (engine === 'blackjack') view = games.blackjackPublicView(state as games.BlackjackState);
  else {
    const pv = fn(e, 'publicView') ?? unavailable();
    view = pv(state);
  }
  return { state, view: toJsonSafe(view), finished, payout, stake };
}

/** Replays a round for the public verifier: the start from the seeds, then the given actions. */
export function replay(
  engine: string,
  stake: bigint,
  params: Params,
  actions: { action: HouseAction; params: Params }[],
  stream: games.FairStream,
): Step & { revealed: unknown } {
  let step = begin(engine, stake, params, stream);
  for (const a of actions) {
    if (step.finished) break;
    step = advance(engine, step.state, a.action, a.params, step.stake);
  }
  // Everything is known to whoever holds the server seed: show the whole state.
  return { ...step, revealed: step.state === null ? step.view : toJsonSafe(step.state) };
}
