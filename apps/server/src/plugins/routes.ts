import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { RouteBody, RouteDescriptor, RouteParams, RouteQuery, RouteReply } from '@arcadia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { requestCookie } from '../lib/cookies.js';
import type { AuthedSession } from '../modules/auth/session.service.js';
import type { Brand } from '../modules/brand/brand.service.js';
import type { OperatorIdentity } from '../modules/operator/operator.service.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  captchaId: string | undefined;
}

export interface RouteContext<D extends RouteDescriptor> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: RouteQuery<D>;
  body: RouteBody<D>;
  params: RouteParams<D>;
  /** The brand selected by the `Merchant` header. */
  brand: Brand;
  /** The caller's session: always set on `member` routes, set when present on `optional` ones. */
  session: AuthedSession | null;
  /** The calling operator: always set on `ops` routes (its role and brand already checked). */
  operator: OperatorIdentity | null;
  client: ClientInfo;
}

/** A handler may answer synchronously (the memoised catalogue reads do: no turn is waited). */
export type RouteHandler<D extends RouteDescriptor> = (
  ctx: RouteContext<D>,
) => RouteReply<D> | Promise<RouteReply<D>>;

export interface RouteHooks {
  /**
   * Resolves the brand for the request (and refuses unknown ones): the brand itself when it is
   * cached, so the hot path does not wait a turn for it.
   */
  brandOf(request: FastifyRequest): Brand | Promise<Brand>;
  /** Refuses the call when the brand is in maintenance or the caller's region is blocked. */
  assertAvailable(request: FastifyRequest, brand: Brand): void;
  /**
   * The operator behind the request's credential (an operator session, or the deployment key as
   * an admin of every brand), or 401 `ops.key.invalid`.
   */
  assertOperator(request: FastifyRequest): Promise<OperatorIdentity>;
  /** The session behind the request's token, or a 401. */
  sessionOf(request: FastifyRequest, brand: Brand): Promise<AuthedSession>;
  /** Opens an encrypted body (docs/api.md "Encrypted bodies"). */
  decryptBody(request: FastifyRequest): Promise<unknown>;
  /** Validate every reply against its schema (development and tests). */
  validateReplies: boolean;
}

function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new AppError('request_param_err', { fields });
}

/**
 * U+0000 (NUL) and lone UTF-16 surrogates (a JSON `"\udfff"` with no partner): PostgreSQL `text`
 * and `jsonb` cannot hold either, so an input carrying one would fail in the database as a 500.
 * Every route refuses them at the door instead, wherever they come.
 */
const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain the control character U+0000 (NUL)';
const SURROGATE_MESSAGE = 'must not contain a lone UTF-16 surrogate (text that is not valid Unicode)';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** What is wrong with a string PostgreSQL cannot store, or null. */
const badText = (v: string): 'nul' | 'surrogate' | null =>
  v.includes(NUL) ? 'nul' : LONE_SURROGATE.test(v) ? 'surrogate' : null;

/** Field names as the reply shows them: a key's own NUL written out, so the name stays readable. */
const fieldName = (path: readonly (string | number)[]) =>
  path.length === 0 ? '_' : path.map((p) => String(p).replaceAll(NUL, '\\u0000')).join('.');

/**
 * The path (`a.b.0`, `_` for the value itself) of the first string or object key in `value` that
 * holds U+0000 or a lone surrogate, with which, or null. Walks arrays and objects' own keys (not a raw `Buffer` body: that is its
 * route's business), with a stack of its own: a deeply nested body cannot overflow the call stack.
 */
