import { AppError } from '../../lib/app-error.js';
import { toMajor, toMinor } from '../../lib/money.js';
import { type AgentSettings, type Brand, agentSettingsSchema } from '../brand/index.js';
import type { BetSums, DayRange, MoneySums } from './agent.repository.js';

/*
 * The agent centre's pure helpers: the brand's agent settings, report day ranges, paging, and
 * the figures a report shows from the rollups' sums.
 */

const DAY_MS = 86_400_000;

/** The brand's agent settings with their defaults. */
export function agentSettings(brand: Brand): AgentSettings {
  return agentSettingsSchema.parse(brand.settings.agent ?? {});
}

export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Inclusive days from `from` to `to`. */
export function daysBetween(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * The report range: both ends given, or today. The start may not follow the end, and the range
 * is at most `maxDays` long (`report.range.invalid`).
 */
export function resolveRange(
  q: { from?: string | undefined; to?: string | undefined },
  maxDays: number,
  today = utcToday(),
): DayRange {
  // Only `from`: up to today. Only `to`: that one day.
  const to = q.to ?? today;
  const from = q.from ?? to;
  const length = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (!Number.isFinite(length) || length < 1 || length > maxDays) {
    throw new AppError('report.range.invalid', { maxDays, from, to });
  }
  return { from, to };
}

/** today, this week (Monday to today), this month (the 1st to today), or custom. */
export function periodRange(
  period: 'today' | 'week' | 'month' | 'custom',
  q: { from?: string | undefined; to?: string | undefined },
  maxDays: number,
  today = utcToday(),
): DayRange {
  if (period === 'custom') return resolveRange(q, maxDays, today);
  if (period === 'today') return { from: today, to: today };
  if (period === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  return { from: addDays(today, -weekday), to: today };
}

export const paging = (q: { pageNo: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNo - 1) * q.pageSize,
});
export const pageOf = <T>(list: T[], total: number, q: { pageNo: number; pageSize: number }) => ({
  list,
  pageNo: q.pageNo,
  totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
  totalCount: total,
});

/** A non-negative major amount to minor units (0 stays 0, which `toMinor` refuses). */
export function toMinorOrZero(amount: number, scale: number): bigint {
  return amount > 0 ? toMinor(amount, scale) : 0n;
}

const major = (brand: Brand, minor: string | bigint) => toMajor(minor, brand.currencyScale);

export function betFigures(brand: Brand, s: BetSums) {
  return {
    betCount: Number(s.bet_count),
    stake: major(brand, s.stake),
    validBet: major(brand, s.valid_bet),
    payout: major(brand, s.payout),
    profitLoss: major(brand, BigInt(s.payout) - BigInt(s.stake)),
  };
}

export function moneyFigures(brand: Brand, s: MoneySums) {
  return {
    depositCount: Number(s.deposit_count),
    depositAmount: major(brand, s.deposit_amount),
    withdrawCount: Number(s.withdraw_count),
    withdrawAmount: major(brand, -BigInt(s.withdraw_net)),
  };
}
