/**
 * Agent contracts (docs/contracts.md, domain notes D.3): tier choice, the amount a contract pays for
 * a period, the real-time salary of one round, and "upline pays the difference" over a contract
 * tree. Pure and deterministic over integer minor units (bigint); the server stores, schedules and
 * posts what these functions compute.
 *
 * Rates are integers in millionths (`RATE_SCALE`): 1 % = 10_000. Every product of an amount and a
 * rate is floored to the minor unit, so the platform never pays a fraction of a cent more than the
 * table says.
 */

export const contractKinds = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKind = (typeof contractKinds)[number];

/** Rates are millionths: 1_000_000 = 100 %. */
export const RATE_SCALE = 1_000_000n;

/** `P`: `rate` is a share (millionths) of the base; `F`: `rate` is a fixed amount in minor units. */
export type RateType = 'P' | 'F';

/**
 * One row of a tier table. Thresholds are inclusive minimums; `minLoss` applies to dividends (the
 * team's loss over the period, a positive amount) and is 0 for the salary kinds.
 */
export interface Tier {
  minBet: bigint;
  minLoss: bigint;
  activeMembers: number;
  rateType: RateType;
  rate: bigint;
}

/** A real-time salary contract's rates (millionths): on the player's win, loss, and on each stake. */
export interface RealtimeRates {
  winRate: bigint;
  lossRate: bigint;
  betRate: bigint;
}

/** A team's figures over one period, from the team rollups. */
export interface TeamFigures {
  /** Valid bets of the team (the agent included). */
  validBet: bigint;
  /** payout − stake of the team: negative when the team lost (the platform won). */
  profitLoss: bigint;
  /** Members of the team (the agent included) whose valid bets reached the brand's threshold. */
  activeMembers: number;
}

/** How a dividend contract treats a period the team won: forget it, or offset it against later losses. */
export type CarryMode = 'none' | 'profit';

const share = (base: bigint, rate: bigint) => (base * rate) / RATE_SCALE;

/**
 * The highest tier whose every threshold the figures reach, or -1 (D.3 step 3). For dividends the
 * loss threshold is compared with `loss` (the team's loss after any carry, ≥ 0).
 */
export function pickTier(tiers: readonly Tier[], figures: TeamFigures, loss = 0n): number {
  let hit = -1;
  tiers.forEach((t, i) => {
    if (figures.validBet >= t.minBet && figures.activeMembers >= t.activeMembers && loss >= t.minLoss)
      hit = i;
  });
  return hit;
}

export interface PeriodAmount {
  /** Index of the tier hit, -1 when none was reached. */
  tier: number;
  /** What the contract pays its holder for the period (≥ 0). */
  amount: bigint;
  /** Dividends: the team profit carried into the next period (≥ 0); 0 for the salary kinds. */
  carryOut: bigint;
}

/**
 * Daily wage or hourly salary for one period: the tier hit by the team's valid bets and active
 * members; a percentage tier pays `validBet × rate`, a fixed tier pays its amount.
 */
export function salaryAmount(tiers: readonly Tier[], figures: TeamFigures): PeriodAmount {
  const tier = pickTier(tiers, figures);
  if (tier < 0) return { tier, amount: 0n, carryOut: 0n };
  const t = tiers[tier]!;
  const amount = t.rateType === 'P' ? share(figures.validBet, t.rate) : t.rate;
  return { tier, amount: amount > 0n ? amount : 0n, carryOut: 0n };
}

/**
 * A dividend for one period: paid only on a team loss (D.3 step 4), `loss × rate` of the tier hit.
 * With carry mode `profit`, a period the team won is carried forward (`carryIn`, ≥ 0) and offsets
 * the next losses before any dividend is due.
 */
export function dividendAmount(
  tiers: readonly Tier[],
  figures: TeamFigures,
  carryIn: bigint,
  mode: CarryMode,
): PeriodAmount {
  const net = figures.profitLoss + (mode === 'profit' ? carryIn : 0n);
  if (net >= 0n) return { tier: -1, amount: 0n, carryOut: mode === 'profit' ? net : 0n };
  const loss = -net;
  const tier = pickTier(tiers, figures, loss);
  if (tier < 0) return { tier, amount: 0n, carryOut: 0n };
  const t = tiers[tier]!;
  const amount = t.rateType === 'P' ? share(loss, t.rate) : t.rate;
  return { tier, amount, carryOut: 0n };
}

/**
 * The real-time salary of one settled round: `betRate` on the stake, plus `winRate` on what the
 * player won, or `lossRate` on what it lost. A round rolled back is reversed by the same amount.
 */
export function realtimeRoundAmount(stake: bigint, payout: bigint, r: RealtimeRates): bigint {
  const result = payout - stake;
  return share(stake, r.betRate) + (result > 0n ? share(result, r.winRate) : share(-result, r.lossRate));
}

