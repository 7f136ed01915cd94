import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { AppModule } from '../../lib/app-module.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import { agentSettings } from '../agent/index.js';
import type { BrandService } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { contractJobs } from './contracts.jobs.js';
import { createContractsRepository } from './contracts.repository.js';
import { registerContractRoutes } from './contracts.routes.js';
import { createContractsService } from './contracts.service.js';
import { createContractsSettlement } from './contracts.settlement.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The contracts module, for operational scripts and tests (running a settlement on demand). */
    contracts: ContractsModule;
  }
}

/**
 * Agent contracts (docs/contracts.md): dividends, daily wages, hourly and real-time salaries on one
 * engine — offers and their answers, the operator's top-agent contracts, settlement jobs that pay
 * "upline pays the difference" through the ledger.
 */
export function createContractsModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  brands: BrandService;
  hub?: RealtimeHub | undefined;
  /** Settlement emits `rollups.stale` before it reads `team_day` (the agent module refreshes them). */
  events: DomainEventBus;
  /** What the settlement jobs and the operator's settle call take as now (src/lib/clock.ts). */
  clock: Clock;
}) {
  const repository = createContractsRepository(deps.db);
  const service = createContractsService({ repository, ledger: deps.ledger, hub: deps.hub });
  const settlement = createContractsSettlement({
    repository,
    ledger: deps.ledger,
    hub: deps.hub,
    events: deps.events,
    clock: deps.clock,
    // The agent centre's active-member rule (docs/reports.md), in minor units.
    activeThreshold: (brand) =>
      BigInt(Math.round(agentSettings(brand).activeMinValidBet * 10 ** brand.currencyScale)),
  });
  const module = {
    name: 'contracts',
    service,
    settlement,
    /** A brand by code, for scripts and tests driving a settlement. */
    brand: (code: string) => deps.brands.get(code),
    jobs: contractJobs({ brands: deps.brands, settlement }),
    register(app: FastifyInstance, hooks: RouteHooks) {
      app.decorate('contracts', module);
      registerContractRoutes(app, hooks, { contracts: service, settlement, brands: deps.brands });
    },
  };
  return module satisfies AppModule;
}

export type ContractsModule = ReturnType<typeof createContractsModule>;
