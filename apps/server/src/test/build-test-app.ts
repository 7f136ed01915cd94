import { type App, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { seed } from '../db/seeds/seed.js';
import { createLocalBus } from '../lib/invalidation-bus.js';
import { createTestDatabase } from './test-database.js';

export const TEST_OPS_KEY = 'test-operator-key-0123456789';

/**
 * The real application on a fresh, migrated database with the demo brand seeded.
 * `app.inject` drives it; `close()` tears everything down.
 */
export async function buildTestApp(
  options: { config?: Partial<Config>; demo?: boolean; beforeReady?: (app: App) => void } = {},
) {
  const database = await createTestDatabase();
  await migrateToLatest(database.db);
  await seed(database.db, { demo: options.demo ?? false });
  const config: Config = {
    ...loadConfig({}),
    STATIC_DIR: '/nonexistent',
    OPS_API_KEY: TEST_OPS_KEY,
    BRAND_CACHE_TTL_MS: 60_000,
    ...options.config,
  };
  const bus = createLocalBus();
  const app = await buildApp({ config, database, bus, logger: false });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
