import type { AgentTreeNode } from '@arcadia/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { containsPattern } from './agent.repository.js';
import { TEAM_ROLLUP_LOCK } from './agent.rollups.repository.js';

export interface NodeRow {
  id: string;
  account: string;
  type: number;
  status: AgentTreeNode['status'];
  level: number;
  team_size: number;
  direct_count: number;
  bet_count: string;
  valid_bet: string;
  stake: string;
  payout: string;
  deposit_amount: string;
  withdraw_net: string;
}

export interface MonthRange {
  from: string;
  to: string;
}

/**
 * The columns of a tree node for member `m`: its depth, team size and direct count from the
 * closure table, this month's figures from its team rollup (`team_day`, read by agent id).
 */
const nodeColumns = sql`
  m.id::text, m.account, m.type, m.status,
  (select count(*) - 1 from member_tree u where u.descendant_id = m.id)::int as level,
  (select count(*) - 1 from member_tree t where t.ancestor_id = m.id)::int as team_size,
  (select count(*) from member c where c.parent_id = m.id)::int as direct_count,
  f.bet_count, f.valid_bet, f.stake, f.payout, f.deposit_amount, f.withdraw_net`;
const monthFigures = (month: MonthRange) => sql`
  cross join lateral (
    select coalesce(sum(d.bet_count), 0)::text as bet_count, coalesce(sum(d.valid_bet), 0)::text as valid_bet,
      coalesce(sum(d.stake), 0)::text as stake, coalesce(sum(d.payout), 0)::text as payout,
      coalesce(sum(d.deposit_amount), 0)::text as deposit_amount, coalesce(sum(d.withdraw_net), 0)::text as withdraw_net
    from team_day d where d.agent_id = m.id and d.day between ${month.from}::date and ${month.to}::date) f`;

/**
 * The back office's agent tree: a brand's members by upline with this month's team figures, and
 * the statements of moving a member with its team under another agent (run on the caller's
 * transaction, in the order the service calls them).
 */
