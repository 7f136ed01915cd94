import { describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp } from '../../test/build-test-app.js';
import { onRewardsApp } from '../../test/factories/rewards.js';

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
      ['missions', 'points', 'promotions', 'raffles', 'rebate', 'redRain', 'referral', 'vip'].sort(),
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

  it('reads the raffles as written (major units, with their defaults) and writes them back', async () => {
    const day = 86_400_000;
    const start = Date.now() + 2 * day;
    const raffle = {
      id: 'settings-read',
      title: { EN: 'Weekend raffle', ZH: '周末抽奖' },
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + day).toISOString(),
      drawAt: new Date(start + day + 3_600_000).toISOString(),
      turnoverPerTicket: 50,
      ticketsPerDeposit: 2,
      minDeposit: 10,
      maxTickets: 30,
      prizes: [
        { count: 1, amount: 100 },
        { count: 3, amount: 12.5 },
      ],
      claimDays: 5,
    };
    expect((await ops('GET')).json().value.raffles).toEqual({ list: [] });
    const saved = await ops('PUT', { feature: 'raffles', value: { list: [raffle] }, reason: 'a raffle' });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      ...raffle,
      summary: {},
      productTypes: [],
      distinctWinners: true,
    };
    expect(saved.json().value.raffles.list).toEqual([expected]);
    const read = (await ops('GET')).json().value.raffles;
    expect(read.list).toEqual([expected]);
    // What the read gives is what the desk writes back: the same list saves as no change.
    expect((await ops('PUT', { feature: 'raffles', value: read, reason: 'unchanged' })).statusCode).toBe(200);
    expect(
      (await ops('PUT', { feature: 'raffles', value: { list: [] }, reason: 'not this one' })).statusCode,
    ).toBe(200);
    expect((await ops('GET')).json().value.raffles).toEqual({ list: [] });
  });
});
