import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import type { createBrandService } from '../modules/brand/brand.service.js';
import type { createPaymentsService } from '../modules/payments/payments.service.js';
import { type Job, createJobRunner } from './job-runner.js';

/**
 * The platform's background jobs. Started when the app is ready and stopped (waiting for running
 * jobs) when it closes; off with JOBS_ENABLED=false. Later modules add theirs with `runner.register`.
 */
export function registerJobs(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    config: Config;
    brands: ReturnType<typeof createBrandService>;
    payments: ReturnType<typeof createPaymentsService>;
    onRun?: (job: string, ok: boolean, seconds: number) => void;
  },
) {
  const { db, config, brands, payments } = deps;
  const runner = createJobRunner({ db, log: app.log, tickMs: config.JOBS_TICK_MS, onRun: deps.onRun });

  const forEachBrand = async (work: (brand: Awaited<ReturnType<typeof brands.get>>) => Promise<number>) => {
    const codes = await db.selectFrom('merchant').select('code').execute();
    let total = 0;
    for (const { code } of codes) total += await work(await brands.get(code));
    return total;
  };

  const jobs: Job[] = [
    {
      // Spec §4: a paid withdrawal left unconfirmed past the brand's minutes counts as received.
      name: 'withdrawals.auto-confirm',
      everyMs: 60_000,
      run: () => forEachBrand((brand) => payments.autoConfirmDue(brand)),
    },
  ];
  for (const job of jobs) runner.register(job);

  if (config.JOBS_ENABLED) {
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  }
  return runner;
}
