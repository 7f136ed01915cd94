import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from '../config.js';
import { lazyChildLoggerFactory, writesInfo } from '../lib/lazy-logger.js';
import { frameworkErrors, registerErrorHandling } from './errors.js';
import { genRequestId } from './request-context.js';
import { SITE_POLICY, registerSecurityHeaders } from './security-headers.js';

/** `TRUST_PROXY`: unset or false, true (trust every hop), or a comma-separated list of addresses. */
export function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

/**
 * The Fastify instance with what every request goes through before a module sees it: request ids,
 * the error envelope, security headers, compression and form bodies. Modules add their routes.
 */
export async function createServer(
  config: Config,
  /** Pino options, or false for silence (tests). */
  logger: boolean | Record<string, unknown>,
): Promise<FastifyInstance> {
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
  registerSecurityHeaders(app, SITE_POLICY);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  return app;
}
