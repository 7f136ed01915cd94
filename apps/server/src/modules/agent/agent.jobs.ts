import type { Job } from '../../jobs/job-runner.js';
import type { Brand, BrandService } from '../brand/index.js';
import { agentSettings } from './agent.periods.js';
import type { AgentService } from './agent.service.js';

/**
 * Team rollups (docs/reports.md): every few minutes the last two days, so bets settled after
 * midnight land on the day they were placed; a few times a day the brand's whole report window,
 * for the rare change to an older day (a bet voided late, a withdrawal returned days later).
 */
export function agentJobs(deps: { brands: BrandService; agent: AgentService }): Job[] {
  const { brands, agent } = deps;
  const forEachBrand = async (daysBack: (brand: Brand) => number) => {
    const list = await brands.list();
    for (const brand of list) await agent.refreshRollups(brand, daysBack(brand));
    return list.length;
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
