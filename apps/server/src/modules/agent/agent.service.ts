import { randomInt } from 'node:crypto';
import { type AffiliateCode, type Downline, checkRegisterField } from '@arcadia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toMajor, toMinor } from '../../lib/money.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import { type AgentSettings, agentSettingsSchema } from '../brand/brand.settings.js';
import { isUniqueViolation, type MemberService } from '../member/member.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type {
  AgentRepository,
  BetSums,
  DayRange,
  DownlineRow,
  DownlineSort,
  MoneySums,
  PnlSort,
} from './agent.repository.js';

type Member = AuthedSession['member'];

const DAY_MS = 86_400_000;

/** The brand's agent settings with their defaults. */
export function agentSettings(brand: Brand): AgentSettings {
  return agentSettingsSchema.parse(brand.settings.agent ?? {});
}

export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const addDays = (day: string, n: number) =>
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

const paging = (q: { pageNo: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNo - 1) * q.pageSize,
});
const pageOf = <T>(list: T[], total: number, q: { pageNo: number; pageSize: number }) => ({
  list,
  pageNo: q.pageNo,
  totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
  totalCount: total,
});

/** Code alphabet without look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newAffiliateCode(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

export function createAgentService(deps: {
  db: Kysely<Database>;
  repository: AgentRepository;
  members: MemberService;
  wallet: WalletService;
}) {
  const { db, repository, members, wallet } = deps;

  const major = (brand: Brand, minor: string | bigint) => toMajor(minor, brand.currencyScale);

  function betFigures(brand: Brand, s: BetSums) {
    return {
      betCount: Number(s.bet_count),
      stake: major(brand, s.stake),
      validBet: major(brand, s.valid_bet),
      payout: major(brand, s.payout),
      profitLoss: major(brand, BigInt(s.payout) - BigInt(s.stake)),
    };
  }
  function moneyFigures(brand: Brand, s: MoneySums) {
    return {
      depositCount: Number(s.deposit_count),
      depositAmount: major(brand, s.deposit_amount),
      withdrawCount: Number(s.withdraw_count),
      withdrawAmount: major(brand, -BigInt(s.withdraw_net)),
    };
  }

  /** Only agents reach the agent centre. */
  function assertAgent(brand: Brand, member: Member) {
    if (!brand.settings.agentTypes.includes(member.type)) throw new AppError('error_not_agent');
  }

  /** The member behind an id if it is in the caller's team (the caller included), else 404. */
  async function inTeam(brand: Brand, agent: Member, memberId: string) {
    const found = await repository.teamMember(brand.id, agent.id, memberId);
    if (!found) throw new AppError('not.found', { memberId });
    return found;
  }

  /** The report's root: the caller, or a member of its team. */
  async function rootOf(brand: Brand, agent: Member, rootId: string | undefined) {
    if (!rootId || rootId === agent.id) return { id: agent.id, account: agent.account };
    const found = await inTeam(brand, agent, rootId);
    return { id: found.id, account: found.account };
  }

  function downline(brand: Brand, r: DownlineRow): Downline {
    return {
      id: r.id,
      account: r.account,
      nickname: r.nickname,
      type: r.type,
      isAgent: brand.settings.agentTypes.includes(r.type),
      level: r.level,
      parent: r.parent_id && r.parent_account ? { id: r.parent_id, account: r.parent_account } : null,
      status: r.status,
      registeredAt: new Date(r.created_at).toISOString(),
      lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
      balance: major(brand, r.balance),
      teamSize: Number(r.team_size),
      directCount: Number(r.direct_count),
    };
  }

  async function downlineDetail(brand: Brand, agent: Member, memberId: string): Promise<Downline> {
    const rows = await repository.downlines(brand.id, agent.id, {
      direct: false,
      onlyId: memberId,
      agentTypes: brand.settings.agentTypes,
      sortBy: 'registeredAt',
      sortOrder: 'desc',
      limit: 1,
      offset: 0,
    });
    if (!rows[0]) throw new AppError('not.found', { memberId });
    return downline(brand, rows[0]);
  }

  function creatableTypes(brand: Brand, member: Member): number[] {
    return agentSettings(brand).createTypes[String(member.type)] ?? [];
  }

  function affiliate(r: {
    id: string;
    code: string;
    member_type: number;
    usage_count: number;
    enabled: boolean;
    created_at: Date;
  }): AffiliateCode {
    return {
      id: r.id,
      code: r.code,
      memberType: r.member_type,
      usageCount: r.usage_count,
      enabled: r.enabled,
      createdAt: new Date(r.created_at).toISOString(),
    };
  }

  return {
    assertAgent,

    registerSettings(brand: Brand, agent: Member) {
      assertAgent(brand, agent);
      return {
        creatableTypes: creatableTypes(brand, agent),
        agentTypes: brand.settings.agentTypes,
        maxAffiliateCodes: agentSettings(brand).maxAffiliateCodes,
        canCreateDirectly: brand.modules.AGEREGDOWN3 !== false,
        canCreateLinks: brand.modules.CREATEAFF3 !== false,
        registerPath: '/register',
      };
    },

    /** A direct downline created by the agent, within the types its own type may create. */
    async createDownline(
      brand: Brand,
      agent: Member,
      body: {
        account: string;
        password: string;
        confirmPassword: string;
        nickname?: string | undefined;
        type: number;
      },
      ip: string,
    ): Promise<Downline> {
      assertAgent(brand, agent);
      if (!creatableTypes(brand, agent).includes(body.type)) {
        throw new AppError('agent.type.not.allowed', { fields: { type: 'not allowed' } });
      }
      const reason = checkRegisterField({ ...brand.registerRules.username, required: true }, body.account);
      if (reason) throw new AppError('request_param_err', { fields: { account: reason } });
      members.checkPassword(brand, body.password);
      if (body.password !== body.confirmPassword) {
        throw new AppError('password.confirmation', { fields: { confirmPassword: 'mismatch' } });
      }
      let id: string;
      try {
        id = await members.create({
          merchantId: brand.id,
          account: body.account,
          password: body.password,
          type: body.type,
          nickname: body.nickname ?? null,
          parentId: agent.id,
          registerMethod: 'AGENT',
          ip,
        });
      } catch (err) {
        if (isUniqueViolation(err, 'member_account_uq'))
          throw new AppError('account.exists', { fields: { account: 'taken' } });
        throw err;
      }
      return downlineDetail(brand, agent, id);
    },

    async affiliateList(brand: Brand, agent: Member, q: { pageNo: number; pageSize: number }) {
      assertAgent(brand, agent);
      const base = db
        .selectFrom('affiliate_code')
        .where('merchant_id', '=', brand.id)
        .where('member_id', '=', agent.id);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return pageOf(rows.map(affiliate), Number(n), q);
    },

    async affiliateCreate(
      brand: Brand,
      agent: Member,
      body: { memberType: number; code?: string | undefined },
    ) {
      assertAgent(brand, agent);
      if (!creatableTypes(brand, agent).includes(body.memberType)) {
        throw new AppError('agent.type.not.allowed', { fields: { memberType: 'not allowed' } });
      }
      const max = agentSettings(brand).maxAffiliateCodes;
      const { n } = await db
        .selectFrom('affiliate_code')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', brand.id)
        .where('member_id', '=', agent.id)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) throw new AppError('affiliate.limit', { max });
      // A chosen code that is taken is the caller's to change; a generated one is retried.
      for (let attempt = 0; ; attempt++) {
        const code = body.code ?? newAffiliateCode();
        try {
          const row = await db
            .insertInto('affiliate_code')
            .values({ merchant_id: brand.id, code, member_id: agent.id, member_type: body.memberType })
            .returningAll()
            .executeTakeFirstOrThrow();
          return affiliate(row);
        } catch (err) {
          if (!isUniqueViolation(err, 'affiliate_code_uq')) throw err;
          if (body.code || attempt >= 4)
            throw new AppError('affiliate.code.exists', { fields: { code: 'taken' } });
        }
      }
    },

    async affiliateUpdate(brand: Brand, agent: Member, affiliateId: string, body: { enabled: boolean }) {
      assertAgent(brand, agent);
      const row = await db
        .updateTable('affiliate_code')
        .set({ enabled: body.enabled })
        .where('id', '=', affiliateId)
        .where('merchant_id', '=', brand.id)
        .where('member_id', '=', agent.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('not.found', { affiliateId });
      return affiliate(row);
    },

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

    async downlineList(
      brand: Brand,
      agent: Member,
      q: {
        rootId?: string | undefined;
        scope: 'direct' | 'all';
        account?: string | undefined;
        level?: number | undefined;
        kind?: 'agent' | 'member' | undefined;
        status?: 'active' | 'frozen' | 'closed' | undefined;
        sortBy: DownlineSort;
        sortOrder: 'asc' | 'desc';
        pageNo: number;
        pageSize: number;
      },
    ) {
      assertAgent(brand, agent);
      const root = await rootOf(brand, agent, q.rootId);
      const rows = await repository.downlines(brand.id, root.id, {
        direct: q.scope === 'direct',
        level: q.level,
        account: q.account,
        kind: q.kind,
        agentTypes: brand.settings.agentTypes,
        status: q.status,
        sortBy: q.sortBy,
        sortOrder: q.sortOrder,
        ...paging(q),
      });
      // Past the last page no row carries the total: count it.
      const filtered = q.level !== undefined || q.account || q.kind || q.status;
      const total = rows[0]
        ? Number(rows[0].total)
        : filtered
          ? 0
          : await repository.downlineCount(brand.id, root.id, q.scope === 'direct');
      return {
        ...pageOf(
          rows.map((r) => downline(brand, r)),
          total,
          q,
        ),
        root,
        path: await repository.pathTo(agent.id, root.id),
      };
    },

    async downlineDetail(brand: Brand, agent: Member, memberId: string) {
      assertAgent(brand, agent);
      return downlineDetail(brand, agent, memberId);
    },

    /** Transfer to a team member through the wallet's team transfer (payment password, ledger). */
    async transfer(
      brand: Brand,
      agent: Member,
      body: { memberId: string; amount: number | string; paymentPassword: string; requestId: string },
    ) {
      assertAgent(brand, agent);
      const target = await inTeam(brand, agent, body.memberId);
      if (target.depth === 0) throw new AppError('not.found', { memberId: body.memberId });
      const result = await wallet.teamTransfer(brand, agent, {
        direction: 'DOWNLINE',
        targetAccount: target.account,
        amount: body.amount,
        paymentPassword: body.paymentPassword,
        requestId: body.requestId,
      });
      return {
        transactionId: result.transactionId,
        amount: result.amount,
        target: { id: target.id, account: target.account },
        replayed: result.replayed,
        balance: result.balance,
      };
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

    async announcements(
      brand: Brand,
      agent: Member,
      language: string | undefined,
      q: { pageNo: number; pageSize: number },
    ) {
      assertAgent(brand, agent);
      // Without a Language header the brand's default language applies.
      const lang = language ?? brand.defaultLanguage;
      const base = db
        .selectFrom('agent_announcement')
        .where('merchant_id', '=', brand.id)
        .where('enabled', '=', true)
        .where('published_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('language', 'is', null), eb('language', '=', lang)]));
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('pinned', 'desc')
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return pageOf(
        rows.map((r) => ({
          id: r.id,
          title: r.title,
          content: r.content,
          language: r.language,
          pinned: r.pinned,
          publishedAt: new Date(r.published_at).toISOString(),
        })),
        Number(n),
        q,
      );
    },
  };
}

/** A non-negative major amount to minor units (0 stays 0, which `toMinor` refuses). */
function toMinorOrZero(amount: number, scale: number): bigint {
  return amount > 0 ? toMinor(amount, scale) : 0n;
}

export type AgentService = ReturnType<typeof createAgentService>;
