import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { LogController } from 'fastify';
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
import { registerWalletRoutes } from './modules/wallet/wallet.routes.js';
import { createAgentAnnouncementOps } from './modules/agent/agent-announcements.ops.js';
import { createAgentRepository } from './modules/agent/agent.repository.js';
import { agentJobs } from './modules/agent/agent.jobs.js';
import { registerAgentRoutes } from './modules/agent/agent.routes.js';
import { createAgentService } from './modules/agent/agent.service.js';
import { createWalletService } from './modules/wallet/wallet.service.js';
import { createDemoGateway } from './modules/payments/demo-gateway.js';
import { createPaymentsRepository } from './modules/payments/payments.repository.js';
import { registerPaymentRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createBrandService } from './modules/brand/brand.service.js';
import { registerDocs } from './plugins/docs.js';
import { frameworkErrors, isApiPath, registerErrorHandling, sendNotFound } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { genRequestId } from './plugins/request-context.js';
import { createRouteHooks } from './plugins/route-hooks.js';
import { registerSpa, themeOf } from './plugins/spa.js';
import { registerJobs } from './jobs/index.js';
import { lazyChildLoggerFactory, writesInfo } from './lib/lazy-logger.js';
import { createBetQueries } from './modules/bets/bets.service.js';
import { registerHouse } from './modules/house/house.routes.js';
import { createDemoPlay, demoPlayEnabled } from './modules/house/house.demo-play.js';
import { demoAccounts } from './db/seeds/seed.js';
import { registerRecordRoutes } from './modules/records/records.routes.js';
import { createRealtimeModule } from './modules/realtime/index.js';
import { createSupportModule } from './modules/support/index.js';
import { createRecordsService } from './modules/records/records.service.js';
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
import { createAgentOpsModule } from './modules/agent/agent-ops.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  bus: InvalidationBus;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  version?: string;
}

