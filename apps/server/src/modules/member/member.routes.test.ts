import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { CAPTCHA_TEST_CODE: 'PASS9' } });
});
afterAll(() => t.close());

const memberCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const register = (body: Record<string, unknown>, url = '/wps/member/register', ip = '127.0.0.1') =>
  t.encrypted(
    'PUT',
    url,
    { confirmPassword: body.password, login: true, registerMethod: 'WEB', ...body },
    { 'x-forwarded-for': ip },
  );
const lastCode = async (to: string) => {
  const list = (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` })).json()
    .value;
  return list[0] as { code: string | null; text: string } | undefined;
};
const sendCode = (url: string, mobileNum: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: { mobileNum, countryDialingCode: '66' }, remoteAddress });

describe('register by username', () => {
  it('creates the member, records where it came from, and logs it in', async () => {
    const res = await register({
      username: 'alice01',
      password: 'secret123',
      email: 'alice@example.com',
      payeeName: 'Alice Smith',
      domain: 'play.example.com',
      registerUrl: 'https://play.example.com/register',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: 'alice01', customerType: 0, firstTimeLogin: true });
    const row = await t.db
      .selectFrom('member')
      .selectAll()
      .where('account', '=', 'alice01')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      register_method: 'WEB',
      domain: 'play.example.com',
      email: 'alice@example.com',
      parent_id: null,
    });
    expect(row.profile).toEqual({ payeeName: 'Alice Smith' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('places a member registered with an invitation code below its agent', async () => {
    const res = await register({ username: 'invited7', password: 'secret123', affiliateCode: 'demo2026' });
    expect(res.statusCode).toBe(200);
    const agent = await t.db
      .selectFrom('member')
      .select('id')
      .where('account', '=', 'demoagent')
      .executeTakeFirstOrThrow();
    const tree = await t.db
      .selectFrom('member_tree')
      .select(['ancestor_id', 'depth'])
      .where('descendant_id', '=', res.json().value.id)
      .orderBy('depth')
      .execute();
    expect(tree).toEqual([
      { ancestor_id: res.json().value.id, depth: 0 },
      { ancestor_id: agent.id, depth: 1 },
    ]);
    const code = await t.db.selectFrom('affiliate_code').select('usage_count').executeTakeFirstOrThrow();
    expect(code.usage_count).toBe(1);
  });

  it.each([
    [{ username: '1alice', password: 'secret123' }, 'request_param_err', { username: 'pattern' }],
    [{ username: 'abc', password: 'secret123' }, 'request_param_err', { username: 'length' }],
    [{ username: '<script>', password: 'secret123' }, 'request_param_err', { username: 'pattern' }],
    [{ username: "b';drop--", password: 'secret123' }, 'request_param_err', { username: 'pattern' }],
    [{ username: 'bobby01', password: 'short1' }, 'request_param_err', { password: 'length' }],
    [{ username: 'bobby01', password: 'lettersonly' }, 'request_param_err', { password: 'pattern' }],
    [
      { username: 'bobby01', password: 'secret123', confirmPassword: 'secret124' },
      'password.confirmation',
      {},
    ],
    [
      { username: 'bobby01', password: 'secret123', email: 'not-an-email' },
      'request_param_err',
      { email: 'pattern' },
    ],
    [{ username: 'bobby01', password: 'secret123', affiliateCode: 'NOPE99' }, 'invitation_code_error', {}],
    [{ username: 'bobby01'.repeat(20), password: 'secret123' }, 'request_param_err', {}],
    [{ username: 'alice01', password: 'secret123' }, 'account.exists', {}],
    [{ username: 'ALICE01', password: 'secret123' }, 'account.exists', {}],
  ])('refuses %j with %s and writes nothing', async (body, code, fields) => {
    const before = await memberCount();
    const res = await register(body);
    expect(res.json()).toMatchObject({ success: false, code });
    if (Object.keys(fields).length) expect(res.json().value.fields).toMatchObject(fields);
    expect(await memberCount()).toBe(before);
  });

  it('answers the invitation-code check', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=DEMO2026&domain=x' });
    expect(ok.json().value).toEqual({ code: 'DEMO2026', valid: true });
    const bad = await t.app.inject({ method: 'GET', url: '/wps/agent/affiliate?code=NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invitation_code_error');
  });
});

describe('register by mobile', () => {
  it('needs the SMS code, then creates the member with the mobile as its account', async () => {
    expect((await sendCode('/wps/verification/sms/register', '812345678')).json().value).toEqual({
      expiredMinutes: 5,
    });
    const message = await lastCode('+66812345678');
    expect(message?.code).toMatch(/^\d{6}$/);

    const before = await memberCount();
    const wrong = await register(
      { mobileNum: '812345678', countryDialingCode: '66', password: 'secret123', verificationCode: '000000' },
      '/wps/member/register/mobile',
    );
    expect(wrong.json().code).toBe('verification.code.invalid');
    expect(await memberCount()).toBe(before);

    const res = await register(
      {
        mobileNum: '812345678',
        countryDialingCode: '66',
        password: 'secret123',
        verificationCode: message!.code,
      },
      '/wps/member/register/mobile',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value.userName).toBe('812345678');

    // The code is single-use, and the number is now taken.
    const again = await sendCode('/wps/verification/sms/register', '812345678', '10.9.9.9');
    expect(again.json().code).toBe('mobile.exists');
  });

  it('throttles SMS sends per client to one a second', async () => {
    const first = await sendCode('/wps/verification/sms/register', '812345001', '10.0.0.7');
    expect(first.statusCode).toBe(200);
    const second = await sendCode('/wps/verification/sms/register', '812345002', '10.0.0.7');
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('refuses an impossible phone number', async () => {
    const res = await sendCode('/wps/verification/sms/register', '12', '10.0.0.8');
    expect(res.statusCode).toBe(400);
  });
});

describe('passwords', () => {
  it('change: needs the old password, ends the other sessions and keeps this one', async () => {
    await register({ username: 'carol01', password: 'secret123' });
    const other = await t.login('carol01', 'secret123');
    const current = await t.login('carol01', 'secret123');
    const change = (body: Record<string, string>) =>
      t.encrypted('POST', '/wps/member/password', body, { authorization: current });

    const wrongOld = await change({
      oldPassword: 'nope12345',
      newPassword: 'newsecret9',
      confirmNewPassword: 'newsecret9',
    });
    expect(wrongOld.json().code).toBe('password.old.invalid');
    const ok = await change({
      oldPassword: 'secret123',
      newPassword: 'newsecret9',
      confirmNewPassword: 'newsecret9',
    });
    expect(ok.json().value).toEqual({ changed: true });

    const infoOf = (token: string) =>
      t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
    expect((await infoOf(other)).statusCode).toBe(401);
    expect((await infoOf(current)).statusCode).toBe(200);
    expect(
      (await t.encrypted('POST', '/wps/session/login', { username: 'carol01', password: 'secret123' }))
        .statusCode,
    ).toBe(401);
    await t.login('carol01', 'newsecret9');
  });

  it('forgot by email: a temporary password that must be changed before anything else', async () => {
    await register({ username: 'dave0001', password: 'secret123', email: 'dave@example.com' });
    const form = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const unknown = await form('username=dave0001&email=someone%40else.com');
    expect(unknown.json().value).toEqual({ message: 'in_been_out' });
    expect(await lastCode('someone@else.com')).toBeUndefined();

    const res = await form('username=dave0001&email=Dave%40Example.com');
    expect(res.json().value).toEqual({ message: 'in_been_out' });
    const mail = await lastCode('dave@example.com');
    const temporary = /temporary password is (\S+)\./.exec(mail!.text)![1]!;

    const login = await t.encrypted('POST', '/wps/session/login', {
      username: 'dave0001',
      password: temporary,
    });
    expect(login.json().value.mustChangePassword).toBe(true);
    const token = login.json().value.token;
    const icon = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info/icon',
      headers: { authorization: token },
    });
    expect(icon.json().code).toBe('password.change.required');
    const change = await t.encrypted(
      'POST',
      '/wps/member/password',
      { newPassword: 'mynewpass7', confirmNewPassword: 'mynewpass7' },
      { authorization: token },
    );
    expect(change.json().value).toEqual({ changed: true });
    const after = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info/icon',
      headers: { authorization: token },
    });
    expect(after.statusCode).toBe(200);
  });

  it('forgot by phone: the SMS code sets a new password', async () => {
    await sendCode('/wps/verification/sms/register', '898765432', '10.1.1.1');
    const reg = await lastCode('+66898765432');
    await register(
      {
        mobileNum: '898765432',
        countryDialingCode: '66',
        password: 'secret123',
        verificationCode: reg!.code,
      },
      '/wps/member/register/mobile',
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/sms',
      payload: { mobileNum: '898765432', countryDialingCode: '66' },
      remoteAddress: '10.1.1.2',
    });
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    const code = (await lastCode('+66898765432'))!.code!;
    const weak = await t.encrypted('POST', '/wps/member/password/verification', {
      mobileNum: '898765432',
      countryDialingCode: '66',
      verificationCode: code,
      newPassword: 'short',
    });
    expect(weak.json().code).toBe('request_param_err');
    const res = await t.encrypted('POST', '/wps/member/password/verification', {
      mobileNum: '898765432',
      countryDialingCode: '66',
      verificationCode: code,
      newPassword: 'phonepass1',
    });
    expect(res.json().value).toEqual({ changed: true });
    await t.login('898765432', 'phonepass1');
  });
});

describe('login from an unregistered IP', () => {
  it('asks for a second factor and completes with the emailed code', async () => {
    await register(
      { username: 'erin0001', password: 'secret123', email: 'erin@example.com' },
      undefined,
      '127.0.0.1',
    );
    const fromNewIp = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        payload: payload as object,
        remoteAddress: '198.51.100.4',
      });
    const key = (await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const { encryptBodyForTest } = await import('../../lib/body-crypto.js');
    const envelope = (p: unknown) => encryptBodyForTest(key.publicKey, p);

    const first = envelope({ username: 'erin0001', password: 'secret123' });
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: first.body,
      headers: { encryption: first.header },
      remoteAddress: '198.51.100.4',
    });
    void fromNewIp;
    expect(challenge.statusCode).toBe(403);
    expect(challenge.json()).toMatchObject({ code: 'login_verify_required', value: { methods: ['EMAIL'] } });
    const verifyToken = challenge.json().value.verifyToken;

    const send = envelope({ verifyToken, method: 'EMAIL', code: '' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: send.body,
      headers: { encryption: send.header },
      remoteAddress: '198.51.100.4',
    });
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    const code = (await lastCode('erin@example.com'))!.code!;
    const done = envelope({ verifyToken, method: 'EMAIL', code });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: done.body,
      headers: { encryption: done.header },
      remoteAddress: '198.51.100.4',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.userName).toBe('erin0001');
  });
});

describe('member info', () => {
  it('masks contact details', async () => {
    const token = await t.login('898765432', 'phonepass1');
    const value = (
      await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } })
    ).json().value;
    expect(value).toMatchObject({
      account: '898765432',
      mobile: '89876****',
      clubLabel: { labelName: 'VIP0' },
    });
  });
});
