import type { Config } from './config.js';
import { type DatabaseHandle, createDatabase } from './db/database.js';
import { createLocalBus, createRedisBus } from './lib/invalidation-bus.js';

/** The database chosen by the configuration: a PostgreSQL server, else PGlite under DATA_DIR. */
export function openDatabase(config: Config): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? createDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : createDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
}

export function openBus(config: Config) {
  return config.REDIS_URL ? createRedisBus(config.REDIS_URL) : Promise.resolve(createLocalBus());
}
