import type { SportsResult } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { Clock } from '../../lib/clock.js';
import { createSerialSchedule } from '../../lib/serial-schedule.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/brand.service.js';
import { createHouseFanOut, createHouseRounds, createHouseWalletClient } from '../house/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { VendorSecrets } from '../vendors/index.js';
import { type SportsBetting, createSportsBetting } from './sports.betting.js';
import { createSportsBook, eventOut, marketOut } from './sports.book.js';
import { registerSportsRoutes } from './sports.routes.js';
import { createSportsSimulator } from './sports.simulator.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sportsbook, for operational scripts and tests (a pass of the schedule, a settlement). */
    sports: SportsModule;
  }
}

/** How often the book's schedule runs: events start and finish within this of their time. */
export const SPORTS_TICK_MS = 2000;
/** Every this many ticks the recovery pass runs (lost answers, unfinished settlements). */
const RECOVERY_EVERY_TICKS = 30;

/**
 * The house sportsbook (docs/sportsbook.md): events and markets (feed, operator, and the demo
 * simulator), singles and parlays through the house wallet callbacks, settlement and resettlement,
 * and the `sports:<category>` topics on the real-time channel.
 */
export function createSportsModule(deps: {
  db: Kysely<Database>;
  hub?: RealtimeHub | undefined;
  clock: Clock;
  /** The active brands: the book's events go to each one's topic room. */
  brands: BrandService;
  /** Run the simulator of fictional fixtures (the demo book). */
  simulate: boolean;
  ledger: LedgerService;
  secrets: VendorSecrets;
  log: {
    info?(obj: unknown, msg?: string): void;
    warn(obj: unknown, msg?: string): void;
    error(obj: unknown, msg?: string): void;
  };
}) {
  /** Every brand's product: its events go to each active brand's topic room. */
  const toEveryBrand = createHouseFanOut({
    brands: deps.brands,
    hub: deps.hub,
    log: deps.log,
    what: 'sports',
  });
  const book = createSportsBook({
    db: deps.db,
    onMarket: (category, eventId, market) =>
      toEveryBrand((hub, id) =>
        hub.toTopic(id, `sports:${category}`, 'sports.market', { ...marketOut(market), eventId }),
      ),
    onEvent: (event) => {
      const { markets: _markets, ...out } = eventOut(event, []);
      toEveryBrand((hub, id) => hub.toTopic(id, `sports:${event.category}`, 'sports.event', out));
    },
  });
  const simulator = deps.simulate ? createSportsSimulator({ db: deps.db, book }) : null;
  let betting: SportsBetting | null = null;
  let ticks = 0;
  type Pass = { scheduled: number; started: number; finished: number; settled: number };

  const result = async (eventId: string, r: SportsResult) => {
    await book.setResult(eventId, r, deps.clock.now());
    return betting!.settleEvent(eventId);
  };

  const pass = async (): Promise<Pass> => {
    const now = deps.clock.now();
    const started = await book.startDue(now);
    let scheduled = 0;
    let finished = 0;
    let settled = 0;
    if (simulator) {
      const sim = await simulator.pass(now);
      scheduled = sim.scheduled;
      for (const f of sim.finished) {
        try {
          settled += (await result(f.eventId, f.result)).settled;
          finished++;
        } catch (err) {
          deps.log.error({ err, eventId: f.eventId }, 'sports result failed');
        }
      }
    }
    if (++ticks % RECOVERY_EVERY_TICKS === 0) settled += (await betting!.recover()).settled;
    return { scheduled, started, finished, settled };
  };
  const schedule = createSerialSchedule<Pass>({
    pass,
    empty: { scheduled: 0, started: 0, finished: 0, settled: 0 },
    onError: (err) => deps.log.error({ err }, 'sports tick failed'),
  });

  const module = {
    name: 'sports',
    book,
    betting: () => betting!,
    tick: schedule.runNow,
    /** The book's schedule: every instance runs it (JOBS_ENABLED); each step still happens once. */
    jobs: [{ name: 'sports.book', everyMs: SPORTS_TICK_MS, local: true, run: () => schedule.tick() }],
    /** Enters (or corrects) an event's result and settles what it decides. */
    result,
    register(app: FastifyInstance, hooks: RouteHooks) {
      const rounds = createHouseRounds({
        db: deps.db,
        wallet: createHouseWalletClient({ inject: () => (opts) => app.inject(opts), secrets: deps.secrets }),
        prefix: 'S',
        launchGame: 'SPORTSBOOK',
        log: deps.log,
      });
      betting = createSportsBetting({
        db: deps.db,
        rounds,
        ledger: deps.ledger,
        hub: deps.hub,
        clock: deps.clock,
        log: deps.log,
      });
      registerSportsRoutes(app, hooks, {
        db: deps.db,
        book,
        betting,
        clock: deps.clock,
        result,
        runPass: schedule.runNow,
      });
      app.decorate('sports', module);
      deps.hub?.openTopics('sports', () => true);
    },
  };
  return module satisfies AppModule;
}

export type SportsModule = ReturnType<typeof createSportsModule>;
