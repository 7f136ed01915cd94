// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import type { VendorRegistry } from '../vendors/index.js';
import { createCatalogueRepository } from './catalogue.repository.js';
import { type OpenRoundLookup, registerCatalogueRoutes } from './catalogue.routes.js';
import { createCatalogueService } from './catalogue.service.js';
import { createCredentialSealer, loadCredentialKey } from './vendor-credentials.js';

/**
 * The game catalogue (docs/catalogue.md): studios and games per brand behind a per-brand cache,
 * favourites, recent games, launch through the vendor registry, the generated SVG art, and the
 * studios' API credentials sealed at rest (the key file in DATA_DIR).
 */
export function createCatalogueModule(deps: {
  db: Kysely<Database>;
  bus: InvalidationBus;
  brands: BrandService;
  vendors: VendorRegistry;
  ttlMs: number;
  /** Where the credential key file lives (created on first use). */
  dataDir: string;
  /** The bets module's open-round lookup, for adapters with `singleOpenRound`. */
  openRound: OpenRoundLookup;
  /** Refuses a real-money launch while the member is on a break (responsible gaming). */
  mayPlay: (memberId: string) => Promise<void>;
}) {
  const catalogue = createCatalogueService({
    repository: createCatalogueRepository(deps.db),
    bus: deps.bus,
    vendors: deps.vendors,
    ttlMs: deps.ttlMs,
    credentials: createCredentialSealer(() =>
      loadCredentialKey(path.join(deps.dataDir, 'vendor-credential.key')),
    ),
  });
  const face = {
    name: 'catalogue',
    catalogue,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerCatalogueRoutes(app, hooks, {
        catalogue,
        vendors: deps.vendors,
        brands: deps.brands,
        openRound: deps.openRound,
        mayPlay: deps.mayPlay,
      });
    },
  };
  return face satisfies AppModule;
}

export * from './catalogue.service.js';
export * from './art.js';
