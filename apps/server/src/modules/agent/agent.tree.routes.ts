import { agentOpsRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { type BrandService, opsBrandOf } from '../brand/index.js';
import type { AgentTreeService } from './agent.tree.service.js';

/** The back office's agent tree (docs/back-office.md, "Agents"): browse, search, move. */
export function registerAgentTreeRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { tree: AgentTreeService; brands: BrandService },
) {
  const { tree, brands } = deps;

  registerRoute(app, hooks, agentOpsRoutes.opsAgentTree, async ({ params, query }) =>
    tree.tree(await opsBrandOf(brands, params.merchantCode), query),
  );

  registerRoute(app, hooks, agentOpsRoutes.opsAgentSearch, async ({ params, query }) =>
    tree.search(await opsBrandOf(brands, params.merchantCode), query.q),
  );

  registerRoute(app, hooks, agentOpsRoutes.opsAgentMove, async ({ params, body, operator }) =>
    tree.move(await opsBrandOf(brands, params.merchantCode), body, operator!.actor),
  );
}
