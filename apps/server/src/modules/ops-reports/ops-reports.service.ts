import {
  OPS_REPORT_MAX_DAYS,
  type OpsGgrReport,
  type OpsPaymentsReport,
  type OpsPlayersReport,
  type OpsReportGrouping,
  type OpsReportKind,
  type OpsTopPlayersReport,
} from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Brand, BrandService } from '../brand/index.js';
import { type CsvCell, csvLine, major } from './csv.js';
import { type DayRange, type ReportsRepository, dayRuns, daysOf } from './reports.repository.js';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A range of at most OPS_REPORT_MAX_DAYS days, start not after end, else `report.range.invalid`. */
export function checkRange(range: DayRange): DayRange {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  if (!(from <= to) || (to - from) / DAY_MS + 1 > OPS_REPORT_MAX_DAYS) {
    throw new AppError('report.range.invalid', {
      maxDays: OPS_REPORT_MAX_DAYS,
      from: range.from,
      to: range.to,
    });
  }
  return range;
}

const sum = (xs: string[]) => xs.reduce((a, b) => a + BigInt(b), 0n).toString();

/**
 * The brand reports over a range of UTC days (revenue, payments, players, top winners and losers),
 * as JSON and as CSV, and the refresh of the brand rollups the revenue report reads.
 */
