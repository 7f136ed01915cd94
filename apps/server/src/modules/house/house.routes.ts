import { houseRoutes, houseTokenHeader } from '@arcadia/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { registerRoute, type RouteHooks } from '../../plugins/routes.js';
import type { VendorRegistry } from '../vendors/adapter.js';
import type { VendorSecrets } from '../vendors/vendor-secret.js';
import { HouseAdapter } from './house.adapter.js';
import { createHouseRepository } from './house.repository.js';
import { type HouseService, createHouseService } from './house.service.js';
import { createHouseWalletClient } from './house.wallet.js';

/** How often a running server settles undelivered callbacks (besides once at start-up). */
const RECOVERY_INTERVAL_MS = 60_000;

const gameToken = (request: FastifyRequest): string | undefined => {
  const v = request.headers[houseTokenHeader];
  return typeof v === 'string' ? v : undefined;
};

/**
 * The house vendor: its adapter in the vendor registry, its game-client API under `/house/api`,
 * and the recovery loop that settles what a crash left in its callback outbox.
 */
export function registerHouse(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { db: Kysely<Database>; vendors: VendorRegistry; secrets: VendorSecrets },
): HouseService {
  const repository = createHouseRepository(deps.db);
  const wallet = createHouseWalletClient({
    // Resolved per call: the callbacks go through this very app (see house.wallet.ts).
    inject: () => (opts) => app.inject(opts),
    secrets: deps.secrets,
  });
  const house = createHouseService({ repository, wallet, log: app.log });
  deps.vendors.register(new HouseAdapter(repository));
  // Exposed as `app.house` for operational scripts and tests (e.g. running recovery on demand).
  app.decorate('house', house);

  registerRoute(app, hooks, houseRoutes.houseSession, ({ request }) => house.session(gameToken(request)));
  registerRoute(app, hooks, houseRoutes.housePlay, ({ request, body }) =>
    house.play(gameToken(request), body),
  );
  registerRoute(app, hooks, houseRoutes.houseSeed, ({ request, body }) =>
    house.seed(gameToken(request), body),
  );
  registerRoute(app, hooks, houseRoutes.houseHistory, ({ request, query }) =>
    house.history(gameToken(request), query.limit),
  );
  registerRoute(app, hooks, houseRoutes.houseVerify, async ({ body }) => house.verify(body));
  registerRoute(app, hooks, houseRoutes.houseEngines, async () => house.engines());

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const recover = () => {
    if (running) return;
    running = house
      .recover()
      .catch((err: unknown) => app.log.error({ err }, 'house recovery failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    // After ready, so the callbacks can be injected; not awaited, so start-up never waits on it.
    setImmediate(recover);
    timer = setInterval(recover, RECOVERY_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
  return house;
}
