import { randomBytes } from 'node:crypto';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import type { InvalidationBus } from './lib/invalidation-bus.js';
import { createBrandRepository } from './modules/brand/brand.repository.js';
import { brandPageCss, createBrandModule } from './modules/brand/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { createMemberModule } from './modules/member/index.js';
import { createThrottleModule } from './modules/throttle/index.js';
import { createVerificationModule } from './modules/verification/index.js';
import { createHealthModule } from './modules/health/index.js';
import { createOperatorModule } from './modules/operator/index.js';
import { createSystemModule } from './modules/system/index.js';
import { createCatalogueModule } from './modules/catalogue/index.js';
import { createAnnouncementsModule } from './modules/announcements/index.js';
import { createVendorsModule } from './modules/vendors/index.js';
import { createDomainEvents } from './lib/domain-events.js';
import { createLedgerService } from './modules/ledger/ledger.service.js';
import { createAgentModule } from './modules/agent/index.js';
import { createWalletModule } from './modules/wallet/index.js';
import { createPaymentsModule } from './modules/payments/index.js';
import { createBrandService } from './modules/brand/brand.service.js';
import { createServer } from './plugins/server.js';
import { createRouteHooks } from './plugins/route-hooks.js';
import { createSiteModule } from './modules/site/index.js';
import { registerJobs } from './jobs/index.js';
import { createBetsModule } from './modules/bets/index.js';
import { createDemoPlay, createHouseModule, demoPlayEnabled } from './modules/house/index.js';
import { demoAccounts } from './seeds/seed.js';
import { createRealtimeModule } from './modules/realtime/index.js';
import { createSupportModule } from './modules/support/index.js';
import { createRecordsModule } from './modules/records/index.js';
import { createClock } from './lib/clock.js';
import { createMetricsModule } from './modules/metrics/index.js';
import { createContractsModule } from './modules/contracts/index.js';
import { createLotteryModule } from './modules/lottery/index.js';
import { createSportsModule } from './modules/sports/index.js';
import { createLiveModule } from './modules/live/index.js';
import { createChatModule } from './modules/chat/index.js';
import { assertMayPlay, createResponsibleModule } from './modules/responsible/index.js';
import { createOpsReportsModule } from './modules/ops-reports/index.js';
import { createPvpModule } from './modules/pvp/index.js';
import { createInboxModule } from './modules/inbox/index.js';
import { createRewardsModule } from './modules/rewards/index.js';
import { createPlayersModule } from './modules/players/index.js';
import { uploadStoreFor } from './lib/upload-store.js';
import { createRiskModule } from './modules/risk/index.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  bus: InvalidationBus;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  version?: string;
}

