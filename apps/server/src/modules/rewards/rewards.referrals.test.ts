import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { addBet, postMoney } from '../../test/factories/agent.js';
import { checkLedger } from '../ledger/index.js';
import { demoMerchantId, loggedInMember, mainBalance } from '../../test/factories/rewards.js';

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { CAPTCHA_TEST_CODE: 'PASS9', TRUST_PROXY: 'true' } });
  merchantId = await demoMerchantId(t);
}, 120_000);
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const get = async (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
let n = 0;
/** Registers a new member through the real registration route, from `ip`. */
async function registerFriend(referralCode: string | undefined, ip: string, deviceId?: string) {
  n += 1;
  const username = `friend${n}${Math.random().toString(36).slice(2, 6)}`;
  const res = await t.encrypted(
    'PUT',
    '/wps/member/register',
    {
      username,
      password: 'secret123',
      confirmPassword: 'secret123',
      captcha: 'PASS9',
      login: true,
      registerMethod: 'WEB',
      ...(referralCode ? { referralCode } : {}),
      ...(deviceId ? { loginDeviceId: deviceId } : {}),
    },
    { 'x-forwarded-for': ip },
  );
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db
    .selectFrom('member')
    .select('id')
    .where('account', '=', username)
    .executeTakeFirstOrThrow();
  return { id: row.id, account: username };
}
const referral = (refereeId: string) =>
  t.db.selectFrom('referral').selectAll().where('referee_id', '=', refereeId).executeTakeFirst();
/** Meets the demo terms: $100 deposited, $500 of valid bets. */
async function qualify(memberId: string) {
  await postMoney(t.db, merchantId, memberId, 'DEPOSIT', 10_000n);
  await addBet(t.db, { merchantId, memberId, gameType: 'RNG', stake: 50_000n, payout: 0n, at: new Date() });
}
const settle = async () => t.app.rewards.referrals.settle(await t.app.rewards.brand('demo'));
const referrer = async () => {
  const m = await loggedInMember(t, merchantId, 'rf');
  const code = (await get('/wps/relay/MCSFE_getReferralDetails?autoGenerate=true', m.token)).json().value
    .referralCode as string;
  return { ...m, code };
};
const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as never, headers: { 'x-ops-key': TEST_OPS_KEY } });

