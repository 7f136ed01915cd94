import { playerActivitySchema, playerDetailSchema } from '@arcadia/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBrand } from '../../seeds/brands/demo.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { createBrandRepository } from '../brand/index.js';
import { newMember } from '../../test/factories/payments.js';

/**
 * The back office's player desk through the app: search, the 360° view, and the manual actions —
 * a freeze that ends the member's sessions at once, close, unfreeze, ending one session, a
 * temporary password that must be changed, notes — each audited; linked accounts; brand binding.
 */
let t: TestApp;
const key = { 'x-ops-key': TEST_OPS_KEY };
const as = (token: string) => ({ authorization: `Ops ${token}` });
const base = '/ops/merchants/demo/players';

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  await createBrandRepository(t.db).insertFromFile({ ...demoBrand, code: 'other', name: 'Other Brand' });
}, 180_000);
afterAll(() => t.close());

const ops = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = key) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const info = (token: string) =>
  t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
const login = (username: string, password = 'secret123') =>
  t.encrypted('POST', '/wps/session/login', { username, password });
const setStatus = (account: string, action: string, reason = 'suspected fraud') =>
  ops('POST', `${base}/${account}/status`, { action, reason });
const detail = async (account: string) => {
  const res = await ops('GET', `${base}/${account}`);
  expect(res.statusCode, res.body).toBe(200);
  return playerDetailSchema.parse(res.json().value);
};
const audit = async (action: string) => {
  const res = await ops('GET', `/ops/merchants/demo/audit?action=${action}&pageSize=100`);
  return res.json().value.list as { target: string; actor: string; payload: Record<string, unknown> }[];
};

