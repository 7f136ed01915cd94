/**
 * Generic 5×3 video slot: reel strips, paylines or 243 ways, wild substitution, scatters and
 * free spins, plus the exact RTP / hit-frequency calculation.
 *
 * Spin: for each reel i, stop_i = stream.nextInt(strip_i.length); the window shows
 * strip[(stop + row) mod length] for rows 0–2 (row 0 on top). Free spins draw 5 more stops each.
 *
 * Money: pays are in coins; the total stake buys `betUnits` coins (one coin per line for line
 * games). A spin's multiplier is totalCoins / betUnits and payout = ⌊stake × coins / betUnits⌋.
 */
import type { FairStream } from '../fair.js';
import {
  OK,
  applyRatio,
  assertValid,
  ratio,
  validateStake,
  type BetValidation,
  type EngineId,
  type InstantEngine,
  type OutcomeBase,
  type Ratio,
} from '../types.js';

export const REELS = 5;
export const ROWS = 3;

export interface SlotSymbol {
  id: string;
  name: string;
  kind: 'regular' | 'wild' | 'scatter';
  /** Coins paid per line / per way for a run of `count` from the left: pays[count]. Regular symbols only. */
  pays?: Partial<Record<3 | 4 | 5, number>>;
}

export interface ScatterRule {
  symbol: string;
  /** Multiples of the total stake paid for n scatters anywhere: pays[n]. */
  pays: Partial<Record<number, number>>;
  /** Free spins awarded for n scatters in the base game (none when absent). */
  freeSpins?: Partial<Record<number, number>>;
  /** Every free-spin win is multiplied by this. */
  freeSpinMultiplier?: number;
}

export interface SlotConfig<Id extends EngineId = EngineId> {
  id: Id;
  name: string;
  theme: string;
  mode: 'lines' | 'ways';
  /** Paylines as the row index on each reel (lines mode). */
  lines?: number[][];
  /** Coins one total stake buys (= number of lines for line games). */
  betUnits: number;
  symbols: SlotSymbol[];
  /** Five reel strips of symbol ids. */
  reels: string[][];
  scatter?: ScatterRule;
}

/** Symbol grid: grid[reel][row]. */
export type SlotGrid = string[][];

export interface LineWin {
  /** Index into rules.lines. */
  line: number;
  symbol: string;
  count: number;
  coins: number;
  /** [reel, row] cells of the winning run. */
  cells: [number, number][];
}

export interface WaysWin {
  symbol: string;
  /** Reels matched from the left. */
  count: number;
  /** Number of ways (product of matching cells per reel). */
  ways: number;
  coins: number;
  cells: [number, number][];
}

export interface ScatterWin {
  symbol: string;
  count: number;
  cells: [number, number][];
  coins: number;
  freeSpinsAwarded: number;
}

export interface SpinResult {
  stops: number[];
  grid: SlotGrid;
  lineWins: LineWin[];
  waysWins: WaysWin[];
  scatter: ScatterWin | null;
  /** Coins won on this grid, before any free-spin multiplier. */
  coins: number;
}

export interface FreeSpinResult extends SpinResult {
  /** Coins after the free-spin multiplier. */
  totalCoins: number;
}

export interface SlotParams {
  stake: bigint;
}

export interface SlotOutcome extends OutcomeBase {
  base: SpinResult;
  freeSpins: FreeSpinResult[];
  freeSpinMultiplier: number;
  /** Coins from the base spin plus all free spins; multiplier = totalCoins / betUnits. */
  totalCoins: number;
}

export interface SlotStats {
  /** Return to player as a fraction (base + scatter + free spins). */
  rtp: number;
  /** Parts of the RTP. */
  rtpBase: number;
  rtpScatter: number;
  rtpFreeSpins: number;
  /** Probability that the base spin wins anything (lines/ways or scatter pay or free spins). */
  hitFrequency: number;
  /** Probability of triggering free spins on a base spin. */
  freeSpinsFrequency: number;
}

function symbolMap(cfg: SlotConfig) {
  return new Map(cfg.symbols.map((s) => [s.id, s]));
}

