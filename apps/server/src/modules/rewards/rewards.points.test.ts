import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password.js';
import { TEST_OPS_KEY, type TestApp } from '../../test/build-test-app.js';
import { addBet, postMoney } from '../../test/factories/agent.js';
import { loggedInMember, mainBalance, onRewardsApp } from '../../test/factories/rewards.js';

let t: TestApp;
let merchantId: number;
const PAY = 'pay-pass-2026';
let payHash: string;

// The test clock: the last case moves the schedules' clock days ahead of the database's time.
onRewardsApp(
  (app, id) => {
    t = app;
    merchantId = id;
  },
  { TEST_CLOCK: true },
);

beforeAll(async () => {
  payHash = await hashPassword(PAY);
});

/** A member of the demo brand with a payment password, logged in. */
async function member() {
  const m = await loggedInMember(t, merchantId, 'pt');
  await t.db.updateTable('member').set({ payment_password_hash: payHash }).where('id', '=', m.id).execute();
  return m;
}
const get = async (url: string, token: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { authorization: token } })).json();
const redeem = (token: string, body: Record<string, unknown>) =>
  t.encrypted(
    'POST',
    '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    { paymentPassword: PAY, requestId: randomUUID(), quantity: 1, ...body },
    { authorization: token },
  );
const convert = (token: string, body: Record<string, unknown>) =>
  t.encrypted(
    'POST',
    '/wps/relay/passwordCheck/MCS2_convertPoint',
    { paymentPassword: PAY, requestId: randomUUID(), ...body },
    { authorization: token },
  );
const points = async (token: string) =>
  (await get('/wps/relay/MCS2_getPointBalance', token)).value.balance as number;
const cash = (memberId: string) => mainBalance(t, memberId);
const earn = async () => t.app.rewards.points.earn(await t.app.rewards.brand('demo'));
const play = (memberId: string, gameType: string, stake: bigint) =>
  addBet(t.db, { merchantId, memberId, gameType, stake, payout: 0n, at: new Date() });

