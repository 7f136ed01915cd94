import { describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp } from '../../test/build-test-app.js';
import { addBet, postMoney } from '../../test/factories/agent.js';
import { mainBalance as balanceOf, loggedInMember, onRewardsApp } from '../../test/factories/rewards.js';
import { qualifyingLevel } from './rewards.vip.service.js';

let t: TestApp;
let merchantId: number;

onRewardsApp((app, id) => {
  t = app;
  merchantId = id;
});

const member = () => loggedInMember(t, merchantId, 'vip');
const api = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: token } });
const progress = async (token: string) =>
  (await api('/wps/relay/MCSFE_getPlayerRankProgress', token)).json().value;
const bonusPaid = async (memberId: string) =>
  (
    await t.db
      .selectFrom('ledger_transaction')
      .select(['idempotency_key'])
      .where('member_id', '=', memberId)
      .where('kind', '=', 'VIP_BONUS')
      .execute()
  ).map((r) => r.idempotency_key);
const mainBalance = (memberId: string) => balanceOf(t, memberId);
/** Demo tiers: VIP1 at 1,000 total / 200 this month / 100 deposited (bonus 5), VIP2 at 10,000 / 2,000 / 1,000 (bonus 30). */
const play = (memberId: string, stake: bigint, at = new Date()) =>
  addBet(t.db, { merchantId, memberId, gameType: 'RNG', stake, payout: 0n, at });

describe('VIP', () => {
  it('reaches the highest tier it qualifies for, pays each bonus once, and shows in member info', async () => {
    const m = await member();
    expect((await progress(m.token)).playerRankName).toBe('VIP0');
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 150_000n);
    await play(m.id, 1_200_000n); // 12,000.00 this month
    const before = await mainBalance(m.id);
    const p = await progress(m.token);
    expect(p).toMatchObject({
      hasVip: true,
      playerRankName: 'VIP2',
      playerRankLevel: 2,
      nextRankName: 'VIP3',
      monthlyTurnover: { actual: 12_000, expected: 10_000 },
      totalTurnover: { actual: 12_000, expected: 50_000 },
      totalDeposit: { actual: 1_500, expected: 5_000 },
      keepTurnover: { actual: 12_000, expected: 3_000 },
    });
    expect(p.tiers).toHaveLength(6);
    // Both tiers' bonuses (5 + 30) in one posting, once.
    expect(await mainBalance(m.id)).toBe(before + 3_500n);
    expect(await bonusPaid(m.id)).toEqual([`vip-bonus:${m.id}:1,2`]);
    await progress(m.token);
    expect(await mainBalance(m.id)).toBe(before + 3_500n);

    const info = (await api('/wps/member/info', m.token)).json().value;
    expect(info.clubLabel).toEqual({ labelName: 'VIP2', rankLevel: 2 });
    expect(info.hasVip).toBe(true);

    // The tier's extra rebate rate (0.1 %) joins every product's: slots pay 0.9 %.
    const rebate = (await api('/wps/rebate', m.token)).json().value;
    expect(rebate.list.find((r: { productType: string }) => r.productType === 'RNG')).toMatchObject({
      rate: 0.009,
      amount: 108,
    });
  });

  it('pays a bonus once under 50 parallel reviews', async () => {
    const m = await member();
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 20_000n);
    await play(m.id, 150_000n); // 1,500.00: VIP1
    const before = await mainBalance(m.id);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => api('/wps/relay/MCSFE_getPlayerRankProgress', m.token)),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await mainBalance(m.id)).toBe(before + 500n);
    expect(await bonusPaid(m.id)).toHaveLength(1);
  });

  it('drops one tier when last month missed the keep turnover, without paying a tier twice', async () => {
    const m = await member();
    const now = new Date();
    const lastMonth = `${new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10)}`;
    const twoMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15));
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 150_000n);
    await play(m.id, 1_200_000n, twoMonthsAgo);
    // As the review left it two months ago: VIP2 reached (bonuses paid), last reviewed last month.
    await t.db
      .insertInto('member_vip')
      .values({ member_id: m.id, merchant_id: merchantId, level: 2, reviewed_month: lastMonth })
      .execute();
    await t.db
      .insertInto('vip_bonus')
      .values([
        { member_id: m.id, level: 1, merchant_id: merchantId, amount: '500', ledger_transaction_id: null },
        { member_id: m.id, level: 2, merchant_id: merchantId, amount: '3000', ledger_transaction_id: null },
      ])
      .execute();
    const before = await mainBalance(m.id);
    const run = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/vip/run',
      payload: { reason: 'monthly review' },
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().value.downgraded).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('member_vip')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.level).toBe(1);
    expect(await mainBalance(m.id)).toBe(before);
    // A second review in the same month changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/vip/run',
      payload: { reason: 'again' },
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    expect(again.json().value).toMatchObject({ upgraded: 0, downgraded: 0, bonuses: 0 });
    expect(
      (
        await t.db
          .selectFrom('member_vip')
          .select('level')
          .where('member_id', '=', m.id)
          .executeTakeFirstOrThrow()
      ).level,
    ).toBe(1);
  });

  it('qualifies by every threshold at once', () => {
    const tiers = [
      {
        level: 0,
        name: 'V0',
        totalTurnover: 0,
        monthlyTurnover: 0,
        keepTurnover: 0,
        minDeposit: 0,
        upgradeBonus: 0,
        rebateExtra: 0,
      },
      {
        level: 1,
        name: 'V1',
        totalTurnover: 10,
        monthlyTurnover: 5,
        keepTurnover: 5,
        minDeposit: 1,
        upgradeBonus: 0,
        rebateExtra: 0,
      },
    ];
    const f = (total: bigint, month: bigint, deposit: bigint) => ({ total, month, lastMonth: 0n, deposit });
    expect(qualifyingLevel(tiers, f(1000n, 500n, 100n), 2)).toBe(1);
    expect(qualifyingLevel(tiers, f(999n, 500n, 100n), 2)).toBe(0);
    expect(qualifyingLevel(tiers, f(1000n, 499n, 100n), 2)).toBe(0);
    expect(qualifyingLevel(tiers, f(1000n, 500n, 99n), 2)).toBe(0);
  });

  it('says hasVip false when the brand runs no VIP', async () => {
    const m = await member();
    const demo = await t.app.rewards.brand('demo');
    const off = { ...demo, settings: { ...demo.settings, vip: { ...demo.settings.vip!, enabled: false } } };
    const p = await t.app.rewards.vip.progress(off, m.id);
    expect(p).toMatchObject({ hasVip: false, playerRankLevel: 0, tiers: [] });
  });
});