function isWild(cfg: SlotConfig, id: string): boolean {
  return cfg.symbols.find((s) => s.id === id)?.kind === 'wild';
}

/** Evaluates one grid (no free-spin multiplier). */
export function evaluateGrid(
  cfg: SlotConfig,
  grid: SlotGrid,
  stops: number[],
  inFreeSpins: boolean,
): SpinResult {
  const wild = new Set(cfg.symbols.filter((s) => s.kind === 'wild').map((s) => s.id));
  const paying = cfg.symbols.filter((s) => s.kind === 'regular');
  const bySymbol = symbolMap(cfg);
  const lineWins: LineWin[] = [];
  const waysWins: WaysWin[] = [];
  let coins = 0;

  if (cfg.mode === 'lines') {
    // A line pays its best symbol: the longest-from-left run of that symbol or wilds. Only two
    // candidates can win: the first non-wild symbol's run, or (after 3+ leading wilds) the symbol
    // paying most for that many wilds, since every other symbol's run ends where the wilds do.
    const bestForWilds = [0, 0, 0, 3, 4, 5].map((n) => {
      let top: SlotSymbol | null = null;
      for (const sym of paying) if ((sym.pays?.[n as 3] ?? 0) > (top?.pays?.[n as 3] ?? 0)) top = sym;
      return top;
    });
    cfg.lines!.forEach((line, li) => {
      let wilds = 0;
      while (wilds < REELS && wild.has(grid[wilds]![line[wilds]!]!)) wilds++;
      let symbol: SlotSymbol | null = null;
      let count = 0;
      let pay = 0;
      const first = wilds < REELS ? bySymbol.get(grid[wilds]![line[wilds]!]!) : undefined;
      if (first?.kind === 'regular') {
        let run = wilds + 1;
        while (run < REELS) {
          const id = grid[run]![line[run]!]!;
          if (id !== first.id && !wild.has(id)) break;
          run++;
        }
        const p = first.pays?.[run as 3 | 4 | 5] ?? 0;
        if (p > 0) [symbol, count, pay] = [first, run, p];
      }
      const top = wilds >= 3 ? bestForWilds[wilds] : null;
      const topPay = top?.pays?.[wilds as 3 | 4 | 5] ?? 0;
      if (top && topPay > pay) [symbol, count, pay] = [top, wilds, topPay];
      if (symbol && pay > 0) {
        lineWins.push({
          line: li,
          symbol: symbol.id,
          count,
          coins: pay,
          cells: Array.from({ length: count }, (_, r) => [r, line[r]!] as [number, number]),
        });
        coins += pay;
      }
    });
  } else {
    for (const sym of paying) {
      let ways = 1;
      let count = 0;
      const cells: [number, number][] = [];
      while (count < REELS) {
        let c = 0;
        for (let row = 0; row < ROWS; row++) {
          const id = grid[count]![row]!;
          if (id === sym.id || wild.has(id)) {
            c++;
            cells.push([count, row]);
          }
        }
        if (c === 0) break;
        ways *= c;
        count++;
      }
      const pay = sym.pays?.[count as 3 | 4 | 5] ?? 0;
      if (pay > 0) {
        waysWins.push({ symbol: sym.id, count, ways, coins: pay * ways, cells });
        coins += pay * ways;
      }
    }
  }

  let scatter: ScatterWin | null = null;
  if (cfg.scatter) {
    const sc = cfg.scatter;
    const cells: [number, number][] = [];
    grid.forEach((reel, r) => reel.forEach((id, row) => id === sc.symbol && cells.push([r, row])));
    const n = cells.length;
    const scatterCoins = (sc.pays[n] ?? 0) * cfg.betUnits;
    // Free spins cannot retrigger: one bet resolves to a bounded, fully known round.
    const freeSpinsAwarded = inFreeSpins ? 0 : (sc.freeSpins?.[n] ?? 0);
    if (scatterCoins > 0 || freeSpinsAwarded > 0) {
      scatter = { symbol: sc.symbol, count: n, cells, coins: scatterCoins, freeSpinsAwarded };
      coins += scatterCoins;
    }
  }
  return { stops, grid, lineWins, waysWins, scatter, coins };
}

