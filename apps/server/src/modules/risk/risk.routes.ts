import { riskRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { RiskService } from './risk.service.js';

/** The risk desk's operator routes: the flag queue, reviews, the brand's thresholds. */
export function registerRiskRoutes(app: FastifyInstance, hooks: RouteHooks, risk: RiskService) {
  registerRoute(app, hooks, riskRoutes.opsRiskFlagList, async ({ params, query }) =>
    risk.flagList(params.merchantCode, query),
  );
  registerRoute(app, hooks, riskRoutes.opsRiskFlagReview, async ({ params, body, operator }) =>
    risk.review(params, body, operator!.actor),
  );
  registerRoute(app, hooks, riskRoutes.opsRiskSettings, async ({ params }) =>
    risk.settings(params.merchantCode),
  );
  registerRoute(app, hooks, riskRoutes.opsRiskSettingsUpdate, async ({ params, body, operator }) =>
    risk.updateSettings(params.merchantCode, body, operator!.actor),
  );
}
