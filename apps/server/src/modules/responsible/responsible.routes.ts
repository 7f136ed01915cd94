import { responsibleRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { ResponsibleService } from './responsible.service.js';

/** Responsible gaming's routes: the member's status and settings, and the operators' (audited). */
export function registerResponsibleRoutes(app: FastifyInstance, hooks: RouteHooks, rg: ResponsibleService) {
  registerRoute(app, hooks, responsibleRoutes.rgStatus, async ({ session }) =>
    rg.status(session!.member.id, session!.sessionId),
  );

  registerRoute(app, hooks, responsibleRoutes.rgRealityCheck, async ({ session, body }) => {
    await rg.setRealityCheck(session!.member.id, body.minutes);
    return rg.status(session!.member.id, session!.sessionId);
  });

  registerRoute(app, hooks, responsibleRoutes.rgSessionLimit, async ({ session, body }) => {
    await rg.setSessionLimit(session!.member.id, body.minutes);
    return rg.status(session!.member.id, session!.sessionId);
  });

  registerRoute(app, hooks, responsibleRoutes.rgDepositLimit, async ({ session, body }) => {
    await rg.setDepositLimit(session!.member.id, body);
    return rg.status(session!.member.id, session!.sessionId);
  });

  registerRoute(app, hooks, responsibleRoutes.rgPlayLimit, async ({ session, body }) => {
    await rg.setPlayLimit(session!.member.id, body);
    return rg.status(session!.member.id, session!.sessionId);
  });

  registerRoute(app, hooks, responsibleRoutes.rgExclude, async ({ brand, session, body }) => {
    await rg.takeBreak(brand.id, session!.member.id, body);
    return rg.status(session!.member.id, session!.sessionId);
  });

  registerRoute(app, hooks, responsibleRoutes.opsRgDepositLimit, async ({ params, body, operator }) =>
    rg.opsSetDepositLimit(params, body, operator!.username),
  );

  registerRoute(app, hooks, responsibleRoutes.opsRgPlayLimit, async ({ params, body, operator }) =>
    rg.opsSetPlayLimit(params, body, operator!.username),
  );

  registerRoute(app, hooks, responsibleRoutes.opsRgStatus, async ({ params }) => rg.opsStatus(params));
}