describe('points', () => {
  it('earns on valid bets per product and on deposits, once, and lists the movements', async () => {
    const m = await member();
    // Demo ratios: slots 1 point per dollar, live 0.5, deposits 2.
    await play(m.id, 'RNG', 10_000n); // 100
    await play(m.id, 'LIVE', 5_000n); // 25
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 15_000n); // 300
    await earn();
    expect(await points(m.token)).toBe(425);
    await earn();
    expect(await points(m.token)).toBe(425);
    await play(m.id, 'RNG', 2_550n); // 25.50 more: ⌊125.5⌋ − 100 = 25
    await earn();
    expect(await points(m.token)).toBe(450);
    const details = (await get('/wps/relay/MCS2_getPointDetails', m.token)).value;
    expect(details.list.map((d: { kind: string; points: number }) => [d.kind, d.points])).toEqual([
      ['POINTS_EARN', 25],
      ['POINTS_EARN', 425],
    ]);
    const config = (await get('/wps/relay/MCS2_getPointConfig', m.token)).value;
    expect(config).toMatchObject({ enabled: true, depositRatio: 2, convertRate: 100 });
  });

  it('redeems cash behind the payment password, once per request, never past the balance', async () => {
    const m = await member();
    await play(m.id, 'RNG', 60_000n); // 600 points
    await earn();
    const wrong = await redeem(m.token, { rewardId: 'cash-5', paymentPassword: 'nope-nope' });
    expect(wrong.json().code).toBe('payment.password.invalid');
    const requestId = randomUUID();
    const first = await redeem(m.token, { rewardId: 'cash-5', requestId });
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      redemption: { kind: 'cash', status: 'approved', points: 500, amount: 5 },
      pointBalance: 100,
      balance: 5,
    });
    // The same request again: the first answer, nothing moved twice.
    const again = await redeem(m.token, { rewardId: 'cash-5', requestId });
    expect(again.json().value.redemption.id).toBe(first.json().value.redemption.id);
    expect(await cash(m.id)).toBe(500n);
    const short = await redeem(m.token, { rewardId: 'cash-5' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('points.insufficient');
    expect(await points(m.token)).toBe(100);
    const list = (await get('/wps/relay/MCS2_getRedeemPointList', m.token)).value;
    expect(list.totalCount).toBe(1);
  });

  it('pays exactly what the points cover under 20 parallel redemptions', async () => {
    const m = await member();
    await play(m.id, 'RNG', 100_000n); // 1,000 points: two $5 rewards
    await earn();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => redeem(m.token, { rewardId: 'cash-5' })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(
      replies.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'points.insufficient'),
    ).toBe(true);
    expect(await points(m.token)).toBe(0);
    expect(await cash(m.id)).toBe(1_000n);
  });

  it('never sells goods past their stock; a rejection returns the points and the stock', async () => {
    const demo = await t.app.rewards.brand('demo');
    const brand = {
      ...demo,
      settings: {
        ...demo.settings,
        points: {
          ...demo.settings.points!,
          rewards: [
            {
              rewardId: 'scarf',
              name: 'Scarf',
              kind: 'goods' as const,
              points: 100,
              amount: null,
              stock: 3,
              description: '',
            },
          ],
        },
      },
    };
    const members = await Promise.all(Array.from({ length: 6 }, () => member()));
    for (const m of members) await play(m.id, 'RNG', 10_000n);
    await earn();
    const results = await Promise.allSettled(
      members.map((m) =>
        t.app.rewards.points.redeem(brand, m.id, {
          rewardId: 'scarf',
          quantity: 1,
          address: '1 Harbour Road, Northshore',
          paymentPassword: PAY,
          requestId: randomUUID(),
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(3);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason.code === 'points.out_of_stock'),
    ).toBe(true);
    expect((await t.app.rewards.points.rewards(brand)).list[0]!.left).toBe(0);
    const waiting = (
      await t.app.inject({
        method: 'GET',
        url: '/ops/merchants/demo/points/redemptions',
        headers: { 'x-ops-key': TEST_OPS_KEY },
      })
    ).json().value;
    const scarves = waiting.list.filter((r: { rewardId: string }) => r.rewardId === 'scarf');
    expect(scarves).toHaveLength(3);
    expect(scarves[0].status).toBe('process');
    const target = scarves[0];
    const owner = members.find((m) => m.account === target.account)!;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/points/redemptions/${target.id}`,
      payload: { decision: 'reject', note: 'address not deliverable' },
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', note: 'address not deliverable' });
    expect(await points(owner.token)).toBe(100);
    expect((await t.app.rewards.points.rewards(brand)).list[0]!.left).toBe(1);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/points/redemptions/${target.id}`,
      payload: { decision: 'approve', note: 'changed my mind' },
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    expect(twice.json().code).toBe('request.state');
    // Goods need an address.
    const noAddress = await t.app.rewards.points
      .redeem(brand, owner.id, {
        rewardId: 'scarf',
        quantity: 1,
        paymentPassword: PAY,
        requestId: randomUUID(),
      })
      .catch((e: { code: string }) => e.code);
    expect(noAddress).toBe('points.address_required');
  });

  it('converts points to cash at the brand rate, with a minimum', async () => {
    const m = await member();
    await play(m.id, 'RNG', 30_000n); // 300 points
    // Reading the balance credits what the member's latest play earned (no job needed).
    expect(await points(m.token)).toBe(300);
    expect((await convert(m.token, { points: 50 })).json()).toMatchObject({ code: 'points.convert_min' });
    const res = await convert(m.token, { points: 250 });
    expect(res.json().value).toMatchObject({
      redemption: { kind: 'convert', points: 250, amount: 2.5 },
      pointBalance: 50,
    });
    expect(await cash(m.id)).toBe(250n);
  });

  it('credits points once under parallel earning runs, and converts once per request id', async () => {
    const m = await member();
    await play(m.id, 'RNG', 40_000n); // 400 points
    const brand = await t.app.rewards.brand('demo');
    await Promise.all(Array.from({ length: 5 }, () => t.app.rewards.points.earn(brand, [m.id])));
    expect(await points(m.token)).toBe(400);
    const requestId = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => convert(m.token, { points: 100, requestId })),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.json().value.redemption.id)).size).toBe(1);
    expect(await points(m.token)).toBe(300);
    expect(await cash(m.id)).toBe(100n);
  });

  // Last: the clock cannot go back. Bets carry the database's time; the schedules' clock (a test
  // clock moved past a draw days away) must not push today's play out of the earning window.
  it('still credits today’s play when the schedules’ clock runs days ahead', async () => {
    const m = await member();
    const moved = await t.app.inject({
      method: 'POST',
      url: '/dev/clock',
      payload: { advanceMs: 5 * 86_400_000 },
    });
    expect(moved.statusCode).toBe(200);
    await play(m.id, 'RNG', 12_300n); // 123 points
    expect(await points(m.token)).toBe(123);
  });
});
