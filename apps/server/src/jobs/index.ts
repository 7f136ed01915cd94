import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { createJobRunner } from './job-runner.js';

/**
 * The platform's job runner. Started when the app is ready and stopped (waiting for running jobs)
 * when it closes; off with JOBS_ENABLED=false. Modules add their `jobs` with `runner.register`.
 */
export function registerJobs(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    config: Config;
    onRun?: (job: string, ok: boolean, seconds: number) => void;
  },
) {
  const { db, config } = deps;
  const runner = createJobRunner({ db, log: app.log, tickMs: config.JOBS_TICK_MS, onRun: deps.onRun });

  if (config.JOBS_ENABLED) {
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  }
  return runner;
}
