import { agentRoutes, memberTypes } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { TEAM_PASSWORD, addMember } from '../../test/factories/agent.js';

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

/**
 * Every agent route, called with `target` (a member id) wherever the route takes a member id.
 * The authorization suite walks this table; a test below checks it lists every agent route.
 */
const agentCalls: Record<string, (target: string) => Req> = {
  agentRegisterSettings: () => ({ method: 'GET', url: '/wps/agent/register/settings' }),
  agentCreateDownline: () => ({
    method: 'POST',
    url: '/wps/agent/downlines',
    encrypted: true,
    body: {
      account: `x${Math.floor(Math.random() * 1e9)}`,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      type: 0,
    },
  }),
  agentAffiliateList: () => ({ method: 'GET', url: '/wps/agent/affiliates' }),
  agentAffiliateCreate: () => ({ method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 0 } }),
  agentAffiliateUpdate: (target) => ({
    method: 'PUT',
    url: `/wps/agent/affiliates/${target}`,
    body: { enabled: false },
  }),
  agentTeamOverview: (target) => ({ method: 'GET', url: `/wps/agent/team/overview?rootId=${target}` }),
  agentDownlineList: (target) => ({ method: 'GET', url: `/wps/agent/downlines?rootId=${target}` }),
  agentDownlineDetail: (target) => ({ method: 'GET', url: `/wps/agent/downlines/${target}` }),
  agentDownlineTransfer: (target) => ({
    method: 'POST',
    url: '/wps/agent/downlines/transfer',
    encrypted: true,
    body: { memberId: target, amount: 1, paymentPassword: 'pay-pass-1', requestId: `auth-${Math.random()}` },
  }),
  agentTeamBets: (target) => ({ method: 'GET', url: `/wps/agent/team/bets?memberId=${target}` }),
  agentTeamProfitLoss: (target) => ({ method: 'GET', url: `/wps/agent/team/pnl?rootId=${target}` }),
  agentIncome: () => ({ method: 'GET', url: '/wps/agent/income' }),
  agentTeamTransactions: (target) => ({
    method: 'GET',
    url: `/wps/agent/team/transactions?memberId=${target}`,
  }),
  agentAnnouncements: () => ({ method: 'GET', url: '/wps/agent/announcements' }),
};
/** Routes whose request names a member (or one of its records): outsiders get 404. */
const memberScoped = [
  'agentTeamOverview',
  'agentDownlineList',
  'agentDownlineDetail',
  'agentDownlineTransfer',
  'agentTeamBets',
  'agentTeamProfitLoss',
  'agentTeamTransactions',
];

describe('authorization: every agent route', () => {
  it('the suite covers every agent route of the contract', () => {
    const memberRoutes = Object.entries(agentRoutes)
      .filter(([, r]) => r.auth === 'member')
      .map(([name]) => name)
      .sort();
    expect(Object.keys(agentCalls).sort()).toEqual(memberRoutes);
  });

  it('without a session every route answers 401', async () => {
    for (const [name, call] of Object.entries(agentCalls)) {
      const res = await send(call(ids.am!), null);
      expect(res.statusCode, name).toBe(401);
    }
  });

  it('a plain member gets 403 error_not_agent on every route', async () => {
    for (const [name, call] of Object.entries(agentCalls)) {
      const res = await send(call(ids.am!), 'am');
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code, name).toBe('error_not_agent');
    }
  });

  it("agent A cannot reach agent B's team: 404 on every route that names a member", async () => {
    for (const name of memberScoped) {
      for (const target of [ids.topB!, ids.bm!]) {
        const res = await send(agentCalls[name]!(target), 'topA');
        expect(res.statusCode, `${name} → ${target}`).toBe(404);
        expect(res.json().code).toBe('not.found');
      }
    }
  });

  it("a downline agent cannot see its upline or the upline's other branches", async () => {
    for (const name of memberScoped) {
      for (const target of [ids.topA!, ids.a2!, ids.a2m!, ids.am!]) {
        const res = await send(agentCalls[name]!(target), 'a1');
        expect(res.statusCode, `${name} → ${target}`).toBe(404);
      }
    }
  });

  it('an id that does not exist answers the same 404', async () => {
    for (const name of memberScoped) {
      const res = await send(agentCalls[name]!('999999999'), 'topA');
      expect(res.statusCode, name).toBe(404);
    }
  });

  it("another agent's invitation link answers 404 and stays unchanged", async () => {
    const created = await send(agentCalls.agentAffiliateCreate!(''), 'topB');
    expect(created.statusCode).toBe(200);
    const id = created.json().value.id as string;
    const res = await send(agentCalls.agentAffiliateUpdate!(id), 'topA');
    expect(res.statusCode).toBe(404);
    const list = await get('/wps/agent/affiliates', 'topB');
    expect(list.json().value.list.find((a: { id: string }) => a.id === id).enabled).toBe(true);
    expect((await get('/wps/agent/affiliates', 'topA')).json().value.list).toEqual([]);
  });

  it("lists never carry another team's members", async () => {
    const all = (await get('/wps/agent/downlines?pageSize=1000', 'topA')).json().value;
    const accounts = all.list.map((d: { account: string }) => d.account).sort();
    expect(accounts).toEqual(['a1', 'a1a', 'a1am', 'a1m', 'a2', 'a2m', 'am'].sort());
    const a1 = (await get('/wps/agent/downlines?pageSize=1000', 'a1')).json().value;
    expect(a1.list.map((d: { account: string }) => d.account).sort()).toEqual(['a1a', 'a1am', 'a1m']);
    const b = (await get('/wps/agent/downlines', 'topB')).json().value;
    expect(b.list.map((d: { account: string }) => d.account)).toEqual(['bm']);
    // Search by an outsider's account finds nothing rather than an error.
    const search = (await get('/wps/agent/team/bets?account=bm', 'topA')).json().value;
    expect(search).toMatchObject({ list: [], totalCount: 0 });
  });
});

