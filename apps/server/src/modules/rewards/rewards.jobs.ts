import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/job-runner.js';
import type { BrandService } from '../brand/brand.service.js';
import type { Rebates } from './rebate.js';

/**
 * The daily rebate on the shared job runner (docs/jobs.md): every few minutes it settles
 * yesterday for each brand that has not had it settled. Idempotent (a member already paid is owed
 * nothing), so a rerun, a crash half-way or a second instance pays nothing twice.
 */
export function rewardsJobs(deps: { db: Kysely<Database>; brands: BrandService; rebates: Rebates }): Job[] {
  return [
    {
      name: 'rewards.rebate-daily',
      everyMs: 10 * 60_000,
      leaseMs: 30 * 60_000,
      async run() {
        const codes = await deps.db
          .selectFrom('merchant')
          .select('code')
          .where('status', '=', 'active')
          .execute();
        let payments = 0;
        for (const { code } of codes) {
          const brand = await deps.brands.get(code);
          for (const day of await deps.rebates.pendingDays(brand))
            payments += (await deps.rebates.settleDay(brand, day)).payments;
        }
        return payments;
      },
    },
  ];
}