describe('referral — invite friends', () => {
  it('makes a code only when asked, keeps it, and says the programme runs', async () => {
    const m = await loggedInMember(t, merchantId, 'rf');
    const before = (await get('/wps/relay/MCSFE_getReferralDetails', m.token)).json().value;
    expect(before).toMatchObject({ referralCode: null, totalInvitations: 0, enabled: true, reward: 20 });
    const made = (await get('/wps/relay/MCSFE_getReferralDetails?autoGenerate=true', m.token)).json().value;
    expect(made.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    const again = (await get('/wps/relay/MCSFE_getReferralDetails?autoGenerate=true', m.token)).json().value;
    expect(again.referralCode).toBe(made.referralCode);
    expect((await get('/wps/relay/MCSFE_getReferralDetails')).statusCode).toBe(401);
    expect((await get('/wps/relay/MCSFE_getMerchantAvailablePromotions')).json().value).toEqual({
      REFERRAL: { enabled: true },
      MISSION: expect.objectContaining({ enabled: expect.any(Boolean) }),
    });
  });

  it('pays the referrer once when its friend meets the terms, not before, and never twice', async () => {
    const r = await referrer();
    const friend = await registerFriend(r.code.toLowerCase(), '10.20.30.41');
    expect(await referral(friend.id)).toMatchObject({ referrer_id: r.id, status: 'pending' });
    const details = (await get('/wps/relay/MCSFE_getReferralDetails', r.token)).json().value;
    expect(details.totalInvitations).toBe(1);

    // Deposited but not yet played: nothing.
    await postMoney(t.db, merchantId, friend.id, 'DEPOSIT', 10_000n);
    expect((await settle()).paid).toBe(0);
    await addBet(t.db, {
      merchantId,
      memberId: friend.id,
      gameType: 'RNG',
      stake: 49_999n,
      payout: 0n,
      at: new Date(),
    });
    expect((await settle()).paid).toBe(0);
    await addBet(t.db, {
      merchantId,
      memberId: friend.id,
      gameType: 'RNG',
      stake: 1n,
      payout: 0n,
      at: new Date(),
    });

    const before = await mainBalance(t, r.id);
    // Five passes at once (two instances' jobs, say): one payment.
    const passes = await Promise.all(Array.from({ length: 5 }, () => settle()));
    expect(passes.reduce((s, p) => s + p.paid, 0)).toBe(1);
    expect(await mainBalance(t, r.id)).toBe(before + 2_000n);
    expect(await referral(friend.id)).toMatchObject({ status: 'paid', reward: '2000' });
    expect((await settle()).paid).toBe(0);
    const posted = await t.db
      .selectFrom('ledger_transaction')
      .select('kind')
      .where('idempotency_key', '=', `referral:${friend.id}`)
      .execute();
    expect(posted).toEqual([{ kind: 'REFERRAL' }]);

    const list = (await get('/wps/referral/referees', r.token)).json().value;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ status: 'paid', reward: 20, deposit: 100, validBet: 500 });
    expect(list.list[0].account).not.toBe(friend.account);
    expect(list.list[0].account).toContain('*');
    const after = (await get('/wps/relay/MCSFE_getReferralDetails', r.token)).json().value;
    expect(after).toMatchObject({ qualified: 1, earned: 20 });
  });

  it("flags a friend on the referrer's own IP address for an operator, who decides once", async () => {
    const r = await referrer(); // logged in from 127.0.0.1
    const friend = await registerFriend(r.code, '127.0.0.1');
    await qualify(friend.id);
    const before = await mainBalance(t, r.id);
    expect(await settle()).toMatchObject({ paid: 0, flagged: 1 });
    expect(await referral(friend.id)).toMatchObject({ status: 'flagged', flag_reason: 'same_ip' });
    expect(await mainBalance(t, r.id)).toBe(before);

    const queue = (await ops('GET', '/ops/merchants/demo/referrals')).json().value;
    expect(queue.list.map((x: { refereeId: string }) => x.refereeId)).toContain(friend.id);
    // Two operators deciding at once: one payment, the other is told it is decided.
    const decisions = await Promise.all([
      ops('POST', `/ops/merchants/demo/referrals/${friend.id}`, {
        action: 'pay',
        reason: 'checked: siblings',
      }),
      ops('POST', `/ops/merchants/demo/referrals/${friend.id}`, {
        action: 'pay',
        reason: 'checked: siblings',
      }),
    ]);
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    expect(await mainBalance(t, r.id)).toBe(before + 2_000n);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target', '=', friend.id)
      .execute();
    expect(audit).toEqual([{ action: 'referral.pay' }]);
  });

  it('flags a second friend on the same device, and a rejected one is never paid', async () => {
    const r = await referrer();
    const a = await registerFriend(r.code, '10.1.1.1', 'device-abc');
    const b = await registerFriend(r.code, '10.1.1.2', 'device-abc');
    await qualify(a.id);
    await qualify(b.id);
    const before = await mainBalance(t, r.id);
    expect(await settle()).toMatchObject({ flagged: 2 });
    expect((await referral(b.id))?.flag_reason).toBe('same_device');
    const res = await ops('POST', `/ops/merchants/demo/referrals/${b.id}`, {
      action: 'reject',
      reason: 'farm',
    });
    expect(res.json().value.status).toBe('rejected');
    expect(
      (await ops('POST', `/ops/merchants/demo/referrals/${b.id}`, { action: 'pay', reason: 'farm' }))
        .statusCode,
    ).toBe(409);
    expect(await mainBalance(t, r.id)).toBe(before);
  });

  it('ignores unknown codes and a code used after the window expires', async () => {
    const stray = await registerFriend('NOSUCHCODE', '10.9.9.9');
    expect(await referral(stray.id)).toBeUndefined();

    const r = await referrer();
    const late = await registerFriend(r.code, '10.9.9.10');
    await t.db
      .updateTable('referral')
      .set({ created_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('referee_id', '=', late.id)
      .execute();
    await qualify(late.id);
    const out = await settle();
    expect(out.expired).toBeGreaterThanOrEqual(1);
    expect(await referral(late.id)).toMatchObject({ status: 'expired', reward: '0' });
  });
});
