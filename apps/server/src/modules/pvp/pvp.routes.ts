import { pvpRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { PvpService } from './pvp.service.js';

/** The card rooms' routes (docs/pvp.md): the room list, a table, sit, bet, act, leave. */
export function registerPvpRoutes(app: FastifyInstance, hooks: RouteHooks, pvp: PvpService, clock: Clock) {
  registerRoute(app, hooks, pvpRoutes.pvpRoomList, async ({ brand }) => pvp.roomList(brand));

  registerRoute(app, hooks, pvpRoutes.pvpTable, async ({ brand, session, query }) => ({
    ...(await pvp.table(brand, query.tableCode, session?.member.id ?? null)),
    serverTime: clock.now().toISOString(),
  }));

  registerRoute(app, hooks, pvpRoutes.pvpSit, async ({ brand, session, body }) =>
    pvp.sit(brand, session!.member, body),
  );

  registerRoute(app, hooks, pvpRoutes.pvpBet, async ({ brand, session, body }) =>
    pvp.bet(brand, session!.member, body),
  );

  registerRoute(app, hooks, pvpRoutes.pvpAct, async ({ brand, session, body }) =>
    pvp.act(brand, session!.member, body),
  );

  registerRoute(app, hooks, pvpRoutes.pvpLeave, async ({ brand, session, body }) =>
    pvp.leave(brand, session!.member, body),
  );
}
