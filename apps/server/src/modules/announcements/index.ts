// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import type { UploadStore } from '../../lib/upload-store.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { createAnnouncementsRepository } from './announcements.repository.js';
import { registerAnnouncementRoutes } from './announcements.routes.js';
import { createAnnouncementsService } from './announcements.service.js';
import { createContentModule } from './content.js';

/**
 * Banners, the notice marquee, popups and promotions (cached per brand, `announcement.new` when one
 * goes live) with their operator CRUD, and the content desk: image uploads, previews, help topics.
 */
export function createAnnouncementsModule(deps: {
  db: Kysely<Database>;
  bus: InvalidationBus;
  brands: BrandService;
  uploads: UploadStore;
  hub: RealtimeHub;
  ttlMs: number;
}) {
  const announcements = createAnnouncementsService({
    repository: createAnnouncementsRepository(deps.db),
    bus: deps.bus,
    ttlMs: deps.ttlMs,
    onPublished: (merchantId, a) => deps.hub.toBrand(merchantId, 'announcement.new', a),
  });
  const content = createContentModule({ db: deps.db, brands: deps.brands, uploads: deps.uploads });
  const face = {
    name: 'announcements',
    announcements,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerAnnouncementRoutes(app, hooks, { announcements, brands: deps.brands });
      content.register(app, hooks);
    },
  };
  return face satisfies AppModule;
}

export * from './announcements.service.js';
export { seedAnnouncements } from './announcements.seed.js';
