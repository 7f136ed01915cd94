import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import { createBetsRepository } from './bets.repository.js';
import { createBetQueries } from './bets.service.js';
import { createGameInfoResolver } from './game-info.js';

/**
 * Bets (docs/vendor-protocol.md): reads over `bet` rows for other modules (the lobby's open-round
 * check, recent games) and the category and studio a wager is booked under. No routes of its own.
 */
export function createBetsModule(deps: { db: Kysely<Database> }) {
  const repository = createBetsRepository(deps.db);
  const module = {
    name: 'bets',
    queries: createBetQueries(repository),
    games: createGameInfoResolver(repository),
  };
  return module satisfies AppModule;
}

export type BetsModule = ReturnType<typeof createBetsModule>;

export * from './bets.service.js';
export * from './game-info.js';
