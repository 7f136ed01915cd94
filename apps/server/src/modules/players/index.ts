import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../lib/app-module.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { SessionService } from '../auth/index.js';
import type { BrandService } from '../brand/index.js';
import { createPlayersRepository } from './players.repository.js';
import { registerPlayersRoutes } from './players.routes.js';
import { createPlayersService } from './players.service.js';

/**
 * The back office's player desk (docs/back-office.md, "Players"): search a brand's members, a
 * member's 360° view, and the manual actions on a member — freeze, close, unfreeze, end a session,
 * reset the password, a note — each with its reason in the operator audit log.
 */
export function createPlayersModule(deps: {
  db: Kysely<Database>;
  brands: BrandService;
  sessions: SessionService;
}) {
  const players = createPlayersService({ ...deps, repository: createPlayersRepository(deps.db) });
  const face = {
    name: 'players',
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerPlayersRoutes(app, hooks, players);
    },
  };
  return face satisfies AppModule;
}

export type PlayersModule = ReturnType<typeof createPlayersModule>;
