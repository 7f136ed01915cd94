import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../lib/app-module.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RouteHooks } from '../../plugins/routes.js';
import { createRecordsRepository } from './records.repository.js';
import { registerRecordRoutes } from './records.routes.js';
import { createRecordsService } from './records.service.js';

/**
 * The member's records (docs/ARCHITECTURE.md "records"): betting record, profit and loss, and the
 * public winner board.
 */
export function createRecordsModule(deps: { db: Kysely<Database> }) {
  const records = createRecordsService(createRecordsRepository(deps.db));
  const face = {
    name: 'records',
    records,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerRecordRoutes(app, hooks, records);
    },
  };
  return face satisfies AppModule;
}

export type RecordsModule = ReturnType<typeof createRecordsModule>;
export { maskAccount, reportRange, sportsPick, type RecordsService } from './records.service.js';
