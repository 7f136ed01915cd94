import type { Job } from '../../jobs/job-runner.js';
import type { BrandService } from '../brand/index.js';
import type { PaymentsService } from './payments.service.js';

/** The payments schedules on the shared job runner (docs/jobs.md). */
export function paymentJobs(deps: { brands: BrandService; payments: PaymentsService }): Job[] {
  const { brands, payments } = deps;
  return [
    {
      // Spec §4: a paid withdrawal left unconfirmed past the brand's minutes counts as received.
      name: 'withdrawals.auto-confirm',
      everyMs: 60_000,
      async run() {
        let total = 0;
        for (const brand of await brands.list()) total += await payments.autoConfirmDue(brand);
        return total;
      },
    },
  ];
}
