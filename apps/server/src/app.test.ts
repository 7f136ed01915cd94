import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allRoutes } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './test/build-test-app.js';

let t: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-spa-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'home-abc123.js'), 'console.log(1)');
  t = await buildTestApp({
    config: { STATIC_DIR: staticDir },
    beforeReady: (app) => {
      app.get('/wps/test/explode', async () => {
        throw new Error('secret internal detail: password=hunter2');
      });
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('envelope on every API reply', () => {
  it('answers an unknown /wps or /lgw path with a 404 envelope', async () => {
    for (const url of ['/wps/no/such/thing', '/lgw/nothing', '/wps/system/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'not.found', message: 'Not found.' });
    }
  });

  it('answers a wrong method on a known path with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/wps/system/status' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not.found');
  });

  it('turns malformed JSON and the wrong content type into request_param_err', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { 'content-type': 'application/json' },
      payload: '{"questionType":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'request_param_err' });
    const wrongType = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('request_param_err');
  });

  it('hides internals of an unexpected error behind a 500 system.error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('secret');
    expect(res.json()).toMatchObject({
      success: false,
      code: 'system.error',
      value: { requestId: res.headers['x-request-id'] },
    });
  });

  it('echoes a sane X-Request-Id and invents one otherwise', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: true, pending: [] });
  });
});

describe('OpenAPI document', () => {
  it('lists every contract route with its method, auth need and encryption flag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of allRoutes) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op['x-auth']).toBe(route.auth);
      expect(op['x-encrypted']).toBe(route.encrypted);
      expect(op.responses['200'].content['application/json'].schema).toBeDefined();
      const type = route.form ? 'application/x-www-form-urlencoded' : 'application/json';
      if (route.body) expect(op.requestBody.content[type].schema).toBeDefined();
    }
  });

  it('serves the browsable UI at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('the single-page app', () => {
  it.each(['/', '/agentHome', '/member', '/help', '/lottery?gameCode=X', '/seamless'])(
    'deep-links %s to index.html without caching it',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('caches hashed assets for a year and 404s a missing one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/home-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-1.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves the files that were built before start, and answers any other path from its routes', async () => {
    // Files are listed once at start: an unknown path is a route miss, never a disk lookup.
    fs.writeFileSync(path.join(staticDir, 'assets', 'late-1.js'), 'console.log(2)');
    const late = await t.app.inject({ method: 'GET', url: '/assets/late-1.js' });
    expect(late.statusCode).toBe(404);
    const api = await t.app.inject({
      method: 'GET',
      url: '/wps/no/such/route',
      headers: { merchant: 'demo' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'not.found' });
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/home-abc123.js' });
    expect(head.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('gives JSON API replies the lean API set, errors included', async () => {
    for (const url of ['/wps/system/status', '/wps/no/such/thing']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { merchant: 'demo' } });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives pages the document policy, computed once from Helmet', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const second = await t.app.inject({ method: 'GET', url: '/help', headers: { accept: 'text/html' } });
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    expect(first.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(first.headers['strict-transport-security']).toContain('max-age=');
    expect(first.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });
});
