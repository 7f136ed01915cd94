// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { ThrottleService } from '../throttle/index.js';
import { createOperatorRepository } from './operator.repository.js';
import { registerOperatorRoutes } from './operator.routes.js';
import { createOperatorService } from './operator.service.js';

/**
 * Operator accounts and their sessions (roles, one brand or every brand), the login throttle and the
 * append-only audit log every back-office change writes through `writeAudit`.
 */
export function createOperatorModule(deps: { db: Kysely<Database>; throttle: ThrottleService }) {
  const operators = createOperatorService({
    repository: createOperatorRepository(deps.db),
    throttle: deps.throttle,
  });
  const face = {
    name: 'operator',
    operators,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerOperatorRoutes(app, hooks, operators);
    },
  };
  return face satisfies AppModule;
}

export * from './operator.service.js';
export * from './operator.audit.repository.js';
export * from './operator.repository.js';
