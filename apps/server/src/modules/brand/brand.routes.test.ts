import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/ops/merchants/demo/availability';
const normal = {
  maintenance: { enabled: false, message: null, endTime: null },
  regionBlock: { enabled: false, blockedRanges: [] as string[] },
};
const setAvailability = (payload: unknown, key = TEST_OPS_KEY) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers: { 'x-ops-key': key } });
const status = async (remoteAddress = '127.0.0.1') =>
  (await t.app.inject({ method: 'GET', url: '/wps/system/status', remoteAddress })).json().value;
const feedback = (remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/feedback',
    remoteAddress,
    payload: { questionType: 'OTHER', content: 'checking whether the site is open' },
  });

beforeEach(async () => {
  expect((await setAvailability(normal)).statusCode).toBe(200);
});

describe('maintenance', () => {
  it('switches on without a restart: status 1, other calls refused with function.not.available', async () => {
    const endTime = '2026-11-23T02:00:00.000Z';
    const res = await setAvailability({
      ...normal,
      maintenance: { enabled: true, message: 'Upgrading', endTime },
    });
    expect(res.statusCode).toBe(200);

    const value = await status();
    expect(value).toMatchObject({ systemStatus: 1, maintenance: true, regionRestriction: false });
    expect(value.maintenanceInfo).toEqual({ message: 'Upgrading', endTime });

    const refused = await feedback();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'function.not.available',
      value: { endTime },
    });

    await setAvailability(normal);
    expect((await status()).systemStatus).toBe(0);
    expect((await feedback()).statusCode).toBe(200);
  });

  it('wins over a region block', async () => {
    await setAvailability({
      maintenance: { enabled: true, message: null, endTime: null },
      regionBlock: { enabled: true, blockedRanges: ['127.0.0.0/8'] },
    });
    expect((await status()).systemStatus).toBe(1);
  });
});

describe('region block', () => {
  it('blocks visitors inside the listed ranges only, and tells them their IP', async () => {
    await setAvailability({
      ...normal,
      regionBlock: { enabled: true, blockedRanges: ['10.1.0.0/16', '2001:db8::/32'] },
    });
    expect(await status('10.1.2.3')).toMatchObject({
      systemStatus: 2,
      regionRestriction: true,
      location: { ip: '10.1.2.3' },
    });
    expect((await status('2001:db8::7')).systemStatus).toBe(2);
    expect((await status('::ffff:10.1.9.9')).systemStatus).toBe(2);
    expect((await status('10.2.0.1')).systemStatus).toBe(0);

    const refused = await feedback('10.1.2.3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('access.restricted');
    expect((await feedback('10.2.0.1')).statusCode).toBe(200);
  });

  it('does nothing while disabled even with ranges listed', async () => {
    await setAvailability({ ...normal, regionBlock: { enabled: false, blockedRanges: ['0.0.0.0/0'] } });
    expect((await status()).systemStatus).toBe(0);
  });
});

describe('operator authentication and input', () => {
  it('refuses a missing or wrong operator key', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const wrong = await setAvailability(normal, 'not-the-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('ops.key.invalid');
  });

  it('reads the settings back', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'x-ops-key': TEST_OPS_KEY } });
    expect(res.json().value).toEqual(normal);
  });

  it.each([
    [{ ...normal, regionBlock: { enabled: true, blockedRanges: ['999.1.1.1/8'] } }],
    [{ ...normal, regionBlock: { enabled: true, blockedRanges: ['10.0.0.0/99'] } }],
    [{ ...normal, maintenance: { enabled: 'yes', message: null, endTime: null } }],
    [{ ...normal, maintenance: { enabled: true, message: null, endTime: 'tomorrow' } }],
    [{ maintenance: normal.maintenance }],
  ])('refuses %j and changes nothing', async (payload) => {
    const res = await setAvailability(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request_param_err');
    expect((await status()).systemStatus).toBe(0);
  });

  it('answers 404 for an unknown brand', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/ops/merchants/nosuch/availability',
      payload: normal,
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    expect(res.statusCode).toBe(404);
  });
});
