import type { AgentTreeNode } from '@arcadia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toMinor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import { writeAudit } from '../operator/index.js';
import { agentSettings } from './agent.periods.js';
import { recomputeTeams } from './agent.rollups.repository.js';
import type { AgentTreeRepository, NodeRow } from './agent.tree.repository.js';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const monthRange = (now = new Date()) => ({ from: `${utcDay(now).slice(0, 7)}-01`, to: utcDay(now) });

/**
 * The back office's agent tree (docs/back-office.md, "Agents"): browse a brand's members by
 * upline, find one, and move a member or an agent with its team under another agent.
 */
export function createAgentTreeService(deps: { db: Kysely<Database>; repository: AgentTreeRepository }) {
  const { db, repository } = deps;

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

  return {
    async tree(brand: Brand, query: { parentId?: string | undefined; pageNo: number; pageSize: number }) {
      const month = monthRange();
      let parent: AgentTreeNode | null = null;
      if (query.parentId) {
        const row = await repository.node(brand.id, query.parentId, month);
        if (!row) throw new AppError('not.found', { member: query.parentId });
        parent = toNode(brand, row);
      }
      const rows = await repository.children(
        brand.id,
        query.parentId,
        brand.settings.agentTypes,
        month,
        query,
      );
      return {
        parent,
        path: parent
          ? [...(await repository.pathOf(parent.id)), { id: parent.id, account: parent.account }]
          : [],
        list: rows.map((r) => toNode(brand, r)),
        total: rows.length > 0 ? Number(rows[0]!.total) : 0,
        month,
      };
    },

    async search(brand: Brand, q: string) {
      const rows = await repository.search(brand.id, q, monthRange());
      return {
        list: await Promise.all(
          rows.map(async (r) => ({ ...toNode(brand, r), path: await repository.pathOf(String(r.id)) })),
        ),
      };
    },

    async move(
      brand: Brand,
      body: { account: string; newParentAccount: string; reason: string },
      actor: string,
    ) {
      const member = await repository.memberByAccount(brand.id, body.account);
      if (!member) throw new AppError('not.found', { account: body.account });
      const target = await repository.memberByAccount(brand.id, body.newParentAccount);
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
        await repository.lockRollups(tx, brand.id);
        const oldParentId = await repository.lockParentOf(tx, member.id);
        if (await repository.inTeam(tx, member.id, target.id))
          throw new AppError('agent.move_cycle', { account: target.account });
        if (oldParentId === target.id)
          throw new AppError('agent.move_same_parent', { account: target.account });

        const oldUplines = await repository.uplinesOf(tx, member.id);
        const newUplines = await repository.selfAndUplines(tx, target.id);
        // The first day the moved team has figures in: every upline's rows from then on change.
        const firstDay = await repository.firstTeamDay(tx, member.id);

        const moved = await repository.teamSize(tx, member.id);
        await repository.reattach(tx, member.id, target.id);

        const affected = [...new Set([...oldUplines, ...newUplines].map((r) => r.id))];
        await recomputeTeams(tx, {
          merchantId: brand.id,
          agentIds: affected,
          from: firstDay ?? today,
          to: today,
          threshold,
          agentTypes: brand.settings.agentTypes,
        });

        const oldParent = oldParentId ? await repository.accountOf(tx, oldParentId) : null;
        await writeAudit(tx, {
          merchantId: brand.id,
          actor,
          action: 'agent.move',
          target: member.account,
          payload: { from: oldParent, to: target.account, moved, reason: body.reason },
        });
        return { account: member.account, oldParent, newParent: target.account, moved };
      });
    },
  };
}

export type AgentTreeService = ReturnType<typeof createAgentTreeService>;