let opSeq = 0;
async function operator(role: string, merchantCode?: string) {
  const username = `players${role}${++opSeq}x${Math.random().toString(36).slice(2, 6)}`;
  const password = 'correct horse battery';
  const created = await ops('POST', '/ops/operators', { username, password, role, merchantCode });
  if (created.statusCode !== 200) throw new Error(`create failed: ${created.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/session/login',
    payload: { username, password },
  });
  return res.json().value.token as string;
}

describe('status', () => {
  it("a freeze ends the member's sessions at once: the token stops working, login is refused; unfreeze lets it in again", async () => {
    const m = await newMember(t);
    expect((await info(m.token)).statusCode).toBe(200);

    const res = await setStatus(m.account, 'freeze');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ status: 'frozen', sessionsEnded: 1 });

    const refused = await info(m.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('login.not.session');
    const view = await detail(m.account);
    expect(view.profile.status).toBe('frozen');
    expect(view.sessions[0]).toMatchObject({ live: false, revokeReason: 'frozen' });
    expect((await login(m.account)).json().code).toBe('account.frozen');
    expect(await audit('player.freeze')).toContainEqual(
      expect.objectContaining({
        target: m.account,
        actor: 'ops-key',
        payload: expect.objectContaining({ from: 'active', to: 'frozen', reason: 'suspected fraud' }),
      }),
    );

    // Frozen twice is refused, and nothing changes.
    const again = await setStatus(m.account, 'freeze');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('player.status');

    expect((await setStatus(m.account, 'unfreeze', 'cleared by risk')).json().value.status).toBe('active');
    const back = await login(m.account);
    expect(back.statusCode, back.body).toBe(200);
    expect((await info(back.json().value.token)).statusCode).toBe(200);
  });

  it('close is final: the sessions end, no login, no unfreeze, no password reset', async () => {
    const m = await newMember(t);
    expect((await setStatus(m.account, 'close', 'asked to close')).json().value).toEqual({
      status: 'closed',
      sessionsEnded: 1,
    });
    expect((await info(m.token)).statusCode).toBe(401);
    expect((await login(m.account)).json().code).toBe('account.frozen');
    for (const res of [
      await setStatus(m.account, 'unfreeze'),
      await ops('POST', `${base}/${m.account}/password/reset`, { reason: 'member asked' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('player.status');
    }
    expect((await detail(m.account)).profile.status).toBe('closed');
  });

  it('ends one session: that token stops working, the other stays; twice is a state error', async () => {
    const m = await newMember(t);
    const second = (await login(m.account)).json().value.token as string;
    const view = await detail(m.account);
    const live = view.sessions.filter((s) => s.live);
    expect(live).toHaveLength(2);
    const firstId = live[live.length - 1]!.id;

    const end = () =>
      ops('POST', `${base}/${m.account}/sessions/${firstId}/end`, { reason: 'shared device' });
    expect((await end()).json().value).toEqual({ ended: true });
    expect((await info(m.token)).statusCode).toBe(401);
    expect((await info(second)).statusCode).toBe(200);
    const twice = await end();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('request.state');
    // Another member's session is not found through this member.
    const other = await newMember(t);
    const otherId = (await detail(other.account)).sessions[0]!.id;
    const cross = await ops('POST', `${base}/${m.account}/sessions/${otherId}/end`, {
      reason: 'shared device',
    });
    expect(cross.statusCode).toBe(404);
    expect((await info(other.token)).statusCode).toBe(200);
    expect(await audit('player.session_end')).toContainEqual(
      expect.objectContaining({ target: m.account, payload: expect.objectContaining({ session: firstId }) }),
    );
  });
});

describe('password reset', () => {
  it('a temporary password shown once: old sessions and password stop working, the member must change it', async () => {
    const m = await newMember(t);
    const res = await ops('POST', `${base}/${m.account}/password/reset`, { reason: 'member called in' });
    expect(res.statusCode, res.body).toBe(200);
    const { temporaryPassword, sessionsEnded } = res.json().value;
    expect(sessionsEnded).toBe(1);
    expect(temporaryPassword).toMatch(/^\S{8,}$/);
    expect((await info(m.token)).statusCode).toBe(401);
    expect((await login(m.account)).json().code).toBe('login.failed');

    const temp = await login(m.account, temporaryPassword);
    expect(temp.statusCode, temp.body).toBe(200);
    expect(temp.json().value.mustChangePassword).toBe(true);
    const token = temp.json().value.token as string;
    const icon = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/wps/member/info/icon', headers: { authorization } });
    expect((await icon(token)).json().code).toBe('password.change.required');
    const change = await t.encrypted(
      'POST',
      '/wps/member/password',
      { newPassword: 'fresh4pass', confirmNewPassword: 'fresh4pass' },
      { authorization: token },
    );
    expect(change.json().value).toEqual({ changed: true });
    expect((await icon(token)).statusCode).toBe(200);
    expect((await login(m.account, 'fresh4pass')).json().value.mustChangePassword).toBe(false);

    // The audit line has the reason, never the password.
    const line = (await audit('player.password_reset')).find((a) => a.target === m.account);
    expect(line?.payload).toEqual({ account: m.account, reason: 'member called in' });
    expect(JSON.stringify(line)).not.toContain(temporaryPassword);
  });
});

describe('search, the 360° view, notes and linked accounts', () => {
  it('finds members by account, id, mobile, email and IP; a text that cannot be the field finds nobody', async () => {
    const m = await newMember(t);
    await sql`update member set email = ${`${m.account}@example.org`}, mobile_dialing_code = '66',
              mobile_num = '812345678', created_ip = '198.51.100.23' where id = ${m.id}`.execute(t.db);
    const find = async (q: string, by = 'any') => {
      const res = await ops('GET', `${base}?q=${encodeURIComponent(q)}&by=${by}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().value.list as { account: string }[]).map((r) => r.account);
    };
    expect(await find(m.account.slice(0, -2), 'account')).toContain(m.account);
    expect(await find(m.id, 'memberId')).toEqual([m.account]);
    expect(await find(m.id)).toContain(m.account);
    expect(await find('812345678', 'mobile')).toEqual([m.account]);
    expect(await find(`${m.account}@EXAMPLE.org`, 'email')).toEqual([m.account]);
    expect(await find('198.51.100.23', 'ip')).toEqual([m.account]);
    expect(await find('198.51.100.23')).toEqual([m.account]);
    expect(await find('not-a-number', 'memberId')).toEqual([]);
    expect(await find('%', 'account')).toEqual([]);

    const page = await ops('GET', `${base}?pageSize=2&pageNo=1`);
    expect(page.json().value).toMatchObject({ pageNo: 1 });
    expect(page.json().value.list).toHaveLength(2);
    expect(page.json().value.totalCount).toBeGreaterThan(2);
  });

  it('the 360° view: profile, main wallet balance, ledger lines, deposits', async () => {
    const m = await newMember(t, { fundMinor: 12_345n });
    const dep = await t.app.inject({
      method: 'POST',
      url: '/wps/transaction/deposit',
      payload: { channel: 'BANK', amount: 50, requestId: `players-dep-${m.id}` },
      headers: { authorization: m.token },
    });
    expect(dep.statusCode, dep.body).toBe(200);
    const view = await detail(m.account);
    expect(view.profile).toMatchObject({
      account: m.account,
      memberId: m.id,
      status: 'active',
      agent: false,
    });
    expect(view.balances).toContainEqual(expect.objectContaining({ kind: 'main', balance: '12345' }));
    const res = await ops('GET', `${base}/${m.account}/activity`);
    const activity = playerActivitySchema.parse(res.json().value);
    expect(activity.ledger[0]).toMatchObject({ amount: '12345', balanceAfter: '12345' });
    expect(activity.deposits).toEqual([expect.objectContaining({ amount: '5000', status: 'pending' })]);
    expect(activity.withdrawals).toEqual([]);
  });

  it('notes: added with their author, listed newest first, audited', async () => {
    const m = await newMember(t);
    const risk = await operator('risk');
    const add = (text: string, headers = as(risk)) =>
      ops('POST', `${base}/${m.account}/notes`, { text }, headers);
    expect((await add('Called about a late withdrawal')).statusCode).toBe(200);
    const second = await add('  Promised a call back  ');
    expect(second.json().value).toMatchObject({
      text: 'Promised a call back',
      author: expect.stringContaining('players'),
    });
    const list = (await ops('GET', `${base}/${m.account}/notes`)).json().value.list as { text: string }[];
    expect(list.map((n) => n.text)).toEqual(['Promised a call back', 'Called about a late withdrawal']);
    expect((await audit('player.note')).filter((a) => a.target === m.account)).toHaveLength(2);
    // Finance reads but does not write notes.
    const finance = await operator('finance');
    expect((await add('not mine to write', as(finance))).statusCode).toBe(403);
    expect((await ops('GET', `${base}/${m.account}/notes`, undefined, as(finance))).statusCode).toBe(200);
  });

  it('linked accounts: members sharing a registration or login IP, and no one else', async () => {
    const [a, b, c, d] = [await newMember(t), await newMember(t), await newMember(t), await newMember(t)];
    const ids = [a.id, b.id, c.id, d.id];
    // The test requests all come from one address: give each member its own first.
    await sql`delete from member_known_ip where member_id = any(${ids}::bigint[])`.execute(t.db);
    await sql`update member set created_ip = '192.0.2.' || (id % 200)::text where id = any(${ids}::bigint[])`.execute(
      t.db,
    );
    await sql`update member set created_ip = '203.0.113.77' where id in (${a.id}, ${b.id})`.execute(t.db);
    await sql`insert into member_known_ip (member_id, ip) values (${a.id}, '203.0.113.88'), (${c.id}, '203.0.113.88')`.execute(
      t.db,
    );
    const res = await ops('GET', `${base}/${a.account}/linked`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().value.list as { account: string; shared: unknown[] }[];
    expect(list.map((l) => l.account).sort()).toEqual([b.account, c.account].sort());
    expect(list.find((l) => l.account === b.account)!.shared).toEqual([
      { kind: 'ip', value: '203.0.113.77' },
    ]);
    expect(list.find((l) => l.account === c.account)!.shared).toEqual([
      { kind: 'ip', value: '203.0.113.88' },
    ]);
    const fromD = await ops('GET', `${base}/${d.account}/linked`);
    expect(fromD.json().value.list).toEqual([]);
  });
});

