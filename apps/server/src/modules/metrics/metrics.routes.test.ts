import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());

/** The value of one sample line of the exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.split(' ').pop());
  }
  return undefined;
}

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describe('GET /metrics', () => {
  it('counts requests per route pattern and status class', async () => {
    const before = sample(await scrape(), 'arcadia_http_request_duration_seconds_count', {
      route: '/wps/system/status',
      status: '2xx',
    });
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    await t.app.inject({ method: 'GET', url: '/wps/no/such/route' });
    const text = await scrape();
    const after = sample(text, 'arcadia_http_request_duration_seconds_count', {
      route: '/wps/system/status',
      status: '2xx',
    });
    expect(after! - (before ?? 0)).toBe(3);
    // Unknown paths share one label: no unbounded label values.
    expect(
      sample(text, 'arcadia_http_request_duration_seconds_count', { route: 'unmatched', status: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/wps/no/such/route');
    // The process's own figures and the sockets gauge are there.
    expect(sample(text, 'arcadia_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'arcadia_sockets')).toBe(0);
  });

  it('counts a committed posting', async () => {
    const before = sample(await scrape(), 'arcadia_ledger_postings_total') ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/adjustments',
      headers: { 'x-ops-key': TEST_OPS_KEY },
      payload: {
        account: 'demoplayer',
        amount: '12.50',
        reason: 'metrics test',
        requestId: `m-${Date.now()}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sample(await scrape(), 'arcadia_ledger_postings_total')).toBe(before + 1);
  });

  it('with METRICS_TOKEN, answers only the bearer of the token', async () => {
    const token = 'metrics-token-for-the-test-0001';
    const guarded = await buildTestApp({ config: { METRICS_TOKEN: token } });
    try {
      const none = await guarded.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ success: false, code: 'not.found' });
      const wrong = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer not-the-token-at-all-000' },
      });
      expect(wrong.statusCode).toBe(404);
      const right = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('arcadia_http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });

  it('without a token, refuses a request that does not come from the machine itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(404);
  });
});
