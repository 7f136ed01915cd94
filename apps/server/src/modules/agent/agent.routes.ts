import { agentRoutes, languageCodes } from '@arcadia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { Brand, BrandService } from '../brand/index.js';
import type { AgentAnnouncementOps } from './agent.announcements.service.js';
import type { AgentService } from './agent.service.js';

/** The `Language` header when it names a known language. */
function headerLanguage(request: FastifyRequest): string | undefined {
  const value = request.headers.language;
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return (languageCodes as readonly string[]).includes(code) ? code : undefined;
}

export function registerAgentRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { agent: AgentService; announcements: AgentAnnouncementOps; brands: BrandService },
) {
  const { agent, announcements, brands } = deps;

  async function opsBrand(code: string): Promise<Brand> {
    const brand = await brands.find(code);
    if (!brand) throw new AppError('not.found', { merchant: code });
    return brand;
  }

  registerRoute(app, hooks, agentRoutes.agentRegisterSettings, async ({ brand, session }) =>
    agent.registerSettings(brand, session!.member),
  );
  registerRoute(app, hooks, agentRoutes.agentCreateDownline, async ({ brand, session, body, client }) =>
    agent.createDownline(brand, session!.member, body, client.ip),
  );
  registerRoute(app, hooks, agentRoutes.agentAffiliateList, async ({ brand, session, query }) =>
    agent.affiliateList(brand, session!.member, query),
  );
  registerRoute(app, hooks, agentRoutes.agentAffiliateCreate, async ({ brand, session, body }) =>
    agent.affiliateCreate(brand, session!.member, body),
  );
  registerRoute(app, hooks, agentRoutes.agentAffiliateUpdate, async ({ brand, session, params, body }) =>
    agent.affiliateUpdate(brand, session!.member, params.affiliateId, body),
  );
  registerRoute(app, hooks, agentRoutes.agentTeamOverview, async ({ brand, session, query }) =>
    agent.overview(brand, session!.member, query),
  );
  registerRoute(app, hooks, agentRoutes.agentDownlineList, async ({ brand, session, query }) =>
    agent.downlineList(brand, session!.member, query),
  );
  registerRoute(app, hooks, agentRoutes.agentDownlineDetail, async ({ brand, session, params }) =>
    agent.downlineDetail(brand, session!.member, params.memberId),
  );
  registerRoute(app, hooks, agentRoutes.agentDownlineTransfer, async ({ brand, session, body }) =>
    agent.transfer(brand, session!.member, body),
  );
  registerRoute(app, hooks, agentRoutes.agentTeamBets, async ({ brand, session, query }) =>
    agent.teamBets(brand, session!.member, query),
  );
  registerRoute(app, hooks, agentRoutes.agentTeamProfitLoss, async ({ brand, session, query }) =>
    agent.profitLoss(brand, session!.member, query),
  );
  registerRoute(app, hooks, agentRoutes.agentIncome, async ({ brand, session, query }) =>
    agent.income(brand, session!.member, query),
  );
  registerRoute(app, hooks, agentRoutes.agentTeamTransactions, async ({ brand, session, query }) =>
    agent.teamTransactions(brand, session!.member, query),
  );
  registerRoute(app, hooks, agentRoutes.agentAnnouncements, async ({ brand, session, query, request }) =>
    agent.announcements(brand, session!.member, headerLanguage(request), query),
  );

  // ── operator: agent announcements ───────────────────────────────────────────────────────────
  registerRoute(app, hooks, agentRoutes.opsAgentAnnouncementList, async ({ params, query }) =>
    announcements.list(await opsBrand(params.merchantCode), query),
  );
  registerRoute(app, hooks, agentRoutes.opsAgentAnnouncementCreate, async ({ params, body, operator }) =>
    announcements.create(await opsBrand(params.merchantCode), body, operator!.actor),
  );
  registerRoute(app, hooks, agentRoutes.opsAgentAnnouncementUpdate, async ({ params, body, operator }) =>
    announcements.update(await opsBrand(params.merchantCode), params.announcementId, body, operator!.actor),
  );
  registerRoute(app, hooks, agentRoutes.opsAgentAnnouncementDelete, async ({ params, operator }) =>
    announcements.remove(await opsBrand(params.merchantCode), params.announcementId, operator!.actor),
  );
}
