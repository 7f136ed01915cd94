/**
 * Mines: a 5×5 grid (cells 0–24, row-major) hides 1–24 mines placed at bet time by the first
 * `mines` positions of a Fisher–Yates shuffle of the cells (FairStream.sample). The player reveals
 * cells one at a time and may cash out after any safe reveal.
 * Multiplier after k safe reveals = 0.99 × C(25, k) / C(25 − m, k) (exact), i.e. 99 % of the fair
 * odds of surviving k picks, so RTP is 99 % whenever the player stops.
 * All functions are pure: they return a new state and never mutate the old one.
 */
import type { FairStream } from '../fair.js';
import {
  GameRuleError,
  OK,
  applyRatio,
  assertValid,
  fail,
  ratio,
  validateStake,
  type BetValidation,
  type EngineInfo,
  type Ratio,
} from '../types.js';

export const MINES_CELLS = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export interface MinesParams {
  stake: bigint;
  /** Number of mines, 1–24. */
  mines: number;
}

export type MinesStatus = 'playing' | 'busted' | 'cashed';

export interface MinesState {
  stake: bigint;
  mineCount: number;
  /** Mine cells, ascending. Secret while playing: send `minesPublicView(state)` to the player. */
  mines: number[];
  /** Safe cells revealed, in order. */
  revealed: number[];
  status: MinesStatus;
  /** The mine that ended the round, when busted. */
  hitMine: number | null;
  /** Multiplier for the current number of safe reveals (what a cash-out pays now). */
  multiplier: Ratio;
  /** Final payout: 0n while playing or when busted. */
  payout: bigint;
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Exact multiplier after `k` safe reveals with `m` mines: 0.99 × C(25,k) / C(25−m,k). */
export function minesMultiplier(m: number, k: number): Ratio {
  if (k === 0) return { num: 1, den: 1 };
  return ratio(99 * choose(MINES_CELLS, k), 100 * choose(MINES_CELLS - m, k));
}

function validateBet(p: MinesParams): BetValidation {
  const s = validateStake(p?.stake);
  if (!s.ok) return s;
  if (!Number.isInteger(p.mines)) return fail('PARAM_INVALID', 'mines', 'mines must be an integer');
  if (p.mines < MINES_MIN || p.mines > MINES_MAX)
    return fail('OUT_OF_RANGE', 'mines', 'mines must be between 1 and 24');
  return OK;
}

function start(params: MinesParams, stream: FairStream): MinesState {
  assertValid(validateBet(params));
  const cells = Array.from({ length: MINES_CELLS }, (_, i) => i);
  const mines = stream.sample(cells, params.mines).sort((a, b) => a - b);
  return {
    stake: params.stake,
    mineCount: params.mines,
    mines,
    revealed: [],
    status: 'playing',
    hitMine: null,
    multiplier: { num: 1, den: 1 },
    payout: 0n,
  };
}

function reveal(state: MinesState, cell: number): MinesState {
  if (state.status !== 'playing')
    throw new GameRuleError('ACTION_NOT_ALLOWED', 'status', 'the round is over');
  if (!Number.isInteger(cell) || cell < 0 || cell >= MINES_CELLS) {
    throw new GameRuleError('PARAM_INVALID', 'cell', 'cell must be an integer 0–24');
  }
  if (state.revealed.includes(cell))
    throw new GameRuleError('ACTION_NOT_ALLOWED', 'cell', 'cell already revealed');
  if (state.mines.includes(cell)) {
    return { ...state, status: 'busted', hitMine: cell, multiplier: { num: 0, den: 1 }, payout: 0n };
  }
  const revealed = [...state.revealed, cell];
  const multiplier = minesMultiplier(state.mineCount, revealed.length);
  const next: MinesState = { ...state, revealed, multiplier };
  // Nothing left to win once every safe cell is open: settle for the player.
  if (revealed.length === MINES_CELLS - state.mineCount) return cashout(next);
  return next;
}

function cashout(state: MinesState): MinesState {
  if (state.status !== 'playing')
    throw new GameRuleError('ACTION_NOT_ALLOWED', 'status', 'the round is over');
  if (state.revealed.length === 0) {
    throw new GameRuleError('ACTION_NOT_ALLOWED', 'revealed', 'reveal at least one cell before cashing out');
  }
  return { ...state, status: 'cashed', payout: applyRatio(state.stake, state.multiplier) };
}

/** What the player may see: mines stay hidden until the round is over. */
export function minesPublicView(state: MinesState): Omit<MinesState, 'mines'> & { mines: number[] | null } {
  return { ...state, mines: state.status === 'playing' ? null : state.mines };
}

export const minesRules = {
  cells: MINES_CELLS,
  minMines: MINES_MIN,
  maxMines: MINES_MAX,
  multiplierFormula: '0.99 × C(25, k) / C(25 − mines, k) after k safe reveals',
  houseEdge: 0.01,
  rtp: 0.99,
  /** Cash-out multipliers as display numbers: table[mines − 1][k − 1]. */
  table: Array.from({ length: MINES_MAX }, (_, i) =>
    Array.from({ length: MINES_CELLS - (i + 1) }, (_, k) => {
      const r = minesMultiplier(i + 1, k + 1);
      return Math.floor((r.num / r.den) * 100) / 100;
    }),
  ),
};

export interface MinesEngine extends EngineInfo<'mines', typeof minesRules> {
  validateBet(params: MinesParams): BetValidation;
  /** Places the mines from the stream. */
  start(params: MinesParams, stream: FairStream): MinesState;
  /** Opens a cell: busts on a mine, auto-cashes when every safe cell is open. */
  reveal(state: MinesState, cell: number): MinesState;
  /** Settles at the current multiplier (needs at least one safe reveal). */
  cashout(state: MinesState): MinesState;
  /** The player's view of a state (same as minesPublicView). */
  publicView(state: MinesState): ReturnType<typeof minesPublicView>;
}

export const mines: MinesEngine = {
  id: 'mines',
  name: 'Mines',
  kind: 'stateful',
  rules: minesRules,
  validateBet,
  start,
  reveal,
  cashout,
  publicView: minesPublicView,
};
