import { liveTable } from '@arcadia/games';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { Clock } from '../../lib/clock.js';
import { createSerialSchedule } from '../../lib/serial-schedule.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/brand.service.js';
import { createHouseFanOut, createHouseRounds, createHouseWalletClient } from '../house/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { VendorSecrets } from '../vendors/index.js';
import { type LiveTables, betOut, createLiveTables, roundOut } from './live.tables.js';
import { registerLiveRoutes } from './live.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live tables, for operational scripts and tests (a pass of the schedule, a settlement). */
    live: LiveModule;
  }
}

/** How often the tables' schedule runs: rounds open, close and settle within this of their time. */
export const LIVE_TICK_MS = 250;
/** Every this many ticks the recovery pass runs (lost answers, late placements). */
const RECOVERY_EVERY_TICKS = 120;

/**
 * The house live tables (docs/live.md): shared rounds on a clock, bets through the house vendor's
 * wallet callbacks, and the `live:<tableCode>` topics on the real-time channel.
 */
export function createLiveModule(deps: {
  db: Kysely<Database>;
  hub?: RealtimeHub | undefined;
  clock: Clock;
  /** The active brands: the tables' rounds go to each one's topic room. */
  brands: BrandService;
  secrets: VendorSecrets;
  log: {
    warn(obj: unknown, msg?: string): void;
    error(obj: unknown, msg?: string): void;
  };
}) {
  /** Every brand's product: its events go to each active brand's topic room. */
  const toEveryBrand = createHouseFanOut({
    brands: deps.brands,
    hub: deps.hub,
    log: deps.log,
    what: 'live',
  });
  let tables: LiveTables | null = null;
  let ticks = 0;
  type Pass = Awaited<ReturnType<LiveTables['tick']>>;
  const pass = async (): Promise<Pass> => {
    const out = await tables!.tick();
    if (++ticks % RECOVERY_EVERY_TICKS === 0) await tables!.recover();
    return out;
  };
  const schedule = createSerialSchedule<Pass>({
    pass,
    empty: { opened: 0, closed: 0, settled: 0, voided: 0 },
    onError: (err) => deps.log.error({ err }, 'live tables tick failed'),
  });

  const module = {
    name: 'live',
    tables: () => tables!,
    tick: schedule.runNow,
    /** The tables' schedule: every instance runs it (JOBS_ENABLED); each step still happens once. */
    jobs: [{ name: 'live.tables', everyMs: LIVE_TICK_MS, local: true, run: () => schedule.tick() }],
    register(app: FastifyInstance, hooks: RouteHooks) {
      const rounds = createHouseRounds({
        db: deps.db,
        wallet: createHouseWalletClient({ inject: () => (opts) => app.inject(opts), secrets: deps.secrets }),
        prefix: 'T',
        launchGame: 'LIVE',
        log: deps.log,
      });
      tables = createLiveTables({
        db: deps.db,
        rounds,
        clock: deps.clock,
        log: deps.log,
        onRound: (row) =>
          toEveryBrand((hub, id) => hub.toTopic(id, `live:${row.table_code}`, 'live.round', roundOut(row))),
        onTotals: (merchantId, totals) =>
          deps.hub?.toTopic(merchantId, `live:${totals.tableCode}`, 'live.totals', totals),
        onBets: (list) => {
          const hub = deps.hub;
          if (hub)
            for (const b of list) hub.toMember(String(b.row.member_id), 'live.bet', betOut(b.row, b.roundNo));
        },
      });
      registerLiveRoutes(app, hooks, { db: deps.db, tables, clock: deps.clock });
      app.decorate('live', module);
      deps.hub?.openTopics('live', (_identity, key) => liveTable(key) !== undefined);
    },
  };
  return module satisfies AppModule;
}

export type LiveModule = ReturnType<typeof createLiveModule>;