/**
 * Whether a downline's tier table stays within its upline's (the server refuses an offer that
 * does not): no percentage rate above the upline's highest percentage rate, no fixed amount above
 * its highest fixed amount.
 */
export function tiersWithin(downline: readonly Tier[], upline: readonly Tier[]): boolean {
  const max = (type: RateType) =>
    upline
      .filter((t) => t.rateType === type)
      .reduce<bigint | null>((m, t) => (m === null || t.rate > m ? t.rate : m), null);
  const maxP = max('P');
  const maxF = max('F');
  return downline.every((t) => {
    const cap = t.rateType === 'P' ? maxP : maxF;
    return cap !== null && t.rate <= cap;
  });
}

/** Whether real-time rates stay within the upline's, rate by rate. */
export const realtimeWithin = (d: RealtimeRates, u: RealtimeRates) =>
  d.winRate <= u.winRate && d.lossRate <= u.lossRate && d.betRate <= u.betRate;

/** The highest rate of a table, for the "downline holds a higher rate" check (`downlineHigherRate`). */
export const topRate = (tiers: readonly Tier[]) => tiers.reduce((m, t) => (t.rate > m ? t.rate : m), 0n);

// ---------------------------------------------------------------------------------------------
// Upline pays the difference

/** One contract holder in a period: who pays it (`payer`, null = the platform) and its amount. */
export interface LineNode {
  id: string;
  payer: string | null;
  amount: bigint;
}

/** Each holder's net for the period: its own amount minus what it owes its direct downlines. */
export function netAmounts(nodes: readonly LineNode[]): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const n of nodes) net.set(n.id, (net.get(n.id) ?? 0n) + n.amount);
  for (const n of nodes) if (n.payer !== null) net.set(n.payer, (net.get(n.payer) ?? 0n) - n.amount);
  return net;
}

/**
 * D.3 step 4: a holder that reached no tier stops the descent, so every holder below it (paid
 * through it) is owed nothing for the period either.
 */
export function stopDescending(nodes: readonly LineNode[]): LineNode[] {
  const zeroed = new Set<string>();
  return topDown(nodes).map((n) => {
    if (n.payer !== null && zeroed.has(n.payer)) {
      zeroed.add(n.id);
      return { ...n, amount: 0n };
    }
    if (n.amount === 0n) zeroed.add(n.id);
    return n;
  });
}

/** Holders ordered so every payer comes before the holders it pays (the order payments run in). */
export function topDown(nodes: readonly LineNode[]): LineNode[] {
  const byPayer = new Map<string | null, LineNode[]>();
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    const key = n.payer !== null && ids.has(n.payer) ? n.payer : null;
    const list = byPayer.get(key) ?? [];
    list.push(n);
    byPayer.set(key, list);
  }
  const out: LineNode[] = [];
  const queue = [...(byPayer.get(null) ?? [])];
  while (queue.length > 0) {
    const n = queue.shift()!;
    out.push(n);
    queue.push(...(byPayer.get(n.id) ?? []));
  }
  return out;
}

export type BillStatus = 'issued' | 'partial' | 'insufficient' | 'not_reached';

export interface LinePayment {
  id: string;
  payer: string | null;
  owed: bigint;
  paid: bigint;
  status: BillStatus;
}

/**
 * Pays a period top-down (D.3 step 7): the platform pays each top holder in full; every other
 * holder is paid by its payer from the payer's balance (which includes what the payer has just
 * received), as far as that balance goes. `balances` are the holders' main balances before the
 * run; the function returns each payment and leaves the final balances in the map it returns.
 */
export function payLine(
  nodes: readonly LineNode[],
  balances: ReadonlyMap<string, bigint>,
): { payments: LinePayment[]; balances: Map<string, bigint> } {
  const bal = new Map(balances);
  const payments: LinePayment[] = [];
  for (const n of topDown(nodes)) {
    if (n.amount === 0n) {
      payments.push({ id: n.id, payer: n.payer, owed: 0n, paid: 0n, status: 'not_reached' });
      continue;
    }
    const available = n.payer === null ? n.amount : (bal.get(n.payer) ?? 0n);
    const paid = available >= n.amount ? n.amount : available > 0n ? available : 0n;
    if (n.payer !== null) bal.set(n.payer, (bal.get(n.payer) ?? 0n) - paid);
    bal.set(n.id, (bal.get(n.id) ?? 0n) + paid);
    payments.push({
      id: n.id,
      payer: n.payer,
      owed: n.amount,
      paid,
      status: billStatus(n.amount, paid),
    });
  }
  return { payments, balances: bal };
}

/** A bill's status from what it owes and what has been paid of it. */
export function billStatus(owed: bigint, paid: bigint): BillStatus {
  if (owed === 0n) return 'not_reached';
  if (paid >= owed) return 'issued';
  return paid > 0n ? 'partial' : 'insufficient';
}