function spinGrid(cfg: SlotConfig, stream: FairStream): { stops: number[]; grid: SlotGrid } {
  const stops = cfg.reels.map((strip) => stream.nextInt(strip.length));
  const grid = cfg.reels.map((strip, r) =>
    Array.from({ length: ROWS }, (_, row) => strip[(stops[r]! + row) % strip.length]!),
  );
  return { stops, grid };
}

/** The grid shown for given stops (for replays and verification). */
export function gridForStops(cfg: SlotConfig, stops: number[]): SlotGrid {
  return cfg.reels.map((strip, r) =>
    Array.from({ length: ROWS }, (_, row) => strip[(stops[r]! + row) % strip.length]!),
  );
}

/** Plays one paid spin, including every free spin it awards. */
export function playSlot(cfg: SlotConfig, params: SlotParams, stream: FairStream): SlotOutcome {
  assertValid(validateStake(params?.stake));
  const b = spinGrid(cfg, stream);
  const base = evaluateGrid(cfg, b.grid, b.stops, false);
  const mult = cfg.scatter?.freeSpinMultiplier ?? 1;
  const freeSpins: FreeSpinResult[] = [];
  const awarded = base.scatter?.freeSpinsAwarded ?? 0;
  for (let i = 0; i < awarded; i++) {
    const f = spinGrid(cfg, stream);
    const r = evaluateGrid(cfg, f.grid, f.stops, true);
    freeSpins.push({ ...r, totalCoins: r.coins * mult });
  }
  const totalCoins = base.coins + freeSpins.reduce((a, f) => a + f.totalCoins, 0);
  const multiplier: Ratio = totalCoins === 0 ? { num: 0, den: 1 } : ratio(totalCoins, cfg.betUnits);
  return {
    stake: params.stake,
    payout: applyRatio(params.stake, multiplier),
    multiplier,
    base,
    freeSpins,
    freeSpinMultiplier: mult,
    totalCoins,
  };
}

/** Per reel: for each stop, the 3 visible symbols. */
function windows(strip: string[]): string[][] {
  return strip.map((_, s) => Array.from({ length: ROWS }, (_, row) => strip[(s + row) % strip.length]!));
}

/**
 * Exact statistics from the reel strips.
 * Lines: every line cell on reel i is marginally distributed like the strip's symbol frequencies
 * and reels are independent, so E[line pay] is a sum over symbol 5-tuples weighted by counts.
 * Ways: per reel, the number of matching cells c_i in the window; E[Π c_i · 1(c_{n+1}=0)] factorises.
 * Scatter: per-reel window counts convolved. Free spins: P(n scatters) × spins(n) × multiplier ×
 * E[coins of a spin without retrigger]. Hit frequency: a line/ways win needs reels 1–3 (all pays
 * start at three of a kind), so reels 1–3 are enumerated stop by stop and reels 4–5 only through
 * their scatter-count distribution.
 */
