import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Team reports. Team rollup tables (team_day, team_day_game, team_period, team_summary) are read
 * by `agent_id` alone: the root was already checked to be in the caller's brand and team, and the
 * primary key is then the only index that fits, whatever the statistics say.
 *
 * A team is `member_tree` with `ancestor_id = root`; every figure comes from a
 * rollup (`member_stat_daily` for bets, `member_money_daily` for main-wallet movements) joined
 * through it — never from a recursive walk or a scan of raw bets (docs/reports.md).
 * Minor units come back as strings (int8), days as 'YYYY-MM-DD' text.
 */

export interface DayRange {
  /** Inclusive UTC days, 'YYYY-MM-DD'. */
  from: string;
  to: string;
}

export interface BetSums {
  bet_count: string;
  stake: string;
  valid_bet: string;
  payout: string;
}
export interface MoneySums {
  deposit_count: string;
  deposit_amount: string;
  withdraw_count: string;
  /** Signed sum of WITHDRAW (negative) and WITHDRAW_REVERSAL (positive) on main wallets. */
  withdraw_net: string;
}

/** Ledger kinds that move money into or out of the platform (the rest are internal). */
/** The advisory lock class of team rollup refreshes (the second key is the brand). */
const TEAM_ROLLUP_LOCK = 7301;

const moneyKinds = ['DEPOSIT', 'WITHDRAW', 'WITHDRAW_REVERSAL'];

const betSums = sql`coalesce(sum(s.bet_count), 0)::text as bet_count, coalesce(sum(s.stake), 0)::text as stake,
  coalesce(sum(s.valid_bet), 0)::text as valid_bet, coalesce(sum(s.payout), 0)::text as payout`;
const moneySums = sql`
  coalesce(sum(d.tx_count) filter (where d.kind = 'DEPOSIT'), 0)::text as deposit_count,
  coalesce(sum(d.amount) filter (where d.kind = 'DEPOSIT'), 0)::text as deposit_amount,
  (coalesce(sum(d.tx_count) filter (where d.kind = 'WITHDRAW'), 0)
    - coalesce(sum(d.tx_count) filter (where d.kind = 'WITHDRAW_REVERSAL'), 0))::text as withdraw_count,
  coalesce(sum(d.amount) filter (where d.kind in ('WITHDRAW', 'WITHDRAW_REVERSAL')), 0)::text as withdraw_net`;

