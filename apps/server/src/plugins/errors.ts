import { type ErrorEnvelope, opsPagePaths } from '@arcadia/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

const API_PREFIXES = ['/wps/', '/lgw/', '/vendor/', '/house/', '/ops/', '/dev/', '/docs/json'];
/** Pages of the web app named like an API prefix: `/ops` and its pages are the back office, other `/ops/…` the API. */
const PAGES = new Set(['/ops', ...opsPagePaths.map((p) => `/ops/${p}`)]);

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (PAGES.has(path)) return false;
  return API_PREFIXES.some((p) => path.startsWith(p) || path === p.slice(0, -1));
}

export function envelope(error: AppError): ErrorEnvelope {
  return {
    success: false,
    code: error.code,
    message: error.message,
    ...(error.value ? { value: error.value } : {}),
  };
}

/**
 * Every failure leaves as the error envelope with a fitting status. Client mistakes that Fastify
 * itself detects (bad JSON, wrong content type, oversize body) become `request_param_err`;
 * anything unexpected becomes a 500 `system.error` with nothing internal in it.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(envelope(err));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send(envelope(new AppError('TOO_MANY_REQUESTS')));
    }
    if (status >= 400 && status < 500) {
      const value = { reason: err.code ?? 'bad_request' };
      return reply.status(status).send(envelope(new AppError('request_param_err', value)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelope(new AppError('system.error', { requestId: request.id })));
  });
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a URL that is
 * not valid percent-encoding, 400; a path parameter over `maxParamLength`, 414) leaves as the
 * same envelope as every other refusal, instead of Fastify's own JSON.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    void reply.status(status).send(envelope(new AppError('request_param_err', { reason: err.code })));
    return;
  }
  request.log.error({ err }, 'router error');
  void reply.status(500).send(envelope(new AppError('system.error', { requestId: request.id })));
}

/** The not-found answer never varies: built once, not an error object (and its stack) per miss. */
const NOT_FOUND = (() => {
  const error = new AppError('not.found');
  return { status: error.status, body: Object.freeze(envelope(error)) };
})();

export function sendNotFound(reply: FastifyReply) {
  return reply.status(NOT_FOUND.status).send(NOT_FOUND.body);
}
