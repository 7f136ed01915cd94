import { isAgentType, loginReplySchema } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptBodyForTest } from '../../lib/body-crypto.js';
import { hashPassword, passwordHashParams } from '../../lib/password.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { hashToken } from './session.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { CAPTCHA_TEST_CODE: 'PASS9' } });
});
afterAll(() => t.close());

const info = (token: string) =>
  t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
const sessionCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('session')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('encrypted bodies', () => {
  it('serves an RSA public key that is not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().value.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(res.json().value.keyId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses a plain body on an encrypted route with request_body_required', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'demoplayer', password: 'demo1234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request_body_required');
  });

  it('refuses a tampered envelope with its own code, never a 500', async () => {
    const key = (await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const { header, body } = encryptBodyForTest(key.publicKey, {
      username: 'demoplayer',
      password: 'demo1234',
    });
    const bytes = Buffer.from(body.value, 'base64');
    bytes[20] = (bytes[20] ?? 0) ^ 0xff;
    for (const [h, b] of [
      [header, { value: bytes.toString('base64') }],
      ['bm90LWEta2V5', body],
      [header, { value: '!!!not base64!!!' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: b,
        headers: { encryption: h },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request_decrypt_failed');
      expect(typeof res.json().value.reason).toBe('string');
    }
  });
});

describe('login', () => {
  it('logs the demo player in with an opaque 256-bit token, stored only as a hash', async () => {
    const res = await t.encrypted('POST', '/wps/session/login', {
      username: 'DemoPlayer',
      password: 'demo1234',
    });
    expect(res.statusCode).toBe(200);
    const value = loginReplySchema.parse(res.json().value);
    expect(value).toMatchObject({
      userName: 'demoplayer',
      customerType: 0,
      firstTimeLogin: true,
      mustChangePassword: false,
    });
    expect(Buffer.from(value.token, 'base64url')).toHaveLength(32);
    const stored = await t.db
      .selectFrom('session')
      .select('token_hash')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(value.token));
    expect(stored.token_hash).not.toContain(value.token);
    expect((await info(value.token)).json().value).toMatchObject({ account: 'demoplayer', type: 0 });
  });

  it('issues a new token at every login', async () => {
    const a = await t.login('demoplayer', 'demo1234');
    const b = await t.login('demoplayer', 'demo1234');
    expect(a).not.toBe(b);
    expect((await info(a)).statusCode).toBe(200);
    expect((await info(b)).statusCode).toBe(200);
  });

  it('accepts the token raw or as Bearer, and refuses garbage with login.not.session', async () => {
    const token = await t.login('demoplayer', 'demo1234');
    expect((await info(`Bearer ${token}`)).statusCode).toBe(200);
    for (const bad of ['', 'x', `${token}x`, 'Bearer ', "' or 1=1 --"]) {
      const res = await info(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('login.not.session');
    }
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    for (const body of [
      { username: 'demoplayer', password: 'wrong-password' },
      { username: 'nobody-here', password: 'demo1234' },
    ]) {
      const res = await t.encrypted('POST', '/wps/session/login', body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'login.failed', value: { captcha: false } });
    }
  });

  it.each([
    [{ password: 'demo1234' }],
    [{ username: 'demoplayer' }],
    [{ username: 'x'.repeat(65), password: 'demo1234' }],
    [{ username: 'demoplayer', password: 12345678 }],
    [{ username: 'demoplayer', password: 'demo1234', type: 'magic' }],
  ])('refuses %j with request_param_err and opens no session', async (body) => {
    const before = await sessionCount();
    const res = await t.encrypted('POST', '/wps/session/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request_param_err');
    expect(await sessionCount()).toBe(before);
  });

  it('keeps non-agents out of the agent door and lets agents in', async () => {
    const refused = await t.encrypted('POST', '/wps/session/login', {
      username: 'demoplayer',
      password: 'demo1234',
      agent: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('error_not_agent');
    const agent = await t.encrypted('POST', '/wps/session/login', {
      username: 'demoagent',
      password: 'demo1234',
      agent: true,
    });
    expect(agent.statusCode).toBe(200);
    expect(isAgentType(agent.json().value.customerType)).toBe(true);
  });
});

describe('login throttle', () => {
  it('asks for a captcha after 3 failures, then pauses the account for 5 minutes after 10', async () => {
    await t.db
      .insertInto('member')
      .values({
        merchant_id: 1,
        account: 'throttled',
        type: 0,
        password_hash: await hashPassword('right-password1'),
        register_method: 'SEED',
      })
      .execute();
    const attempt = (password: string, captcha?: string) =>
      t.encrypted('POST', '/wps/session/login', {
        username: 'throttled',
        password,
        ...(captcha ? { captcha } : {}),
      });

    const replies = [];
    for (let i = 0; i < 3; i++) replies.push((await attempt('nope-nope')).json());
    expect(replies.map((r) => r.value.captcha)).toEqual([false, false, true]);

    // Now the captcha is required: without it the login is refused before the password is checked.
    const noCaptcha = await attempt('right-password1');
    expect(noCaptcha.json()).toMatchObject({ code: 'captcha.required', value: { captcha: true } });

    for (let i = 0; i < 7; i++) await attempt('nope-nope', 'PASS9');
    const blocked = await attempt('right-password1', 'PASS9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.json().value.retryAfterSeconds).toBeGreaterThan(200);
    expect(blocked.json().value.retryAfterSeconds).toBeLessThanOrEqual(900);
  });

  it('serves single-use captcha images bound by cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/captcha' });
    expect(res.statusCode).toBe(200);
    expect(Buffer.from(res.json().value, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const cookie = res.cookies.find((c) => c.name === 'captchaId');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/wps', maxAge: 300 });
  });
});

describe('logout and revocation', () => {
  it('revokes the session at logout', async () => {
    const token = await t.login('demoplayer', 'demo1234');
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: token },
    });
    expect(out.json().value).toEqual({ loggedOut: true });
    expect((await info(token)).statusCode).toBe(401);
  });

  it('ends a session that sat idle past the idle timeout', async () => {
    const token = await t.login('demoplayer', 'demo1234');
    await t.db
      .updateTable('session')
      .set({ last_seen_at: new Date(Date.now() - 61 * 60_000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await info(token)).statusCode).toBe(401);
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const token = await t.login('demoplayer', 'demo1234');
    await t.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await info(token)).statusCode).toBe(401);
  });

  it('stores passwords as argon2id with m=19456, t=2, p=1', async () => {
    const row = await t.db
      .selectFrom('member')
      .select('password_hash')
      .where('account', '=', 'demoplayer')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(passwordHashParams).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });
});

