// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import { createThrottleRepository } from './throttle.repository.js';
import { createThrottleService } from './throttle.service.js';

/** Fixed-window counters in the database, shared by every instance (no routes of its own). */
export function createThrottleModule(deps: { db: Kysely<Database> }) {
  const throttle = createThrottleService(createThrottleRepository(deps.db));
  const face = { name: 'throttle', throttle };
  return face satisfies AppModule;
}

export * from './throttle.service.js';
export * from './throttle.repository.js';