export function createAgentTreeRepository(db: Kysely<Database>) {
  return {
    /** One member as a tree node, or undefined. */
    async node(merchantId: number, memberId: string, month: MonthRange) {
      const { rows } = await sql<NodeRow>`
            select ${nodeColumns} from member m ${monthFigures(month)}
            where m.merchant_id = ${merchantId} and m.id = ${memberId}::bigint`.execute(db);
      return rows[0];
    },

    /** The direct downlines of `parentId` (the top of the tree when null), agents and big teams first. */
    async children(
      merchantId: number,
      parentId: string | undefined,
      agentTypes: number[],
      month: MonthRange,
      page: { pageNo: number; pageSize: number },
    ) {
      const under = parentId ? sql`m.parent_id = ${parentId}::bigint` : sql`m.parent_id is null`;
      const { rows } = await sql<NodeRow & { total: string }>`
          select ${nodeColumns}, count(*) over ()::text as total
          from member m ${monthFigures(month)}
          where m.merchant_id = ${merchantId} and ${under}
          order by (m.type = any(${agentTypes}::int[])) desc,
            (select count(*) from member_tree t where t.ancestor_id = m.id) desc, lower(m.account)
          limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`.execute(db);
      return rows;
    },

    /** Up to 20 members whose account contains `q`, the exact match and the shortest first. */
    async search(merchantId: number, q: string, month: MonthRange) {
      const { rows } = await sql<NodeRow>`
          select ${nodeColumns} from member m ${monthFigures(month)}
          where m.merchant_id = ${merchantId} and m.account ilike ${containsPattern(q)}
          order by (lower(m.account) = ${q.toLowerCase()}) desc, length(m.account), lower(m.account)
          limit 20`.execute(db);
      return rows;
    },

    /** The uplines of a member, top first (the member itself not included). */
    async pathOf(memberId: string) {
      const { rows } = await sql<{ id: string; account: string }>`
      select m.id::text, m.account from member_tree t join member m on m.id = t.ancestor_id
      where t.descendant_id = ${memberId} and t.depth >= 1 order by t.depth desc`.execute(db);
      return rows;
    },

    async memberByAccount(merchantId: number, account: string) {
      const { rows } = await sql<{ id: string; account: string; type: number; parent_id: string | null }>`
      select id::text, account, type, parent_id::text from member
      where merchant_id = ${merchantId} and lower(account) = ${account.toLowerCase()}`.execute(db);
      return rows[0];
    },

    /** One tree change or rollup refresh of the brand at a time (held to the end of `tx`). */
    async lockRollups(tx: Transaction<Database>, merchantId: number) {
      await sql`select pg_advisory_xact_lock(${TEAM_ROLLUP_LOCK}::int, ${merchantId}::int)`.execute(tx);
    },

    /** The member's current parent, its row locked for the move. */
    async lockParentOf(tx: Transaction<Database>, memberId: string) {
      const { rows: current } = await sql<{ parent_id: string | null }>`
            select parent_id::text from member where id = ${memberId} for update`.execute(tx);
      return current[0]!.parent_id;
    },

    /** Whether `descendantId` is in the team of `ancestorId` (itself included). */
    async inTeam(tx: Transaction<Database>, ancestorId: string, descendantId: string) {
      const { rows: inTeam } = await sql`
            select 1 from member_tree where ancestor_id = ${ancestorId} and descendant_id = ${descendantId}`.execute(
        tx,
      );
      return inTeam.length > 0;
    },

    /** The member's uplines (itself not included). */
    async uplinesOf(tx: Transaction<Database>, memberId: string) {
      const { rows: oldUplines } = await sql<{ id: string }>`
            select ancestor_id::text as id from member_tree where descendant_id = ${memberId} and depth >= 1`.execute(
        tx,
      );
      return oldUplines;
    },

    /** The member and its uplines. */
    async selfAndUplines(tx: Transaction<Database>, memberId: string) {
      const { rows: newUplines } = await sql<{ id: string }>`
            select ancestor_id::text as id from member_tree where descendant_id = ${memberId}`.execute(tx);
      return newUplines;
    },

    /** The first day the member's team has figures in (bets, money or a registration), or null. */
    async firstTeamDay(tx: Transaction<Database>, memberId: string) {
      const { rows: firstDay } = await sql<{ day: string | null }>`
            select least(
              (select min(s.day) from member_stat_daily s join member_tree t on t.descendant_id = s.member_id
                where t.ancestor_id = ${memberId}),
              (select min(d.day) from member_money_daily d join member_tree t on t.descendant_id = d.member_id
                where t.ancestor_id = ${memberId}),
              (select min((x.created_at at time zone 'UTC')::date) from member x
                join member_tree t on t.descendant_id = x.id where t.ancestor_id = ${memberId}))::text as day`.execute(
        tx,
      );
      return firstDay[0]?.day ?? null;
    },

    /** The size of the member's team, itself included. */
    async teamSize(tx: Transaction<Database>, memberId: string) {
      const { rows: team } = await sql<{ n: string }>`
            select count(*)::text as n from member_tree where ancestor_id = ${memberId}`.execute(tx);
      return Number(team[0]!.n);
    },

    /**
     * The closure: the team keeps its inner rows; its rows under the old uplines go, and rows
     * under the new parent and each of its uplines come; then the member's parent changes.
     */
    async reattach(tx: Transaction<Database>, memberId: string, newParentId: string) {
      await sql`
            delete from member_tree
            where descendant_id in (select descendant_id from member_tree where ancestor_id = ${memberId})
              and ancestor_id in (select ancestor_id from member_tree where descendant_id = ${memberId} and depth >= 1)`.execute(
        tx,
      );
      await sql`
            insert into member_tree (ancestor_id, descendant_id, depth)
            select a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
            from member_tree a cross join member_tree d
            where a.descendant_id = ${newParentId} and d.ancestor_id = ${memberId}`.execute(tx);
      await sql`update member set parent_id = ${newParentId} where id = ${memberId}`.execute(tx);
    },

    async accountOf(tx: Transaction<Database>, memberId: string) {
      return (await sql<{ account: string }>`select account from member where id = ${memberId}`.execute(tx))
        .rows[0]!.account;
    },
  };
}

export type AgentTreeRepository = ReturnType<typeof createAgentTreeRepository>;
