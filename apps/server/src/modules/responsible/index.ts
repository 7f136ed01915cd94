import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../lib/app-module.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import { createDepositGuard } from './deposit-limit.js';
import { registerResponsibleRoutes } from './responsible.routes.js';
import { createResponsibleService } from './responsible.service.js';
import { sessionLimitMs } from './session-limit.js';

/**
 * Responsible gaming (docs/responsible-gaming.md). The rules live in files named for them:
 * deposit-limit.ts (the deposit guard the payments call inside the deposit's own transaction),
 * loss-limit.ts (loss and wager limits, enforced by the database's guards), session-limit.ts,
 * self-exclusion.ts (cool-offs and self-exclusions; `assertMayPlay`), limit-changes.ts (the
 * 24-hour rule for raising or removing a limit).
 */
export function createResponsibleModule(deps: { db: Kysely<Database>; brands: BrandService; clock: Clock }) {
  const { db, clock } = deps;
  const service = createResponsibleService(deps);
  const face = {
    name: 'responsible',
    depositGuard: createDepositGuard(() => clock.now()),
    /** The member's session time limit in milliseconds, or null: a new login lasts no longer. */
    sessionLimitMs: (memberId: string) => sessionLimitMs(db, memberId, clock.now()),
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerResponsibleRoutes(app, hooks, service);
    },
  };
  return face satisfies AppModule;
}

export type ResponsibleModule = ReturnType<typeof createResponsibleModule>;
export { activeExclusion, assertMayPlay } from './self-exclusion.js';
