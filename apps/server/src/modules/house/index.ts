import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { VendorRegistry, VendorSecrets } from '../vendors/index.js';
import { HouseAdapter } from './house.adapter.js';
import { type DemoPlayDeps, createDemoPlay } from './house.demo-play.js';
import { createHouseRepository } from './house.repository.js';
import { registerHouseRoutes } from './house.routes.js';
import { type HouseService, createHouseService } from './house.service.js';
import { createHouseWalletClient } from './house.wallet.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The house vendor's service, for operational scripts and tests (e.g. running recovery on demand). */
    house: HouseService;
  }
}

/** How often a running server settles undelivered callbacks (besides once at start-up). */
const RECOVERY_INTERVAL_MS = 60_000;

/**
 * The house vendor (docs/house.md): its adapter in the vendor registry, its game-client API under
 * `/house/api`, and the recovery loop that settles what a crash left in its callback outbox. It
 * also owns the wallet conversation the house products (lottery, sportsbook, live tables) hold
 * with the platform: `createHouseWalletClient` and `createHouseRounds`, exported below.
 */
export function createHouseModule(deps: {
  db: Kysely<Database>;
  vendors: VendorRegistry;
  secrets: VendorSecrets;
}) {
  const repository = createHouseRepository(deps.db);
  let house: HouseService | null = null;
  const module = {
    name: 'house',
    /** The house vendor's service (set once registered: its callbacks go through the app). */
    service: () => house!,
    register(app: FastifyInstance, hooks: RouteHooks) {
      const wallet = createHouseWalletClient({
        // Resolved per call: the callbacks go through this very app (see house.wallet.ts).
        inject: () => (opts) => app.inject(opts),
        secrets: deps.secrets,
      });
      const service = createHouseService({ repository, wallet, log: app.log });
      house = service;
      deps.vendors.register(new HouseAdapter(repository));
      app.decorate('house', service);
      registerHouseRoutes(app, hooks, service);

      let timer: NodeJS.Timeout | null = null;
      let running: Promise<unknown> | null = null;
      const recover = () => {
        if (running) return;
        running = service
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
    },
  };
  return module satisfies AppModule;
}

export type HouseModule = ReturnType<typeof createHouseModule>;

// The house wallet machinery the house products use (one owner: this module).
export * from './house-rounds.js';
export * from './house.wallet.js';
export { createDemoPlay, demoPlayEnabled } from './house.demo-play.js';

/**
 * Demo mode's players (DEMO_PLAY) as a module: a week of house rounds on first start, then a few
 * now and then, through the real site (docs/house-vendor.md); stopped before the app closes.
 */
export function createDemoPlayModule(deps: DemoPlayDeps) {
  const demoPlay = createDemoPlay(deps);
  const module = {
    name: 'demo-play',
    jobs: [demoPlay.job],
    register(app: FastifyInstance) {
      app.addHook('preClose', async () => demoPlay.stop());
    },
  };
  return module satisfies AppModule;
}
export type { HouseService } from './house.service.js';
export { createHouseFanOut } from './house.fan-out.js';
