import { randomBytes } from 'node:crypto';
import { pvpTable } from '@arcadia/games';
import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../lib/app-module.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Job } from '../../jobs/job-runner.js';
import type { Clock } from '../../lib/clock.js';
import { createSerialSchedule } from '../../lib/serial-schedule.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { createPvpCash } from './pvp.cash.service.js';
import { registerPvpRoutes } from './pvp.routes.js';
import { createPvpService } from './pvp.service.js';

/** How often the rooms' schedule runs. */
export const PVP_TICK_MS = 500;

declare module 'fastify' {
  interface FastifyInstance {
    /** The card rooms, for operational scripts and tests (a pass of the schedule). */
    pvp: PvpModule;
  }
}

/**
 * Card rooms (docs/pvp.md): bull-bull with a rotating banker, hold'em and three-card. Seats buy
 * chips in from the main wallet into the brand's `pvp_escrow` account; hands move chips between
 * stacks (the escrow's balance stays the sum of the stacks); the rake goes from the escrow to
 * `pvp_rake`; leaving cashes the stack out. Each hand step is a conditional update, so every
 * instance runs the `pvp.rooms` job (a local one) over every active brand.
 */
export function createPvpModule(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  brands: BrandService;
  hub?: RealtimeHub;
  clock: Clock;
  log: { error(obj: unknown, msg?: string): void };
  randomHex?: () => string;
}) {
  const { db, ledger, clock } = deps;
  const randomHex = deps.randomHex ?? (() => randomBytes(32).toString('hex'));
  const cash = createPvpCash({ db, ledger });
  const pvp = createPvpService({
    db,
    ledger,
    brands: deps.brands,
    cash,
    hub: deps.hub,
    clock,
    log: deps.log,
    randomHex,
  });

  const schedule = createSerialSchedule({
    pass: pvp.tick,
    empty: { opened: 0, dealt: 0, settled: 0 },
    onError: (err) => deps.log.error({ err }, 'card rooms tick failed'),
  });
  const jobs: Job[] = [{ name: 'pvp.rooms', everyMs: PVP_TICK_MS, local: true, run: () => schedule.tick() }];

  const module = {
    name: 'pvp',
    jobs,
    /** A pass of the rooms now (waits for one in flight): tests and operational scripts. */
    tick: schedule.runNow,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerPvpRoutes(app, hooks, pvp, clock);
      app.decorate('pvp', module);
      deps.hub?.openTopics('pvp', (_identity, key) => pvpTable(key) !== undefined);
    },
  };
  return module satisfies AppModule;
}

export type PvpModule = ReturnType<typeof createPvpModule>;
