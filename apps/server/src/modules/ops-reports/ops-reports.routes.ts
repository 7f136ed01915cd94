import { opsReportsRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { type BrandService, opsBrandOf } from '../brand/index.js';
import { safeFileName } from './csv.js';
import { type OpsReportsService, checkRange } from './ops-reports.service.js';

/** The back office's report routes: JSON per report, and each as a CSV download. */
export function registerOpsReportRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { reports: OpsReportsService; brands: BrandService },
) {
  const { ggr, payments, players, topPlayers, csv } = deps.reports;
  const brands = deps.brands;
  const brandOf = (code: string) => opsBrandOf(brands, code);
  registerRoute(app, hooks, opsReportsRoutes.opsReportGgr, async ({ params, query }) =>
    ggr(await brandOf(params.merchantCode), checkRange(query), query.groupBy),
  );
  registerRoute(app, hooks, opsReportsRoutes.opsReportPayments, async ({ params, query }) =>
    payments(await brandOf(params.merchantCode), checkRange(query)),
  );
  registerRoute(app, hooks, opsReportsRoutes.opsReportPlayers, async ({ params, query }) =>
    players(await brandOf(params.merchantCode), checkRange(query)),
  );
  registerRoute(app, hooks, opsReportsRoutes.opsReportTopPlayers, async ({ params, query }) =>
    topPlayers(await brandOf(params.merchantCode), checkRange(query), query.limit),
  );
  registerRoute(app, hooks, opsReportsRoutes.opsReportCsv, async ({ params, query, reply }) => {
    const brand = await brandOf(params.merchantCode);
    const range = checkRange(query);
    const body = await csv(brand, params.report, range, query.groupBy, query.limit);
    const suffix = params.report === 'ggr' ? [`ggr_by_${query.groupBy}`] : [params.report];
    const name = safeFileName([brand.code, ...suffix, range.from, range.to]);
    // Sent here as text/csv; the route layer leaves a reply that is already sent alone.
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(body);
    return body;
  });
}
