import { houseRoutes, houseTokenHeader } from '@arcadia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute, type RouteHooks } from '../../plugins/routes.js';
import type { HouseService } from './house.service.js';

const gameToken = (request: FastifyRequest): string | undefined => {
  const v = request.headers[houseTokenHeader];
  return typeof v === 'string' ? v : undefined;
};

/** The house vendor's game-client API under `/house/api`. */
export function registerHouseRoutes(app: FastifyInstance, hooks: RouteHooks, house: HouseService) {
  registerRoute(app, hooks, houseRoutes.houseSession, ({ request }) => house.session(gameToken(request)));
  registerRoute(app, hooks, houseRoutes.housePlay, ({ request, body }) =>
    house.play(gameToken(request), body),
  );
  registerRoute(app, hooks, houseRoutes.houseSeed, ({ request, body }) =>
    house.seed(gameToken(request), body),
  );
  registerRoute(app, hooks, houseRoutes.houseHistory, ({ request, query }) =>
    house.history(gameToken(request), query.limit),
  );
  registerRoute(app, hooks, houseRoutes.houseVerify, async ({ body }) => house.verify(body));
  registerRoute(app, hooks, houseRoutes.houseEngines, async () => house.engines());
}
