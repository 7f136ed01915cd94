import { type AgentTreeNode, agentOpsRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { Brand, BrandService } from '../brand/brand.service.js';
import { opsBrandOf } from '../brand/index.js';
import { writeAudit } from '../operator/operator-audit.js';
import { TEAM_ROLLUP_LOCK, recomputeTeams } from './agent-ops.rollups.js';
import { containsPattern } from './agent.repository.js';
import { agentSettings } from './agent.service.js';
import { toMinor } from '../../lib/money.js';

interface NodeRow {
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

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const monthRange = (now = new Date()) => ({ from: `${utcDay(now).slice(0, 7)}-01`, to: utcDay(now) });

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
const monthFigures = (month: { from: string; to: string }) => sql`
  cross join lateral (
    select coalesce(sum(d.bet_count), 0)::text as bet_count, coalesce(sum(d.valid_bet), 0)::text as valid_bet,
      coalesce(sum(d.stake), 0)::text as stake, coalesce(sum(d.payout), 0)::text as payout,
      coalesce(sum(d.deposit_amount), 0)::text as deposit_amount, coalesce(sum(d.withdraw_net), 0)::text as withdraw_net
    from team_day d where d.agent_id = m.id and d.day between ${month.from}::date and ${month.to}::date) f`;

/**
 * The back office's agent tree (docs/back-office.md, "Agents"): browse a brand's members by
 * upline, find one, and move a member or an agent with its team under another agent.
 */
export function createAgentOpsModule(deps: { db: Kysely<Database>; brands: BrandService }) {
  const { db, brands } = deps;

  const toNode = (brand: Brand, r: NodeRow): AgentTreeNode => ({
    id: String(r.id),
    account: r.account,
    type: r.type,
    isAgent: brand.settings.agentTypes.includes(r.type),
    status: r.status,
    level: Number(r.level),
    teamSize: Number(r.team_size),
    directCount: Number(r.direct_count),
    month: {
      betCount: Number(r.bet_count),
      validBet: String(r.valid_bet),
      payout: String(r.payout),
      profitLoss: (BigInt(r.payout) - BigInt(r.stake)).toString(),
      depositAmount: String(r.deposit_amount),
      withdrawNet: String(r.withdraw_net),
    },
  });

  /** The uplines of a member, top first (the member itself not included). */
  async function pathOf(memberId: string) {
    const { rows } = await sql<{ id: string; account: string }>`
      select m.id::text, m.account from member_tree t join member m on m.id = t.ancestor_id
      where t.descendant_id = ${memberId} and t.depth >= 1 order by t.depth desc`.execute(db);
    return rows;
  }

  async function memberByAccount(merchantId: number, account: string) {
    const { rows } = await sql<{ id: string; account: string; type: number; parent_id: string | null }>`
      select id::text, account, type, parent_id::text from member
      where merchant_id = ${merchantId} and lower(account) = ${account.toLowerCase()}`.execute(db);
    return rows[0];
  }

  return {
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerRoute(app, hooks, agentOpsRoutes.opsAgentTree, async ({ params, query }) => {
        const brand = await opsBrandOf(brands, params.merchantCode);
        const month = monthRange();
        let parent: AgentTreeNode | null = null;
        if (query.parentId) {
          const { rows } = await sql<NodeRow>`
            select ${nodeColumns} from member m ${monthFigures(month)}
            where m.merchant_id = ${brand.id} and m.id = ${query.parentId}::bigint`.execute(db);
          if (!rows[0]) throw new AppError('not.found', { member: query.parentId });
          parent = toNode(brand, rows[0]);
        }
        const under = query.parentId
          ? sql`m.parent_id = ${query.parentId}::bigint`
          : sql`m.parent_id is null`;
        const { rows } = await sql<NodeRow & { total: string }>`
          select ${nodeColumns}, count(*) over ()::text as total
          from member m ${monthFigures(month)}
          where m.merchant_id = ${brand.id} and ${under}
          order by (m.type = any(${brand.settings.agentTypes}::int[])) desc,
            (select count(*) from member_tree t where t.ancestor_id = m.id) desc, lower(m.account)
          limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`.execute(db);
        return {
          parent,
          path: parent ? [...(await pathOf(parent.id)), { id: parent.id, account: parent.account }] : [],
          list: rows.map((r) => toNode(brand, r)),
          total: rows.length > 0 ? Number(rows[0]!.total) : 0,
          month,
        };
      });

      registerRoute(app, hooks, agentOpsRoutes.opsAgentSearch, async ({ params, query }) => {
        const brand = await opsBrandOf(brands, params.merchantCode);
        const month = monthRange();
        const { rows } = await sql<NodeRow>`
          select ${nodeColumns} from member m ${monthFigures(month)}
          where m.merchant_id = ${brand.id} and m.account ilike ${containsPattern(query.q)}
          order by (lower(m.account) = ${query.q.toLowerCase()}) desc, length(m.account), lower(m.account)
          limit 20`.execute(db);
        return {
          list: await Promise.all(
            rows.map(async (r) => ({ ...toNode(brand, r), path: await pathOf(String(r.id)) })),
          ),
        };
      });

      registerRoute(app, hooks, agentOpsRoutes.opsAgentMove, async ({ params, body, operator }) => {
        const brand = await opsBrandOf(brands, params.merchantCode);
        const member = await memberByAccount(brand.id, body.account);
        if (!member) throw new AppError('not.found', { account: body.account });
        const target = await memberByAccount(brand.id, body.newParentAccount);
        if (!target) throw new AppError('not.found', { account: body.newParentAccount });
        if (!brand.settings.agentTypes.includes(target.type))
          throw new AppError('agent.move_not_agent', { account: target.account });
        const settings = agentSettings(brand);
        const threshold =
          settings.activeMinValidBet > 0 ? toMinor(settings.activeMinValidBet, brand.currencyScale) : 0n;
        const today = utcDay(new Date());

        return db.transaction().execute(async (tx) => {
          // One tree change or rollup refresh of the brand at a time: the closure and the rollups
          // it feeds stay consistent with each other.
          await sql`select pg_advisory_xact_lock(${TEAM_ROLLUP_LOCK}::int, ${brand.id}::int)`.execute(tx);
          const { rows: current } = await sql<{ parent_id: string | null }>`
            select parent_id::text from member where id = ${member.id} for update`.execute(tx);
          const oldParentId = current[0]!.parent_id;
          const { rows: inTeam } = await sql`
            select 1 from member_tree where ancestor_id = ${member.id} and descendant_id = ${target.id}`.execute(
            tx,
          );
          if (inTeam.length > 0) throw new AppError('agent.move_cycle', { account: target.account });
          if (oldParentId === target.id)
            throw new AppError('agent.move_same_parent', { account: target.account });

          const { rows: oldUplines } = await sql<{ id: string }>`
            select ancestor_id::text as id from member_tree where descendant_id = ${member.id} and depth >= 1`.execute(
            tx,
          );
          const { rows: newUplines } = await sql<{ id: string }>`
            select ancestor_id::text as id from member_tree where descendant_id = ${target.id}`.execute(tx);
          // The first day the moved team has figures in: every upline's rows from then on change.
          const { rows: firstDay } = await sql<{ day: string | null }>`
            select least(
              (select min(s.day) from member_stat_daily s join member_tree t on t.descendant_id = s.member_id
                where t.ancestor_id = ${member.id}),
              (select min(d.day) from member_money_daily d join member_tree t on t.descendant_id = d.member_id
                where t.ancestor_id = ${member.id}),
              (select min((x.created_at at time zone 'UTC')::date) from member x
                join member_tree t on t.descendant_id = x.id where t.ancestor_id = ${member.id}))::text as day`.execute(
            tx,
          );

          // The closure: the team keeps its inner rows; its rows under the old uplines go, and
          // rows under the new parent and each of its uplines come.
          const { rows: team } = await sql<{ n: string }>`
            select count(*)::text as n from member_tree where ancestor_id = ${member.id}`.execute(tx);
          await sql`
            delete from member_tree
            where descendant_id in (select descendant_id from member_tree where ancestor_id = ${member.id})
              and ancestor_id in (select ancestor_id from member_tree where descendant_id = ${member.id} and depth >= 1)`.execute(
            tx,
          );
          await sql`
            insert into member_tree (ancestor_id, descendant_id, depth)
            select a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
            from member_tree a cross join member_tree d
            where a.descendant_id = ${target.id} and d.ancestor_id = ${member.id}`.execute(tx);
          await sql`update member set parent_id = ${target.id} where id = ${member.id}`.execute(tx);

          const affected = [...new Set([...oldUplines, ...newUplines].map((r) => r.id))];
          await recomputeTeams(tx, {
            merchantId: brand.id,
            agentIds: affected,
            from: firstDay[0]?.day ?? today,
            to: today,
            threshold,
            agentTypes: brand.settings.agentTypes,
          });

          const oldParent = oldParentId
            ? (
                await sql<{ account: string }>`select account from member where id = ${oldParentId}`.execute(
                  tx,
                )
              ).rows[0]!.account
            : null;
          const moved = Number(team[0]!.n);
          await writeAudit(tx, {
            merchantId: brand.id,
            actor: operator!.actor,
            action: 'agent.move',
            target: member.account,
            payload: { from: oldParent, to: target.account, moved, reason: body.reason },
          });
          return { account: member.account, oldParent, newParent: target.account, moved };
        });
      });
    },
  };
}
