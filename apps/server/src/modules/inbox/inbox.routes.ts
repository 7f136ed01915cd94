import { inboxRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { Brand, BrandService } from '../brand/brand.service.js';
import type { InboxService } from './inbox.service.js';

/** The inbox's routes: the member's inbox, an agent's platform messages, the operator's composer. */
export function registerInboxRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { inbox: InboxService; brands: BrandService },
) {
  const { inbox, brands } = deps;

  async function opsBrand(code: string): Promise<Brand> {
    const brand = await brands.find(code);
    if (!brand) throw new AppError('not.found', { merchant: code });
    return brand;
  }

  registerRoute(app, hooks, inboxRoutes.inboxList, ({ brand, session, query }) =>
    inbox.list(brand, session!.member, query),
  );
  registerRoute(app, hooks, inboxRoutes.inboxDetail, ({ brand, session, query }) =>
    inbox.detail(brand, session!.member, query.id),
  );
  registerRoute(app, hooks, inboxRoutes.inboxUnreadCount, ({ brand, session }) =>
    inbox.unread(brand, session!.member),
  );
  registerRoute(app, hooks, inboxRoutes.inboxRead, ({ brand, session, body }) =>
    inbox.read(brand, session!.member, body),
  );
  registerRoute(app, hooks, inboxRoutes.inboxDelete, ({ brand, session, body }) =>
    inbox.remove(brand, session!.member, body.ids),
  );

  registerRoute(app, hooks, inboxRoutes.agentMessageSend, ({ brand, session, body }) =>
    inbox.agentSend(brand, session!.member, body),
  );
  registerRoute(app, hooks, inboxRoutes.agentMessageList, ({ brand, session, query }) =>
    inbox.agentSent(brand, session!.member, query),
  );

  registerRoute(app, hooks, inboxRoutes.opsInboxList, async ({ params, query }) =>
    inbox.opsList(await opsBrand(params.merchantCode), query),
  );
  registerRoute(app, hooks, inboxRoutes.opsInboxSend, async ({ params, body, operator }) =>
    inbox.opsSend(await opsBrand(params.merchantCode), body, operator!.actor),
  );
  registerRoute(app, hooks, inboxRoutes.opsInboxCancel, async ({ params, operator }) =>
    inbox.opsCancel(await opsBrand(params.merchantCode), params.messageId, operator!.actor),
  );
}