describe('brand binding and bad input', () => {
  it("an operator bound to a brand gets not-found for another brand's member, and cannot reach it through its own brand", async () => {
    const other = await t.db
      .selectFrom('merchant')
      .select('id')
      .where('code', '=', 'other')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('member')
      .values({
        merchant_id: other.id,
        account: 'otherbrandone',
        type: 0,
        password_hash: 'x',
        register_method: 'WEB',
        profile: '{}',
      })
      .execute();
    const support = await operator('support', 'demo');
    for (const [method, url, payload] of [
      ['GET', '/ops/merchants/other/players/otherbrandone', undefined],
      ['GET', '/ops/merchants/demo/players/otherbrandone', undefined],
      ['POST', '/ops/merchants/other/players/otherbrandone/status', { action: 'freeze', reason: 'not mine' }],
      ['POST', '/ops/merchants/demo/players/otherbrandone/status', { action: 'freeze', reason: 'not mine' }],
      ['GET', '/ops/merchants/other/players?q=otherbrandone', undefined],
    ] as const) {
      const res = await ops(method, url, payload, as(support));
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('not.found');
    }
    const own = await ops('GET', '/ops/merchants/demo/players?q=otherbrandone', undefined, as(support));
    expect(own.json().value.list).toEqual([]);
    const row = await t.db
      .selectFrom('member')
      .select('status')
      .where('account', '=', 'otherbrandone')
      .executeTakeFirst();
    expect(row?.status).toBe('active');
  });

  it.each([
    ['a missing reason', 'status', { action: 'freeze' }],
    ['a short reason', 'status', { action: 'freeze', reason: ' x ' }],
    ['an unknown action', 'status', { action: 'ban', reason: 'long enough' }],
    ['a reset without reason', 'password/reset', {}],
    ['an empty note', 'notes', { text: '   ' }],
  ])('%s is a 400 request_param_err and changes nothing', async (_name, path, payload) => {
    const m = await newMember(t);
    const res = await ops('POST', `${base}/${m.account}/${path}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request_param_err');
    expect((await info(m.token)).statusCode).toBe(200);
  });

  it('bad query and path values are 400, an unknown member 404', async () => {
    for (const url of [`${base}?pageSize=1000`, `${base}?by=name&q=x`]) {
      const res = await ops('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('request_param_err');
    }
    const m = await newMember(t);
    const bad = await ops('POST', `${base}/${m.account}/sessions/abc/end`, { reason: 'long enough' });
    expect(bad.statusCode).toBe(400);
    const unknown = await ops('GET', `${base}/nobody-here-at-all`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not.found');
  });
});