/** The first instant after a UTC day. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;

/** `%text%` for ILIKE with the wildcards in `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type DownlineSort = 'registeredAt' | 'lastLoginAt' | 'account' | 'balance' | 'level';
const downlineOrder: Record<DownlineSort, RawBuilder<unknown>> = {
  registeredAt: sql`m.created_at`,
  lastLoginAt: sql`m.last_login_at`,
  account: sql`lower(m.account)`,
  balance: sql`coalesce(a.balance, 0)`,
  level: sql`t.depth`,
};

export interface DownlineRow {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  status: 'active' | 'frozen' | 'closed';
  created_at: Date;
  last_login_at: Date | null;
  level: number;
  parent_id: string | null;
  parent_account: string | null;
  balance: string;
  team_size: string;
  direct_count: string;
  total: string;
}

export type PnlSort = 'account' | 'stake' | 'validBet' | 'payout' | 'profitLoss' | 'betCount';
const pnlOrder: Record<PnlSort, RawBuilder<unknown>> = {
  account: sql`lower(account)`,
  stake: sql`stake::bigint`,
  validBet: sql`valid_bet::bigint`,
  payout: sql`payout::bigint`,
  profitLoss: sql`(payout::bigint - stake::bigint)`,
  betCount: sql`bet_count::bigint`,
};

export interface PnlRow extends BetSums, MoneySums {
  member_id: string | null;
  account: string | null;
  type: number | null;
  level: number | null;
  game_type: string | null;
  team: boolean;
  total: string;
}

const dir = (order: 'asc' | 'desc') => sql.raw(order === 'asc' ? 'asc' : 'desc');

export function createAgentRepository(db: Kysely<Database>) {
  return {
    /** The member if it is in `agentId`'s team (the agent itself included), with its depth. */
    async teamMember(merchantId: number, agentId: string, memberId: string) {
      const { rows } = await sql<{ id: string; account: string; type: number; depth: number }>`
        select m.id::text, m.account, m.type, t.depth from member_tree t join member m on m.id = t.descendant_id
        where t.ancestor_id = ${agentId} and t.descendant_id = ${memberId} and m.merchant_id = ${merchantId}`.execute(
        db,
      );
      return rows[0];
    },

    /** A team member by account (case-insensitive), or undefined. */
    async teamMemberByAccount(merchantId: number, agentId: string, account: string) {
      const { rows } = await sql<{ id: string; account: string; depth: number }>`
        select m.id::text, m.account, t.depth from member m
        join member_tree t on t.ancestor_id = ${agentId} and t.descendant_id = m.id
        where m.merchant_id = ${merchantId} and lower(m.account) = ${account.toLowerCase()}`.execute(db);
      return rows[0];
    },

    /** The chain from the agent down to `rootId` (both included), top first. */
    async pathTo(agentId: string, rootId: string) {
      const { rows } = await sql<{ id: string; account: string }>`
        select m.id::text, m.account from member_tree t
        join member_tree c on c.ancestor_id = ${agentId} and c.descendant_id = t.ancestor_id
        join member m on m.id = t.ancestor_id
        where t.descendant_id = ${rootId} order by t.depth desc`.execute(db);
      return rows;
    },

    /**
     * Recomputes the brand's team rollups for the days from `from` to `to` (and the current week's
     * and month's active counts, and every team's size and balances). Run by the
     * `agent.team-rollup` job; reports read what it leaves.
     */
    async refreshTeamRollups(merchantId: number, range: DayRange, activeMin: bigint, agentTypes: number[]) {
      // One refresh of a brand at a time: the two rollup jobs (and instances) may start together,
      // and each deletes then re-inserts the brand's days; the second waits for the first here.
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${TEAM_ROLLUP_LOCK}::int, ${merchantId}::int)`.execute(trx);
        await sql`select team_rollup_refresh(${merchantId}, ${range.from}::date, ${range.to}::date,
          ${activeMin.toString()}::bigint, ${agentTypes}::int[])`.execute(trx);
      });
    },

    /** When the brand's team rollups were last refreshed, or null. */
    async rollupState(merchantId: number) {
      const { rows } = await sql<{ refreshed_at: Date; active_threshold: string }>`
        select refreshed_at, active_threshold::text from team_rollup_state where merchant_id = ${merchantId}`.execute(
        db,
      );
      return rows[0] ?? null;
    },

    /** The team's rollup rows for the range (days without activity are absent). */
    async teamDays(merchantId: number, rootId: string, range: DayRange) {
      const { rows } = await sql<
        BetSums & MoneySums & { day: string; active_members: number; new_members: number }
      >`
        select day::text as day, bet_count::text, stake::text, valid_bet::text, payout::text, active_members,
          new_members, deposit_count::text, deposit_amount::text, withdraw_count::text, withdraw_net::text
        from team_day where agent_id = ${rootId}
          and day between ${range.from}::date and ${range.to}::date
        order by day`.execute(db);
      return rows;
    },

    /** Size and balances of the team at the last refresh, or undefined for a team it has not seen. */
    async teamSummary(merchantId: number, rootId: string) {
      const { rows } = await sql<{
        team_size: number;
        direct_count: number;
        agent_count: number;
        team_balance: string;
        own_balance: string;
      }>`
        select team_size, direct_count, agent_count, team_balance::text, own_balance::text
        from team_summary where agent_id = ${rootId}`.execute(db);
      return rows[0];
    },

    /** The refreshed distinct active count for the current week or month, when it covers the range. */
    async periodActive(merchantId: number, rootId: string, period: 'week' | 'month', range: DayRange) {
      const { rows } = await sql<{ active_members: number }>`
        select active_members from team_period
        where agent_id = ${rootId} and period = ${period}
          and start_day = ${range.from}::date and end_day = ${range.to}::date`.execute(db);
      return rows[0]?.active_members;
    },

    /** Members of the team whose valid bets over the whole range reach `activeMin` (live). */
    async activeLive(merchantId: number, rootId: string, range: DayRange, activeMin: bigint) {
      const threshold = activeMin > 1n ? activeMin : 1n;
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from (
          select s.member_id from member_tree t join member_stat_daily s on s.member_id = t.descendant_id
          where t.ancestor_id = ${rootId} and s.merchant_id = ${merchantId}
            and s.day between ${range.from}::date and ${range.to}::date
          group by s.member_id having sum(s.valid_bet) >= ${threshold.toString()}::bigint) x`.execute(db);
      return rows[0]!.n;
    },

    /** Team size, direct downlines, agents below the root, and members registered in the range. */
    async teamCounts(merchantId: number, rootId: string, range: DayRange, agentTypes: number[]) {
      const { rows } = await sql<{ team_size: string; direct: string; agents: string; new_members: string }>`
        select count(*)::text as team_size,
          count(*) filter (where t.depth = 1)::text as direct,
          count(*) filter (where t.depth >= 1 and m.type = any(${agentTypes}::int[]))::text as agents,
          count(*) filter (where t.depth >= 1 and m.created_at >= ${dayStart(range.from)}
                           and m.created_at < ${dayEnd(range.to)})::text as new_members
        from member_tree t join member m on m.id = t.descendant_id
        where t.ancestor_id = ${rootId} and m.merchant_id = ${merchantId}`.execute(db);
      return rows[0]!;
    },

    /** Main-wallet balances now: the whole team and the root alone. */
    async balances(merchantId: number, rootId: string) {
      const { rows } = await sql<{ team: string; root: string }>`
        select coalesce(sum(a.balance), 0)::text as team,
          coalesce(sum(a.balance) filter (where t.depth = 0), 0)::text as root
        from member_tree t join ledger_account a on a.owner_id = t.descendant_id and a.kind = 'main'
        where t.ancestor_id = ${rootId} and a.merchant_id = ${merchantId}`.execute(db);
      return rows[0]!;
    },

    /** Bet and money figures of the whole team over the range, from the team rollup. */
    async teamTotals(merchantId: number, rootId: string, range: DayRange) {
      const { rows } = await sql<BetSums & MoneySums>`
        select coalesce(sum(bet_count), 0)::text as bet_count, coalesce(sum(stake), 0)::text as stake,
          coalesce(sum(valid_bet), 0)::text as valid_bet, coalesce(sum(payout), 0)::text as payout,
          coalesce(sum(deposit_count), 0)::text as deposit_count,
          coalesce(sum(deposit_amount), 0)::text as deposit_amount,
          coalesce(sum(withdraw_count), 0)::text as withdraw_count,
          coalesce(sum(withdraw_net), 0)::text as withdraw_net
        from team_day where agent_id = ${rootId}
          and day between ${range.from}::date and ${range.to}::date`.execute(db);
      return rows[0]!;
    },

    /** Downlines of the root with filters, sorting and paging (`total` on every row). */
    async downlines(
      merchantId: number,
      rootId: string,
      q: {
        direct: boolean;
        level?: number | undefined;
        account?: string | undefined;
        kind?: 'agent' | 'member' | undefined;
        agentTypes: number[];
        status?: string | undefined;
        onlyId?: string | undefined;
        minDepth?: number;
        sortBy: DownlineSort;
        sortOrder: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const where: RawBuilder<unknown>[] = [
        sql`t.ancestor_id = ${rootId}`,
        sql`m.merchant_id = ${merchantId}`,
        sql`t.depth >= ${q.minDepth ?? 1}`,
      ];
      if (q.direct) where.push(sql`t.depth = 1`);
      if (q.level !== undefined) where.push(sql`t.depth = ${q.level}`);
      if (q.account) where.push(sql`m.account ilike ${containsPattern(q.account)}`);
      if (q.kind === 'agent') where.push(sql`m.type = any(${q.agentTypes}::int[])`);
      if (q.kind === 'member') where.push(sql`not (m.type = any(${q.agentTypes}::int[]))`);
      if (q.status) where.push(sql`m.status = ${q.status}`);
      if (q.onlyId) where.push(sql`m.id = ${q.onlyId}`);
      const nulls = q.sortBy === 'lastLoginAt' ? sql.raw(' nulls last') : sql.raw('');
      const { rows } = await sql<DownlineRow>`
        select m.id::text, m.account, m.nickname, m.type, m.status, m.created_at, m.last_login_at,
          t.depth as level, p.id::text as parent_id, p.account as parent_account,
          coalesce(a.balance, 0)::text as balance,
          (select count(*) - 1 from member_tree x where x.ancestor_id = m.id)::text as team_size,
          (select count(*) from member c where c.parent_id = m.id)::text as direct_count,
          count(*) over ()::text as total
        from member_tree t
        join member m on m.id = t.descendant_id
        left join member p on p.id = m.parent_id
        left join ledger_account a on a.owner_id = m.id and a.kind = 'main' and a.merchant_id = ${merchantId}
        where ${sql.join(where, sql` and `)}
        order by ${downlineOrder[q.sortBy]} ${dir(q.sortOrder)}${nulls}, m.id ${dir(q.sortOrder)}
        limit ${q.limit} offset ${q.offset}`.execute(db);
      return rows;
    },

    /** Count of the same listing, for pages past the end (where no row carries `total`). */
    async downlineCount(merchantId: number, rootId: string, direct: boolean) {
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from member_tree t join member m on m.id = t.descendant_id
        where t.ancestor_id = ${rootId} and m.merchant_id = ${merchantId}
          and ${direct ? sql`t.depth = 1` : sql`t.depth >= 1`}`.execute(db);
      return Number(rows[0]!.n);
    },

    /**
     * User profit and loss rows. `direct`: the root's own row and each direct downline's whole
     * team; `member`: each team member with activity in the range; `category`: the team by game type.
     */
    async pnl(
      merchantId: number,
      rootId: string,
      range: DayRange,
      q: {
        view: 'direct' | 'member' | 'category';
        accountId?: string | undefined;
        sortBy: PnlSort;
        sortOrder: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const inRange = (alias: string) =>
        sql`${sql.ref(`${alias}.day`)} between ${range.from}::date and ${range.to}::date`;
      const order = q.view === 'category' && q.sortBy === 'account' ? sql`game_type` : pnlOrder[q.sortBy];
      const tieBreak = q.view === 'category' ? sql`game_type` : sql`member_id::bigint`;
      const page = sql`order by ${order} ${dir(q.sortOrder)}, ${tieBreak} ${dir(q.sortOrder)}
        limit ${q.limit} offset ${q.offset}`;

      if (q.view === 'category') {
        // One member's categories come from its own rollup; the team's from the team rollup.
        const source = q.accountId
          ? sql`select s.game_type, s.bet_count, s.stake, s.valid_bet, s.payout from member_stat_daily s
                where s.member_id = ${q.accountId} and s.merchant_id = ${merchantId} and ${inRange('s')}`
          : sql`select s.game_type, s.bet_count, s.stake, s.valid_bet, s.payout from team_day_game s
                where s.agent_id = ${rootId} and ${inRange('s')}`;
        const { rows } = await sql<PnlRow>`
          select * from (
            select null::text as member_id, null::text as account, null::int as type, null::int as level,
              s.game_type, false as team, ${betSums},
              '0' as deposit_count, '0' as deposit_amount, '0' as withdraw_count, '0' as withdraw_net,
              count(*) over ()::text as total
            from (${source}) s
            group by s.game_type) r
          ${page}`.execute(db);
        return rows;
      }

      if (q.view === 'member') {
        const { rows } = await sql<PnlRow>`
          with b as (
            select s.member_id, ${betSums}
            from member_tree t join member_stat_daily s on s.member_id = t.descendant_id
            where t.ancestor_id = ${rootId} and s.merchant_id = ${merchantId} and ${inRange('s')}
            group by s.member_id),
          mo as (
            select d.member_id, ${moneySums}
            from member_tree t join member_money_daily d on d.member_id = t.descendant_id
            where t.ancestor_id = ${rootId} and d.merchant_id = ${merchantId} and ${inRange('d')}
              and d.kind in (${sql.join(moneyKinds)})
            group by d.member_id),
          ids as (select member_id from b union select member_id from mo)
          select * from (
            select ids.member_id::text as member_id, m.account, m.type, tt.depth as level, null::text as game_type,
              false as team,
              coalesce(b.bet_count, '0') as bet_count, coalesce(b.stake, '0') as stake,
              coalesce(b.valid_bet, '0') as valid_bet, coalesce(b.payout, '0') as payout,
              coalesce(mo.deposit_count, '0') as deposit_count, coalesce(mo.deposit_amount, '0') as deposit_amount,
              coalesce(mo.withdraw_count, '0') as withdraw_count, coalesce(mo.withdraw_net, '0') as withdraw_net,
              count(*) over ()::text as total
            from ids join member m on m.id = ids.member_id
            join member_tree tt on tt.ancestor_id = ${rootId} and tt.descendant_id = ids.member_id
            left join b on b.member_id = ids.member_id left join mo on mo.member_id = ids.member_id
            ${q.accountId ? sql`where ids.member_id = ${q.accountId}` : sql``}) r
          ${page}`.execute(db);
        return rows;
      }

      // direct: the root alone (level 0, its own rollups), then each direct downline with its
      // whole team (the team rollup).
      const { rows } = await sql<PnlRow>`
        with kids as (
          select m.id, m.account, m.type from member m
          where m.parent_id = ${rootId} and m.merchant_id = ${merchantId}),
        kid_figures as (
          select k.id, coalesce(sum(d.bet_count), 0)::text as bet_count, coalesce(sum(d.stake), 0)::text as stake,
            coalesce(sum(d.valid_bet), 0)::text as valid_bet, coalesce(sum(d.payout), 0)::text as payout,
            coalesce(sum(d.deposit_count), 0)::text as deposit_count,
            coalesce(sum(d.deposit_amount), 0)::text as deposit_amount,
            coalesce(sum(d.withdraw_count), 0)::text as withdraw_count,
            coalesce(sum(d.withdraw_net), 0)::text as withdraw_net
          from kids k left join team_day d on d.agent_id = k.id and ${inRange('d')}
          group by k.id),
        own_bets as (
          select ${betSums} from member_stat_daily s
          where s.member_id = ${rootId} and s.merchant_id = ${merchantId} and ${inRange('s')}),
        own_money as (
          select ${moneySums} from member_money_daily d
          where d.member_id = ${rootId} and d.merchant_id = ${merchantId} and ${inRange('d')}
            and d.kind in (${sql.join(moneyKinds)})),
        heads as (
          select m.id::text as member_id, m.account, m.type, 0 as level, null::text as game_type, false as team,
            b.bet_count, b.stake, b.valid_bet, b.payout, o.deposit_count, o.deposit_amount, o.withdraw_count,
            o.withdraw_net
          from member m, own_bets b, own_money o where m.id = ${rootId}
          union all
          select k.id::text, k.account, k.type, 1, null, true, f.bet_count, f.stake, f.valid_bet, f.payout,
            f.deposit_count, f.deposit_amount, f.withdraw_count, f.withdraw_net
          from kids k join kid_figures f on f.id = k.id)
        select * from (select *, count(*) over ()::text as total from heads
          ${q.accountId ? sql`where member_id = ${q.accountId}` : sql``}) r
        ${page}`.execute(db);
      return rows;
    },

    /** Bet figures from the daily rollup for a team or one member, with game filters. */
    async betTotals(
      merchantId: number,
      rootId: string,
      range: DayRange,
      f: { memberId?: string | undefined; gameType?: string | undefined; vassalage?: string | undefined },
    ) {
      const { rows } = await sql<BetSums>`
        select ${betSums} from member_tree t join member_stat_daily s on s.member_id = t.descendant_id
        where t.ancestor_id = ${rootId} and s.merchant_id = ${merchantId}
          and s.day between ${range.from}::date and ${range.to}::date
          ${f.memberId ? sql`and t.descendant_id = ${f.memberId}` : sql``}
          ${f.gameType ? sql`and s.game_type = ${f.gameType}` : sql``}
          ${f.vassalage ? sql`and s.vassalage = ${f.vassalage}` : sql``}`.execute(db);
      return rows[0]!;
    },

    /** Raw bets of a team (or one member), paged; the member_tree join keeps it to the team. */
    async teamBets(
      merchantId: number,
      rootId: string,
      range: DayRange,
      f: {
        memberId?: string | undefined;
        gameType?: string | undefined;
        vassalage?: string | undefined;
        status?: string | undefined;
        sortBy: 'placedAt' | 'stake' | 'payout';
        sortOrder: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const where: RawBuilder<unknown>[] = [
        sql`t.ancestor_id = ${rootId}`,
        sql`b.merchant_id = ${merchantId}`,
        sql`b.placed_at >= ${dayStart(range.from)}`,
        sql`b.placed_at < ${dayEnd(range.to)}`,
      ];
      if (f.memberId) where.push(sql`t.descendant_id = ${f.memberId}`);
      if (f.gameType) where.push(sql`b.game_type = ${f.gameType}`);
      if (f.vassalage) where.push(sql`b.vassalage = ${f.vassalage}`);
      if (f.status) where.push(sql`b.status = ${f.status}`);
      const order = { placedAt: sql`b.placed_at`, stake: sql`b.stake`, payout: sql`b.payout` }[f.sortBy];
      const filter = sql.join(where, sql` and `);
      const [count, list] = await Promise.all([
        sql<{ n: string }>`
          select count(*)::text as n from member_tree t join bet b on b.member_id = t.descendant_id
          where ${filter}`.execute(db),
        sql<{
          id: string;
          member_id: string;
          account: string;
          game_type: string;
          vassalage: string;
          game_code: string;
          stake: string;
          valid_bet: string;
          payout: string;
          status: string;
          placed_at: Date;
          settled_at: Date | null;
        }>`
          select b.id::text, b.member_id::text, m.account, b.game_type, b.vassalage, b.game_code,
            b.stake::text, b.valid_bet::text, b.payout::text, b.status, b.placed_at, b.settled_at
          from member_tree t join bet b on b.member_id = t.descendant_id join member m on m.id = b.member_id
          where ${filter}
          order by ${order} ${dir(f.sortOrder)}, b.id ${dir(f.sortOrder)}
          limit ${f.limit} offset ${f.offset}`.execute(db),
      ]);
      return { total: Number(count.rows[0]!.n), rows: list.rows };
    },

    /** Credits to the agent's own main wallet in the range that count as income, paged; and totals. */
    async income(
      merchantId: number,
      agentId: string,
      range: DayRange,
      q: {
        category?: string | undefined;
        sortOrder: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const category = sql`case
          when t.kind in ('TRANSFER_UPLINE', 'TRANSFER_DOWNLINE') then 'transfer'
          when t.kind like 'COMMISSION%' or t.kind like 'REBATE%' then 'commission'
          when t.kind like '%SALARY%' or t.kind like '%WAGE%' then 'salary'
          when t.kind like 'DIVIDEND%' then 'dividend'
          else 'other' end`;
      // Deposits, returned withdrawals, own-wallet moves and game results are not income.
      const base = sql`
        from ledger_account a
        join ledger_entry e on e.account_id = a.id
        join ledger_transaction t on t.id = e.transaction_id
        -- The sender of a transfer is the posting's member when it is someone else.
        left join member sm on sm.id = t.member_id and t.member_id <> a.owner_id
        where a.owner_id = ${agentId} and a.kind = 'main' and a.merchant_id = ${merchantId}
          and e.amount > 0
          and e.created_at >= ${dayStart(range.from)} and e.created_at < ${dayEnd(range.to)}
          and t.kind not in ('DEPOSIT', 'WITHDRAW_REVERSAL', 'TRANSFER_IN', 'WIN', 'BET_REFUND', 'BET')`;
      const categoryFilter = q.category ? sql`and ${category} = ${q.category}` : sql``;
      const [totals, list] = await Promise.all([
        sql<{ category: string; amount: string; n: string }>`
          select ${category} as category, sum(e.amount)::text as amount, count(*)::text as n
          ${base} group by 1`.execute(db),
        sql<{
          id: string;
          created_at: Date;
          kind: string;
          category: string;
          amount: string;
          from_account: string | null;
          reference: string | null;
        }>`
          select e.id::text, e.created_at, t.kind, ${category} as category, e.amount::text,
            sm.account as from_account, t.reference
          ${base} ${categoryFilter}
          order by e.id ${dir(q.sortOrder)}
          limit ${q.limit} offset ${q.offset}`.execute(db),
      ]);
      return { totals: totals.rows, rows: list.rows };
    },

    /** Main-wallet movements of a team (or one member), newest first by default, paged. */
    async teamTransactions(
      merchantId: number,
      rootId: string,
      range: DayRange,
      f: {
        memberId?: string | undefined;
        kind?: string | undefined;
        sortOrder: 'asc' | 'desc';
        limit: number;
        offset: number;
      },
    ) {
      const where: RawBuilder<unknown>[] = [
        sql`tr.ancestor_id = ${rootId}`,
        sql`a.merchant_id = ${merchantId}`,
        sql`e.created_at >= ${dayStart(range.from)}`,
        sql`e.created_at < ${dayEnd(range.to)}`,
      ];
      if (f.memberId) where.push(sql`tr.descendant_id = ${f.memberId}`);
      if (f.kind) where.push(sql`t.kind = ${f.kind}`);
      const filter = sql.join(where, sql` and `);
      const [count, list] = await Promise.all([
        sql<{ n: string }>`
          select count(*)::text as n
          from member_tree tr
          join ledger_account a on a.owner_id = tr.descendant_id and a.kind = 'main'
          join ledger_entry e on e.account_id = a.id
          join ledger_transaction t on t.id = e.transaction_id
          where ${filter}`.execute(db),
        sql<{
          id: string;
          created_at: Date;
          member_id: string;
          account: string;
          kind: string;
          amount: string;
          balance_after: string | null;
          reference: string | null;
        }>`
          select e.id::text, e.created_at, tr.descendant_id::text as member_id, m.account, t.kind,
            e.amount::text, e.balance_after::text, t.reference
          from member_tree tr
          join member m on m.id = tr.descendant_id
          join ledger_account a on a.owner_id = tr.descendant_id and a.kind = 'main'
          join ledger_entry e on e.account_id = a.id
          join ledger_transaction t on t.id = e.transaction_id
          where ${filter}
          order by e.id ${dir(f.sortOrder)}
          limit ${f.limit} offset ${f.offset}`.execute(db),
      ]);
      return { total: Number(count.rows[0]!.n), rows: list.rows };
    },
  };
}

export type AgentRepository = ReturnType<typeof createAgentRepository>;
