import { memberTypes } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { fundMain } from '../../test/factories.js';
import { checkLedger } from '../ledger/index.js';
import {
  TEAM_PASSWORD,
  addBet,
  addMember,
  postMoney,
  refreshTeamRollups,
} from '../../test/factories/agent.js';

/*
 * Two agents with their own teams:
 *
 *   topA (1)                      topB (1)
 *   ├─ a1 (agent 2)               └─ bm (member)
 *   │  ├─ a1m (member)
 *   │  └─ a1a (agent 2)
 *   │     └─ a1am (member)
 *   ├─ a2 (agent 2)
 *   │  └─ a2m (member)
 *   └─ am (member)
 */
let t: TestApp;
let merchantId: number;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  const add = async (name: string, type: number, parent: string | null) => {
    ids[name] = await addMember(t.db, merchantId, name, type, parent ? ids[parent]! : null);
  };
  await add('topA', memberTypes.agent, null);
  await add('a1', memberTypes.agentLevel2, 'topA');
  await add('a1m', memberTypes.member, 'a1');
  await add('a1a', memberTypes.agentLevel2, 'a1');
  await add('a1am', memberTypes.member, 'a1a');
  await add('a2', memberTypes.agentLevel2, 'topA');
  await add('a2m', memberTypes.member, 'a2');
  await add('am', memberTypes.member, 'topA');
  await add('topB', memberTypes.agent, null);
  await add('bm', memberTypes.member, 'topB');
  for (const name of ['topA', 'a1', 'a1a', 'am', 'topB']) tokens[name] = await t.login(name, TEAM_PASSWORD);
  // Generous: the set-up hashes passwords and logs in five times, slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

const get = (url: string, who: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: tokens[who]! } });

type Req = { method: 'GET' | 'POST' | 'PUT'; url: string; body?: unknown; encrypted?: boolean };
async function send(req: Req, who: string | null) {
  const headers: Record<string, string> = who ? { authorization: tokens[who]! } : {};
  if (req.encrypted) return t.encrypted(req.method as 'POST', req.url, req.body, headers);
  return t.app.inject({
    method: req.method,
    url: req.url,
    headers,
    ...(req.body !== undefined ? { payload: req.body as object } : {}),
  });
}

