import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { LedgerService } from '../ledger/index.js';
import type { ThrottleService } from '../throttle/throttle.service.js';
import { createWalletRepository } from './wallet.repository.js';
import { registerWalletRoutes } from './wallet.routes.js';
import { createWalletService } from './wallet.service.js';

/**
 * The member's wallets (docs/ledger.md): balances, main ↔ vendor transfers, transfers along the
 * team line, the payment password and the movement history; money moves through the ledger. The
 * face is the wallet service itself (other modules check payment passwords and move team money
 * through it) plus its routes.
 */
export function createWalletModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  throttle: ThrottleService;
}) {
  const service = createWalletService({
    repository: createWalletRepository(deps.db),
    ledger: deps.ledger,
    throttle: deps.throttle,
  });
  const module = {
    ...service,
    name: 'wallet',
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerWalletRoutes(app, hooks, service);
    },
  };
  return module satisfies AppModule;
}

export type WalletModule = ReturnType<typeof createWalletModule>;

export { MAIN, type WalletService } from './wallet.service.js';
