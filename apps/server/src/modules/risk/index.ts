import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../lib/app-module.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/job-runner.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import { createRiskRepository } from './risk.repository.js';
import { registerRiskRoutes } from './risk.routes.js';
import { createRiskService } from './risk.service.js';

/**
 * The risk desk (docs/back-office.md, "Risk"): flags raised by a scan of new rows since a cursor
 * per brand and check — the `risk.scan` job every minute over every active brand, and the queue
 * itself before it answers — never inside a deposit, a withdrawal or a bet.
 */
export function createRiskModule(deps: { db: Kysely<Database>; brands: BrandService }) {
  const risk = createRiskService({ ...deps, repository: createRiskRepository(deps.db) });
  const jobs: Job[] = [{ name: 'risk.scan', everyMs: 60_000, leaseMs: 10 * 60_000, run: risk.scanAll }];
  const face = {
    name: 'risk',
    jobs,
    scanAll: risk.scanAll,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerRiskRoutes(app, hooks, risk);
    },
  };
  return face satisfies AppModule;
}

export type RiskModule = ReturnType<typeof createRiskModule>;
