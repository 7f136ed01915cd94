import { defineRoute } from '@arcadia/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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