export function slotStats(cfg: SlotConfig): SlotStats {
  const syms = symbolMap(cfg);
  const paying = cfg.symbols.filter((s) => s.kind === 'regular');
  const lens = cfg.reels.map((r) => r.length);
  const total = lens.reduce((a, b) => a * b, 1);

  // Expected line/ways coins per spin.
  let eMain = 0;
  if (cfg.mode === 'lines') {
    const freq = cfg.reels.map((strip) => {
      const m = new Map<string, number>();
      for (const id of strip) m.set(id, (m.get(id) ?? 0) + 1);
      return [...m.entries()];
    });
    // Exact integer sum of pay × combination count, divided once at the end.
    let sum = 0;
    const pick: string[] = [];
    const rec = (reel: number, weight: number) => {
      if (reel === REELS) {
        let best = 0;
        for (const sym of paying) {
          let count = 0;
          while (count < REELS && (pick[count] === sym.id || syms.get(pick[count]!)!.kind === 'wild'))
            count++;
          best = Math.max(best, sym.pays?.[count as 3 | 4 | 5] ?? 0);
        }
        sum += best * weight;
        return;
      }
      for (const [id, n] of freq[reel]!) {
        pick[reel] = id;
        rec(reel + 1, weight * n);
      }
    };
    rec(0, 1);
    eMain = (sum / total) * cfg.lines!.length;
  } else {
    for (const sym of paying) {
      // Per reel: E[c] and P(c = 0), c = matching cells in the window.
      const ec: number[] = [];
      const p0: number[] = [];
      cfg.reels.forEach((strip) => {
        let s = 0;
        let zero = 0;
        for (const w of windows(strip)) {
          const c = w.filter((id) => id === sym.id || isWild(cfg, id)).length;
          s += c;
          if (c === 0) zero++;
        }
        ec.push(s / strip.length);
        p0.push(zero / strip.length);
      });
      for (const n of [3, 4, 5] as const) {
        const pay = sym.pays?.[n] ?? 0;
        if (!pay) continue;
        let e = 1;
        for (let i = 0; i < n; i++) e *= ec[i]!;
        if (n < REELS) e *= p0[n]!;
        eMain += pay * e;
      }
    }
  }

  // Scatter-count distribution.
  const perReel = cfg.reels.map((strip) => {
    const d = [0, 0, 0, 0];
    for (const w of windows(strip))
      d[w.filter((id) => id === cfg.scatter?.symbol).length]! += 1 / strip.length;
    return d;
  });
  const conv = (reels: number[][]) => {
    let dist = [1];
    for (const d of reels) {
      const next = new Array(dist.length + 3).fill(0);
      dist.forEach((p, i) => d.forEach((q, j) => (next[i + j] += p * q)));
      dist = next;
    }
    return dist as number[];
  };
  const scatterDist = conv(perReel);
  let eScatter = 0;
  let pFree = 0;
  let eFreeCount = 0;
  if (cfg.scatter) {
    scatterDist.forEach((p, n) => {
      eScatter += p * (cfg.scatter!.pays[n] ?? 0) * cfg.betUnits;
      const fs = cfg.scatter!.freeSpins?.[n] ?? 0;
      if (fs > 0) pFree += p;
      eFreeCount += p * fs;
    });
  }
  const eSpin = eMain + eScatter;
  const eFree = eFreeCount * (cfg.scatter?.freeSpinMultiplier ?? 1) * eSpin;

  // Hit frequency: enumerate reels 1–3, then the scatter distribution of reels 4–5.
  const tail = conv(perReel.slice(3));
  const w3 = cfg.reels.slice(0, 3).map(windows);
  const scatterHit = (n: number) =>
    !!cfg.scatter && ((cfg.scatter.pays[n] ?? 0) > 0 || (cfg.scatter.freeSpins?.[n] ?? 0) > 0);
  let hits = 0;
  const grid: string[][] = [[], [], [], ['', '', ''], ['', '', '']];
  for (const a of w3[0]!) {
    grid[0] = a;
    for (const b of w3[1]!) {
      grid[1] = b;
      for (const c of w3[2]!) {
        grid[2] = c;
        if (mainWinFirstThree(cfg, grid, paying)) {
          hits += 1;
          continue;
        }
        const s123 = [a, b, c].flat().filter((id) => id === cfg.scatter?.symbol).length;
        let p = 0;
        tail.forEach((q, k) => {
          if (scatterHit(s123 + k)) p += q;
        });
        hits += p;
      }
    }
  }
  const hitFrequency = hits / (w3[0]!.length * w3[1]!.length * w3[2]!.length);

  return {
    rtp: (eSpin + eFree) / cfg.betUnits,
    rtpBase: eMain / cfg.betUnits,
    rtpScatter: eScatter / cfg.betUnits,
    rtpFreeSpins: eFree / cfg.betUnits,
    hitFrequency,
    freeSpinsFrequency: pFree,
  };
}

