import { createHash, timingSafeEqual } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { AppError } from './lib/app-error.js';
import type { InvalidationBus } from './lib/invalidation-bus.js';
import { createBrandRepository } from './modules/brand/brand.repository.js';
import { registerBrandOpsRoutes } from './modules/brand/brand.routes.js';
import { type Brand, createBrandService } from './modules/brand/brand.service.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { createSystemRepository } from './modules/system/system.repository.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { createSystemService } from './modules/system/system.service.js';
import { registerDocs } from './plugins/docs.js';
import { isApiPath, registerErrorHandling, sendNotFound } from './plugins/errors.js';
import { genRequestId } from './plugins/request-context.js';
import type { RouteHooks } from './plugins/routes.js';
import { registerSpa } from './plugins/spa.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  bus: InvalidationBus;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  version?: string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** `TRUST_PROXY`: unset or false, true (trust every hop), or a comma-separated list of addresses. */
function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** Builds the whole HTTP application from its dependencies; nothing is discovered by autoload. */
export async function buildApp(deps: AppDeps) {
  const { config, database, bus } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    genReqId: genRequestId,
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);

  await app.register(helmet, {
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

  const brands = createBrandService({
    repository: createBrandRepository(database.db),
    bus,
    ttlMs: config.BRAND_CACHE_TTL_MS,
  });
  const system = createSystemService({ repository: createSystemRepository(database.db), brands });

  const opsKey = config.OPS_API_KEY ? digest(config.OPS_API_KEY) : null;
  const hooks: RouteHooks = {
    async brandOf(request: FastifyRequest): Promise<Brand> {
      const header = request.headers.merchant;
      // Node joins repeated headers with ", "; the original refuses a doubled Merchant header.
      if (Array.isArray(header) || (typeof header === 'string' && header.includes(','))) {
        throw new AppError('request_param_err', { fields: { Merchant: 'send exactly one Merchant header' } });
      }
      return brands.get(
        typeof header === 'string' && header !== '' ? header.toLowerCase() : config.DEFAULT_MERCHANT,
      );
    },
    assertAvailable(request, brand) {
      const status = brands.statusFor(brand, request.ip);
      if (status === 1) {
        const { message, endTime } = brand.availability.maintenance;
        throw new AppError('function.not.available', { maintainTime: message, endTime });
      }
      if (status === 2) throw new AppError('access.restricted', { ip: request.ip });
    },
    assertOperator(request) {
      const given = request.headers['x-ops-key'];
      if (!opsKey || typeof given !== 'string' || !timingSafeEqual(digest(given), opsKey)) {
        throw new AppError('ops.key.invalid');
      }
    },
    validateReplies: process.env.NODE_ENV !== 'production',
  };

  registerHealthRoutes(app, database.db);
  registerSystemRoutes(app, hooks, system);
  registerBrandOpsRoutes(app, hooks, brands);
  await registerDocs(app, deps.version ?? '0.0.0');

  const spaFallback = await registerSpa(app, config.STATIC_DIR);
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
