import { randomUUID } from 'node:crypto';
import { promotionSettingSchema } from '@arcadia/contract';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password.js';
import { type TestApp } from '../../test/build-test-app.js';
import { addBet, postMoney } from '../../test/factories/agent.js';
import { loggedInMember, mainBalance, onRewardsApp } from '../../test/factories/rewards.js';

let t: TestApp;
let merchantId: number;
const PAY = 'pay-pass-2026';

onRewardsApp((app, id) => {
  t = app;
  merchantId = id;
});

const member = () => loggedInMember(t, merchantId, 'pr');
const get = async (url: string, token?: string) =>
  (await t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} })).json();
const claim = (token: string, promotionId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_claimIssuedPromotion',
    payload: { promotionId },
    headers: { authorization: token },
  });
const promo = async (token: string | undefined, id: string) =>
  (await get('/wps/relay/MCSFE_getAvailablePromotions', token)).value.list.find(
    (p: { id: string }) => p.id === id,
  );
const play = (memberId: string, gameType: string, stake: bigint, at = new Date()) =>
  addBet(t.db, { merchantId, memberId, gameType, stake, payout: 0n, at });

describe('promotions and bonus money', () => {
  it('shows visitors `join` and members their status; the first-deposit bonus is claimed once', async () => {
    expect(await promo(undefined, 'welcome-100')).toMatchObject({ status: 'join', wagering: 10 });
    const m = await member();
    expect(await promo(m.token, 'welcome-100')).toMatchObject({
      status: 'process',
      reason: 'promotion.deposit_first',
    });
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 5_000n);
    expect(await promo(m.token, 'welcome-100')).toMatchObject({ status: 'claim', claimable: 50 });
    const res = await claim(m.token, 'welcome-100');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      grant: { amount: 50, required: 500, status: 'open' },
      balance: 100,
      turnoverLeft: 500,
    });
    const again = await claim(m.token, 'welcome-100');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('promotion.claimed');
    expect(await promo(m.token, 'welcome-100')).toMatchObject({ status: 'claimed' });
  });

  it('pays 30 parallel claims once', async () => {
    const m = await member();
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 30_000n);
    const replies = await Promise.all(Array.from({ length: 30 }, () => claim(m.token, 'welcome-100')));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      replies.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'promotion.claimed'),
    ).toBe(true);
    // 300 deposited + 100 (the cap) once.
    expect(await mainBalance(t, m.id)).toBe(40_000n);
  });

  it('holds withdrawals until the weighted turnover is met', async () => {
    const m = await member();
    await t.db
      .updateTable('member')
      .set({ payment_password_hash: await hashPassword(PAY) })
      .where('id', '=', m.id)
      .execute();
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 5_000n);
    await claim(m.token, 'welcome-100'); // 50 bonus, 500 turnover
    const withdraw = () =>
      t.encrypted(
        'POST',
        '/wps/v2/transaction/withdraw',
        { amount: 20, paymentPassword: PAY, requestId: randomUUID() },
        {
          authorization: m.token,
        },
      );
    const refused = await withdraw();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'withdraw.turnover_required', value: { remaining: 500 } });
    // Live bets count 20 %, slots in full: 1,000 live + 250 slots = 450 of 500.
    await play(m.id, 'LIVE', 100_000n);
    await play(m.id, 'RNG', 25_000n);
    const status = (await get('/wps/bonus', m.token)).value;
    expect(status).toMatchObject({ turnoverLeft: 50, turnoverDone: 450, turnoverRequired: 500 });
    expect((await get('/wps/relay/MCSFE_getWithdrawSettings', m.token)).value.turnoverLeft).toBe(50);
    await play(m.id, 'RNG', 5_000n);
    expect((await get('/wps/bonus', m.token)).value).toMatchObject({ turnoverLeft: 0 });
    expect((await get('/wps/bonus', m.token)).value.list[0].status).toBe('met');
    expect((await withdraw()).statusCode).toBe(200);
  });

  it('lets a member forfeit an open bonus: its amount leaves the wallet and the requirement goes', async () => {
    const m = await member();
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 5_000n);
    const grant = (await claim(m.token, 'welcome-100')).json().value.grant;
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/bonus/forfeit',
      payload: { grantId: grant.id },
      headers: { authorization: m.token },
    });
    expect(res.json().value).toMatchObject({ grant: { status: 'forfeited' }, balance: 50, turnoverLeft: 0 });
    const twice = await t.app.inject({
      method: 'POST',
      url: '/wps/bonus/forfeit',
      payload: { grantId: grant.id },
      headers: { authorization: m.token },
    });
    expect(twice.json().code).toBe('request.state');
  });

  it('pays the daily sign-in once a day and the rescue fund on yesterday’s loss for VIP1 and up', async () => {
    const m = await member();
    expect((await claim(m.token, 'daily-signin')).statusCode).toBe(200);
    expect((await claim(m.token, 'daily-signin')).json().code).toBe('promotion.claimed');
    const yesterday = new Date(Date.now() - 86_400_000);
    await play(m.id, 'RNG', 80_000n, yesterday); // lost 800.00
    expect(await promo(m.token, 'rescue-fund')).toMatchObject({
      status: 'process',
      reason: 'promotion.vip_required',
    });
    await t.db
      .insertInto('member_vip')
      .values({
        member_id: m.id,
        merchant_id: merchantId,
        level: 1,
        reviewed_month: new Date().toISOString().slice(0, 8) + '01',
      })
      .execute();
    expect(await promo(m.token, 'rescue-fund')).toMatchObject({ status: 'claim', claimable: 80 });
    expect((await claim(m.token, 'rescue-fund')).json().value.grant).toMatchObject({
      amount: 80,
      required: 240,
    });
  });

  it('sends content sanitised, and refuses unknown promotions', async () => {
    const m = await member();
    const demo = await t.app.rewards.brand('demo');
    const list = demo.settings.promotions!.list.map((p) =>
      p.id === 'daily-signin'
        ? { ...p, content: { EN: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>' } }
        : p,
    );
    const brand = {
      ...demo,
      settings: { ...demo.settings, promotions: { ...demo.settings.promotions!, list } },
    };
    const out = await t.app.rewards.promotions.list(brand, m.id, 'EN');
    expect(out.list.find((p) => p.id === 'daily-signin')!.content).toBe('<p>ok</p>');
    const unknown = await claim(m.token, 'nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('promotion.unknown');
  });

  it('gathers everything claimable in the reward centre', async () => {
    const m = await member();
    const centre = async () => (await get('/wps/relay/MCS2_getPromotionClaimList', m.token)).value;
    // The daily sign-in, and the mission "log in today" (this login did it; points only).
    const first = await centre();
    expect(first.count).toBe(2);
    expect(
      first.list.map((i: { kind: string; id: string; amount: number }) => [i.kind, i.id, i.amount]).sort(),
    ).toEqual(
      [
        ['mission', 'daily-login', 0],
        ['promotion', 'daily-signin', 1],
      ].sort(),
    );
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 5_000n);
    await play(m.id, 'RNG', 10_000n); // 0.80 rebate; $100 of bets does the mission "bet $100"
    const full = await centre();
    expect(full.count).toBe(5);
    expect(full.list.map((i: { id: string; amount: number }) => [i.id, i.amount]).sort()).toEqual(
      [
        ['daily-login', 0],
        ['daily-signin', 1],
        ['daily-wager', 2],
        ['rebate', 0.8],
        ['welcome-100', 50],
      ].sort(),
    );
    await claim(m.token, 'daily-signin');
    expect((await centre()).count).toBe(4);
  });

  it('pays the reload on the day’s largest deposit after the first, once a day, capped', async () => {
    const m = await member();
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 10_000n); // the first: the welcome's, not the reload's
    expect(await promo(m.token, 'reload-20')).toMatchObject({
      status: 'process',
      reason: 'promotion.reload_deposit',
    });
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 1_000n); // 10.00: under the 20.00 minimum
    expect((await promo(m.token, 'reload-20')).reason).toBe('promotion.deposit_too_small');
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 40_000n); // 400.00: 20 % is 80, capped at 50
    expect(await promo(m.token, 'reload-20')).toMatchObject({ status: 'claim', claimable: 50 });
    const claims = await Promise.all([0, 1, 2].map(() => claim(m.token, 'reload-20')));
    expect(claims.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect((await promo(m.token, 'reload-20')).status).toBe('claimed');
    // 100 + 10 + 400 deposited, 50 of reload.
    expect(await mainBalance(t, m.id)).toBe(56_000n);
  });

  it('holds a promotion for new members only, or until enough deposits were made', async () => {
    const brand = await t.app.rewards.brand('demo');
    const rule = (over: Record<string, unknown>) => ({
      ...brand,
      settings: {
        ...brand.settings,
        promotions: {
          weights: {},
          list: [
            promotionSettingSchema.parse({
              id: 'rule-test',
              kind: 'daily_signin',
              title: { EN: 'Rule test' },
              amount: 1,
              ...over,
            }),
          ],
        },
      },
    });
    const status = async (b: ReturnType<typeof rule>, memberId: string) =>
      (await t.app.rewards.promotions.list(b, memberId, 'EN')).list[0]!;
    const fresh = await member();
    const old = await member();
    await t.db
      .updateTable('member')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();
    const newOnly = rule({ maxMemberDays: 30 });
    expect(await status(newOnly, fresh.id)).toMatchObject({ status: 'claim', claimable: 1 });
    expect(await status(newOnly, old.id)).toMatchObject({
      status: 'process',
      reason: 'promotion.new_members_only',
    });

    const twoDeposits = rule({ minDeposits: 2 });
    await postMoney(t.db, merchantId, fresh.id, 'DEPOSIT', 2_000n);
    expect(await status(twoDeposits, fresh.id)).toMatchObject({ reason: 'promotion.deposits_required' });
    await postMoney(t.db, merchantId, fresh.id, 'DEPOSIT', 2_000n);
    expect(await status(twoDeposits, fresh.id)).toMatchObject({ status: 'claim' });
  });

  it('forfeits once under ten parallel requests', async () => {
    const m = await member();
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 5_000n);
    const grant = (await claim(m.token, 'welcome-100')).json().value.grant;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/wps/bonus/forfeit',
          payload: { grantId: grant.id },
          headers: { authorization: m.token },
        }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'request.state')).toBe(
      true,
    );
    expect(await mainBalance(t, m.id)).toBe(5_000n);
  });
});