describe('bad input answers a clear error and writes nothing', () => {
  const bad: [string, Req, string][] = [
    [
      'range end before start',
      { method: 'GET', url: '/wps/agent/team/pnl?from=2026-03-02&to=2026-03-01' },
      'report.range.invalid',
    ],
    [
      'range over 93 days',
      { method: 'GET', url: '/wps/agent/team/bets?from=2026-01-01&to=2026-06-01' },
      'report.range.invalid',
    ],
    [
      'custom overview range too long',
      { method: 'GET', url: '/wps/agent/team/overview?period=custom&from=2025-01-01&to=2026-01-01' },
      'report.range.invalid',
    ],
    ['malformed date', { method: 'GET', url: '/wps/agent/income?from=2026-13-01' }, 'request_param_err'],
    ['unknown period', { method: 'GET', url: '/wps/agent/team/overview?period=year' }, 'request_param_err'],
    [
      'page size too large',
      { method: 'GET', url: '/wps/agent/downlines?pageSize=5000' },
      'request_param_err',
    ],
    ['page zero', { method: 'GET', url: '/wps/agent/team/transactions?pageNo=0' }, 'request_param_err'],
    ['unknown sort', { method: 'GET', url: '/wps/agent/downlines?sortBy=password' }, 'request_param_err'],
    ['malformed member id', { method: 'GET', url: '/wps/agent/downlines/abc' }, 'request_param_err'],
    ['malformed root id', { method: 'GET', url: '/wps/agent/team/pnl?rootId=1;drop' }, 'request_param_err'],
    ['unknown view', { method: 'GET', url: '/wps/agent/team/pnl?view=all' }, 'request_param_err'],
    [
      'unknown income category',
      { method: 'GET', url: '/wps/agent/income?category=gift' },
      'request_param_err',
    ],
    [
      'bad kind',
      { method: 'GET', url: '/wps/agent/team/transactions?kind=drop%20table' },
      'request_param_err',
    ],
    ['bad bet status', { method: 'GET', url: '/wps/agent/team/bets?status=won' }, 'request_param_err'],
    [
      'affiliate type as text',
      { method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 'agent' } },
      'request_param_err',
    ],
    [
      'affiliate code with symbols',
      { method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 0, code: 'ab-cd!' } },
      'request_param_err',
    ],
    [
      'affiliate for a type the agent may not create',
      { method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 1 } },
      'agent.type.not.allowed',
    ],
    [
      'affiliate update without a flag',
      { method: 'PUT', url: '/wps/agent/affiliates/1', body: {} },
      'request_param_err',
    ],
    [
      'downline of a forbidden type',
      {
        method: 'POST',
        url: '/wps/agent/downlines',
        encrypted: true,
        body: { account: 'newtop1', password: 'abc12345', confirmPassword: 'abc12345', type: 1 },
      },
      'agent.type.not.allowed',
    ],
    [
      'downline with a bad account',
      {
        method: 'POST',
        url: '/wps/agent/downlines',
        encrypted: true,
        body: { account: '1abc', password: 'abc12345', confirmPassword: 'abc12345', type: 0 },
      },
      'request_param_err',
    ],
    [
      'downline with a short password',
      {
        method: 'POST',
        url: '/wps/agent/downlines',
        encrypted: true,
        body: { account: 'newdown1', password: 'abc1', confirmPassword: 'abc1', type: 0 },
      },
      'request_param_err',
    ],
    [
      'downline with a different confirmation',
      {
        method: 'POST',
        url: '/wps/agent/downlines',
        encrypted: true,
        body: { account: 'newdown2', password: 'abc12345', confirmPassword: 'abc12346', type: 0 },
      },
      'password.confirmation',
    ],
    [
      'downline sent in plain text',
      {
        method: 'POST',
        url: '/wps/agent/downlines',
        body: { account: 'newdown3', password: 'abc12345', confirmPassword: 'abc12345', type: 0 },
      },
      'request_body_required',
    ],
    [
      'transfer of a negative amount',
      {
        method: 'POST',
        url: '/wps/agent/downlines/transfer',
        encrypted: true,
        body: { memberId: '1', amount: -5, paymentPassword: 'x', requestId: 'neg-amount-1' },
      },
      'request_param_err',
    ],
    [
      'transfer with a short request id',
      {
        method: 'POST',
        url: '/wps/agent/downlines/transfer',
        encrypted: true,
        body: { memberId: '1', amount: 5, paymentPassword: 'x', requestId: 'x' },
      },
      'request_param_err',
    ],
  ];
  for (const [what, req, code] of bad) {
    it(what, async () => {
      const before = await counts();
      const res = await send(req, 'topA');
      expect(res.json().code).toBe(code);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(await counts()).toEqual(before);
    });
  }
  it('an existing account answers account.exists', async () => {
    const res = await send(
      {
        method: 'POST',
        url: '/wps/agent/downlines',
        encrypted: true,
        body: { account: 'A1AM', password: 'abc12345', confirmPassword: 'abc12345', type: 0 },
      },
      'topA',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('account.exists');
  });
});

