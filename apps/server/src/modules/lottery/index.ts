import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppModule } from '../../lib/app-module.js';
import type { Clock } from '../../lib/clock.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { BrandService } from '../brand/brand.service.js';
import { createHouseWalletClient } from '../house/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { VendorSecrets } from '../vendors/index.js';
import { type IssueRow, createLotteryDraws, issueOut, openedOut } from './lottery.draws.js';
import { lotterySettings, registerLotteryRoutes } from './lottery.routes.js';
import { createLotteryRebates } from './lottery.rebates.js';
import { DRAW_TICK_MS, createLotterySchedule } from './lottery.schedule.js';
import { type LotterySelling, createLotterySelling } from './lottery.selling.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lottery module, for operational scripts and tests (a pass of the schedule, a settlement). */
    lottery: LotteryModule;
  }
}

export { DRAW_TICK_MS } from './lottery.schedule.js';

/**
 * The house lottery (docs/lottery.md): the draw schedule (issues with published commitments,
 * provably fair draws at their time, seeds revealed), the gateway's menus, issues, opened numbers,
 * rules and the verifier, and the `lottery:<gameId>` topics on the real-time channel.
 */
export function createLotteryModule(deps: {
  db: Kysely<Database>;
  hub?: RealtimeHub | undefined;
  clock: Clock;
  /** The active brands: every one hears a draw on its own topic room. */
  brands: BrandService;
  ledger: LedgerService;
  /** The brands' house-vendor secrets: lottery bets are signed wallet callbacks like any house game. */
  secrets: VendorSecrets;
  log: {
    info?(obj: unknown, msg?: string): void;
    warn(obj: unknown, msg?: string): void;
    error(obj: unknown, msg?: string): void;
  };
}) {
  /** Every active brand hears a draw on its own topic room. */
  const publish = async (fn: (hub: RealtimeHub, merchantId: number, closeBeforeSeconds: number) => void) => {
    const hub = deps.hub;
    if (!hub) return;
    for (const brand of await deps.brands.list()) {
      fn(hub, brand.id, lotterySettings(brand).closeBeforeSeconds);
    }
  };
  const draws = createLotteryDraws({
    db: deps.db,
    onIssue: (row: IssueRow) =>
      void publish((hub, id, close) =>
        hub.toTopic(id, `lottery:${row.game_code}`, 'lottery.issue', issueOut(row, close)),
      ).catch((err: unknown) => deps.log.error({ err }, 'lottery issue event failed')),
    onDrawn: (row: IssueRow) =>
      void publish((hub, id) =>
        hub.toTopic(id, `lottery:${row.game_code}`, 'lottery.result', openedOut(row)),
      ).catch((err: unknown) => deps.log.error({ err }, 'lottery result event failed')),
  });
  const rebates = createLotteryRebates({ db: deps.db, ledger: deps.ledger });
  let selling: LotterySelling | null = null;
  const { schedule, cancelOverdueOfficial } = createLotterySchedule({
    db: deps.db,
    draws,
    selling: () => selling,
    clock: deps.clock,
    log: deps.log,
  });

  const module = {
    name: 'lottery',
    draws,
    /** Selling, settlement and recovery (set once registered: the wallet calls go through the app). */
    selling: () => selling!,
    /** One pass of the schedule now (tests, operations): draws, settlements. */
    tick: schedule.tick,
    /** The draw schedule: every instance runs it (JOBS_ENABLED); each draw still happens once. */
    jobs: [{ name: 'lottery.draws', everyMs: DRAW_TICK_MS, local: true, run: () => schedule.tick() }],
    /** Cancels (and refunds) official issues whose result did not come in time; part of the recovery pass. */
    cancelOverdueOfficial,
    register(app: FastifyInstance, hooks: RouteHooks) {
      selling = createLotterySelling({
        db: deps.db,
        wallet: createHouseWalletClient({
          inject: () => (opts) => app.inject(opts),
          secrets: deps.secrets,
        }),
        hub: deps.hub,
        clock: deps.clock,
        settings: lotterySettings,
        rebates,
        log: deps.log,
      });
      registerLotteryRoutes(app, hooks, {
        draws,
        selling,
        rebates,
        clock: deps.clock,
        db: deps.db,
        runPass: schedule.runNow,
      });
      app.decorate('lottery', module);
      deps.hub?.openTopics('lottery', () => true);
    },
  };
  return module satisfies AppModule;
}

export type LotteryModule = ReturnType<typeof createLotteryModule>;