/** Builds the whole HTTP application from its dependencies; nothing is discovered by autoload. */
export async function buildApp(deps: AppDeps) {
  const { config, database, bus } = deps;
  const logger = deps.logger ?? { level: config.LOG_LEVEL };
  const app = await createServer(config, logger);

  // What one module tells the others happened (lib/domain-events.ts).
  const events = createDomainEvents();
  const brands = createBrandService({
    repository: createBrandRepository(database.db),
    bus,
    ttlMs: config.BRAND_CACHE_TTL_MS,
  });
  // The schedules' clock: the wall clock, movable forward only with TEST_CLOCK=1 (src/lib/clock.ts).
  const clock = createClock({ settable: config.TEST_CLOCK });
  const system = createSystemModule({ db: database.db, brands, clock });
  const db = database.db;
  const { throttle } = createThrottleModule({ db });
  const { messenger, verification } = createVerificationModule({
    db,
    log: app.log,
    throttle,
    httpUrl: config.MESSAGE_HTTP_URL,
    logCodes: config.DEMO,
  });
  // Member routes are registered below, once the auth module (built from `members`) exists.
  const member = createMemberModule({
    db,
    routes: () => ({
      auth,
      sessions,
      captcha,
      verification,
      messenger,
      onPasswordChanged: inbox.notices.passwordChanged,
      // A friend's referral code makes the new member its referee (docs/rewards.md).
      onRegistered: async (brand, memberId, body, client) => {
        if (body.referralCode)
          await rewards.referrals.recordSignup(brand, memberId, body.referralCode, {
            ip: client.ip,
            deviceId: body.loginDeviceId ?? null,
          });
      },
    }),
  });
  const { members } = member;
  const ledger = createLedgerService(db);
  const uploads = uploadStoreFor(config);
  const operatorModule = createOperatorModule({ db, throttle });
  const { operators } = operatorModule;
  // Sessions, login, the envelope's keys and the captchas. An ended session is announced as the
  // `session.ended` domain event (the real-time channel closes its sockets).
  const authModule = createAuthModule({
    db,
    members,
    throttle,
    verification,
    sessions: {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_MAX_HOURS * 3_600_000,
      singleSession: config.SINGLE_SESSION,
      limitMs: (memberId) => responsible.sessionLimitMs(memberId),
      onEnded: (sessionIds, reason) =>
        void events
          .emit('session.ended', { sessionIds, reason })
          .catch((err: unknown) => app.log.error({ err }, 'session.ended not handled')),
    },
    // The captcha test code is a demo convenience for automated tests; production never honours it.
    captchaTestCode: config.DEMO ? config.CAPTCHA_TEST_CODE : undefined,
    demo: config.DEMO,
  });
  const { sessions, keys, captcha, auth } = authModule;
  // The real-time channel (docs/realtime.md): sockets at /ws on this server, Redis across instances.
  // It authenticates member sockets with the session service (read when a socket connects).
  const realtime = await createRealtimeModule({
    app,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    sessionSweepMs: config.SOCKET_SESSION_SWEEP_MS,
    brands,
    defaultMerchant: config.DEFAULT_MERCHANT,
    ledger,
    operators,
    sessions,
    events,
    validate: process.env.NODE_ENV !== 'production',
  });
  const wallet = createWalletModule({ db, ledger, throttle });
  // In-site messages (docs/inbox.md): built before payments, whose notices it delivers.
  const inbox = createInboxModule({ db, brands, hub: realtime.hub, throttle, log: app.log });
  // Brands in the back office (docs/back-office.md "Brand"): create, edit, switch modules, audited.
  const brandModule = createBrandModule({
    db,
    brands,
    uploads,
    hub: realtime.hub,
  });
  // Responsible gaming (docs/responsible-gaming.md): deposit limits and breaks, checked where money moves.
  const responsible = createResponsibleModule({ db, brands, clock });
  // The back office's player desk (docs/back-office.md, "Players"): search, the 360° view, status.
  const players = createPlayersModule({ db, brands, sessions });
  const payments = createPaymentsModule({
    db,
    ledger,
    wallet,
    brands,
    // The demo gateway exists only in demo mode; its secret is generated when unset (one instance).
    demoGatewaySecret: config.DEMO
      ? (config.DEMO_GATEWAY_SECRET ?? randomBytes(32).toString('base64url'))
      : null,
    notify: inbox.notices.payment,
    depositGuard: responsible.depositGuard,
    // A withdrawal waits for the turnover open bonuses ask for (the rewards module, built below).
    turnoverLeft: (tx, brand, memberId) => rewards.promotions.turnoverLeft(tx, brand, memberId),
  });

  // Operations metrics (docs/operations.md): GET /metrics for Prometheus.
  const metrics = createMetricsModule({
    token: config.METRICS_TOKEN,
    sockets: () => realtime.hub.localCount(),
    pool: () => database.poolStats?.() ?? null,
  });
  metrics.register(app);
  ledger.onBalance(() => metrics.posted());
  const jobs = registerJobs(app, { db, config, onRun: metrics.jobRan });
  for (const job of payments.jobs) jobs.register(job);

  const hooks = createRouteHooks({ config, brands, operators, sessions, keys });

  createHealthModule({ db: database.db }).register(app);
  responsible.register(app, hooks);
  // Brand reports in the back office (docs/back-office.md "Reports"): revenue, payments, players.
  const opsReports = createOpsReportsModule({ db, brands, clock });
  opsReports.register(app, hooks);
  for (const job of opsReports.jobs) jobs.register(job);
  players.register(app, hooks);
  system.register(app, hooks);
  brandModule.register(app, hooks);
  operatorModule.register(app, hooks);
  authModule.register(app, hooks);
  member.register(app, hooks);
  wallet.register(app, hooks);
  // Agents (docs/reports.md): the agent centre, the back office's agent tree and announcements.
  const agent = createAgentModule({ db, brands, members, wallet, events });
  agent.register(app, hooks);
  for (const job of agent.jobs) jobs.register(job);
  // The risk desk (docs/back-office.md): flags raised by a scan of new rows, and their review queue.
  const risk = createRiskModule({ db, brands });
  risk.register(app, hooks);
  for (const job of risk.jobs) jobs.register(job);
  // Agent contracts (docs/contracts.md): offers, top agents' contracts, settlement jobs.
  const contracts = createContractsModule({
    db,
    ledger,
    brands,
    hub: realtime.hub,
    events,
    clock,
  });
  contracts.register(app, hooks);
  for (const job of contracts.jobs) jobs.register(job);
  await payments.register(app, hooks);
  // Seamless vendor wallet callbacks (/vendor/<code>/<op>); bets, rollups (docs/vendor-protocol.md).
  const bets = createBetsModule({ db });
  const vendorModule = createVendorsModule({
    db,
    ledger,
    games: bets.games,
    embedded: database.kind === 'pglite',
  });
  const vendorSecrets = vendorModule.secrets;
  await vendorModule.register(app, hooks);
  // The house lottery (docs/lottery.md): draws, selling through the house wallet callbacks, settlement.
  const lottery = createLotteryModule({
    db,
    hub: realtime.hub,
    clock,
    brands,
    ledger,
    secrets: vendorSecrets,
    log: app.log,
  });
  lottery.register(app, hooks);
  for (const job of lottery.jobs) jobs.register(job);
  // The house sportsbook (docs/sportsbook.md): events, markets, bets through the house wallet, settlement.
  const sports = createSportsModule({
    db,
    hub: realtime.hub,
    clock,
    brands,
    simulate: config.SPORTS_SIMULATOR ?? config.DEMO,
    ledger,
    secrets: vendorSecrets,
    log: app.log,
  });
  sports.register(app, hooks);
  for (const job of sports.jobs) jobs.register(job);
  // The house live tables (docs/live.md): shared rounds on a clock, bets through the house wallet.
  const live = createLiveModule({
    db,
    hub: realtime.hub,
    clock,
    brands,
    secrets: vendorSecrets,
    log: app.log,
  });
  live.register(app, hooks);
  for (const job of live.jobs) jobs.register(job);
  // Live chat rooms with hosts (docs/chat.md): the model list, messages, tips through the ledger.
  createChatModule({ db, ledger, throttle, brands, hub: realtime.hub }).register(app, hooks);
  // Card rooms (docs/pvp.md): bull-bull with a rotating banker; buy-ins, rake and cash-outs through the ledger.
  const pvp = createPvpModule({ db, ledger, brands, hub: realtime.hub, clock, log: app.log });
  pvp.register(app, hooks);
  for (const job of pvp.jobs) jobs.register(job);
  // Rewards (docs/rewards.md): rebates, VIP tiers and the points mall, paid through the ledger.
  const rewards = createRewardsModule({
    db,
    ledger,
    brands,
    hub: realtime.hub,
    events,
    clock,
    checkPaymentPassword: wallet.checkPaymentPassword,
    uploads,
  });
  rewards.register(app, hooks);
  for (const job of rewards.jobs) jobs.register(job);
  createRecordsModule({ db }).register(app, hooks);
  // The one registry of vendor adapters (exposed as `app.vendors`). The house vendor registers its
  // `house` adapter here with `vendors.register(...)`, as does each configured aggregator; an
  // adapter that is missing or not configured hides its games from the lobby.
  const vendors = vendorModule.registry;
  // The house vendor: its adapter joins the registry; its game API lives under /house/api.
  createHouseModule({ db, vendors, secrets: vendorSecrets }).register(app, hooks);
  // Demo mode's players (DEMO_PLAY): a week of house rounds on first start, then a few now and then.
  if (demoPlayEnabled(config)) {
    const demoPlay = createDemoPlay({
      app,
      db,
      sessions,
      brands,
      merchant: config.DEFAULT_MERCHANT,
      agent: demoAccounts.agent,
      afterWeek: (brand) => events.emit('rollups.stale', { brand, daysBack: 1 }),
    });
    jobs.register(demoPlay.job);
    app.addHook('preClose', async () => demoPlay.stop());
  }
  // `openRound`: the bets module's open-round lookup, for adapters with `singleOpenRound`.
  createCatalogueModule({
    db,
    bus,
    brands,
    vendors,
    ttlMs: config.BRAND_CACHE_TTL_MS,
    dataDir: config.DATA_DIR,
    openRound: (input) => bets.queries.hasOpenRound(input),
    mayPlay: (memberId) => assertMayPlay(db, memberId, clock.now()),
  }).register(app, hooks);
  const announcementsModule = createAnnouncementsModule({
    db,
    bus,
    brands,
    uploads,
    hub: realtime.hub,
    ttlMs: config.BRAND_CACHE_TTL_MS,
  });
  announcementsModule.register(app, hooks);
  const { announcements } = announcementsModule;
  inbox.register(app, hooks);
  for (const job of inbox.jobs) jobs.register(job);
  // Customer-service live chat (docs/support.md): HTTP routes, socket events, the console's queue.
  createSupportModule({
    db,
    throttle,
    realtime,
    operators,
    brands,
    defaultMerchant: config.DEFAULT_MERCHANT,
    log: app.log,
  }).register(app, hooks);
  // Last: the docs, the SPA and the 404 for whatever no module claimed.
  await createSiteModule({ config, brands, announcements, version: deps.version ?? '0.0.0' }).register!(
    app,
    hooks,
  );

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
