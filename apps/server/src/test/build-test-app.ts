import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { migrateToLatest } from '../db/migrate.js';
import { seed } from '../seeds/seed.js';
import { createLocalBus } from '../lib/invalidation-bus.js';
import { encryptBodyForTest } from '../lib/body-crypto.js';
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
    // Uploads land in a folder of this test's own.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'arcadia-test-')),
    BRAND_CACHE_TTL_MS: 60_000,
    JOBS_ENABLED: false,
    ...options.config,
  };
  const bus = createLocalBus();
  const app = await buildApp({ config, database, bus, logger: false });
  options.beforeReady?.(app);
  await app.ready();
  /** Sends `payload` as an encrypted body, the way the web client does. */
  async function encrypted(
    method: 'POST' | 'PUT',
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
  ) {
    const key = (await app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const { header, body } = encryptBodyForTest(key.publicKey, payload);
    return app.inject({ method, url, payload: body, headers: { ...headers, encryption: header } });
  }

  /** Logs in by password and returns the token (fails the test otherwise). */
  async function login(username: string, password: string, extra: Record<string, unknown> = {}) {
    const res = await encrypted('POST', '/wps/session/login', { username, password, ...extra });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return res.json().value.token as string;
  }

  return {
    app,
    encrypted,
    login,
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
