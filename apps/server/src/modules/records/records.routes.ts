import { routes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { RecordsService } from './records.service.js';

/** Betting record, profit and loss (the caller's own bets only) and the public winner board. */
export function registerRecordRoutes(app: FastifyInstance, hooks: RouteHooks, records: RecordsService) {
  registerRoute(app, hooks, routes.memberBetRecord, async ({ brand, session, query }) =>
    records.betRecord(brand, session!.member.id, query),
  );
  registerRoute(app, hooks, routes.memberProfitLoss, async ({ brand, session, query }) =>
    records.profitLoss(brand, session!.member.id, query),
  );
  registerRoute(app, hooks, routes.winnerBoard, async ({ brand, query }) => records.winners(brand, query));
  registerRoute(app, hooks, routes.rankList, async ({ brand, query }) => records.winners(brand, query));
}
