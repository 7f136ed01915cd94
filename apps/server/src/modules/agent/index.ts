import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import type { MemberService } from '../member/member.service.js';
import type { WalletService } from '../wallet/index.js';
import { createAffiliateRepository } from './agent.affiliates.repository.js';
import { createAgentAnnouncementRepository } from './agent.announcements.repository.js';
import { createAgentAnnouncementOps } from './agent.announcements.service.js';
import { agentJobs } from './agent.jobs.js';
import { createAgentRepository } from './agent.repository.js';
import { registerAgentRoutes } from './agent.routes.js';
import { createAgentService } from './agent.service.js';
import { createAgentTreeRepository } from './agent.tree.repository.js';
import { registerAgentTreeRoutes } from './agent.tree.routes.js';
import { createAgentTreeService } from './agent.tree.service.js';

/**
 * Agents (docs/reports.md, docs/back-office.md "Agents"): the agent centre (team, invitation
 * links, transfers, reports over the team rollups), the back office's agent tree and agent
 * announcements, and the team-rollup jobs. Recomputes a brand's rollups on `rollups.stale`.
 */
export function createAgentModule(deps: {
  db: Kysely<Database>;
  brands: BrandService;
  members: MemberService;
  wallet: WalletService;
  events: DomainEventBus;
}) {
  const { db, brands, events } = deps;
  const announcementRepository = createAgentAnnouncementRepository(db);
  const agent = createAgentService({
    repository: createAgentRepository(db),
    affiliates: createAffiliateRepository(db),
    announcements: announcementRepository,
    members: deps.members,
    wallet: deps.wallet,
  });
  const announcements = createAgentAnnouncementOps({ db, repository: announcementRepository });
  const tree = createAgentTreeService({ db, repository: createAgentTreeRepository(db) });
  events.on('rollups.stale', ({ brand, daysBack }) => agent.refreshRollups(brand, daysBack));

  const module = {
    name: 'agent',
    service: agent,
    /** Recomputes the brand's team rollups for the last `daysBack` days (and today). */
    refreshRollups: agent.refreshRollups,
    jobs: agentJobs({ brands, agent }),
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerAgentRoutes(app, hooks, { agent, announcements, brands });
      // The back office's agent tree (docs/back-office.md): browse, search, move a member or a team.
      registerAgentTreeRoutes(app, hooks, { tree, brands });
    },
  };
  return module satisfies AppModule;
}

export type AgentModule = ReturnType<typeof createAgentModule>;

export type { AgentService } from './agent.service.js';
export { agentSettings } from './agent.periods.js';