export function findNul(value: unknown): { path: string; problem: 'nul' | 'surrogate' } | null {
  // Each entry links to its parent: the path is built only for a hit, so depth costs no copying.
  interface Entry {
    value: unknown;
    key: string | number | null;
    parent: Entry | null;
  }
  const pathOf = (entry: Entry, last?: string) => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let e: Entry | null = entry; e !== null && e.key !== null; e = e.parent) path.push(e.key);
    path.reverse();
    // A NUL at the bottom of a deep nest is named by where it starts and where it ends.
    return path.length <= 16
      ? fieldName(path)
      : `${fieldName(path.slice(0, 8))}.….${fieldName(path.slice(-8))}`;
  };
  const stack: Entry[] = [{ value, key: null, parent: null }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const v = entry.value;
    if (typeof v === 'string') {
      const problem = badText(v);
      if (problem) return { path: pathOf(entry), problem };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: entry });
    } else if (typeof v === 'object' && v !== null && !ArrayBuffer.isView(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const problem = badText(key);
        if (problem) return { path: pathOf(entry, key), problem };
        stack.push({ value: (v as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return null;
}

/** `x-ops-key` → `X-Ops-Key`: a header as the docs name it. */
const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

const refuseNul = (field: string, problem: 'nul' | 'surrogate' = 'nul'): never => {
  throw new AppError('request_param_err', {
    fields: { [field]: problem === 'nul' ? NUL_MESSAGE : SURROGATE_MESSAGE },
  });
};

/**
 * Refuses a request that carries U+0000 in a header, a path parameter, the query string or a
 * parsed body (`400 request_param_err`, the field named). Path parameters and the query can only
 * carry one written as `%00` (or raw, through an in-process request), so the URL is looked at
 * first and the parsed values only when it has one. An encrypted body is checked once opened.
 */
export function assertNoNul(request: FastifyRequest): void {
  const headers = request.headers;
  for (const name in headers) {
    const value = headers[name];
    if (
      typeof value === 'string'
        ? value.includes(NUL)
        : Array.isArray(value) && value.some((v) => v.includes(NUL))
    )
      refuseNul(headerName(name));
  }
  const url = request.url;
  if (url.includes('%00') || url.includes(NUL)) {
    const where = findNul(request.params) ?? findNul(request.query);
    if (where !== null) refuseNul(where.path, where.problem);
  }
  if (request.body !== undefined && request.body !== null) {
    const where = findNul(request.body);
    if (where !== null) refuseNul(where.path, where.problem);
  }
}

/**
 * Routes under /wps/system and /ops answer during maintenance: the client needs them to say so.
 * Payment notifications (/payments/) too: the money has already moved at the gateway.
 */
const alwaysAvailable = (path: string) =>
  path.startsWith('/wps/system/') || path.startsWith('/ops/') || path.startsWith('/payments/');

/**
 * The operator may call this route: its role is in the route's `opsRoles` (admin only when the
 * route names none), else 403 `forbidden`; an operator bound to one brand may name only that
 * brand in `:merchantCode`, else 404 `not.found` (as if the brand did not exist).
 */
function assertOperatorMay(route: RouteDescriptor, operator: OperatorIdentity, params: unknown) {
  const roles = route.opsRoles ?? ['admin'];
  if (!roles.includes(operator.role)) throw new AppError('forbidden');
  const code = (params as Record<string, unknown> | undefined)?.merchantCode;
  if (operator.merchantCode !== null && typeof code === 'string') {
    if (code.toLowerCase() !== operator.merchantCode) throw new AppError('not.found', { merchant: code });
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A shared reply's envelope as bytes, and its compressed forms once a client has asked for them. */
interface SharedBody {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}
/** Envelopes of frozen replies, serialised once; an entry goes when its reply is collected. */
const sharedBodies = new WeakMap<object, SharedBody>();
/** Below this a reply goes as it is (the same threshold as the compress plugin's). */
const COMPRESS_FROM_BYTES = 1024;

/** The encoding to answer with: brotli, else gzip, when `accept-encoding` allows it (q > 0). */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  if (typeof header !== 'string' || header === '') return 'identity';
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * Sends a frozen (memoised, shared) reply: serialised once, and compressed once per encoding, so
 * a repeated catalogue read costs a lookup and a socket write. A reply that is not frozen (a
 * `shared` route's one-off answer) is serialised and compressed for this request only: its
 * entry goes with it.
 */
function sendShared(request: FastifyRequest, reply: FastifyReply, value: object) {
  let body = sharedBodies.get(value);
  if (body === undefined) {
    body = { identity: Buffer.from(JSON.stringify({ success: true, value })) };
    sharedBodies.set(value, body);
  }
  reply.type(JSON_TYPE).header('vary', 'accept-encoding');
  const encoding =
    body.identity.length < COMPRESS_FROM_BYTES
      ? 'identity'
      : pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body.identity);
  const compressed = (body[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(body.identity, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.identity.length,
          },
        })
      : gzipSync(body.identity, { level: 6 }));
  return reply.header('content-encoding', encoding).send(compressed);
}

/** Distinct query strings a GET route remembers the parse of; when full it starts again. */
const MAX_PARSED_QUERIES = 500;

/**
 * Parses GET query strings once each. Pages ask for the same handful of queries over and over,
 * and validating one with its schema costs more than the rest of a cached catalogue read. The
 * parse is frozen, so a handler cannot change what the next request gets.
 */
function queryParser<S extends z.ZodType>(schema: S) {
  const parsed = new Map<string, Readonly<z.infer<S>>>();
  return (request: FastifyRequest): Readonly<z.infer<S>> => {
    const mark = request.url.indexOf('?');
    const raw = mark === -1 ? '' : request.url.slice(mark + 1);
    const hit = parsed.get(raw);
    if (hit !== undefined) return hit;
    const value = parseOrThrow(schema, request.query);
    const frozen = (typeof value === 'object' && value !== null ? Object.freeze(value) : value) as Readonly<
      z.infer<S>
    >;
    if (parsed.size >= MAX_PARSED_QUERIES) parsed.clear();
    parsed.set(raw, frozen);
    return frozen;
  };
}

export interface RouteOptions {
  /** Largest request body in bytes for this route (the app-wide default is 1 MiB). */
  bodyLimit?: number;
  /**
   * The route answers shared catalogue reads: mostly memoised frozen replies, now and then a fresh
   * one (a free-text search). Every reply goes out through `sendShared`, which compresses it
   * itself, so the compress plugin's per-request hooks are left off the route (about 4 µs of a
   * catalogue read's ~70, measured with bench/lobby).
   */
  shared?: boolean;
}

/**
 * Registers one contract route: applies the auth rule, opens an encrypted body, validates params,
 * query and body with the contract's schemas, and wraps the result in the success envelope.
 *
 * A request that needs nothing awaited (a cached brand, no session, no encrypted body, a handler
 * that answers synchronously: the memoised catalogue reads) is answered within Fastify's handler
 * call: no promise, no microtask turn, no `reply.then` (an async handler's answer costs three).
 * Anything else continues as a promise, with the same steps in the same order.
 */
export function registerRoute<D extends RouteDescriptor>(
  app: FastifyInstance,
  hooks: RouteHooks,
  route: D,
  handler: RouteHandler<D>,
  options: RouteOptions = {},
) {
  const cachedQuery = route.method === 'GET' && route.query ? queryParser(route.query) : null;
  const checkAvailability = !alwaysAvailable(route.path);
  /** Steps that always wait for I/O: the operator or member check, an encrypted body. */
  const alwaysAwaits = route.auth === 'ops' || route.auth === 'member' || route.encrypted === true;

  /** Sends the handler's answer: shared replies as bytes, others in the envelope. */
  const respond = (request: FastifyRequest, reply: FastifyReply, value: RouteReply<D>): void => {
    if (hooks.validateReplies) route.reply.parse(value);
    // A handler that sent its own reply (a CSV file) has answered already.
    if (reply.sent) return;
    if (typeof value === 'object' && value !== null && (options.shared || Object.isFrozen(value))) {
      sendShared(request, reply, value);
    } else {
      reply.send({ success: true, value });
    }
  };

  /** Validates the input and runs the handler; a promise only when the handler answers one. */
  const run = (
    request: FastifyRequest,
    reply: FastifyReply,
    brand: Brand,
    session: AuthedSession | null,
    operator: OperatorIdentity | null,
    rawBody: unknown,
  ): void | Promise<void> => {
    const ctx = {
      request,
      reply,
      brand,
      session,
      operator,
      client: {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        captchaId: requestCookie(request, 'captchaId'),
      },
      params: (route.params ? parseOrThrow(route.params, request.params) : undefined) as RouteParams<D>,
      query: (cachedQuery
        ? cachedQuery(request)
        : route.query
          ? parseOrThrow(route.query, request.query)
          : undefined) as RouteQuery<D>,
      body: (route.body ? parseOrThrow(route.body, rawBody) : undefined) as RouteBody<D>,
    };
    const answer = handler(ctx);
    // The promise settles once the response has finished (a reply is a thenable). Settling
    // with undefined while a compressed stream is still being written would make Fastify send again,
    // an empty body over the real one.
    if (answer instanceof Promise)
      return answer.then(async (value) => {
        respond(request, reply, value);
        await reply;
      });
    respond(request, reply, answer);
  };

  /** Checks that need only the brand: availability and the route's module switch. */
  const assertOpen = (request: FastifyRequest, brand: Brand) => {
    if (checkAvailability) hooks.assertAvailable(request, brand);
    if (route.modId && brand.modules[route.modId] === false) throw new AppError('function.disabled');
  };

  /**
   * The whole pipeline with every step awaited where it has to be; `pendingBrand` is the brand
   * lookup when the synchronous path has already started it.
   */
  const runAsync = async (
    request: FastifyRequest,
    reply: FastifyReply,
    pendingBrand?: Promise<Brand>,
  ): Promise<void> => {
    let operator: OperatorIdentity | null = null;
    if (route.auth === 'ops') {
      operator = await hooks.assertOperator(request);
      assertOperatorMay(route, operator, request.params);
    }
    const brand = await (pendingBrand ?? hooks.brandOf(request));
    assertOpen(request, brand);

    let session: AuthedSession | null = null;
    if (route.auth === 'member') {
      session = await hooks.sessionOf(request, brand);
      if (route.trial === false && brand.settings.trialTypes.includes(session.member.type)) {
        throw new AppError('in_need_true_account');
      }
      if (session.mustChangePassword && !route.pendingPasswordChange)
        throw new AppError('password.change.required');
    } else if (route.auth === 'optional' && request.headers.authorization) {
      session = await hooks.sessionOf(request, brand).catch(() => null);
    }

    let rawBody = request.body;
    if (route.encrypted) {
      rawBody = await hooks.decryptBody(request);
      const where = findNul(rawBody);
      if (where !== null) refuseNul(where.path, where.problem);
    }
    await run(request, reply, brand, session, operator, rawBody);
  };

  app.route({
    method: route.method,
    url: route.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.shared ? { compress: false as const, decompress: false as const } : {}),
    // Fastify sends what a thrown error says, and waits for a returned promise; a synchronous
    // answer has already been sent when this returns undefined.
    handler: (request, reply) => {
      assertNoNul(request);
      if (alwaysAwaits || (route.auth === 'optional' && request.headers.authorization)) {
        return runAsync(request, reply);
      }
      const brand = hooks.brandOf(request);
      if (brand instanceof Promise) return runAsync(request, reply, brand);
      assertOpen(request, brand);
      return run(request, reply, brand, null, null, request.body);
    },
  });
}
