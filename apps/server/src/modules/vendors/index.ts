// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { GameInfoResolver } from '../bets/index.js';
import type { LedgerService } from '../ledger/index.js';
import { VendorRegistry } from './adapter.js';
import { createVendorSecrets } from './vendor-secret.js';
import { registerVendorRoutes } from './vendor.routes.js';
import { createVendorWalletService } from './vendor-wallet.service.js';

/**
 * Vendors (docs/vendor-protocol.md): the adapter registry the lobby launches through (the house
 * vendor and each configured aggregator register theirs), the brands' signing secrets, and the
 * seamless wallet behind the signed `/vendor/<code>/<op>` callbacks (group-committed bets).
 */
export function createVendorsModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  /** The bets module's game resolver (category and studio of a bet's game). */
  games: GameInfoResolver;
  /** PGlite: one connection, so one (large) batch at a time. */
  embedded: boolean;
}) {
  const secrets = createVendorSecrets(deps.db);
  const wallet = createVendorWalletService({
    db: deps.db,
    ledger: deps.ledger,
    games: deps.games,
    embedded: deps.embedded,
  });
  const face = {
    name: 'vendors',
    /** The one registry of vendor adapters (exposed as `app.vendors` by the catalogue). */
    registry: new VendorRegistry(),
    secrets,
    wallet,
    async register(app: FastifyInstance, hooks: RouteHooks) {
      await registerVendorRoutes(app, hooks, { wallet, secrets });
    },
  };
  return face satisfies AppModule;
}

export * from './adapter.js';
export * from './vendor-secret.js';
export * from './vendor-session.js';
export * from './vendor-wallet.service.js';
