import { lobbyRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import { opsBrandOf, requestLanguage } from '../brand/index.js';
import type { AnnouncementsService } from './announcements.service.js';

export function registerAnnouncementRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { announcements: AnnouncementsService; brands: BrandService },
) {
  const { announcements } = deps;
  registerRoute(app, hooks, lobbyRoutes.announcements, async ({ brand, query, request }) =>
    announcements.list(brand.id, requestLanguage(request, brand, query.language), query),
  );
  registerRoute(app, hooks, lobbyRoutes.noticeList, async ({ brand, query, request }) =>
    announcements.notices(brand.id, requestLanguage(request, brand, query.language), query),
  );

  const opsBrand = async (code: string) => (await opsBrandOf(deps.brands, code)).id;
  registerRoute(app, hooks, lobbyRoutes.opsAnnouncementList, async ({ params, query }) =>
    announcements.opsList(await opsBrand(params.merchantCode), query),
  );
  registerRoute(app, hooks, lobbyRoutes.opsAnnouncementCreate, async ({ params, body, operator }) =>
    announcements.opsCreate(await opsBrand(params.merchantCode), body, operator!.actor),
  );
  registerRoute(app, hooks, lobbyRoutes.opsAnnouncementUpdate, async ({ params, body, operator }) =>
    announcements.opsUpdate(
      await opsBrand(params.merchantCode),
      params.announcementId,
      body,
      operator!.actor,
    ),
  );
  registerRoute(app, hooks, lobbyRoutes.opsAnnouncementDelete, async ({ params, operator }) =>
    announcements.opsDelete(await opsBrand(params.merchantCode), params.announcementId, operator!.actor),
  );
}
