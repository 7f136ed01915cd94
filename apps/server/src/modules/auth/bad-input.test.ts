import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  token = await t.login('demoplayer', 'demo1234');
});
afterAll(() => t.close());

/** Rows any of these calls could write: none may change when the input is refused. */
async function footprint() {
  const count = async (
    table: 'member' | 'session' | 'verification_code' | 'outbox_message' | 'login_challenge',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return Promise.all([
    count('member'),
    count('session'),
    count('verification_code'),
    count('outbox_message'),
    count('login_challenge'),
  ]);
}

const plain: [string, string, unknown][] = [
  ['POST', '/wps/verification/sms/noLogin', { mobileNum: '812345678' }],
  ['POST', '/wps/verification/sms/noLogin', { mobileNum: '<b>1</b>', countryDialingCode: '66' }],
  ['POST', '/wps/verification/sms/register', { mobileNum: '8'.repeat(40), countryDialingCode: '66' }],
  ['POST', '/wps/verification/sms/register', { mobileNum: '812345678', countryDialingCode: "66' or 1=1" }],
  ['POST', '/wps/member/password/sms', { mobileNum: 812345678, countryDialingCode: '66' }],
  ['POST', '/wps/session/login/freeplay', { platform: 'X' }],
  ['GET', '/wps/agent/affiliate', undefined],
  ['GET', `/wps/agent/affiliate?code=${'x'.repeat(40)}`, undefined],
];

const encrypted: [string, string, unknown][] = [
  ['POST', '/wps/session/login/verification', { verifyToken: 'short', method: 'SMS' }],
  ['POST', '/wps/session/login/verification', { verifyToken: 'x'.repeat(32), method: 'PIGEON' }],
  [
    'POST',
    '/wps/member/password/verification',
    { mobileNum: '812345678', countryDialingCode: '66', verificationCode: 'abc', newPassword: 'whatever1' },
  ],
  ['PUT', '/wps/member/register', { username: 'okname1' }],
  [
    'PUT',
    '/wps/member/register/mobile',
    { password: 'secret123', confirmPassword: 'secret123', login: 'yes' },
  ],
  ['PUT', '/wps/member/register', ['not', 'an', 'object']],
];

describe('bad input on every accounts route', () => {
  it.each(plain)('%s %s %j → request_param_err, nothing written', async (method, url, payload) => {
    const before = await footprint();
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: method === 'POST' && url.endsWith('freeplay') ? { 'x-gateway-version': '3' } : {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request_param_err');
    expect(await footprint()).toEqual(before);
  });

  it.each(encrypted)(
    '%s %s %j (encrypted) → request_param_err, nothing written',
    async (method, url, payload) => {
      const before = await footprint();
      const res = await t.encrypted(method as 'POST', url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request_param_err');
      expect(await footprint()).toEqual(before);
    },
  );

  it('refuses member-only routes without a session, and bad language codes with one', async () => {
    for (const [method, url] of [
      ['GET', '/wps/member/info'],
      ['GET', '/wps/member/info/icon'],
      ['POST', '/wps/member/info/firstLogin'],
      ['PUT', '/wps/member/language'],
      ['DELETE', '/wps/session/logout'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('login.not.session');
    }
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      payload: { language: 'KLINGON' },
      headers: { authorization: token },
    });
    expect(bad.json().code).toBe('request_param_err');
  });

  it('remembers the language and marks the first login done', async () => {
    const headers = { authorization: token };
    await t.app.inject({ method: 'PUT', url: '/wps/member/language', payload: { language: 'ZH' }, headers });
    await t.app.inject({ method: 'POST', url: '/wps/member/info/firstLogin', headers });
    const info = (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers })).json().value;
    expect(info).toMatchObject({ language: 'ZH', firstTimeLogin: false });
  });
});

describe('SMS login', () => {
  it('logs a member in with the code sent to its number, and sends nothing to unknown numbers', async () => {
    await t.db
      .updateTable('member')
      .set({ mobile_dialing_code: '66', mobile_num: '811112222' })
      .where('account', '=', 'demoplayer')
      .execute();
    const send = (mobileNum: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        payload: { mobileNum, countryDialingCode: '66' },
        remoteAddress,
      });

    const unknown = await send('899999999', '10.3.0.1');
    expect(unknown.json().value).toEqual({ expiredMinutes: 5 });
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox?to=%2B66899999999' })).json().value;
    expect(outbox).toEqual([]);

    expect((await send('811112222', '10.3.0.2')).json().value).toEqual({ expiredMinutes: 5 });
    const code = (await t.app.inject({ method: 'GET', url: '/dev/outbox?to=%2B66811112222' })).json().value[0]
      .code;
    const res = await t.encrypted('POST', '/wps/session/login', {
      username: '811112222',
      password: code,
      type: 'sms',
      countryDialingCode: '66',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ userName: 'demoplayer', mustChangePassword: false });

    // The code is spent.
    const again = await t.encrypted('POST', '/wps/session/login', {
      username: '811112222',
      password: code,
      type: 'sms',
      countryDialingCode: '66',
    });
    expect(again.json().code).toBe('login.failed');
  });
});