async function counts() {
  const n = async (table: 'member' | 'affiliate_code' | 'ledger_transaction' | 'member_tree') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    members: await n('member'),
    tree: await n('member_tree'),
    links: await n('affiliate_code'),
    tx: await n('ledger_transaction'),
  };
}

describe('register centre', () => {
  it('says what the caller may create', async () => {
    expect((await get('/wps/agent/register/settings', 'topA')).json().value).toMatchObject({
      creatableTypes: [2, 0],
      agentTypes: [1, 2, 41, 42],
      canCreateDirectly: true,
      canCreateLinks: true,
      registerPath: '/register',
    });
  });

  it('creates a downline agent that can log in and sits in the tree under the caller', async () => {
    const res = await send(
      {
        method: 'POST',
        url: '/wps/agent/downlines',
        encrypted: true,
        body: {
          account: 'subAgent7',
          password: 'abc12345',
          confirmPassword: 'abc12345',
          type: 2,
          nickname: 'Sub',
        },
      },
      'a1a',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      account: 'subAgent7',
      type: 2,
      isAgent: true,
      level: 1,
      teamSize: 0,
    });
    expect(res.json().value.parent).toEqual({ id: ids.a1a, account: 'a1a' });
    const token = await t.login('subAgent7', 'abc12345');
    expect(token).toBeTruthy();
    // Visible to every ancestor, at its depth below each.
    const fromTop = (await get('/wps/agent/downlines?account=subagent', 'topA')).json().value;
    expect(fromTop.list).toHaveLength(1);
    expect(fromTop.list[0].level).toBe(3);
  });

  it('invitation links: create, register through one, count the use, disable', async () => {
    const created = await send(
      { method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 0, code: 'TEAMA1A' } },
      'a1a',
    );
    expect(created.statusCode).toBe(200);
    const link = created.json().value;
    expect(link).toMatchObject({ code: 'TEAMA1A', memberType: 0, usageCount: 0, enabled: true });
    const taken = await send(
      { method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 0, code: 'teama1a' } },
      'topB',
    );
    expect(taken.json().code).toBe('affiliate.code.exists');

    const reg = await t.encrypted('PUT', '/wps/member/register', {
      username: 'linked01',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      affiliateCode: 'TEAMA1A',
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const mine = (await get('/wps/agent/downlines?scope=direct&account=linked01', 'a1a')).json().value;
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({ account: 'linked01', type: 0, level: 1 });
    const list = (await get('/wps/agent/affiliates', 'a1a')).json().value.list;
    expect(list.find((l: { id: string }) => l.id === link.id).usageCount).toBe(1);

    const off = await send(
      { method: 'PUT', url: `/wps/agent/affiliates/${link.id}`, body: { enabled: false } },
      'a1a',
    );
    expect(off.json().value.enabled).toBe(false);
    const again = await t.encrypted('PUT', '/wps/member/register', {
      username: 'linked02',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      affiliateCode: 'TEAMA1A',
    });
    expect(again.json().code).toBe('invitation_code_error');
  });

  it('generates a code when none is given and stops at the link limit', async () => {
    tokens.a2 = await t.login('a2', TEAM_PASSWORD);
    const made = await send({ method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 2 } }, 'a2');
    expect(made.json().value.code).toMatch(/^[A-Z2-9]{8}$/);
    for (let i = 1; i < 20; i++) {
      expect(
        (await send({ method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 0 } }, 'a2'))
          .statusCode,
      ).toBe(200);
    }
    const over = await send({ method: 'POST', url: '/wps/agent/affiliates', body: { memberType: 0 } }, 'a2');
    expect(over.json()).toMatchObject({ code: 'affiliate.limit', value: { max: 20 } });
  });
});