/** `TRUST_PROXY`: unset or false, true (trust every hop), or a comma-separated list of addresses. */
function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** Builds the whole HTTP application from its dependencies; nothing is discovered by autoload. */
export async function buildApp(deps: AppDeps) {
  const { config, database, bus } = deps;
  const logger = deps.logger ?? { level: config.LOG_LEVEL };
  const app = Fastify({
    logger,
    // Per-request children are made on first use, and Fastify's per-request lines (at info) are
    // skipped outright when the level would drop them (docs/configuration.md, `LOG_LEVEL`).
    ...(logger === false ? {} : { childLoggerFactory: lazyChildLoggerFactory }),
    logController: new LogController({
      disableRequestLogging: !writesInfo(
        typeof logger === 'object' ? String(logger.level ?? 'info') : 'info',
      ),
    }),
    genReqId: genRequestId,
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  });
  registerErrorHandling(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Game pages embed vendor content; cross-origin isolation would break them.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { bodyLimit: 64 * 1024 });

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
  const wallet = createWalletService({ db, ledger, throttle });
  // The demo gateway exists only in demo mode; its secret is generated when unset (one instance).
  const gateway = config.DEMO
    ? createDemoGateway(config.DEMO_GATEWAY_SECRET ?? randomBytes(32).toString('base64url'))
    : null;
  // In-site messages (docs/inbox.md): built before payments, whose notices it delivers.
  const inbox = createInboxModule({ db, hub: realtime.hub, throttle, log: app.log });
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
  const payments = createPaymentsService({
    db,
    ledger,
    wallet,
    repository: createPaymentsRepository(),
    gateway,
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
  const jobs = registerJobs(app, { db, config, brands, payments, onRun: metrics.jobRan });

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
  registerWalletRoutes(app, hooks, wallet);
  const agent = createAgentService({ db, repository: createAgentRepository(db), members, wallet });
  registerAgentRoutes(app, hooks, { agent, announcements: createAgentAnnouncementOps(db), brands });
  for (const job of agentJobs({ db, brands, agent })) jobs.register(job);
  // The back office's agent tree (docs/back-office.md): browse, search, move a member or a team.
  createAgentOpsModule({ db, brands }).register(app, hooks);
  // The risk desk (docs/back-office.md): flags raised by a scan of new rows, and their review queue.
  const risk = createRiskModule({ db, brands });
  risk.register(app, hooks);
  for (const job of risk.jobs) jobs.register(job);
  // Agent contracts (docs/contracts.md): offers, top agents' contracts, settlement jobs.
  const contracts = createContractsModule({
    db,
    ledger,
    brands,
    hub: () => realtime?.hub,
    refreshRollups: (brand, daysBack) => agent.refreshRollups(brand, daysBack),
    clock,
  });
  contracts.register(app, hooks);
  for (const job of contracts.jobs) jobs.register(job);
  await registerPaymentRoutes(app, hooks, { payments, brands, gateway });
  // Seamless vendor wallet callbacks (/vendor/<code>/<op>); bets, rollups (docs/vendor-protocol.md).
  const vendorModule = createVendorsModule({ db, ledger, embedded: database.kind === 'pglite' });
  const vendorSecrets = vendorModule.secrets;
  await vendorModule.register(app, hooks);
  // The house lottery (docs/lottery.md): draws, selling through the house wallet callbacks, settlement.
  const lottery = createLotteryModule({
    db,
    hub: () => realtime?.hub,
    clock,
    schedule: config.JOBS_ENABLED,
    ledger,
    secrets: vendorSecrets,
    log: app.log,
  });
  lottery.register(app, hooks);
  // The house sportsbook (docs/sportsbook.md): events, markets, bets through the house wallet, settlement.
  createSportsModule({
    db,
    hub: () => realtime?.hub,
    clock,
    schedule: config.JOBS_ENABLED,
    simulate: config.SPORTS_SIMULATOR ?? config.DEMO,
    ledger,
    secrets: vendorSecrets,
    log: app.log,
  }).register(app, hooks);
  // The house live tables (docs/live.md): shared rounds on a clock, bets through the house wallet.
  createLiveModule({
    db,
    hub: () => realtime?.hub,
    clock,
    schedule: config.JOBS_ENABLED,
    secrets: vendorSecrets,
    log: app.log,
  }).register(app, hooks);
  // Live chat rooms with hosts (docs/chat.md): the model list, messages, tips through the ledger.
  createChatModule({ db, ledger, throttle, brands, hub: () => realtime?.hub }).register(app, hooks);
  // Card rooms (docs/pvp.md): bull-bull with a rotating banker; buy-ins, rake and cash-outs through the ledger.
  createPvpModule({
    db,
    ledger,
    hub: () => realtime?.hub,
    clock,
    schedule: config.JOBS_ENABLED,
    log: app.log,
  }).register(app, hooks);
  // Rewards (docs/rewards.md): rebates, VIP tiers and the points mall, paid through the ledger.
  const rewards = createRewardsModule({
    db,
    ledger,
    brands,
    hub: () => realtime?.hub,
    clock,
    checkPaymentPassword: wallet.checkPaymentPassword,
    uploads,
  });
  rewards.register(app, hooks);
  for (const job of rewards.jobs) jobs.register(job);
  registerRecordRoutes(app, hooks, createRecordsService(db));
  // The one registry of vendor adapters (exposed as `app.vendors`). The house vendor registers its
  // `house` adapter here with `vendors.register(...)`, as does each configured aggregator; an
  // adapter that is missing or not configured hides its games from the lobby.
  const vendors = vendorModule.registry;
  // The house vendor: its adapter joins the registry; its game API lives under /house/api.
  registerHouse(app, hooks, { db, vendors, secrets: vendorSecrets });
  // Demo mode's players (DEMO_PLAY): a week of house rounds on first start, then a few now and then.
  if (demoPlayEnabled(config)) {
    const demoPlay = createDemoPlay({
      app,
      db,
      sessions,
      brands,
      merchant: config.DEFAULT_MERCHANT,
      agent: demoAccounts.agent,
      afterWeek: (brand) => agent.refreshRollups(brand, 1),
    });
    jobs.register(demoPlay.job);
    app.addHook('preClose', async () => demoPlay.stop());
  }
  // `openRound`: the bets module's open-round lookup, for adapters with `singleOpenRound`.
  const bets = createBetQueries(db);
  createCatalogueModule({
    db,
    bus,
    brands,
    vendors,
    ttlMs: config.BRAND_CACHE_TTL_MS,
    dataDir: config.DATA_DIR,
    openRound: (input) => bets.hasOpenRound(input),
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
  inbox.register(app, hooks, { brands });
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
  await registerDocs(app, deps.version ?? '0.0.0');

  // A small SVG of this site (the generated banners) as a data: URI, read through the app's own
  // route once per URL: the home page paints it with its HTML.
  const svgCache = new Map<string, string | null>();
  const smallSvg = async (url: string): Promise<string | null> => {
    if (svgCache.has(url)) return svgCache.get(url)!;
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'image/svg+xml' } });
    const svg =
      res.statusCode === 200 &&
      String(res.headers['content-type']).startsWith('image/svg+xml') &&
      res.rawPayload.length <= 8_000
        ? `data:image/svg+xml;base64,${res.rawPayload.toString('base64')}`
        : null;
    if (svgCache.size < 32) svgCache.set(url, svg);
    return svg;
  };
  // The home page's first banner is drawn into its HTML (painted before the app's JS).
  const spaFallback = await registerSpa(app, config.STATIC_DIR, {
    firstPaint: async (request) => {
      const brand = await brands.get(config.DEFAULT_MERCHANT);
      const { banners } = await announcements.list(brand.id, brand.defaultLanguage, {
        types: 'B',
        groupName: 'w_home',
      });
      const bannerUrl = banners[0]?.url || null;
      return {
        bannerUrl,
        bannerDataUri: bannerUrl ? await smallSvg(bannerUrl) : null,
        theme: themeOf(request.headers.cookie),
      };
    },
    // The brand's theme colours come with the page: no repaint once its JavaScript runs.
    brandCss: async () => brandPageCss((await brands.get(config.DEFAULT_MERCHANT)).settings),
  });
  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && spaFallback) {
      const sent = spaFallback(request, reply);
      if (sent) return sent;
    }
    return sendNotFound(reply);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
