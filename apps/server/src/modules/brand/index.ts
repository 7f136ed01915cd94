// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { UploadStore } from '../../lib/upload-store.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { RealtimeHub } from '../realtime/index.js';
import { createBrandAdmin } from './brand.admin.js';
import { registerBrandAdminRoutes } from './brand.admin.routes.js';
import type { BrandService } from './brand.service.js';

/**
 * Brands in the back office (docs/back-office.md "Brand"): the availability switches, creating a
 * brand, and the Brand page's edits. Each change is audited with its reason, drops the brand from
 * every instance's cache (the invalidation bus) and tells the brand's open sites to read their
 * settings again (`brand.changed`), so a module switched off disappears without a reload.
 */
export function createBrandModule(deps: {
  db: Kysely<Database>;
  brands: BrandService;
  uploads: UploadStore;
  hub: RealtimeHub;
}) {
  const admin = createBrandAdmin({ db: deps.db, uploads: deps.uploads });

  async function applied(code: string, id: number) {
    await deps.brands.invalidate(code);
    deps.hub.toBrand(id, 'brand.changed', { at: Date.now() });
  }

  const face = {
    name: 'brand',
    admin,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerBrandAdminRoutes(app, hooks, { brands: deps.brands, admin, applied });
    },
  };
  return face satisfies AppModule;
}

export type BrandModule = ReturnType<typeof createBrandModule>;

export * from './brand.service.js';
export * from './brand.requests.js';
export { createBrandRepository, type BrandRepository } from './brand.repository.js';
export * from './brand.settings.js';
export { brandPageCss } from './brand.theme.js';
