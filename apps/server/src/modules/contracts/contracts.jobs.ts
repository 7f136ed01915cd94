import type { ContractKindName } from '@arcadia/contract';
import type { Job } from '../../jobs/job-runner.js';
import type { BrandService } from '../brand/index.js';
import type { ContractsSettlement } from './contracts.settlement.js';

/**
 * Contract settlement on the shared job runner (docs/jobs.md), one job per kind. Each run computes
 * the ended periods not yet done and retries unpaid bills; idempotent (docs/contracts.md), so a
 * rerun, a crash half-way or a second instance pays nothing twice.
 */
export function contractJobs(deps: { brands: BrandService; settlement: ContractsSettlement }): Job[] {
  const every: Record<ContractKindName, number> = {
    // Spec §9: real-time salary is settled every five minutes.
    realtime: 60_000,
    hourly: 5 * 60_000,
    daily: 15 * 60_000,
    dividend: 30 * 60_000,
  };
  return (Object.keys(every) as ContractKindName[]).map((kind) => ({
    name: `contracts.${kind}`,
    everyMs: every[kind],
    leaseMs: 10 * 60_000,
    async run() {
      let payments = 0;
      for (const brand of await deps.brands.list())
        payments += (await deps.settlement.settle(brand, kind)).payments;
      return payments;
    },
  }));
}
