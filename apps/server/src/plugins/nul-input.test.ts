import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../test/build-test-app.js';
import { findNul } from './routes.js';

let t: TestApp;
// A fresh migrated and seeded database: on a busy machine, longer than the default hook time.
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
}, 180_000);
afterAll(() => t.close());

const ops = { 'x-ops-key': TEST_OPS_KEY };
const NUL_MESSAGE = 'must not contain the control character U+0000 (NUL)';

/** The reply is `400 request_param_err` naming `field`. */
function expectRefused(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    success: false,
    code: 'request_param_err',
    message: expect.any(String),
    value: { fields: { [field]: NUL_MESSAGE } },
  });
}

describe('U+0000 in any input is a 400 naming the field, never a 500', () => {
  it.each([
    ['GET', '/ops/merchants/%00/availability'],
    ['GET', '/ops/merchants/de%00mo/catalogue/vendors'],
    ['GET', '/ops/merchants/%00/catalogue/games'],
    ['GET', '/ops/merchants/%00/audit'],
    ['POST', '/ops/merchants/%00/adjustments'],
    ['GET', '/ops/merchants/%00/agent-announcements'],
  ] as const)('%s %s (path parameter)', async (method, url) => {
    expectRefused(await t.app.inject({ method, url, headers: ops }), 'merchantCode');
  });

  it('in the query string', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=%00' }), 'code');
    expectRefused(await t.app.inject({ method: 'GET', url: '/wps/system/status?x%00y=1' }), 'x\\u0000y');
  });

  it('in a plain body, a nested field and a key', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/ops/session/login',
      payload: { username: 'demo\u0000ops', password: 'demo-operator-123' },
    });
    expectRefused(login, 'username');
    const create = await t.app.inject({
      method: 'POST',
      url: '/ops/operators',
      headers: ops,
      payload: { username: 'newop', password: 'a long password\u0000', role: 'support' },
    });
    expectRefused(create, 'password');
    const nested = await t.app.inject({
      method: 'PUT',
      url: '/ops/merchants/demo/availability',
      headers: ops,
      payload: {
        maintenance: { enabled: false, message: null, endTime: null },
        regionBlock: { enabled: false, blockedRanges: ['1.2.3.4', '\u0000'] },
      },
    });
    expectRefused(nested, 'regionBlock.blockedRanges.1');
    const key = await t.app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      payload: { 'con\u0000tent': 'x' },
    });
    expectRefused(key, 'con\\u0000tent');
  });

  it('in an encrypted body, once opened', async () => {
    expectRefused(
      await t.encrypted('POST', '/wps/session/login', { username: 'demo\u0000player', password: 'x' }),
      'username',
    );
  });

  it('in the headers the server reads', async () => {
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'de\u0000mo' } }),
      'Merchant',
    );
    const member = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: 'tok\u0000en' },
    });
    expectRefused(member, 'Authorization');
    const operator = await t.app.inject({
      method: 'GET',
      url: '/ops/session/me',
      headers: { 'x-ops-key': `${TEST_OPS_KEY}\u0000` },
    });
    expectRefused(operator, 'X-Ops-Key');
  });

  it('changes nothing: the operator was not created, the brand is open', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/ops/operators', headers: ops });
    expect(list.json().value.list.map((o: { username: string }) => o.username)).not.toContain('newop');
    const status = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(status.statusCode).toBe(200);
  });
});

describe('what the router refuses is an envelope too', () => {
  it('a URL that is not valid percent-encoding, a path parameter over 100 characters', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo%ED%A0%80/availability',
      headers: ops,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      code: 'request_param_err',
      value: { reason: 'FST_ERR_BAD_URL' },
    });
    const long = await t.app.inject({
      method: 'GET',
      url: `/ops/merchants/${'a'.repeat(101)}/availability`,
      headers: ops,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({
      success: false,
      code: 'request_param_err',
      value: { reason: 'FST_ERR_MAX_PARAM_LENGTH' },
    });
  });
});

describe('findNul', () => {
  it('names the first string or key holding U+0000, and walks any depth without recursion', () => {
    expect(findNul({ a: 'x', b: [1, 'y'] })).toBeNull();
    expect(findNul('\u0000')).toEqual({ path: '_', problem: 'nul' });
    expect(findNul({ a: { b: ['ok', 'n\u0000o'] } })?.path).toBe('a.b.1');
    expect(findNul(Buffer.from('\u0000'))).toBeNull();
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNul(deep)?.path).toBe('0.0.0.0.0.0.0.0.….0.0.0.0.0.0.0.0');
  });

  it('names lone UTF-16 surrogates too (PostgreSQL cannot store them); a pair is fine', () => {
    expect(findNul({ title: 'x\udfffyo' })).toEqual({ path: 'title', problem: 'surrogate' });
    expect(findNul({ title: 'x\ud83d' })).toEqual({ path: 'title', problem: 'surrogate' });
    expect(findNul({ ['k\udc00']: 1 })).toEqual({ path: 'k\udc00', problem: 'surrogate' });
    expect(findNul({ title: 'dice \ud83c\udfb2' })).toBeNull();
  });
});

describe('a lone surrogate in a body is a 400 naming the field, never a 500', () => {
  it('in a JSON body written with escapes, as a fuzzer sends it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/support/canned',
      headers: { ...ops, 'content-type': 'application/json' },
      payload: '{"title":"x\\udfffyo","body":"constructor","sortOrder":31968}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'request_param_err',
      value: {
        fields: { title: 'must not contain a lone UTF-16 surrogate (text that is not valid Unicode)' },
      },
    });
  });
});
