import { opsPagePaths } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers Helmet would set for these options, worked out once. Helmet's middleware rebuilds
 * its policies on every call (and @fastify/helmet calls it per request); the result never changes
 * for fixed options, so the server computes it at start-up and copies it onto each reply.
 */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, res as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

/**
 * JSON APIs answer data, not documents: a document policy (scripts, styles, images) means nothing
 * there. They get the lean set OWASP recommends for REST services — nothing may load or frame the
 * reply, no sniffing, no referrer — which is also a third of the bytes on every call.
 */
export const API_HEADERS: HeaderSet = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/**
 * Paths that only ever answer JSON (client API, operators, vendor callbacks, game client API).
 * Narrower than the error handler's API paths: `/house/play` is a page.
 */
const JSON_ONLY_PREFIXES = ['/wps/', '/ops/', '/vendor/', '/house/api/'];
/** The back office's pages live under `/ops/` too: documents, with the document headers. */
const OPS_PAGES = new Set(opsPagePaths.map((p) => `/ops/${p}`));

export function answersJsonOnly(url: string): boolean {
  if (!JSON_ONLY_PREFIXES.some((prefix) => url.startsWith(prefix))) return false;
  return !OPS_PAGES.has(url.split('?')[0] ?? '');
}

/**
 * Sets the request id and the security headers on every reply, from sets computed once: the API
 * set on JSON API paths, Helmet's document set (with the CSP below) everywhere else.
 */
/** The document policy of the site's pages (the SPA, the docs, the house game pages). */
export const SITE_POLICY: HelmetOptions = {
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
};

export function registerSecurityHeaders(app: FastifyInstance, documentOptions: HelmetOptions) {
  const documentHeaders = helmetHeaders(documentOptions);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answersJsonOnly(request.url) ? API_HEADERS : documentHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}
