import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * The back office's agent tree (docs/back-office.md, "Agents"): a brand's members by upline, each
 * with its team size and this month's team figures from the team rollups, a search that shows where
 * a member sits, and moving a member (or an agent with its whole team) under another agent, with a
 * required reason (audited) and the team rollups of the old and new uplines recomputed at once.
 */

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });
const minorSchema = z.string().regex(/^-?(0|[1-9][0-9]{0,18})$/);
const idSchema = z.string().regex(/^[1-9][0-9]{0,18}$/);

export const agentTreeNodeSchema = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  status: z.enum(['active', 'frozen', 'closed']),
  /** Depth below the top of the brand (0: no upline). */
  level: z.number().int(),
  /** The whole team below (the member itself not counted) and the direct downlines. */
  teamSize: z.number().int(),
  directCount: z.number().int(),
  /** This UTC month's figures of the member and its team, from the team rollups (minor units). */
  month: z.object({
    betCount: z.number().int(),
    validBet: minorSchema,
    payout: minorSchema,
    /** Payouts − stakes: the team's result (negative: the team lost). */
    profitLoss: minorSchema,
    depositAmount: minorSchema,
    withdrawNet: minorSchema,
  }),
});
export type AgentTreeNode = z.infer<typeof agentTreeNodeSchema>;

const pathSchema = z.array(z.object({ id: z.string(), account: z.string() }));

export const agentMoveBodySchema = z.object({
  /** The member (or agent, with its whole team) to move. */
  account: z.string().trim().min(1).max(64),
  /** The agent it goes under. */
  newParentAccount: z.string().trim().min(1).max(64),
  reason: z.string().trim().min(3).max(500),
});
export type AgentMoveBody = z.infer<typeof agentMoveBodySchema>;

export const agentOpsRoutes = {
  opsAgentTree: defineRoute({
    ...endpoints.opsAgentTree,
    tag: 'ops',
    summary:
      "One level of the brand's agent tree: the direct downlines of `parentId` (without it: the members with no upline), each with its team size and this month's team figures; `path` is the chain from the top to the parent. Errors: `not.found`.",
    params: merchantParams,
    query: z.object({
      parentId: idSchema.optional(),
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    }),
    reply: z.object({
      parent: agentTreeNodeSchema.nullable(),
      path: pathSchema,
      list: z.array(agentTreeNodeSchema),
      total: z.number().int(),
      month: z.object({ from: z.string(), to: z.string() }),
    }),
  }),
  opsAgentSearch: defineRoute({
    ...endpoints.opsAgentSearch,
    tag: 'ops',
    summary:
      'Members and agents of the brand whose account contains `q` (at most 20, exact match first), each with the chain of uplines above it.',
    params: merchantParams,
    query: z.object({ q: z.string().trim().min(1).max(64) }),
    reply: z.object({ list: z.array(agentTreeNodeSchema.extend({ path: pathSchema })) }),
  }),
  opsAgentMove: defineRoute({
    ...endpoints.opsAgentMove,
    tag: 'ops',
    summary:
      'Moves a member, or an agent with its whole team, under another agent of the brand, with a required reason (audited); the team rollups of the old and new uplines are recomputed in the same transaction. Errors: `not.found`, `agent.move_cycle` (the new upline is the member itself or in its team), `agent.move_not_agent` (the new upline is not an agent), `agent.move_same_parent`.',
    params: merchantParams,
    body: agentMoveBodySchema,
    reply: z.object({
      account: z.string(),
      oldParent: z.string().nullable(),
      newParent: z.string(),
      /** Members moved: the member and its whole team. */
      moved: z.number().int(),
    }),
  }),
} as const;
