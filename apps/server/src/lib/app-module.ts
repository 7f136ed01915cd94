import type { FastifyInstance } from 'fastify';
import type { Job } from '../jobs/job-runner.js';
import type { RouteHooks } from '../plugins/routes.js';

/**
 * The one face every server module shows the composition root (`app.ts`): `create<Domain>Module(deps)`
 * returns an object of this shape, plus whatever services other modules are given. `app.ts` builds
 * the modules in dependency order, then registers each one's routes and schedules the same way.
 */
export interface AppModule {
  /** The module's folder name under `modules/` (logs, metrics, the architecture test). */
  readonly name: string;
  /** Registers the module's routes (and app decorations, socket topics). Called once, in list order. */
  register?(app: FastifyInstance, hooks: RouteHooks): void | Promise<void>;
  /** The module's schedules; the one job runner runs them (leased across instances unless `local`). */
  readonly jobs?: readonly Job[];
}
