import { describe, expect, it } from 'vitest';
import { type TestApp } from '../../test/build-test-app.js';
import { addBet, postMoney } from '../../test/factories/agent.js';
import { weekOf } from './rewards.missions.service.js';
import { loggedInMember, mainBalance, onRewardsApp } from '../../test/factories/rewards.js';

let t: TestApp;
let merchantId: number;
onRewardsApp((app, id) => {
  t = app;
  merchantId = id;
});

const member = () => loggedInMember(t, merchantId, 'ms');
const get = async (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: token } });
const summary = async (token: string) =>
  (await get('/wps/relay/MCSFE_getMissionSummaryDetails', token)).json().value as {
    list: { id: string; status: string; progress: number; target: number }[];
    weekPoints: number;
    claimable: number;
  };
const task = async (token: string, id: string) => (await summary(token)).list.find((m) => m.id === id)!;
const claim = (token: string, missionId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_claimMissionReward',
    payload: { missionId },
    headers: { authorization: token },
  });
const spin = (memberId: string, gameType = 'RNG', stake = 100n) =>
  addBet(t.db, { merchantId, memberId, gameType, stake, payout: 0n, at: new Date() });

describe('weekOf', () => {
  it('is the ISO week, Monday to Sunday (UTC)', () => {
    expect(weekOf(new Date('2026-11-29T23:59:59Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf(new Date('2026-11-30T00:00:00Z'))).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(weekOf(new Date('2026-11-25T12:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });
});

describe('missions', () => {
  it('counts today’s login; a points-only task is claimed once and adds its points', async () => {
    const m = await member();
    expect(await task(m.token, 'daily-login')).toMatchObject({ status: 'claimable', progress: 1, target: 1 });
    const first = await claim(m.token, 'daily-login');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ mission: { status: 'claimed' }, weekPoints: 5 });
    const again = await claim(m.token, 'daily-login');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('mission.claimed');
    expect(await mainBalance(t, m.id)).toBe(0n);
  });

  it('moves with the slot rounds as they are played; only slots count; 20 parallel claims pay once', async () => {
    const m = await member();
    for (let i = 0; i < 19; i++) await spin(m.id);
    await spin(m.id, 'LIVE');
    expect(await task(m.token, 'daily-spins')).toMatchObject({
      status: 'in_progress',
      progress: 19,
      target: 20,
    });
    const early = await claim(m.token, 'daily-spins');
    expect(early.json().code).toBe('mission.not_done');
    await spin(m.id);
    expect(await task(m.token, 'daily-spins')).toMatchObject({ status: 'claimable', progress: 20 });

    // The menu badge and the reward centre list it.
    const promo = (await get('/wps/relay/MCSFE_getMerchantAvailablePromotions', m.token)).json().value;
    expect(promo.MISSION).toEqual({ enabled: true, count: (await summary(m.token)).claimable });
    const centre = (await get('/wps/relay/MCS2_getPromotionClaimList', m.token)).json().value;
    expect(centre.list).toContainEqual(
      expect.objectContaining({ kind: 'mission', id: 'daily-spins', amount: 1 }),
    );

    const claims = await Promise.all(Array.from({ length: 20 }, () => claim(m.token, 'daily-spins')));
    expect(claims.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect(claims.filter((c) => c.statusCode !== 200).map((c) => c.json().code)).toEqual(
      Array.from({ length: 19 }, () => 'mission.claimed'),
    );
    expect(await mainBalance(t, m.id)).toBe(100n);
    const posted = await t.db
      .selectFrom('ledger_transaction')
      .select('kind')
      .where('member_id', '=', m.id)
      .where('kind', '=', 'MISSION_REWARD')
      .execute();
    expect(posted).toHaveLength(1);
    expect(await task(m.token, 'daily-spins')).toMatchObject({ status: 'claimed' });
  });

  it('measures deposits and valid bets in major units; unknown tasks are not found', async () => {
    const m = await member();
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 15_000n);
    expect(await task(m.token, 'weekly-deposit')).toMatchObject({ progress: 150, target: 200 });
    await postMoney(t.db, merchantId, m.id, 'DEPOSIT', 5_000n);
    expect(await task(m.token, 'weekly-deposit')).toMatchObject({ progress: 200, status: 'claimable' });
    await spin(m.id, 'SPORTS', 10_000n);
    expect(await task(m.token, 'daily-wager')).toMatchObject({ progress: 100, status: 'claimable' });
    expect((await claim(m.token, 'weekly-deposit')).json().value.balance).toBe(200 + 5);
    expect((await claim(m.token, 'no-such-task')).statusCode).toBe(404);
  });

  it('ranks the week’s mission points, with the member’s own rank', async () => {
    const a = await member();
    const b = await member();
    await claim(a.token, 'daily-login');
    await claim(b.token, 'daily-login');
    await postMoney(t.db, merchantId, b.id, 'DEPOSIT', 20_000n);
    await claim(b.token, 'weekly-deposit');
    const board = (await get('/wps/relay/MCSFE_getMissionLeaderboard', b.token)).json().value;
    expect(board.from).toBe(weekOf(new Date()).from);
    const ranks = board.list.map((r: { points: number; rank: number }) => r.points);
    expect([...ranks].sort((x: number, y: number) => y - x)).toEqual(ranks);
    expect(board.me).toEqual({ rank: expect.any(Number), points: 55 });
    const mine = board.list.find((r: { rank: number }) => r.rank === board.me.rank);
    expect(mine.points).toBe(55);
    expect(board.list.some((r: { account: string }) => r.account === b.account)).toBe(false);
    const aBoard = (await get('/wps/relay/MCSFE_getMissionLeaderboard', a.token)).json().value;
    expect(aBoard.me.points).toBe(5);
    expect(aBoard.me.rank).toBeGreaterThan(board.me.rank);
  });
});
