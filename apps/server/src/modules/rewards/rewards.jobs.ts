import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/job-runner.js';
import type { BrandService } from '../brand/brand.service.js';
import type { Rebates } from './rebate.js';
import type { Points } from './points.js';
import type { Vip } from './vip.js';

/**
 * The daily rebate and the VIP review on the shared job runner (docs/jobs.md): every few minutes it settles
 * yesterday for each brand that has not had it settled. Idempotent (a member already paid is owed
 * nothing), so a rerun, a crash half-way or a second instance pays nothing twice.
 */
export function rewardsJobs(deps: {
  db: Kysely<Database>;
  brands: BrandService;
  rebates: Rebates;
  vip: Vip;
  points: Points;
}): Job[] {
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
    {
      // Upgrades land within minutes (a member's own progress page reviews it at once); the keep
      // check runs at the first review of each month.
      name: 'rewards.vip-review',
      everyMs: 10 * 60_000,
      leaseMs: 30 * 60_000,
      async run() {
        const codes = await deps.db
          .selectFrom('merchant')
          .select('code')
          .where('status', '=', 'active')
          .execute();
        let changed = 0;
        for (const { code } of codes) {
          const r = await deps.vip.review(await deps.brands.get(code));
          changed += r.upgraded + r.downgraded;
        }
        return changed;
      },
    },
    {
      // Points for the last days' valid bets and deposits, credited as they come (never expiring).
      name: 'rewards.points-earn',
      everyMs: 5 * 60_000,
      leaseMs: 30 * 60_000,
      async run() {
        const codes = await deps.db
          .selectFrom('merchant')
          .select('code')
          .where('status', '=', 'active')
          .execute();
        let members = 0;
        for (const { code } of codes)
          members += (await deps.points.earn(await deps.brands.get(code))).members;
        return members;
      },
    },
  ];
}