export function createOpsReportsService(deps: {
  repo: ReportsRepository;
  brands: BrandService;
  clock: Clock;
}) {
  const { repo, brands, clock } = deps;

  /** The days of the range to read from the rollups, and the runs of days to sum from raw bets. */
  async function split(merchantId: number, range: DayRange) {
    const sealed = await repo.sealedDays(merchantId, range);
    const days = daysOf(range);
    return {
      sealed: days.filter((d) => sealed.has(d)),
      live: dayRuns(days.filter((d) => !sealed.has(d))),
      liveCount: days.length - sealed.size,
    };
  }

  async function ggr(brand: Brand, range: DayRange, groupBy: OpsReportGrouping): Promise<OpsGgrReport> {
    const { sealed, live, liveCount } = await split(brand.id, range);
    const [groups, bonus] = await Promise.all([
      repo.betGroups(brand.id, sealed, live, groupBy),
      repo.bonusByDay(brand.id, range),
    ]);
    const row = (key: string, vendor: string | null, g?: (typeof groups)[number]) => {
      const stake = g?.stake ?? '0';
      const payout = g?.payout ?? '0';
      const gross = (BigInt(stake) - BigInt(payout)).toString();
      const b = groupBy === 'day' ? (bonus.get(key) ?? '0') : null;
      return {
        key,
        vendor,
        betCount: Number(g?.bet_count ?? 0),
        stake,
        validBet: g?.valid_bet ?? '0',
        payout,
        ggr: gross,
        bonus: b,
        ngr: b === null ? null : (BigInt(gross) - BigInt(b)).toString(),
      };
    };
    const rows =
      groupBy === 'day'
        ? (() => {
            const byDay = new Map(groups.map((g) => [g.key, g]));
            return daysOf(range).map((d) => row(d, null, byDay.get(d)));
          })()
        : groups
            .map((g) => row(g.key, g.vendor, g))
            .sort((a, b) => (BigInt(b.ggr) > BigInt(a.ggr) ? 1 : BigInt(b.ggr) < BigInt(a.ggr) ? -1 : 0));
    const totalGgr = sum(rows.map((r) => r.ggr));
    const totalBonus = sum([...bonus.values()]);
    return {
      from: range.from,
      to: range.to,
      groupBy,
      currency: brand.currency,
      rows,
      totals: {
        betCount: rows.reduce((a, r) => a + r.betCount, 0),
        stake: sum(rows.map((r) => r.stake)),
        validBet: sum(rows.map((r) => r.validBet)),
        payout: sum(rows.map((r) => r.payout)),
        ggr: totalGgr,
        bonus: totalBonus,
        ngr: (BigInt(totalGgr) - BigInt(totalBonus)).toString(),
      },
      liveDays: liveCount,
    };
  }

  async function payments(brand: Brand, range: DayRange): Promise<OpsPaymentsReport> {
    const byDay = await repo.paymentsByDay(brand.id, range);
    const rows = daysOf(range).map((day) => {
      const r = byDay.get(day);
      const depositAmount = r?.deposit_amount ?? '0';
      const withdrawAmount = r?.withdraw_amount ?? '0';
      return {
        day,
        depositCount: Number(r?.deposit_count ?? 0),
        depositAmount,
        withdrawCount: Number(r?.withdraw_count ?? 0),
        withdrawAmount,
        net: (BigInt(depositAmount) - BigInt(withdrawAmount)).toString(),
      };
    });
    return {
      from: range.from,
      to: range.to,
      currency: brand.currency,
      rows,
      totals: {
        depositCount: rows.reduce((a, r) => a + r.depositCount, 0),
        depositAmount: sum(rows.map((r) => r.depositAmount)),
        withdrawCount: rows.reduce((a, r) => a + r.withdrawCount, 0),
        withdrawAmount: sum(rows.map((r) => r.withdrawAmount)),
        net: sum(rows.map((r) => r.net)),
      },
    };
  }

  async function players(brand: Brand, range: DayRange): Promise<OpsPlayersReport> {
    const { sealed, live } = await split(brand.id, range);
    const [fresh, active, money, activeOver, depositorsOver] = await Promise.all([
      repo.newByDay(brand.id, range),
      repo.activeByDay(brand.id, sealed, live),
      repo.paymentsByDay(brand.id, range),
      repo.activeOver(brand.id, range),
      repo.depositorsOver(brand.id, range),
    ]);
    const rows = daysOf(range).map((day) => ({
      day,
      newPlayers: fresh.get(day) ?? 0,
      activePlayers: active.get(day) ?? 0,
      depositingPlayers: Number(money.get(day)?.depositors ?? 0),
    }));
    return {
      from: range.from,
      to: range.to,
      rows,
      totals: {
        newPlayers: rows.reduce((a, r) => a + r.newPlayers, 0),
        activePlayers: activeOver,
        depositingPlayers: depositorsOver,
      },
    };
  }

  async function topPlayers(brand: Brand, range: DayRange, limit: number): Promise<OpsTopPlayersReport> {
    const top = await repo.topPlayers(brand.id, range, limit);
    const shape = (r: (typeof top.winners)[number]) => ({
      account: r.account,
      betCount: Number(r.bet_count),
      stake: r.stake,
      payout: r.payout,
      net: r.net,
    });
    return {
      from: range.from,
      to: range.to,
      currency: brand.currency,
      winners: top.winners.map(shape),
      losers: top.losers.map(shape),
    };
  }

  /** One report as CSV lines: a header, then rows, amounts in major units. */
  async function csv(
    brand: Brand,
    kind: OpsReportKind,
    range: DayRange,
    groupBy: OpsReportGrouping,
    limit: number,
  ): Promise<string> {
    const m = (minor: string) => major(minor, brand.currencyScale);
    const lines: CsvCell[][] = [];
    if (kind === 'ggr') {
      const r = await ggr(brand, range, groupBy);
      lines.push([groupBy, 'vendor', 'bets', 'stake', 'valid_bet', 'payout', 'ggr', 'bonus', 'ngr']);
      for (const x of r.rows) {
        lines.push([
          x.key,
          x.vendor,
          x.betCount,
          m(x.stake),
          m(x.validBet),
          m(x.payout),
          m(x.ggr),
          x.bonus === null ? null : m(x.bonus),
          x.ngr === null ? null : m(x.ngr),
        ]);
      }
      const t = r.totals;
      lines.push([
        'total',
        null,
        t.betCount,
        m(t.stake),
        m(t.validBet),
        m(t.payout),
        m(t.ggr),
        m(t.bonus),
        m(t.ngr),
      ]);
    } else if (kind === 'payments') {
      const r = await payments(brand, range);
      lines.push(['day', 'deposits', 'deposit_amount', 'withdrawals', 'withdraw_amount', 'net']);
      for (const x of r.rows) {
        lines.push([
          x.day,
          x.depositCount,
          m(x.depositAmount),
          x.withdrawCount,
          m(x.withdrawAmount),
          m(x.net),
        ]);
      }
    } else if (kind === 'players') {
      const r = await players(brand, range);
      lines.push(['day', 'new_players', 'active_players', 'depositing_players']);
      for (const x of r.rows) lines.push([x.day, x.newPlayers, x.activePlayers, x.depositingPlayers]);
    } else {
      const r = await topPlayers(brand, range, limit);
      lines.push(['rank', 'account', 'bets', 'stake', 'payout', 'net']);
      (kind === 'winners' ? r.winners : r.losers).forEach((x, i) => {
        lines.push([i + 1, x.account, x.betCount, m(x.stake), m(x.payout), m(x.net)]);
      });
    }
    return lines.map(csvLine).join('');
  }

  /** The refresh jobs recompute these days of every active brand (`daysBack` before today). */
  async function refreshAll(fromDaysBack: number, toDaysBack: number) {
    const today = Date.parse(isoDay(clock.now().getTime()));
    const range = { from: isoDay(today - fromDaysBack * DAY_MS), to: isoDay(today - toDaysBack * DAY_MS) };
    const list = await brands.list();
    for (const brand of list) await repo.refresh(brand.id, range);
    return list.length;
  }

  return { ggr, payments, players, topPlayers, csv, refreshAll };
}

export type OpsReportsService = ReturnType<typeof createOpsReportsService>;
