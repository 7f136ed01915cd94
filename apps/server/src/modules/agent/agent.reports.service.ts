import { toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import {
  addDays,
  agentSettings,
  betFigures,
  daysBetween,
  moneyFigures,
  pageOf,
  paging,
  periodRange,
  resolveRange,
  toMinorOrZero,
  utcToday,
} from './agent.periods.js';
import type { AgentRepository, BetSums, MoneySums, PnlSort } from './agent.repository.js';
import type { Member } from './agent.service.js';

/**
 * The agent centre's team reports (docs/reports.md): the overview, team bets, profit and loss,
 * income and account movements, all read from the team rollups, and the rollups' refresh.
 */
export function createAgentReports(deps: {
  repository: AgentRepository;
  assertAgent: (brand: Brand, member: Member) => void;
  inTeam: (brand: Brand, agent: Member, memberId: string) => Promise<{ id: string; account: string }>;
  rootOf: (
    brand: Brand,
    agent: Member,
    rootId: string | undefined,
  ) => Promise<{ id: string; account: string }>;
}) {
  const { repository, assertAgent, inTeam, rootOf } = deps;
  const major = (brand: Brand, minor: string | bigint) => toMajor(minor, brand.currencyScale);

  return {
    async overview(
      brand: Brand,
      agent: Member,
      q: {
        period: 'today' | 'week' | 'month' | 'custom';
        from?: string | undefined;
        to?: string | undefined;
        rootId?: string | undefined;
      },
    ) {
      assertAgent(brand, agent);
      const settings = agentSettings(brand);
      const range = periodRange(q.period, q, settings.maxRangeDays);
      const root = await rootOf(brand, agent, q.rootId);
      const activeMin = toMinorOrZero(settings.activeMinValidBet, brand.currencyScale);
      const multiDayPreset = range.from !== range.to && (q.period === 'week' || q.period === 'month');
      const [days, summary, state, periodActive] = await Promise.all([
        repository.teamDays(brand.id, root.id, range),
        repository.teamSummary(brand.id, root.id),
        repository.rollupState(brand.id),
        multiDayPreset && (q.period === 'week' || q.period === 'month')
          ? repository.periodActive(brand.id, root.id, q.period, range)
          : Promise.resolve(undefined),
      ]);
      // A team the last refresh has not seen yet (just created): count it live, it is small.
      const [counts, balances] = summary
        ? [
            {
              team_size: String(summary.team_size),
              direct: String(summary.direct_count),
              agents: String(summary.agent_count),
            },
            { team: summary.team_balance, root: summary.own_balance },
          ]
        : await Promise.all([
            repository.teamCounts(brand.id, root.id, range, brand.settings.agentTypes),
            repository.balances(brand.id, root.id),
          ]);
      // Active members: a distinct count over the range. One day and the current week and month
      // are refreshed with the rollup; another range is counted live.
      let active: number | undefined = periodActive;
      if (range.from === range.to) active = days.find((d) => d.day === range.from)?.active_members ?? 0;
      active ??= await repository.activeLive(brand.id, root.id, range, activeMin);
      const byDay = new Map(days.map((d) => [d.day, d]));
      const sum = <K extends keyof BetSums | keyof MoneySums>(key: K) =>
        days.reduce((acc, r) => acc + BigInt(r[key]), 0n).toString();
      const totals: BetSums & MoneySums = {
        bet_count: sum('bet_count'),
        stake: sum('stake'),
        valid_bet: sum('valid_bet'),
        payout: sum('payout'),
        deposit_count: sum('deposit_count'),
        deposit_amount: sum('deposit_amount'),
        withdraw_count: sum('withdraw_count'),
        withdraw_net: sum('withdraw_net'),
      };
      const zero: BetSums & MoneySums = {
        bet_count: '0',
        stake: '0',
        valid_bet: '0',
        payout: '0',
        deposit_count: '0',
        deposit_amount: '0',
        withdraw_count: '0',
        withdraw_net: '0',
      };
      return {
        range,
        root,
        asOf: state ? new Date(state.refreshed_at).toISOString() : null,
        teamSize: Number(counts.team_size),
        directCount: Number(counts.direct),
        agentCount: Number(counts.agents),
        newMembers: days.reduce((n, d) => n + d.new_members, 0),
        activeMembers: active,
        activeThreshold: settings.activeMinValidBet,
        teamBalance: major(brand, balances.team),
        rootBalance: major(brand, balances.root),
        ...betFigures(brand, totals),
        ...moneyFigures(brand, totals),
        series: daysBetween(range).map((day) => {
          const d = byDay.get(day);
          return {
            day,
            newMembers: d?.new_members ?? 0,
            activeMembers: d?.active_members ?? 0,
            ...betFigures(brand, d ?? zero),
            ...moneyFigures(brand, d ?? zero),
          };
        }),
      };
    },

    /**
     * Refreshes the brand's team rollups: the days from `daysBack` days ago to today, the current
     * week's and month's active counts, and team sizes and balances (the `agent.team-rollup` job).
     */
    async refreshRollups(brand: Brand, daysBack = 1) {
      const today = utcToday();
      const activeMin = toMinorOrZero(agentSettings(brand).activeMinValidBet, brand.currencyScale);
      await repository.refreshTeamRollups(
        brand.id,
        { from: addDays(today, -daysBack), to: today },
        activeMin,
        brand.settings.agentTypes,
      );
    },

    async teamBets(
      brand: Brand,
      agent: Member,
      q: {
        from?: string | undefined;
        to?: string | undefined;
        memberId?: string | undefined;
        account?: string | undefined;
        gameType?: string | undefined;
        vassalage?: string | undefined;
        status?: 'open' | 'settled' | 'void' | undefined;
        sortBy: 'placedAt' | 'stake' | 'payout';
        sortOrder: 'asc' | 'desc';
        pageNo: number;
        pageSize: number;
      },
    ) {
      assertAgent(brand, agent);
      const range = resolveRange(q, agentSettings(brand).maxRangeDays);
      let memberId = q.memberId;
      if (memberId) await inTeam(brand, agent, memberId);
      if (q.account) {
        const found = await repository.teamMemberByAccount(brand.id, agent.id, q.account);
        // An account outside the team reads as one without bets: nothing about it leaks.
        if (!found || (memberId && memberId !== found.id)) {
          return {
            ...pageOf([], 0, q),
            range,
            totals: betFigures(brand, { bet_count: '0', stake: '0', valid_bet: '0', payout: '0' }),
          };
        }
        memberId = found.id;
      }
      const filters = { memberId, gameType: q.gameType, vassalage: q.vassalage };
      const [bets, totals] = await Promise.all([
        repository.teamBets(brand.id, agent.id, range, {
          ...filters,
          status: q.status,
          sortBy: q.sortBy,
          sortOrder: q.sortOrder,
          ...paging(q),
        }),
        repository.betTotals(brand.id, agent.id, range, filters),
      ]);
      return {
        ...pageOf(
          bets.rows.map((b) => ({
            id: b.id,
            member: { id: b.member_id, account: b.account },
            gameType: b.game_type,
            vassalage: b.vassalage,
            gameCode: b.game_code,
            stake: major(brand, b.stake),
            validBet: major(brand, b.valid_bet),
            payout: major(brand, b.payout),
            profitLoss: major(brand, BigInt(b.payout) - BigInt(b.stake)),
            status: b.status,
            placedAt: new Date(b.placed_at).toISOString(),
            settledAt: b.settled_at ? new Date(b.settled_at).toISOString() : null,
          })),
          bets.total,
          q,
        ),
        range,
        totals: betFigures(brand, totals),
      };
    },

    async profitLoss(
      brand: Brand,
      agent: Member,
      q: {
        from?: string | undefined;
        to?: string | undefined;
        rootId?: string | undefined;
        view: 'direct' | 'member' | 'category';
        account?: string | undefined;
        sortBy: PnlSort;
        sortOrder: 'asc' | 'desc';
        pageNo: number;
        pageSize: number;
      },
    ) {
      assertAgent(brand, agent);
      const range = resolveRange(q, agentSettings(brand).maxRangeDays);
      const root = await rootOf(brand, agent, q.rootId);
      let accountId: string | undefined;
      let empty = false;
      if (q.account) {
        const found = await repository.teamMemberByAccount(brand.id, root.id, q.account);
        if (found) accountId = found.id;
        else empty = true;
      }
      const [rows, totals, path, state] = await Promise.all([
        empty
          ? Promise.resolve([])
          : repository.pnl(brand.id, root.id, range, {
              view: q.view,
              accountId,
              sortBy: q.sortBy,
              sortOrder: q.sortOrder,
              ...paging(q),
            }),
        repository.teamTotals(brand.id, root.id, range),
        repository.pathTo(agent.id, root.id),
        repository.rollupState(brand.id),
      ]);
      return {
        ...pageOf(
          rows.map((r) => ({
            member: r.member_id && r.account ? { id: r.member_id, account: r.account } : null,
            gameType: r.game_type,
            level: r.level,
            isAgent: r.type === null ? null : brand.settings.agentTypes.includes(r.type),
            team: r.team,
            ...betFigures(brand, r),
            ...moneyFigures(brand, r),
          })),
          rows[0] ? Number(rows[0].total) : 0,
          q,
        ),
        range,
        root,
        path,
        asOf: state ? new Date(state.refreshed_at).toISOString() : null,
        totals: { ...betFigures(brand, totals), ...moneyFigures(brand, totals) },
      };
    },

    async income(
      brand: Brand,
      agent: Member,
      q: {
        from?: string | undefined;
        to?: string | undefined;
        category?: 'commission' | 'salary' | 'dividend' | 'transfer' | 'other' | undefined;
        sortOrder: 'asc' | 'desc';
        pageNo: number;
        pageSize: number;
      },
    ) {
      assertAgent(brand, agent);
      const range = resolveRange(q, agentSettings(brand).maxRangeDays);
      const { totals, rows } = await repository.income(brand.id, agent.id, range, {
        category: q.category,
        sortOrder: q.sortOrder,
        ...paging(q),
      });
      const byCategory = new Map(totals.map((t) => [t.category, t]));
      const amountOf = (c: string) => BigInt(byCategory.get(c)?.amount ?? '0');
      const count = q.category
        ? Number(byCategory.get(q.category)?.n ?? 0)
        : totals.reduce((n, t) => n + Number(t.n), 0);
      const categories = ['commission', 'salary', 'dividend', 'transfer', 'other'] as const;
      const total = categories.reduce((acc, c) => acc + amountOf(c), 0n);
      return {
        ...pageOf(
          rows.map((r) => ({
            id: r.id,
            time: new Date(r.created_at).toISOString(),
            kind: r.kind,
            category: r.category as (typeof categories)[number],
            amount: major(brand, r.amount),
            from: r.from_account,
            reference: r.reference,
          })),
          count,
          q,
        ),
        range,
        totals: {
          commission: major(brand, amountOf('commission')),
          salary: major(brand, amountOf('salary')),
          dividend: major(brand, amountOf('dividend')),
          transfer: major(brand, amountOf('transfer')),
          other: major(brand, amountOf('other')),
          total: major(brand, total),
        },
      };
    },

    async teamTransactions(
      brand: Brand,
      agent: Member,
      q: {
        from?: string | undefined;
        to?: string | undefined;
        memberId?: string | undefined;
        account?: string | undefined;
        kind?: string | undefined;
        sortOrder: 'asc' | 'desc';
        pageNo: number;
        pageSize: number;
      },
    ) {
      assertAgent(brand, agent);
      const range = resolveRange(q, agentSettings(brand).maxRangeDays);
      let memberId = q.memberId;
      if (memberId) await inTeam(brand, agent, memberId);
      if (q.account) {
        const found = await repository.teamMemberByAccount(brand.id, agent.id, q.account);
        if (!found || (memberId && memberId !== found.id)) return { ...pageOf([], 0, q), range };
        memberId = found.id;
      }
      const { total, rows } = await repository.teamTransactions(brand.id, agent.id, range, {
        memberId,
        kind: q.kind,
        sortOrder: q.sortOrder,
        ...paging(q),
      });
      return {
        ...pageOf(
          rows.map((r) => ({
            id: r.id,
            time: new Date(r.created_at).toISOString(),
            member: { id: r.member_id, account: r.account },
            kind: r.kind,
            amount: major(brand, r.amount),
            balanceAfter: major(brand, r.balance_after ?? '0'),
            reference: r.reference,
          })),
          total,
          q,
        ),
        range,
      };
    },
  };
}
