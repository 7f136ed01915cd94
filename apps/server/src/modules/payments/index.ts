import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import { createDemoGateway } from './demo-gateway.js';
import { paymentJobs } from './payments.jobs.js';
import { createPaymentsRepository } from './payments.repository.js';
import { registerPaymentRoutes } from './payments.routes.js';
import { createPaymentsService } from './payments.service.js';
import type { PaymentsDeps } from './payments.shared.js';

/**
 * Payments (docs/api.md "Deposits", "Withdrawals"): deposits through the brand's channels (and the
 * built-in demo gateway in demo mode), withdrawals with their rules (`withdrawal-rules.ts`), the
 * operator's decisions and adjustments, and the withdrawals' auto-confirm job.
 */
export function createPaymentsModule(
  deps: Omit<PaymentsDeps, 'repository' | 'gateway'> & {
    brands: BrandService;
    /** DEMO turns the demo gateway on; its secret is generated when unset (one instance). */
    config: Pick<Config, 'DEMO' | 'DEMO_GATEWAY_SECRET'>;
  },
) {
  const { brands, config, ...rest } = deps;
  const gateway = config.DEMO
    ? createDemoGateway(config.DEMO_GATEWAY_SECRET ?? randomBytes(32).toString('base64url'))
    : null;
  const service = createPaymentsService({ ...rest, repository: createPaymentsRepository(), gateway });
  const module = {
    name: 'payments',
    service,
    gateway,
    jobs: paymentJobs({ brands, payments: service }),
    async register(app: FastifyInstance, hooks: RouteHooks) {
      await registerPaymentRoutes(app, hooks, { payments: service, brands, gateway });
    },
  };
  return module satisfies AppModule;
}

export type PaymentsModule = ReturnType<typeof createPaymentsModule>;

export type { PaymentNotice, PaymentsService } from './payments.service.js';
