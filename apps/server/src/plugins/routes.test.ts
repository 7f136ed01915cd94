import { defineRoute } from '@arcadia/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { registerErrorHandling } from './errors.js';
import { type RouteHooks, pickEncoding, registerRoute } from './routes.js';

describe('pickEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.0', 'identity'],
    ['br; q=0.5', 'br'],
    ['identity', 'identity'],
  ] as const)('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('GET query parsing', () => {
  const route = defineRoute({
    method: 'GET',
    path: '/wps/test/paged',
    auth: 'none',
    encrypted: false,
    tag: 'test',
    summary: 'test',
    query: z.object({ pageNo: z.coerce.number().int().min(1), name: z.string().optional() }),
    reply: z.object({ pageNo: z.number(), name: z.string().nullable(), frozen: z.boolean() }),
  });
  const brand = { modules: {}, settings: { trialTypes: [] } };
  const hooks = {
    brandOf: async () => brand,
    assertAvailable: () => undefined,
    validateReplies: true,
  } as unknown as RouteHooks;

  async function app() {
    const instance = Fastify({ logger: false });
    registerErrorHandling(instance);
    const seen: unknown[] = [];
    registerRoute(instance, hooks, route, async ({ query }) => {
      seen.push(query);
      return { pageNo: query.pageNo, name: query.name ?? null, frozen: Object.isFrozen(query) };
    });
    await instance.ready();
    return { instance, seen };
  }

  it('parses a query string once, shares the frozen result, and still refuses bad ones every time', async () => {
    const { instance, seen } = await app();
    const get = (qs: string) => instance.inject({ method: 'GET', url: `/wps/test/paged?${qs}` });
    const first = await get('pageNo=2&name=a');
    const again = await get('pageNo=2&name=a');
    expect(first.json().value).toEqual({ pageNo: 2, name: 'a', frozen: true });
    expect(again.json().value).toEqual(first.json().value);
    expect(seen[1]).toBe(seen[0]);
    expect((await get('pageNo=3')).json().value).toEqual({ pageNo: 3, name: null, frozen: true });
    for (let i = 0; i < 2; i++) {
      const bad = await get('pageNo=0');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('request_param_err');
    }
    await instance.close();
  });
});

describe('answering without a promise', () => {
  const route = defineRoute({
    method: 'GET',
    path: '/wps/test/sync',
    auth: 'none',
    encrypted: false,
    tag: 'test',
    summary: 'test',
    query: z.object({ fail: z.string().optional() }),
    reply: z.object({ ok: z.boolean() }),
  });
  const brand = { modules: {}, settings: { trialTypes: [] } };

  /**
   * An app whose handler answers synchronously or not, with a brand lookup that returns the brand
   * itself (cached) or a promise of it. Per request, `returned` holds what the route's Fastify
   * handler returned (a promise is waited on by Fastify) and `sentInHandlerCall` whether the reply
   * had been sent by the time that call returned (a preHandler hook's `done` runs the handler).
   */
  async function app(options: { cachedBrand: boolean; asyncHandler: boolean; brandFails?: boolean }) {
    let brandLookups = 0;
    const hooks = {
      brandOf: () => {
        brandLookups++;
        if (options.brandFails) return Promise.reject(new AppError('request_param_err'));
        return options.cachedBrand ? brand : Promise.resolve(brand);
      },
      assertAvailable: () => undefined,
      validateReplies: true,
    } as unknown as RouteHooks;
    const instance = Fastify({ logger: false });
    registerErrorHandling(instance);
    const sentInHandlerCall: boolean[] = [];
    const returned: unknown[] = [];
    instance.addHook('onRoute', (options) => {
      const handler = options.handler;
      options.handler = function (this: unknown, request, reply) {
        const result = handler.call(this as never, request, reply);
        returned.push(result);
        return result;
      };
    });
    instance.addHook('preHandler', (_request, reply, done) => {
      done();
      sentInHandlerCall.push(reply.sent);
    });
    registerRoute(instance, hooks, route, ({ query }) => {
      if (query.fail) throw new AppError('not.found');
      const value = Object.freeze({ ok: true });
      return options.asyncHandler ? Promise.resolve(value) : value;
    });
    await instance.ready();
    return { instance, sentInHandlerCall, returned, lookups: () => brandLookups };
  }

  it('sends a synchronous answer for a cached brand within the handler call', async () => {
    const { instance, sentInHandlerCall, returned } = await app({ cachedBrand: true, asyncHandler: false });
    const res = await instance.inject({ method: 'GET', url: '/wps/test/sync' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { ok: true } });
    expect(sentInHandlerCall).toEqual([true]);
    expect(returned).toEqual([undefined]);
    const failed = await instance.inject({ method: 'GET', url: '/wps/test/sync?fail=1' });
    expect(failed.statusCode).toBe(404);
    expect(failed.json().code).toBe('not.found');
    await instance.close();
  });

  it('waits for an asynchronous answer or a brand still loading, and looks the brand up once', async () => {
    for (const options of [
      { cachedBrand: true, asyncHandler: true },
      { cachedBrand: false, asyncHandler: false },
    ]) {
      const { instance, sentInHandlerCall, returned, lookups } = await app(options);
      const res = await instance.inject({ method: 'GET', url: '/wps/test/sync' });
      expect(res.json()).toEqual({ success: true, value: { ok: true } });
      expect(sentInHandlerCall).toEqual([false]);
      expect(returned).toHaveLength(1);
      expect(returned[0]).toBeInstanceOf(Promise);
      expect(lookups()).toBe(1);
      await instance.close();
    }
  });

  it('answers a failed brand lookup with its error', async () => {
    const { instance, lookups } = await app({ cachedBrand: false, asyncHandler: false, brandFails: true });
    const res = await instance.inject({ method: 'GET', url: '/wps/test/sync' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request_param_err');
    expect(lookups()).toBe(1);
    await instance.close();
  });
});

describe('answers that go out compressed', () => {
  it('an awaited answer too large to compress in one go arrives whole (not an empty second send)', async () => {
    const { default: compress } = await import('@fastify/compress');
    const { gunzipSync } = await import('node:zlib');
    const route = defineRoute({
      method: 'GET',
      path: '/wps/test/large',
      auth: 'none',
      encrypted: false,
      tag: 'test',
      summary: 'test',
      reply: z.object({ rows: z.array(z.string()) }),
    });
    const hooks = {
      brandOf: () => ({ modules: {}, settings: { trialTypes: [] } }),
      assertAvailable: () => undefined,
      validateReplies: true,
    } as unknown as RouteHooks;
    const instance = Fastify({ logger: false });
    await instance.register(compress, { threshold: 1024 });
    // 100 KB of JSON: past the plugin's synchronous limit, so it is compressed as a stream.
    const rows = Array.from({ length: 2000 }, (_, i) => `row ${i} ${'x'.repeat(40)}`);
    registerRoute(instance, hooks, route, async () => ({ rows }));
    const res = await instance.inject({
      method: 'GET',
      url: '/wps/test/large',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual({
      success: true,
      value: { rows },
    });
    await instance.close();
  });
});
