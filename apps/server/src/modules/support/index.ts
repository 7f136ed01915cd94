import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import type { OperatorService } from '../operator/index.js';
import type { RealtimeModule } from '../realtime/index.js';
import type { ThrottleService } from '../throttle/index.js';
import { createSupportRealtime } from './support.realtime.js';
import { createSupportRepository } from './support.repository.js';
import { registerSupportRoutes } from './support.routes.js';
import { createSupportService } from './support.service.js';

/**
 * The customer-service live chat (docs/support.md): conversations between a member or a visitor
 * and the brand's operators, messages and images over HTTP, live delivery and presence on the
 * real-time channel, canned replies, and the operators' queue.
 */
export function createSupportModule(deps: {
  db: Kysely<Database>;
  throttle: ThrottleService;
  realtime: RealtimeModule;
  operators: OperatorService;
  brands: BrandService;
  defaultMerchant: string;
  log: { error(obj: object, msg: string): void };
}) {
  const { brands } = deps;
  const live = createSupportRealtime({
    realtime: deps.realtime,
    operators: deps.operators,
    brandOf: async (code) => {
      const c = code ?? deps.defaultMerchant;
      return brands.cached(c) ?? brands.get(c);
    },
    log: deps.log,
  });
  const support = createSupportService({
    repository: createSupportRepository(deps.db),
    throttle: deps.throttle,
    notify: live.notifier,
  });
  live.attach(support);

  const face = {
    name: 'support',
    support,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerSupportRoutes(app, hooks, { support, brands, online: live.online });
    },
  };
  return face satisfies AppModule;
}

export type SupportModule = ReturnType<typeof createSupportModule>;
export * from './support.images.js';
