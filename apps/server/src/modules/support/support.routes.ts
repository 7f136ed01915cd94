import { socketPath, supportLimits, supportRoutes, supportTokenHeader } from '@arcadia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { AuthedSession } from '../auth/index.js';
import type { BrandService } from '../brand/index.js';
import { opsBrandOf } from '../brand/index.js';
import type { Caller, SupportService } from './support.service.js';

/** A message may carry a 5 MiB image as base64 (about 6.7 MiB of JSON). */
const SEND_BODY_LIMIT = 8 * 1024 * 1024;

const tokenHeader = supportTokenHeader.toLowerCase();

/** A member by session wins; otherwise the visitor's token (absent: a visitor without one). */
function callerOf(session: AuthedSession | null, request: FastifyRequest): Caller {
  if (session) {
    const { member } = session;
    return { kind: 'member', memberId: member.id, name: member.nickname || member.account };
  }
  const header = request.headers[tokenHeader];
  return { kind: 'visitor', token: typeof header === 'string' ? header.trim() : null };
}

export function registerSupportRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { support: SupportService; brands: BrandService; online: (merchantId: number) => Promise<boolean> },
) {
  const { support } = deps;
  const r = supportRoutes;

  registerRoute(app, hooks, r.supportImUrl, async ({ brand }) => ({
    url: socketPath,
    online: await deps.online(brand.id),
  }));
  registerRoute(app, hooks, r.supportCurrent, ({ brand, session, request }) =>
    support.current(brand.id, callerOf(session, request)),
  );
  registerRoute(app, hooks, r.supportStart, ({ brand, session, request, body, client }) =>
    support.start(brand.id, callerOf(session, request), body, client),
  );
  registerRoute(app, hooks, r.supportMessages, ({ brand, session, request, query }) =>
    support.history(brand.id, callerOf(session, request), query),
  );
  registerRoute(
    app,
    hooks,
    r.supportSend,
    ({ brand, session, request, body, client }) =>
      support.send(brand.id, callerOf(session, request), body, client),
    { bodyLimit: SEND_BODY_LIMIT },
  );
  registerRoute(app, hooks, r.supportAttachment, ({ brand, session, request, params }) =>
    support.attachment(brand.id, callerOf(session, request), params.attachmentId),
  );

  // ── operators (roles support and admin; an operator of one brand reaches only that brand) ──
  const opsBrand = async (code: string) => (await opsBrandOf(deps.brands, code)).id;
  registerRoute(app, hooks, r.opsSupportList, async ({ params, query }) =>
    support.opsList(await opsBrand(params.merchantCode), query),
  );
  registerRoute(app, hooks, r.opsSupportDetail, async ({ params }) =>
    support.opsDetail(await opsBrand(params.merchantCode), params.conversationId),
  );
  registerRoute(app, hooks, r.opsSupportMessages, async ({ params, query }) =>
    support.opsHistory(await opsBrand(params.merchantCode), params.conversationId, query),
  );
  registerRoute(
    app,
    hooks,
    r.opsSupportSend,
    async ({ params, body, operator }) =>
      support.opsSend(await opsBrand(params.merchantCode), params.conversationId, body, operator!),
    { bodyLimit: SEND_BODY_LIMIT },
  );
  registerRoute(app, hooks, r.opsSupportAssign, async ({ params, operator }) =>
    support.opsAssign(await opsBrand(params.merchantCode), params.conversationId, operator!),
  );
  registerRoute(app, hooks, r.opsSupportClose, async ({ params, operator }) =>
    support.opsClose(await opsBrand(params.merchantCode), params.conversationId, operator!),
  );
  registerRoute(app, hooks, r.opsSupportRead, async ({ params }) =>
    support.opsRead(await opsBrand(params.merchantCode), params.conversationId),
  );
  registerRoute(app, hooks, r.opsSupportAttachment, async ({ params }) =>
    support.opsAttachment(await opsBrand(params.merchantCode), params.attachmentId),
  );
  registerRoute(app, hooks, r.opsSupportCannedList, async ({ params }) =>
    support.cannedList(await opsBrand(params.merchantCode)),
  );
  registerRoute(app, hooks, r.opsSupportCannedCreate, async ({ params, body, operator }) =>
    support.cannedCreate(await opsBrand(params.merchantCode), body, operator!, supportLimits.cannedPerBrand),
  );
  registerRoute(app, hooks, r.opsSupportCannedUpdate, async ({ params, body, operator }) =>
    support.cannedUpdate(await opsBrand(params.merchantCode), params.cannedId, body, operator!),
  );
  registerRoute(app, hooks, r.opsSupportCannedDelete, async ({ params, operator }) =>
    support.cannedDelete(await opsBrand(params.merchantCode), params.cannedId, operator!),
  );
}
