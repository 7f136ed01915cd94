import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { registerJobs } from './jobs/index.js';
import type { AppModule } from './lib/app-module.js';
import { createClock } from './lib/clock.js';
import { createDomainEvents } from './lib/domain-events.js';
import type { InvalidationBus } from './lib/invalidation-bus.js';
import { uploadStoreFor } from './lib/upload-store.js';
import * as m from './modules/index.js';
import type { Brand } from './modules/brand/index.js';
import { createRouteHooks } from './plugins/route-hooks.js';
import { createServer } from './plugins/server.js';
import { demoAccounts } from './seeds/seed.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  bus: InvalidationBus;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  version?: string;
}

/**
 * Builds the whole HTTP application from its dependencies; nothing is discovered by autoload.
 * The shared pieces first, then every module in dependency order (each built from those before
 * it), then one pass registering their routes and schedules. Modules react to one another through
 * `events` (lib/domain-events.ts), never through closures handed around here.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database, bus } = deps;
  const db = database.db;
  const app = await createServer(config, deps.logger ?? { level: config.LOG_LEVEL });
  const log = app.log;
  const events = createDomainEvents();
  const ttlMs = config.BRAND_CACHE_TTL_MS;
  const brands = m.createBrandService({ repository: m.createBrandRepository(db), bus, ttlMs });
  // The schedules' clock: the wall clock, movable forward only with TEST_CLOCK=1 (src/lib/clock.ts).
  const clock = createClock({ settable: config.TEST_CLOCK });
  const ledger = m.createLedgerService(db);
  const uploads = uploadStoreFor(config);
  const { throttle } = m.createThrottleModule({ db });
  const { messenger, verification } = m.createVerificationModule({
    db,
    log,
    throttle,
    httpUrl: config.MESSAGE_HTTP_URL,
    logCodes: config.DEMO,
  });
  const members = m.createMembers(db);
  const operator = m.createOperatorModule({ db, throttle });
  const { operators } = operator;
  const responsible = m.createResponsibleModule({ db, brands, clock });
  const auth = m.createAuthModule({
    ...{ db, config, members, throttle, verification, events, log },
    limitMs: (memberId) => responsible.sessionLimitMs(memberId),
  });
  const { sessions } = auth;
  // The real-time channel (docs/realtime.md): sockets at /ws, Redis across instances.
  const realtime = await m.createRealtimeModule({ app, config, brands, ledger, operators, sessions, events });
  const hub = realtime.hub;
  const wallet = m.createWalletModule({ db, ledger, throttle });
  // What most modules are built from; each takes the parts it names.
  const ctx = { db, log, brands, clock, ledger, events, hub, throttle, uploads, sessions, members, wallet };
  const inbox = m.createInboxModule(ctx);
  const rewards = m.createRewardsModule({ ...ctx, checkPaymentPassword: wallet.checkPaymentPassword });
  const payments = m.createPaymentsModule({
    ...ctx,
    config,
    notify: inbox.notices.payment,
    depositGuard: responsible.depositGuard,
    turnoverLeft: rewards.promotions.turnoverLeft,
  });
  const metrics = m.createMetricsModule({
    token: config.METRICS_TOKEN,
    sockets: () => hub.localCount(),
    pool: () => database.poolStats?.() ?? null,
  });
  ledger.onBalance(() => metrics.posted());
  const bets = m.createBetsModule(ctx);
  const vendors = m.createVendorsModule({ ...ctx, games: bets.games, embedded: database.kind === 'pglite' });
  const house = { ...ctx, secrets: vendors.secrets };
  const announcements = m.createAnnouncementsModule({ ...ctx, bus, ttlMs });
  const demoPlay = {
    ...ctx,
    app,
    merchant: config.DEFAULT_MERCHANT,
    agent: demoAccounts.agent,
    afterWeek: (brand: Brand) => events.emit('rollups.stale', { brand, daysBack: 1 }),
  };

  // Registered in this order (the site last: its 404 answers whatever no module claimed).
  const modules: AppModule[] = [
    metrics,
    m.createHealthModule(ctx),
    responsible,
    m.createOpsReportsModule(ctx),
    m.createPlayersModule(ctx),
    m.createSystemModule(ctx),
    m.createBrandModule(ctx),
    operator,
    auth,
    m.createMemberModule({
      ...ctx,
      ...{ messenger, verification, auth: auth.auth, captcha: auth.captcha },
      onPasswordChanged: inbox.notices.passwordChanged,
    }),
    wallet,
    m.createAgentModule(ctx),
    m.createRiskModule(ctx),
    m.createContractsModule(ctx),
    payments,
    vendors,
    m.createLotteryModule(house),
    m.createSportsModule({ ...house, simulate: config.SPORTS_SIMULATOR ?? config.DEMO }),
    m.createLiveModule(house),
    m.createChatModule(ctx),
    m.createPvpModule(ctx),
    rewards,
    m.createRecordsModule(ctx),
    // The house vendor's adapter joins the registry the lobby launches through.
    m.createHouseModule({ ...house, vendors: vendors.registry }),
    ...(m.demoPlayEnabled(config) ? [m.createDemoPlayModule(demoPlay)] : []),
    m.createCatalogueModule({
      ...ctx,
      ...{ bus, ttlMs, vendors: vendors.registry, dataDir: config.DATA_DIR },
      openRound: (input) => bets.queries.hasOpenRound(input),
      mayPlay: (memberId) => m.assertMayPlay(db, memberId, clock.now()),
    }),
    announcements,
    inbox,
    m.createSupportModule({ ...ctx, realtime, operators, defaultMerchant: config.DEFAULT_MERCHANT }),
    m.createSiteModule({ ...ctx, config, announcements: announcements.announcements, version: deps.version }),
  ];

  const jobs = registerJobs(app, { db, config, onRun: metrics.jobRan });
  const hooks = createRouteHooks({ config, brands, operators, sessions, keys: auth.keys });
  for (const module of modules) {
    await module.register?.(app, hooks);
    for (const job of module.jobs ?? []) jobs.register(job);
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
