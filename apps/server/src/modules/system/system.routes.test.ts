import {
  flattenWhitelabel,
  registerFields,
  systemStatusSchema,
  whitelabelModuleIds,
} from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /wps/system/status', () => {
  it('answers the permission bootstrap in the envelope, valid against the contract', async () => {
    const res = await get('/wps/system/status');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const value = systemStatusSchema.parse(body.value);
    expect(value.systemStatus).toBe(0);
    expect(value.maintenance).toBe(false);
    expect(value.regionRestriction).toBe(false);
    expect(value.location.ip).toBe('127.0.0.1');
    expect(value.info.brand.merchantCode).toBe('demo');
    expect(value.info.brand.supportLanguages).toEqual(['EN', 'ZH']);
    expect(value.info.brand.vendorLogos).toEqual(['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS']);
    expect(Object.keys(value.info.register).sort()).toEqual([...registerFields].sort());
  });

  it('selects the brand from the Merchant header and refuses an unknown one', async () => {
    expect((await get('/wps/system/status', { merchant: 'DEMO' })).statusCode).toBe(200);
    const res = await get('/wps/system/status', { merchant: 'nosuchbrand' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'merchant.acct.setup.err' });
  });

  it('refuses a doubled Merchant header', async () => {
    const res = await get('/wps/system/status', { merchant: 'demo, demo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request_param_err');
  });
});

describe('brand data endpoints', () => {
  it('serves the whitelabel tree with every module id of the reference', async () => {
    const res = await get('/wps/system/whitelabel');
    const flags = flattenWhitelabel(res.json().value);
    expect(Object.keys(flags).sort()).toEqual([...whitelabelModuleIds].sort());
    expect(flags.FREEPLAY3).toBe(true);
    expect(flags.CREDITMAR3).toBe(false);
  });

  it('serves the register rules and the domain list', async () => {
    const rules = (await get('/wps/system/setting/register')).json().value;
    expect(rules.username).toMatchObject({ enabled: true, required: true, patternId: 1, minLength: 4 });
    expect((await get('/wps/system/domainRoute')).json().value).toContain('localhost');
  });

  it("lists the brand's countries with dialing codes", async () => {
    const countries: { countryCode: string; countryDialingCode: string }[] = (
      await get('/wps/system/country')
    ).json().value;
    expect(countries).toContainEqual({ countryCode: 'CN', countryDialingCode: '86' });
    expect(countries).toContainEqual({ countryCode: 'TH', countryDialingCode: '66' });
    expect(countries.find((c) => c.countryCode === 'FR')).toBeUndefined();
  });
});

describe('GET /wps/system/helpCenter', () => {
  it('answers in the language asked for', async () => {
    const zh = (await get('/wps/system/helpCenter?lang=ZH&device=WEB')).json().value;
    expect(zh[0]).toMatchObject({ term: 'about', title: '关于我们' });
    const en = (await get('/wps/system/helpCenter', { language: 'en' })).json().value;
    expect(en.map((t: { term: string }) => t.term)).toContain('responsible-gaming');
    expect(en[0].title).toBe('About us');
  });

  it('falls back to the brand default for a language without topics', async () => {
    const res = (await get('/wps/system/helpCenter?lang=JA')).json().value;
    expect(res[0].title).toBe('About us');
  });

  it('refuses an unknown language or device', async () => {
    const res = await get('/wps/system/helpCenter?lang=XX&device=TOASTER');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().value.fields).sort()).toEqual(['device', 'lang']);
  });
});

describe('PUT /wps/feedback', () => {
  const put = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/wps/feedback', payload: payload as object });

  it('stores feedback and returns its id', async () => {
    const res = await put({
      questionType: 'GAME',
      content: 'The new slot loads slowly on my phone',
      contact: 'me@x.io',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().value;
    const row = await t.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      question_type: 'GAME',
      contact: 'me@x.io',
      member_id: null,
      ip: '127.0.0.1',
    });
  });

  it('counts words in Chinese text too', async () => {
    const res = await put({ questionType: 'SUGGESTION', content: '希望增加更多的捕鱼游戏和彩票玩法' });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ questionType: 'GAME', content: 'too short' }, 'feedback.content_length'],
    [{ questionType: 'GAME', content: 'word '.repeat(501) }, 'feedback.content_length'],
    [{ questionType: 'NOPE', content: 'a perfectly fine piece of feedback' }, 'request_param_err'],
    [{ content: 'a perfectly fine piece of feedback' }, 'request_param_err'],
    [{ questionType: 'GAME', content: 42 }, 'request_param_err'],
    [{ questionType: 'GAME', content: 'x'.repeat(5001) }, 'request_param_err'],
  ])('refuses %j with %s and writes nothing', async (payload, code) => {
    const before = await t.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code });
    const after = await t.db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('reports the word bounds so the client can show them', async () => {
    const res = await put({ questionType: 'GAME', content: 'two words' });
    expect(res.json().value).toMatchObject({ min: 5, max: 500, words: 2 });
  });

  it('stores markup as inert text', async () => {
    const content = '<script>alert(1)</script> my deposit did not arrive yet';
    const res = await put({ questionType: 'DEPOSIT', content });
    const row = await t.db
      .selectFrom('feedback')
      .select('content')
      .where('id', '=', res.json().value.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe(content);
  });
});

describe('POST /dev/clock', () => {
  it('is not found unless TEST_CLOCK is on', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 1000 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'not.found' });
  });

  it('with TEST_CLOCK, moves the settlement clock forward and refuses going back', async () => {
    const clocked = await buildTestApp({ config: { TEST_CLOCK: true } });
    try {
      const day = 86_400_000;
      const res = await clocked.app.inject({
        method: 'POST',
        url: '/dev/clock',
        payload: { advanceMs: day },
      });
      expect(res.statusCode).toBe(200);
      const value = res.json().value as { now: string; offsetMs: number };
      expect(value.offsetMs).toBe(day);
      expect(Date.parse(value.now) - Date.now()).toBeGreaterThan(day - 60_000);
      const back = await clocked.app.inject({
        method: 'POST',
        url: '/dev/clock',
        payload: { advanceMs: -1 },
      });
      expect(back.statusCode).toBe(400);
      expect(back.json().code).toBe('request_param_err');
      // The operator's settle call runs as of the moved clock: yesterday (by the wall clock) is
      // still among the ended days, today now is too.
      const settle = await clocked.app.inject({
        method: 'POST',
        url: '/ops/merchants/demo/contracts/daily/settle',
        headers: { 'x-ops-key': TEST_OPS_KEY },
      });
      expect(settle.statusCode).toBe(200);
    } finally {
      await clocked.close();
    }
  });
});
