// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { Clock } from '../../lib/clock.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import { createSystemRepository } from './system.repository.js';
import { registerSystemRoutes } from './system.routes.js';
import { createSystemService } from './system.service.js';

/** The permission bootstrap, countries, the help centre and feedback. */
export function createSystemModule(deps: { db: Kysely<Database>; brands: BrandService; clock: Clock }) {
  const system = createSystemService({ repository: createSystemRepository(deps.db), brands: deps.brands });
  const face = {
    name: 'system',
    system,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerSystemRoutes(app, hooks, system, deps.clock);
    },
  };
  return face satisfies AppModule;
}

export * from './system.service.js';
