import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isReachable } from '../../db/database.js';
import { pendingMigrations } from '../../db/migrate.js';

/** Liveness (process answers) and readiness (database reachable and fully migrated). */
export function registerHealthRoutes(app: FastifyInstance, db: Kysely<Database>) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (!(await isReachable(db))) return reply.status(503).send({ status: 'unavailable', database: false });
    const pending = await pendingMigrations(db);
    if (pending.length > 0) return reply.status(503).send({ status: 'unavailable', database: true, pending });
    return { status: 'ready', database: true, pending: [] };
  });
}
