// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import { registerHealthRoutes } from './health.routes.js';

/** `/healthz` (the process answers) and `/readyz` (the database answers and is fully migrated). */
export function createHealthModule(deps: { db: Kysely<Database> }) {
  const face = {
    name: 'health',
    register(app: FastifyInstance) {
      registerHealthRoutes(app, deps.db);
    },
  };
  return face satisfies AppModule;
}

export { registerHealthRoutes } from './health.routes.js';
