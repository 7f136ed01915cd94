import type { Job } from '../../jobs/job-runner.js';
import type { Brand, BrandService } from '../brand/index.js';
import type { Points } from './rewards.points.service.js';
import type { Raffles } from './rewards.raffles.service.js';
import type { Rebates } from './rewards.rebate.service.js';
import type { RedEnvelopes } from './rewards.red-envelopes.service.js';
import type { Referrals } from './rewards.referrals.service.js';
import type { Vip } from './rewards.vip.service.js';

/**
 * The rewards' schedules on the shared job runner (docs/jobs.md): the daily rebate (yesterday, once
 * per brand), the VIP review and the points earning. Each is idempotent — a member already paid,
 * reviewed or credited is owed nothing — so a rerun, a crash half-way or a second instance pays
 * nothing twice.
 */
export function rewardsJobs(deps: {
  brands: BrandService;
  rebates: Rebates;
  vip: Vip;
  points: Points;
  redEnvelopes: RedEnvelopes;
  referrals: Referrals;
  raffles: Raffles;
}): Job[] {
  /** A job that runs `work` for every active brand and adds up what it did. */
  const everyBrand = (name: string, everyMs: number, work: (brand: Brand) => Promise<number>): Job => ({
    name,
    everyMs,
    leaseMs: 30 * 60_000,
    async run() {
      let done = 0;
      for (const brand of await deps.brands.list()) done += await work(brand);
      return done;
    },
  });
  return [
    everyBrand('rewards.rebate-daily', 10 * 60_000, async (brand) => {
      let payments = 0;
      for (const day of await deps.rebates.pendingDays(brand))
        payments += (await deps.rebates.settleDay(brand, day)).payments;
      return payments;
    }),
    // Upgrades land within minutes (a member's own progress page reviews it at once); the keep
    // check runs at the first review of each month.
    everyBrand('rewards.vip-review', 10 * 60_000, async (brand) => {
      const r = await deps.vip.review(brand);
      return r.upgraded + r.downgraded;
    }),
    // Points for the last days' valid bets and deposits, credited as they come (never expiring).
    everyBrand('rewards.points-earn', 5 * 60_000, async (brand) => (await deps.points.earn(brand)).members),
    // What is left of expired red envelopes goes back to their senders.
    everyBrand('rewards.red-envelope-expiry', 60_000, (brand) => deps.redEnvelopes.expire(brand)),
    everyBrand('rewards.red-rain', 30_000, (brand) => deps.redEnvelopes.rain(brand)),
    // Raffles whose draw time has come are drawn (once each: the draw moves the row from open to
    // drawn in its own transaction); prizes past their claim time expire.
    everyBrand('rewards.raffle', 30_000, async (brand) => {
      const drawn = await deps.raffles.drawDue(brand);
      return drawn + (await deps.raffles.expire(brand));
    }),
    everyBrand('rewards.referral', 60_000, async (brand) => {
      const r = await deps.referrals.settle(brand);
      return r.paid + r.flagged + r.expired;
    }),
  ];
}