describe('reports over a seeded team', () => {
  // Known activity today: bets per member (stake, payout), and money movements.
  const bets: [string, string, bigint, bigint][] = [
    ['a1m', 'RNG', 10_000n, 2_500n],
    ['a1m', 'LIVE', 5_000n, 9_000n],
    ['a1am', 'RNG', 20_000n, 0n],
    ['a2m', 'FISH', 3_000n, 6_000n],
    ['am', 'RNG', 1_000n, 0n],
    ['bm', 'RNG', 777_700n, 0n],
  ];
  beforeAll(async () => {
    const now = new Date();
    for (const [who, type, stake, payout] of bets) {
      await addBet(t.db, { merchantId, memberId: ids[who]!, at: now, gameType: type, stake, payout });
    }
    // Yesterday's bet must not count in today's figures.
    await addBet(t.db, {
      merchantId,
      memberId: ids.a1m!,
      at: new Date(Date.now() - 86_400_000 * 2),
      gameType: 'RNG',
      stake: 999n,
      payout: 0n,
    });
    await postMoney(t.db, merchantId, ids.a1m!, 'DEPOSIT', 50_000n);
    await postMoney(t.db, merchantId, ids.a1am!, 'DEPOSIT', 20_000n);
    await postMoney(t.db, merchantId, ids.a1am!, 'WITHDRAW', 5_000n);
    await postMoney(t.db, merchantId, ids.a1am!, 'WITHDRAW', 1_000n);
    await postMoney(t.db, merchantId, ids.a1am!, 'WITHDRAW_REVERSAL', 1_000n);
    await postMoney(t.db, merchantId, ids.bm!, 'DEPOSIT', 999_900n);
    await refreshTeamRollups(t.db, merchantId);
  });

  it('team overview today at every level equals the sum over its members', async () => {
    const expectFor = (members: string[]) => {
      const mine = bets.filter(([w]) => members.includes(w));
      const stake = mine.reduce((s, b) => s + b[2], 0n);
      const payout = mine.reduce((s, b) => s + b[3], 0n);
      return {
        betCount: mine.length,
        stake: Number(stake) / 100,
        validBet: Number(stake) / 100,
        payout: Number(payout) / 100,
        profitLoss: Number(payout - stake) / 100,
      };
    };
    const a1team = ['a1', 'a1m', 'a1a', 'a1am'];
    const topTeam = [...a1team, 'a2', 'a2m', 'am', 'topA'];
    const top = (await get('/wps/agent/team/overview', 'topA')).json().value;
    expect(top).toMatchObject({ range: { from: today, to: today }, ...expectFor(topTeam) });
    expect(top).toMatchObject({ depositCount: 2, depositAmount: 700, withdrawCount: 1, withdrawAmount: 50 });
    expect(top.series).toHaveLength(1);
    expect(top.series[0]).toMatchObject({ day: today, ...expectFor(topTeam), depositAmount: 700 });
    // Active: valid bets today of at least 1.00 — a1m, a1am, a2m, am.
    expect(top.activeMembers).toBe(4);
    expect(top.teamSize).toBeGreaterThanOrEqual(8);

    const a1 = (await get('/wps/agent/team/overview', 'a1')).json().value;
    expect(a1).toMatchObject({
      ...expectFor(a1team),
      depositAmount: 700,
      withdrawAmount: 50,
      activeMembers: 2,
    });
    const drilled = (await get(`/wps/agent/team/overview?rootId=${ids.a1a}`, 'topA')).json().value;
    expect(drilled).toMatchObject({
      root: { id: ids.a1a, account: 'a1a' },
      ...expectFor(['a1a', 'a1am']),
      depositAmount: 200,
    });
    // The team balance is the sum of the members' main wallets.
    expect(drilled.teamBalance).toBe(150);

    const week = (await get('/wps/agent/team/overview?period=month', 'topA')).json().value;
    expect(week.range.to).toBe(today);
    expect(week.series.length).toBe(Number(today.slice(8, 10)));
  });

  it('user profit and loss: direct rows sum to the team, members and categories too', async () => {
    const direct = (await get('/wps/agent/team/pnl?view=direct&sortBy=account&sortOrder=asc', 'topA')).json()
      .value;
    const rows = direct.list as {
      member: { account: string };
      stake: number;
      payout: number;
      team: boolean;
      level: number;
    }[];
    expect(rows.map((r) => r.member.account)).toEqual(['a1', 'a2', 'am', 'topA']);
    const a1 = rows.find((r) => r.member.account === 'a1')!;
    expect(a1).toMatchObject({
      team: true,
      level: 1,
      stake: 350,
      payout: 115,
      profitLoss: -235,
      depositAmount: 700,
    });
    const sum = (list: { stake: number }[]) => list.reduce((s, r) => s + r.stake, 0);
    expect(sum(rows)).toBe(direct.totals.stake);
    expect(direct.totals).toMatchObject({ stake: 390, payout: 175, betCount: 5 });

    const members = (await get('/wps/agent/team/pnl?view=member&pageSize=100', 'topA')).json().value;
    expect(sum(members.list)).toBe(direct.totals.stake);
    expect(members.list.map((r: { member: { account: string } }) => r.member.account)).not.toContain('bm');
    const cats = (await get('/wps/agent/team/pnl?view=category&sortBy=account&sortOrder=asc', 'topA')).json()
      .value;
    expect(cats.list.map((r: { gameType: string; stake: number }) => [r.gameType, r.stake])).toEqual([
      ['FISH', 30],
      ['LIVE', 50],
      ['RNG', 310],
    ]);
    // Drill: the a1 row's team, with the breadcrumb from the caller.
    const drill = (await get(`/wps/agent/team/pnl?rootId=${ids.a1}`, 'topA')).json().value;
    expect(drill.path.map((p: { account: string }) => p.account)).toEqual(['topA', 'a1']);
    expect(drill.totals.stake).toBe(350);
  });

  it('team betting lists the team’s bets with rollup totals; filters by member and game', async () => {
    const all = (await get('/wps/agent/team/bets?pageSize=2&sortBy=stake&sortOrder=desc', 'topA')).json()
      .value;
    expect(all.totalCount).toBe(5);
    expect(all.totalPages).toBe(3);
    expect(all.list.map((b: { stake: number }) => b.stake)).toEqual([200, 100]);
    expect(all.totals).toMatchObject({ betCount: 5, stake: 390 });
    const one = (await get(`/wps/agent/team/bets?memberId=${ids.a1m}&gameType=LIVE`, 'a1')).json().value;
    expect(one.list).toHaveLength(1);
    expect(one.list[0]).toMatchObject({
      member: { account: 'a1m' },
      gameType: 'LIVE',
      stake: 50,
      payout: 90,
      profitLoss: 40,
      status: 'settled',
    });
    expect(one.totals).toMatchObject({ betCount: 1, stake: 50 });
    const byAccount = (await get('/wps/agent/team/bets?account=A1AM', 'a1')).json().value;
    expect(byAccount.totals.stake).toBe(200);
    const older = (
      await get(
        `/wps/agent/team/bets?from=${new Date(Date.now() - 86_400_000 * 3).toISOString().slice(0, 10)}`,
        'a1',
      )
    ).json().value;
    expect(older.totalCount).toBe(4);
  });

  it('account details show team movements; transfers to a downline appear as income-free debits and credits', async () => {
    await fundMain(t.db, ids.topA!, 100_000n);
    // Payment password first.
    const set = await t.encrypted(
      'POST',
      '/wps/member/password/payment',
      { password: TEAM_PASSWORD, newPaymentPassword: 'pay-pass-1', confirmPaymentPassword: 'pay-pass-1' },
      { authorization: tokens.topA! },
    );
    expect(set.statusCode).toBe(200);
    const tr = await send(
      {
        method: 'POST',
        url: '/wps/agent/downlines/transfer',
        encrypted: true,
        body: { memberId: ids.a1a, amount: '12.34', paymentPassword: 'pay-pass-1', requestId: 'down-0001' },
      },
      'topA',
    );
    expect(tr.statusCode, tr.body).toBe(200);
    expect(tr.json().value).toMatchObject({
      amount: 12.34,
      target: { id: ids.a1a, account: 'a1a' },
      replayed: false,
    });
    const wrong = await send(
      {
        method: 'POST',
        url: '/wps/agent/downlines/transfer',
        encrypted: true,
        body: { memberId: ids.a1a, amount: 1, paymentPassword: 'nope-nope', requestId: 'down-0002' },
      },
      'topA',
    );
    expect(wrong.json().code).toBe('payment.password.invalid');
    const self = await send(
      {
        method: 'POST',
        url: '/wps/agent/downlines/transfer',
        encrypted: true,
        body: { memberId: ids.topA, amount: 1, paymentPassword: 'pay-pass-1', requestId: 'down-0003' },
      },
      'topA',
    );
    expect(self.statusCode).toBe(404);

    const moves = (await get(`/wps/agent/team/transactions?memberId=${ids.a1a}`, 'topA')).json().value;
    expect(moves.list[0]).toMatchObject({
      kind: 'TRANSFER_DOWNLINE',
      amount: 12.34,
      member: { account: 'a1a' },
    });
    const deposits = (await get('/wps/agent/team/transactions?kind=DEPOSIT', 'a1')).json().value;
    expect(deposits.totalCount).toBe(2);
    // The receiving agent sees it as income from its upline; the sender does not.
    const income = (await get('/wps/agent/income', 'a1a')).json().value;
    expect(income.list[0]).toMatchObject({
      kind: 'TRANSFER_DOWNLINE',
      category: 'transfer',
      amount: 12.34,
      from: 'topA',
    });
    expect(income.totals).toMatchObject({ transfer: 12.34, total: 12.34 });
    const topIncome = (await get('/wps/agent/income', 'topA')).json().value;
    expect(topIncome.totals.transfer).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('team management: search, level, kind, sorting, paging, drill with breadcrumb', async () => {
    const level2 = (await get('/wps/agent/downlines?level=2&sortBy=account&sortOrder=asc', 'topA')).json()
      .value;
    expect(level2.list.map((d: { account: string }) => d.account)).toEqual(['a1a', 'a1m', 'a2m']);
    const agents = (await get('/wps/agent/downlines?kind=agent&sortBy=account&sortOrder=asc', 'topA')).json()
      .value;
    expect(agents.list.map((d: { account: string }) => d.account)).toContain('a1a');
    expect(agents.list.every((d: { isAgent: boolean }) => d.isAgent)).toBe(true);
    const page2 = (
      await get('/wps/agent/downlines?sortBy=account&sortOrder=asc&pageSize=2&pageNo=2', 'topA')
    ).json().value;
    expect(page2.list).toHaveLength(2);
    expect(page2.totalPages).toBe(Math.ceil(page2.totalCount / 2));
    const drill = (await get(`/wps/agent/downlines?rootId=${ids.a1a}&scope=direct`, 'topA')).json().value;
    expect(drill.root).toEqual({ id: ids.a1a, account: 'a1a' });
    expect(drill.path.map((p: { account: string }) => p.account)).toEqual(['topA', 'a1', 'a1a']);
    expect(drill.list.map((d: { account: string; level: number }) => [d.account, d.level])).toContainEqual([
      'a1am',
      1,
    ]);
    const detail = (await get(`/wps/agent/downlines/${ids.a1}`, 'topA')).json().value;
    expect(detail).toMatchObject({ account: 'a1', level: 1, isAgent: true, directCount: 2 });
    const byBalance = (
      await get('/wps/agent/downlines?sortBy=balance&sortOrder=desc&pageSize=1', 'topA')
    ).json().value;
    expect(byBalance.list[0].account).toBe('a1m');
    const past = (await get('/wps/agent/downlines?pageNo=50', 'topA')).json().value;
    expect(past.list).toEqual([]);
    expect(past.totalCount).toBeGreaterThan(0);
  });
});

describe('agent announcements', () => {
  const ops = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-ops-key': TEST_OPS_KEY }, ...(payload ? { payload } : {}) });

  it('operators publish, edit and delete; agents read published ones in their language; members cannot', async () => {
    const a = await ops('POST', '/ops/merchants/demo/agent-announcements', {
      title: 'Commission rates',
      content: '<p>New rates</p>',
      pinned: true,
    });
    expect(a.statusCode, a.body).toBe(200);
    await ops('POST', '/ops/merchants/demo/agent-announcements', {
      title: '中文公告',
      content: '内容',
      language: 'zh',
    });
    await ops('POST', '/ops/merchants/demo/agent-announcements', {
      title: 'Later',
      content: 'x',
      publishedAt: '2099-01-01T00:00:00Z',
    });
    await ops('POST', '/ops/merchants/demo/agent-announcements', {
      title: 'Hidden',
      content: 'x',
      enabled: false,
    });
    const en = (await get('/wps/agent/announcements', 'topA')).json().value;
    expect(en.list.map((x: { title: string }) => x.title)).toEqual(['Commission rates']);
    const zh = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/announcements',
      headers: { authorization: tokens.topA!, language: 'ZH' },
    });
    expect(zh.json().value.list.map((x: { title: string }) => x.title)).toEqual([
      'Commission rates',
      '中文公告',
    ]);

    const id = a.json().value.id;
    const upd = await ops('PUT', `/ops/merchants/demo/agent-announcements/${id}`, {
      title: 'Rates v2',
      content: 'c',
    });
    expect(upd.json().value).toMatchObject({ title: 'Rates v2', pinned: false });
    expect((await ops('DELETE', `/ops/merchants/demo/agent-announcements/${id}`)).json().value).toEqual({
      deleted: true,
    });
    expect((await ops('DELETE', `/ops/merchants/demo/agent-announcements/${id}`)).statusCode).toBe(404);
    expect((await ops('GET', '/ops/merchants/nope/agent-announcements')).statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('action', 'like', 'agent_announcement.%')
      .execute();
    expect(audit.length).toBe(6);
    const noKey = await t.app.inject({ method: 'GET', url: '/ops/merchants/demo/agent-announcements' });
    expect(noKey.statusCode).toBe(401);
  });
});
