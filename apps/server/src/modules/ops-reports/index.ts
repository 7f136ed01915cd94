import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { OPS_REPORT_MAX_DAYS } from '@arcadia/contract';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/job-runner.js';
import type { AppModule } from '../../lib/app-module.js';
import type { Clock } from '../../lib/clock.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import { registerOpsReportRoutes } from './ops-reports.routes.js';
import { createOpsReportsService } from './ops-reports.service.js';
import { createReportsRepository } from './reports.repository.js';

export { checkRange } from './ops-reports.service.js';

/**
 * The back office's brand reports (docs/back-office.md "Reports"): revenue, payments, players and
 * the top winners and losers of one brand over a range of UTC days, as JSON and as CSV; and the
 * jobs that keep the brand rollups the revenue report reads.
 */
export function createOpsReportsModule(deps: { db: Kysely<Database>; brands: BrandService; clock: Clock }) {
  const { db, brands, clock } = deps;
  const repo = createReportsRepository(db);
  const reports = createOpsReportsService({ repo, brands, clock });
  const { refreshAll } = reports;

  const module = {
    name: 'ops-reports',
    repository: repo,
    /**
     * Every ten minutes the last three closed days (yesterday is read from the rollup once this
     * has run after midnight; rounds settled later land within ten minutes); every six hours the
     * whole report window, for the rare change to an older day (a bet voided or settled late).
     */
    jobs: [
      { name: 'ops-reports.rollup', everyMs: 10 * 60_000, leaseMs: 15 * 60_000, run: () => refreshAll(3, 1) },
      {
        name: 'ops-reports.rollup.window',
        everyMs: 6 * 3_600_000,
        leaseMs: 3_600_000,
        run: () => refreshAll(OPS_REPORT_MAX_DAYS + 1, 1),
      },
    ] satisfies Job[],

    register(app: FastifyInstance, hooks: RouteHooks) {
      registerOpsReportRoutes(app, hooks, { reports, brands });
    },
  };
  return module satisfies AppModule;
}
