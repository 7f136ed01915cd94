import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { AppModule } from '../../lib/app-module.js';
import type { Brand, BrandService } from '../brand/index.js';
import type { PaymentNotice } from '../payments/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import { inboxJobs } from './inbox.jobs.js';
import { createInboxRepository } from './inbox.repository.js';
import { registerInboxRoutes } from './inbox.routes.js';
import { type InboxService, createInboxService } from './inbox.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbox module, for operational scripts and tests (running its job on demand). */
    inbox: InboxModule;
  }
}

/** Minor units as a major-unit decimal with the currency's decimals ("125.50"). */
export function majorText(minor: bigint | string, scale: number): string {
  const value = BigInt(minor);
  const abs = value < 0n ? -value : value;
  const unit = 10n ** BigInt(scale);
  const whole = `${value < 0n ? '-' : ''}${abs / unit}`;
  return scale === 0 ? whole : `${whole}.${(abs % unit).toString().padStart(scale, '0')}`;
}

/**
 * In-site messages (docs/inbox.md): members' inboxes, system notices other modules raise after
 * their changes commit, operator and agent messages, the scheduled-delivery job.
 */
export function createInboxModule(deps: {
  db: Kysely<Database>;
  brands: BrandService;
  /** The real-time channel: `inbox.message` and `inbox.unread` after deliveries, reads, deletes. */
  hub: RealtimeHub;
  throttle: ThrottleService;
  log: { error(obj: object, msg: string): void };
}) {
  const service: InboxService = createInboxService({
    repository: createInboxRepository(deps.db),
    hub: deps.hub,
    throttle: deps.throttle,
    log: deps.log,
  });

  const module = {
    name: 'inbox',
    service,
    /** System notices, for the modules that raise them. Not awaited; they never throw. */
    notices: {
      /** For the payments service: a deposit credited, a withdrawal paid or rejected. */
      payment(brand: Brand, notice: PaymentNotice) {
        const amount = majorText(notice.amount, brand.currencyScale);
        const params: Record<string, string> =
          notice.kind === 'deposit_credited'
            ? { amount, currency: brand.currency, depositId: notice.depositId }
            : { amount, currency: brand.currency, withdrawId: notice.withdrawId };
        void service.notify(brand, notice.memberId, notice.kind, params);
      },
      /** For the member routes: the login password was changed or reset. */
      passwordChanged(brand: Brand, memberId: string) {
        void service.notify(brand, memberId, 'password_changed', {});
      },
    },
    jobs: inboxJobs({ inbox: service }),
    register(app: FastifyInstance, hooks: RouteHooks) {
      app.decorate('inbox', module);
      registerInboxRoutes(app, hooks, { inbox: service, brands: deps.brands });
    },
  };
  return module satisfies AppModule;
}

export type InboxModule = ReturnType<typeof createInboxModule>;
export * from './inbox.sanitize.js';
