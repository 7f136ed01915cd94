import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/job-runner.js';
import type { BrandService } from '../brand/brand.service.js';
import { type AgentService, agentSettings } from './agent.service.js';

/**
 * Team rollups (docs/reports.md): every few minutes the last two days, so bets settled after
 * midnight land on the day they were placed; a few times a day the brand's whole report window,
 * for the rare change to an older day (a bet voided late, a withdrawal returned days later).
 */
export function agentJobs(deps: { db: Kysely<Database>; brands: BrandService; agent: AgentService }): Job[] {
  const { db, brands, agent } = deps;
  const forEachBrand = async (daysBack: (brand: Awaited<ReturnType<BrandService['get']>>) => number) => {
    const codes = await db.selectFrom('merchant').select('code').where('status', '=', 'active').execute();
    for (const { code } of codes) {
      const brand = await brands.get(code);
      await agent.refreshRollups(brand, daysBack(brand));
    }
    return codes.length;
  };
  return [
    {
      name: 'agent.team-rollup',
      everyMs: 5 * 60_000,
      leaseMs: 15 * 60_000,
      run: () => forEachBrand(() => 1),
    },
    {
      name: 'agent.team-rollup.window',
      everyMs: 6 * 3_600_000,
      leaseMs: 3_600_000,
      run: () => forEachBrand((brand) => agentSettings(brand).maxRangeDays),
    },
  ];
}
