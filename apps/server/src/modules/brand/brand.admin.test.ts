import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const key = { 'x-ops-key': TEST_OPS_KEY };
const as = (token: string) => ({ authorization: `Ops ${token}` });
let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}${Math.random().toString(36).slice(2, 7)}`;

async function operator(role: string, merchantCode?: string) {
  const username = unique(role);
  const password = 'correct horse battery';
  const created = await t.app.inject({
    method: 'POST',
    url: '/ops/operators',
    payload: { username, password, role, merchantCode },
    headers: key,
  });
  expect(created.statusCode, created.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/session/login',
    payload: { username, password },
    remoteAddress: '10.2.0.1',
  });
  return as(res.json().value.token as string);
}

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = key,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const newBrand = (code: string, extra: object = {}) =>
  call('POST', '/ops/brands', {
    merchantCode: code,
    name: `Brand ${code}`,
    currency: 'EUR',
    currencySymbol: '€',
    currencyScale: 2,
    defaultLanguage: 'EN',
    supportLanguages: ['EN', 'ZH'],
    reason: 'new market',
    ...extra,
  });

/** A real 1×1 PNG. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const audit = (code: string) =>
  t.db
    .selectFrom('operator_audit')
    .innerJoin('merchant', 'merchant.id', 'operator_audit.merchant_id')
    .select(['action', 'payload', 'actor'])
    .where('merchant.code', '=', code)
    .orderBy('operator_audit.id', 'desc')
    .execute();

describe('creating a brand', () => {
  it('an all-brand admin creates it; the audit log keeps the reason; the code is taken afterwards', async () => {
    const code = unique('nb');
    const res = await newBrand(code);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().value;
    expect(view).toMatchObject({
      merchantCode: code,
      name: `Brand ${code}`,
      currency: 'EUR',
      defaultLanguage: 'EN',
      supportLanguages: ['EN', 'ZH'],
      logoUrl: null,
      status: 'active',
    });
    expect(view.modules.DEPOSIT).toBe(true);
    expect(view.registerRules.username.required).toBe(true);
    expect((await audit(code))[0]).toMatchObject({
      action: 'brand.create',
      payload: { reason: 'new market' },
    });

    // The new brand is served to players at once.
    const wl = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { merchant: code },
    });
    expect(wl.statusCode).toBe(200);

    const again = await newBrand(code.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('brand.exists');
  });

  it('refuses bad input with request_param_err and writes nothing', async () => {
    const code = unique('bad');
    for (const extra of [
      { defaultLanguage: 'TH' },
      { merchantCode: 'Bad Code!' },
      { currency: 'euro' },
      { reason: '' },
      { currencyScale: 9 },
    ]) {
      const res = await newBrand(code, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().code).toBe('request_param_err');
    }
    const row = await t.db.selectFrom('merchant').select('id').where('code', '=', code).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("a brand's own admin may not create brands", async () => {
    const brandAdmin = await operator('admin', 'demo');
    const code = unique('x');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/ops/brands',
      headers: brandAdmin,
      payload: {
        merchantCode: code,
        name: 'X',
        currency: 'EUR',
        currencySymbol: '€',
        currencyScale: 2,
        defaultLanguage: 'EN',
        supportLanguages: ['EN'],
        reason: 'try it',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const row = await t.db.selectFrom('merchant').select('id').where('code', '=', code).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('editing a brand', () => {
  it('changes the general settings, audited with before and after', async () => {
    const code = unique('ed');
    await newBrand(code);
    const res = await call('PUT', `/ops/merchants/${code}/brand`, {
      name: 'Renamed',
      domains: ['play.example.com', 'www.example.com'],
      mainDomain: 'play.example.com',
      imageCDNs: ['https://img.example.com'],
      gtagId: 'G-ABC1234',
      esportGames: ['IMES'],
      cockfightGames: ['SV3'],
      supportLanguages: ['EN', 'ZH', 'TH'],
      defaultLanguage: 'TH',
      prizeModes: { ModeLott: 'LOTT', ModeZy: 'ZY', ModeElott: 'ELOTT', ModeSea: 'SEA' },
      reason: 'launch',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      name: 'Renamed',
      mainDomain: 'play.example.com',
      gtagId: 'G-ABC1234',
      defaultLanguage: 'TH',
      esportGames: ['IMES'],
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { merchant: code },
    });
    expect(status.json().value.info).toMatchObject({
      brand: { name: 'Renamed', defaultLanguage: 'TH', esportGames: ['IMES'], cockfightGames: ['SV3'] },
      mainDomain: 'play.example.com',
      analytics: { gtagId: 'G-ABC1234' },
    });
    const [line] = await audit(code);
    expect(line).toMatchObject({
      action: 'brand.update',
      payload: { reason: 'launch', before: { name: `Brand ${code}` } },
    });
  });

  it('refuses a reasonless or inconsistent edit with request_param_err, nothing changed', async () => {
    const code = unique('ed');
    await newBrand(code);
    const url = `/ops/merchants/${code}/brand`;
    const cases: object[] = [
      { name: 'No reason' },
      { defaultLanguage: 'VI', reason: 'not supported' },
      { supportLanguages: ['ZH'], reason: 'drops the default EN' },
      { domains: ['a.example.com'], mainDomain: 'b.example.com', reason: 'main not listed' },
      { mainDomain: 'c.example.com', reason: 'main not among the current domains' },
      { imageCDNs: ['http://insecure.example.com'], reason: 'http' },
      { esportGames: ['IMES', 'IMES'], reason: 'twice' },
      { gtagId: '<script>', reason: 'bad id' },
    ];
    for (const body of cases) {
      const res = await call('PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('request_param_err');
    }
    const view = (await call('GET', url)).json().value;
    expect(view).toMatchObject({
      name: `Brand ${code}`,
      defaultLanguage: 'EN',
      supportLanguages: ['EN', 'ZH'],
    });
    expect((await audit(code)).map((a) => a.action)).toEqual(['brand.create']);
  });

  it('a whitelabel switch is seen by the public whitelabel call at once', async () => {
    const flag = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
      const find = (n: { modId: string; enabled: string; childrenNodes: unknown[] }): string | undefined =>
        n.modId === 'WITHDRAW'
          ? n.enabled
          : (n.childrenNodes as (typeof n)[]).map(find).find((x) => x !== undefined);
      return find(res.json().value);
    };
    expect(await flag()).toBe('1');
    const off = await call('PUT', '/ops/merchants/demo/brand/modules', {
      modules: { WITHDRAW: false },
      reason: 'bank outage',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value.modules.WITHDRAW).toBe(false);
    expect(off.json().value.modules.DEPOSIT).toBe(true);
    expect(await flag()).toBe('0');
    expect((await audit('demo'))[0]).toMatchObject({
      action: 'brand.modules',
      payload: { changed: { WITHDRAW: false }, reason: 'bank outage' },
    });
    await call('PUT', '/ops/merchants/demo/brand/modules', { modules: { WITHDRAW: true }, reason: 'back' });
    expect(await flag()).toBe('1');

    const unknown = await call('PUT', '/ops/merchants/demo/brand/modules', {
      modules: { NOSUCHMOD: false },
      reason: 'typo',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('request_param_err');
  });

  it('replaces the registration rules; a pattern outside the catalogue or min over max is refused', async () => {
    const code = unique('rr');
    const view = (await newBrand(code)).json().value;
    const url = `/ops/merchants/${code}/brand/register-rules`;
    const rules = {
      ...view.registerRules,
      email: { ...view.registerRules.email, required: true, patternId: 3 },
    };
    const ok = await call('PUT', url, { rules, reason: 'email needed' });
    expect(ok.statusCode, ok.body).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: '/wps/system/setting/register',
      headers: { merchant: code },
    });
    expect(served.json().value.email.required).toBe(true);
    for (const bad of [
      { ...rules, email: { ...rules.email, patternId: 99 } },
      { ...rules, email: { ...rules.email, minLength: 50, maxLength: 10 } },
      { ...rules, email: { ...rules.email, acceptedPattern: '([' } },
    ]) {
      const res = await call('PUT', url, { rules: bad, reason: 'bad' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('request_param_err');
    }
  });

  it('the logo: a renamed non-image is refused by its content; a PNG is stored and served safely', async () => {
    const code = unique('lg');
    await newBrand(code);
    const url = `/ops/merchants/${code}/brand/logo`;
    const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await call('PUT', url, { data: fake.toString('base64'), reason: 'logo.png' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('brand.logo.invalid');

    const ok = await call('PUT', url, { data: png().toString('base64'), reason: 'new logo' });
    expect(ok.statusCode, ok.body).toBe(200);
    const logoUrl = ok.json().value.logoUrl as string;
    expect(logoUrl).toMatch(new RegExp(`^/wps/system/brand-logo/${code}/\\d+-[a-f0-9]{16}\\.png$`));
    const image = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.rawPayload.equals(png())).toBe(true);
    // Another brand's path, or a name that was never stored, is not found.
    expect((await t.app.inject({ method: 'GET', url: logoUrl.replace(code, 'demo') })).statusCode).toBe(404);
  });

  it('maintenance through the Brand page is audited with its reason and reaches the status call', async () => {
    const code = unique('av');
    const view = (await newBrand(code)).json().value;
    const url = `/ops/merchants/${code}/brand/availability`;
    const on = {
      ...view.availability,
      maintenance: { enabled: true, message: 'Back soon', endTime: null },
      reason: 'upgrade',
    };
    expect((await call('PUT', url, { ...on, reason: undefined })).statusCode).toBe(400);
    const res = await call('PUT', url, on);
    expect(res.statusCode, res.body).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { merchant: code },
    });
    expect(status.json().value).toMatchObject({ systemStatus: 1, maintenanceInfo: { message: 'Back soon' } });
    expect((await audit(code))[0]).toMatchObject({
      action: 'brand.availability',
      payload: { reason: 'upgrade' },
    });
    const badRange = await call('PUT', url, {
      ...on,
      regionBlock: { enabled: true, blockedRanges: ['999.1.1.1/8'] },
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().code).toBe('request_param_err');
  });
});

describe('roles and brand scoping', () => {
  it("brand A's operators can neither read nor edit brand B", async () => {
    const b = unique('bb');
    await newBrand(b);
    for (const role of ['admin', 'content']) {
      const demoOps = await operator(role, 'demo');
      expect((await call('GET', '/ops/merchants/demo/brand', undefined, demoOps)).statusCode).toBe(200);
      const read = await call('GET', `/ops/merchants/${b}/brand`, undefined, demoOps);
      expect(read.statusCode).toBe(404);
      const look = await call(
        'PUT',
        `/ops/merchants/${b}/brand/look`,
        {
          theme: { primary: '#000000', accent: '#111111', background: '#222222', text: '#ffffff' },
          reason: 'x-brand',
        },
        demoOps,
      );
      expect(look.statusCode).toBe(404);
    }
    const view = (await call('GET', `/ops/merchants/${b}/brand`)).json().value;
    expect(view.theme.primary).not.toBe('#000000');
  });

  it('content changes the look but not the general settings', async () => {
    const code = unique('ct');
    await newBrand(code);
    const content = await operator('content', code);
    const theme = { primary: '#ff0066', accent: '#00aaff', background: '#101010', text: '#fafafa' };
    const look = await call(
      'PUT',
      `/ops/merchants/${code}/brand/look`,
      {
        theme,
        customerService: [{ csType: 'TELEGRAM', path: 'https://t.me/example', label: 'Telegram' }],
        reason: 'rebrand',
      },
      content,
    );
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json().value.theme).toEqual(theme);
    // The player site paints with it: the permission bootstrap carries the theme.
    const status = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { merchant: code },
    });
    expect(status.json().value.info.theme).toEqual(theme);
    const js = await call(
      'PUT',
      `/ops/merchants/${code}/brand/look`,
      { customerService: [{ csType: 'LIVECHAT', path: 'javascript:alert(1)', label: 'x' }], reason: 'xss' },
      content,
    );
    expect(js.statusCode).toBe(400);
    const update = await call(
      'PUT',
      `/ops/merchants/${code}/brand`,
      { name: 'Nope', reason: 'try' },
      content,
    );
    expect(update.statusCode).toBe(403);
    expect(update.json().code).toBe('forbidden');
  });
});
