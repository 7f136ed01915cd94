import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { AppModule } from '../../lib/app-module.js';
import { sendNotFound } from '../../plugins/errors.js';

/**
 * Operations metrics in the Prometheus text format at `GET /metrics` (docs/operations.md):
 * HTTP latency per route, committed ledger postings, job runs and failures, sockets held, the
 * database pool, and the process's own figures (CPU, memory, event-loop lag, GC).
 *
 * One registry per app (tests build many apps in one process). Who may read it: with
 * `METRICS_TOKEN` set, a request carrying `Authorization: Bearer <token>`; without it, requests
 * from the machine itself (loopback) only — everyone else gets the usual 404.
 */
export function createMetricsModule(deps: {
  token: string | undefined;
  /** Sockets this instance holds now. */
  sockets: () => number;
  /** The database pool's connections (PostgreSQL), or null for the embedded database. */
  pool: () => { total: number; idle: number; waiting: number } | null;
}) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service: 'arcadia' });
  client.collectDefaultMetrics({ register: registry, prefix: 'arcadia_' });

  const http = new client.Histogram({
    name: 'arcadia_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, from arrival to the reply sent.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const postings = new client.Counter({
    name: 'arcadia_ledger_postings_total',
    help: 'Committed ledger postings that moved a member balance (ledger service and vendor wallet).',
    registers: [registry],
  });
  const jobRuns = new client.Counter({
    name: 'arcadia_job_runs_total',
    help: 'Background job runs on this instance by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new client.Histogram({
    name: 'arcadia_job_duration_seconds',
    help: 'Background job run time by job.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  new client.Gauge({
    name: 'arcadia_sockets',
    help: 'Real-time sockets held by this instance.',
    registers: [registry],
    collect() {
      this.set(deps.sockets());
    },
  });
  new client.Gauge({
    name: 'arcadia_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL only).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = deps.pool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  const allowed = (request: FastifyRequest) => {
    if (deps.token) return request.headers.authorization === `Bearer ${deps.token}`;
    const address = request.socket.remoteAddress ?? '';
    return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  };

  const face = {
    name: 'metrics',
    registry,
    /** Counts one committed posting (the ledger's balance listener). */
    posted: () => postings.inc(),
    /** Times one job run (the job runner's observer). */
    jobRan: (job: string, ok: boolean, seconds: number) => {
      jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
      jobSeconds.observe({ job }, seconds);
    },
    register(app: FastifyInstance) {
      // A callback hook, not an async one: no promise per request on the hot paths.
      app.addHook('onResponse', (request, reply, done) => {
        // The route's pattern (bounded label values); unmatched paths share one label.
        const route = request.routeOptions.url ?? 'unmatched';
        if (route !== '/metrics')
          http.observe(
            { method: request.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` },
            reply.elapsedTime / 1000,
          );
        done();
      });
      app.get('/metrics', async (request, reply) => {
        if (!allowed(request)) return sendNotFound(reply);
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    },
  };
  return face satisfies AppModule;
}

export type MetricsModule = ReturnType<typeof createMetricsModule>;
