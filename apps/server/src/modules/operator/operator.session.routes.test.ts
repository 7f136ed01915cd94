import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seeds/seed.js';
import { isApiPath } from '../../plugins/errors.js';
import { answersJsonOnly } from '../../plugins/security-headers.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { newMember } from '../../test/factories/payments.js';
import { PASSWORD, as, buildOperatorTestApp, key, operatorClient } from '../../test/factories/operator.js';

let t: TestApp;
const { login, operator, me } = operatorClient(() => t);

beforeAll(async () => {
  t = await buildOperatorTestApp();
});
afterAll(() => t.close());

describe('operator login', () => {
  it('the demo seed has an admin of every brand who logs in and reads who it is', async () => {
    const res = await login(demoAccounts.operator.username, demoAccounts.operator.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, operator: who } = res.json().value;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(who).toMatchObject({ username: 'demoops', role: 'admin', merchantCode: null });
    expect(who.brands.map((b: { code: string }) => b.code)).toEqual(['demo', 'other']);
    expect(who.brands[0]).toEqual({
      code: 'demo',
      name: 'Arcadia Demo',
      currency: 'USD',
      currencySymbol: '$',
      currencyScale: 2,
    });

    // Either header carries the token; only its hash is stored.
    expect((await me(as(token))).json().value).toEqual(who);
    expect((await me({ 'x-ops-token': token })).json().value).toEqual(who);
    const stored = await t.db.selectFrom('operator_session').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash === token)).toBe(false);
    const row = await t.db
      .selectFrom('operator')
      .select(['last_login_at', 'password_hash'])
      .where('username', '=', 'demoops')
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('matches the username whatever its case', async () => {
    const res = await login('DemoOps', demoAccounts.operator.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.operator.username).toBe('demoops');
  });

  it('refuses a wrong password and an unknown operator alike, and opens no session', async () => {
    const before = await t.db
      .selectFrom('operator_session')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const res of [await login('demoops', 'wrong-password-123'), await login('nobody-here', PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'login.failed' });
    }
    const after = await t.db
      .selectFrom('operator_session')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('is throttled like member logins: the 10th failure pauses the username, even for the right password', async () => {
    const { username } = await operator('support');
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i += 1) {
      expect((await login(username, 'wrong-password-123', ip)).statusCode).toBe(401);
    }
    const paused = await login(username, PASSWORD, ip);
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(paused.json().value.retryAfterSeconds).toBeGreaterThan(0);
    // Another operator from another address is not affected.
    expect((await login('demoops', demoAccounts.operator.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('a disabled operator cannot log in, and its open sessions stop working', async () => {
    const op = await operator('finance');
    await t.db.updateTable('operator').set({ status: 'disabled' }).where('id', '=', op.id).execute();
    expect((await me(as(op.token))).statusCode).toBe(401);
    const res = await login(op.username);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account.frozen');
  });

  it('logout revokes the session', async () => {
    const op = await operator('support');
    expect((await me(as(op.token))).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'DELETE', url: '/ops/session/logout', headers: as(op.token) });
    expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
    const after = await me(as(op.token));
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('ops.key.invalid');
    const row = await t.db
      .selectFrom('operator_session')
      .select(['revoked_at', 'revoke_reason'])
      .where('operator_id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(row.revoke_reason).toBe('logout');
  });

  it('sessions end after 30 idle minutes and after 12 hours in all', async () => {
    const idle = await operator('support');
    await sql`update operator_session set last_seen_at = now() - interval '31 minutes'
              where operator_id = ${idle.id}`.execute(t.db);
    expect((await me(as(idle.token))).statusCode).toBe(401);

    const old = await operator('support');
    await sql`update operator_session set expires_at = now() - interval '1 second'
              where operator_id = ${old.id}`.execute(t.db);
    expect((await me(as(old.token))).statusCode).toBe(401);

    const fresh = await operator('support');
    await sql`update operator_session set last_seen_at = now() - interval '29 minutes'
              where operator_id = ${fresh.id}`.execute(t.db);
    expect((await me(as(fresh.token))).statusCode).toBe(200);
  });

  it('operator and member credentials do not cross', async () => {
    const player = await newMember(t);
    const op = await operator('admin');
    expect((await me(as(player.token))).statusCode).toBe(401);
    expect((await me({ authorization: op.token })).statusCode).toBe(401);
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: op.token },
    });
    expect(info.statusCode).toBe(401);
    expect(info.json().code).toBe('login.not.session');
  });

  it.each([
    ['no credential', {}],
    ['a malformed token', { authorization: 'Ops not a token' }],
    ['an unknown token', { 'x-ops-token': 'A'.repeat(43) }],
    ['a wrong key', { 'x-ops-key': 'wrong-key-wrong-key-wrong' }],
  ])('%s is 401 ops.key.invalid', async (_name, headers) => {
    const res = await me(headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('ops.key.invalid');
  });

  it('the deployment key still works, as an admin of every brand', async () => {
    const res = await me(key);
    expect(res.json().value).toMatchObject({
      id: null,
      username: 'ops-key',
      role: 'admin',
      merchantCode: null,
    });
    const out = await t.app.inject({ method: 'DELETE', url: '/ops/session/logout', headers: key });
    expect(out.statusCode).toBe(200);
    expect((await me(key)).statusCode).toBe(200);
  });
});

describe('the operator page', () => {
  it('/ops is a page of the web app; /ops/… is the API', () => {
    expect(isApiPath('/ops')).toBe(false);
    expect(isApiPath('/ops?x=1')).toBe(false);
    expect(isApiPath('/ops/session/me')).toBe(true);
    expect(isApiPath('/wps')).toBe(true);
    // The back office's pages, opened or reloaded directly, are the app too; the API beside them is not.
    for (const page of ['/ops/players', '/ops/reports', '/ops/audit-log', '/ops/brand?tab=look'])
      expect(isApiPath(page), page).toBe(false);
    expect(isApiPath('/ops/audit')).toBe(true);
    expect(isApiPath('/ops/brands')).toBe(true);
    expect(isApiPath('/ops/players/x')).toBe(true);
    // …and get a document's security headers (its scripts may load), the API the JSON set.
    for (const page of ['/ops', '/ops/brand', '/ops/audit-log?x=1'])
      expect(answersJsonOnly(page), page).toBe(false);
    expect(answersJsonOnly('/ops/brands')).toBe(true);
    expect(answersJsonOnly('/ops/merchants/demo/brand')).toBe(true);
  });
});

describe('seed', () => {
  it('production (DEMO=0) seeds no operator', async () => {
    const prod = await buildTestApp({ demo: false });
    try {
      const rows = await prod.db.selectFrom('operator').select('username').execute();
      expect(rows).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