describe('free play', () => {
  it('creates a trial account (type 4) after the RSA handshake', async () => {
    const key = (await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const { webcrypto } = await import('node:crypto');
    const { importPublicKey, wrapRandomNonce } = await import('../../../../web/src/lib/body-crypto.js');
    void webcrypto;
    const header = await wrapRandomNonce(await importPublicKey(key));
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'linux', platform: 'W' },
      headers: { encryption: header, 'x-gateway-version': '3' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ customerType: 4 });
    expect(res.json().value.userName).toMatch(/^trial[0-9a-f]{10}$/);

    // Trial accounts are refused where a real account is needed.
    const change = await t.encrypted(
      'POST',
      '/wps/member/password',
      { oldPassword: 'x', newPassword: 'abcdefg1', confirmNewPassword: 'abcdefg1' },
      { authorization: res.json().value.token },
    );
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('in_need_true_account');
  });

  it('refuses without the gateway version or the wrapped nonce', async () => {
    const a = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { platform: 'W' },
    });
    expect(a.statusCode).toBe(400);
    const b = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { platform: 'W' },
      headers: { 'x-gateway-version': '3', encryption: 'AAAA' },
    });
    expect(b.json().code).toBe('request_body_required');
  });
});

describe('development outbox', () => {
  it('does not exist outside demo mode', async () => {
    const prod = await buildTestApp({ config: { DEMO: false } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not.found');
    } finally {
      await prod.close();
    }
  });
});

describe('single session', () => {
  it('ends the first session when the member logs in again, saying why', async () => {
    const single = await buildTestApp({ demo: true, config: { SINGLE_SESSION: true } });
    try {
      const first = await single.login('demoplayer', 'demo1234');
      const second = await single.login('demoplayer', 'demo1234');
      const read = (token: string) =>
        single.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
      const old = await read(first);
      expect(old.statusCode).toBe(401);
      expect(old.json()).toMatchObject({ code: 'login.not.session', value: { reason: 'replaced' } });
      expect((await read(second)).statusCode).toBe(200);
    } finally {
      await single.close();
    }
  });
});