/** True when reels 1–3 alone already form a paying run (three of a kind is the smallest pay). */
function mainWinFirstThree(cfg: SlotConfig, grid: string[][], paying: SlotSymbol[]): boolean {
  const wild = (id: string) => isWild(cfg, id);
  for (const sym of paying) {
    if (!sym.pays?.[3]) continue;
    const ok = (id: string) => id === sym.id || wild(id);
    if (cfg.mode === 'lines') {
      for (const line of cfg.lines!) {
        if (ok(grid[0]![line[0]!]!) && ok(grid[1]![line[1]!]!) && ok(grid[2]![line[2]!]!)) return true;
      }
    } else if (grid[0]!.some(ok) && grid[1]!.some(ok) && grid[2]!.some(ok)) {
      return true;
    }
  }
  return false;
}

/** Throws if a config is inconsistent (unknown symbols, bad lines, pays under three). */
export function checkSlotConfig(cfg: SlotConfig): void {
  const ids = new Set(cfg.symbols.map((s) => s.id));
  if (cfg.reels.length !== REELS) throw new Error(`${cfg.id}: needs ${REELS} reels`);
  for (const strip of cfg.reels)
    for (const id of strip) if (!ids.has(id)) throw new Error(`${cfg.id}: unknown ${id}`);
  if (cfg.mode === 'lines') {
    if (!cfg.lines || cfg.lines.length === 0) throw new Error(`${cfg.id}: no lines`);
    for (const l of cfg.lines)
      if (l.length !== REELS || l.some((r) => r < 0 || r >= ROWS)) throw new Error('bad line');
  }
  for (const s of cfg.symbols) {
    // The hit-frequency calculation relies on every regular symbol paying from three of a kind.
    if (s.kind === 'regular' && !(s.pays?.[3] && s.pays[3] > 0))
      throw new Error(`${cfg.id}: ${s.id} must pay 3`);
    for (const k of Object.keys(s.pays ?? {}))
      if (Number(k) < 3) throw new Error(`${cfg.id}: pays start at 3`);
  }
  if (cfg.scatter && !ids.has(cfg.scatter.symbol)) throw new Error(`${cfg.id}: unknown scatter`);
}

/** Rules-page data for a slot, including the exact statistics. */
export function slotRules(cfg: SlotConfig, stats: SlotStats) {
  return {
    theme: cfg.theme,
    reels: REELS,
    rows: ROWS,
    mode: cfg.mode,
    lines: cfg.lines ?? null,
    ways: cfg.mode === 'ways' ? ROWS ** REELS : null,
    betUnits: cfg.betUnits,
    symbols: cfg.symbols,
    strips: cfg.reels,
    scatter: cfg.scatter ?? null,
    payUnit:
      cfg.mode === 'lines'
        ? 'line pays are multiples of the line stake (total stake / lines); scatter pays are multiples of the total stake'
        : `ways pays are per way in units of total stake / ${cfg.betUnits}; scatter pays are multiples of the total stake`,
    rtp: stats.rtp,
    rtpBreakdown: { base: stats.rtpBase, scatter: stats.rtpScatter, freeSpins: stats.rtpFreeSpins },
    hitFrequency: stats.hitFrequency,
    freeSpinsFrequency: stats.freeSpinsFrequency,
  };
}

export type SlotRules = ReturnType<typeof slotRules>;
export type SlotEngine<Id extends EngineId> = InstantEngine<Id, SlotParams, SlotOutcome, SlotRules> & {
  config: SlotConfig<Id>;
};

/** Builds the engine for a slot config; statistics are computed once, exactly, at load. */
export function makeSlot<Id extends EngineId>(cfg: SlotConfig<Id>): SlotEngine<Id> {
  checkSlotConfig(cfg);
  const validateBet = (p: SlotParams): BetValidation => {
    const s = validateStake(p?.stake);
    return s.ok ? OK : s;
  };
  // Statistics take a few hundred milliseconds: computed on first read of `rules`, not at import.
  let rules: SlotRules | null = null;
  return {
    id: cfg.id,
    name: cfg.name,
    kind: 'slot',
    config: cfg,
    get rules() {
      rules ??= slotRules(cfg, slotStats(cfg));
      return rules;
    },
    validateBet,
    play: (params, stream) => playSlot(cfg, params, stream),
  };
}
