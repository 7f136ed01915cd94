import { describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp } from '../../test/build-test-app.js';
import { onRewardsApp } from './rewards.test-support.js';

let t: TestApp;
onRewardsApp((app) => {
  t = app;
});

const ops = (method: 'GET' | 'PUT', payload?: unknown) =>
  t.app.inject({
    method,
    url: '/ops/merchants/demo/rewards/settings',
    payload: payload as never,
    headers: { 'x-ops-key': TEST_OPS_KEY },
  });
const promos = async () =>
  (await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getMerchantAvailablePromotions' })).json()
    .value;

describe("an operator's rewards settings", () => {
  it('reads every feature, replaces one with a reason, applies it at once and audits it', async () => {
    const current = (await ops('GET')).json().value;
    expect(current.referral).toMatchObject({ enabled: true, reward: 20 });
    expect(Object.keys(current).sort()).toEqual(
      ['missions', 'points', 'promotions', 'rebate', 'redRain', 'referral', 'vip'].sort(),
    );
    expect((await promos()).REFERRAL.enabled).toBe(true);

    const off = await ops('PUT', {
      feature: 'referral',
      value: { ...current.referral, enabled: false },
      reason: 'pausing the programme',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value.referral.enabled).toBe(false);
    expect((await promos()).REFERRAL.enabled).toBe(false);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target', 'payload'])
      .where('action', '=', 'rewards.settings')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ target: 'referral' });
    expect(audit.payload).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    // A value the feature's schema refuses changes nothing.
    const bad = await ops('PUT', {
      feature: 'rebate',
      value: { enabled: true, rates: { RNG: 0.5 } },
      reason: 'typo',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request_param_err');
    expect((await ops('GET')).json().value.rebate).toEqual(current.rebate);
    const noReason = await ops('PUT', { feature: 'referral', value: current.referral, reason: '' });
    expect(noReason.statusCode).toBe(400);

    expect(
      (await ops('PUT', { feature: 'referral', value: current.referral, reason: 'back on' })).statusCode,
    ).toBe(200);
    expect((await promos()).REFERRAL.enabled).toBe(true);
  });
});
