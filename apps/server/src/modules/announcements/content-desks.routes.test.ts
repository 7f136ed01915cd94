import type { Announcements, LobbyGame } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBrand } from '../../seeds/brands/demo.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { createBrandRepository } from '../brand/index.js';

/** The back office's content and catalogue desks (docs/back-office.md "Content", "Catalogue"). */
let t: TestApp;
const key = { 'x-ops-key': TEST_OPS_KEY };
const PASSWORD = 'correct horse battery';
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  await createBrandRepository(t.db).insertFromFile({ ...demoBrand, code: 'other', name: 'Other Brand' });
}, 180_000);
afterAll(() => t?.close());

async function operator(role: string, merchantCode?: string) {
  const username = `${role}desk${++seq}${Math.random().toString(36).slice(2, 6)}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/ops/operators',
    payload: { username, password: PASSWORD, role, merchantCode },
    headers: key,
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/session/login',
    payload: { username, password: PASSWORD },
  });
  return { authorization: `Ops ${res.json().value.token as string}` };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: object,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

const publicBanners = async (group: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/wps/relay/MCSFE_getListAnnouncements?types=B&groupName=${group}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value as Announcements).banners;
};

const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('content desk', () => {
  it('a content operator schedules a banner: the public call shows it only inside its window, and each change is audited', async () => {
    const content = await operator('content');
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const banner = (title: string, startsAt: string, endsAt: string) => ({
      type: 'B',
      title: { EN: title },
      groupName: 'w_live',
      imageUrl: '/assets/art/banner/promo-table.svg',
      linkageType: 1,
      linkUrl: '/live',
      sortOrder: 5,
      startsAt,
      endsAt,
      reason: 'weekend campaign',
    });
    const now = await call(
      'POST',
      '/ops/merchants/demo/announcements',
      content,
      banner('Running now', at(-5), at(60)),
    );
    expect(now.statusCode, now.body).toBe(200);
    await call(
      'POST',
      '/ops/merchants/demo/announcements',
      content,
      banner('Starts tomorrow', at(1440), at(2880)),
    );
    await call(
      'POST',
      '/ops/merchants/demo/announcements',
      content,
      banner('Already over', at(-120), at(-60)),
    );
    const titles = (await publicBanners('w_live')).map((b) => b.title);
    expect(titles).toContain('Running now');
    expect(titles).not.toContain('Starts tomorrow');
    expect(titles).not.toContain('Already over');
    const shown = (await publicBanners('w_live')).find((b) => b.title === 'Running now')!;
    expect(shown).toMatchObject({ linkUrl: '/live', sort: 5, url: '/assets/art/banner/promo-table.svg' });

    // Moving the window into the past takes it off the site at once (no restart).
    const id = now.json().value.id as string;
    const moved = await call(
      'PUT',
      `/ops/merchants/demo/announcements/${id}`,
      content,
      banner('Running now', at(-30), at(-1)),
    );
    expect(moved.statusCode).toBe(200);
    expect((await publicBanners('w_live')).map((b) => b.title)).not.toContain('Running now');
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'payload'])
      .where('target', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['announcement.create', 'announcement.update']);
    expect(JSON.stringify(audit[0]!.payload)).toContain('weekend campaign');
  });

  it('stores and previews announcement HTML sanitised, as players receive it', async () => {
    const content = await operator('content');
    const html =
      '<p onclick="x()">Hello <b>all</b><script>alert(1)</script><img src="x" onerror="alert(1)"></p><a href="javascript:alert(1)">go</a>';
    const preview = await call('POST', '/ops/merchants/demo/content/preview', content, {
      type: 'PL',
      title: { EN: 'Preview', ZH: '预览' },
      content: { EN: html },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const languages = preview.json().value.languages as { language: string; title: string; html: string }[];
    expect(languages.map((l) => l.language)).toEqual(['EN', 'ZH']);
    for (const l of languages) {
      expect(l.html).toContain('<b>all</b>');
      expect(l.html).not.toMatch(/script|onerror|onclick|javascript:/);
    }
    expect(languages[1]!.title).toBe('预览');

    const created = await call('POST', '/ops/merchants/demo/announcements', content, {
      type: 'PL',
      title: { EN: 'Sanitised notice' },
      content: { EN: html },
    });
    expect(created.statusCode, created.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=PL' });
    const notice = (res.json().value as Announcements).player.find((n) => n.title === 'Sanitised notice')!;
    expect(notice.content).toContain('<b>all</b>');
    expect(notice.content).not.toMatch(/script|onerror|onclick|javascript:/);
  });

  it('uploads PNG, JPEG or WebP by their bytes, refuses a renamed non-image, and serves uploads with safe headers', async () => {
    const content = await operator('content');
    const ok = await call('POST', '/ops/merchants/demo/content/uploads', content, {
      purpose: 'banner',
      image: `data:image/png;base64,${PNG_1x1}`,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { url, mime } = ok.json().value as { url: string; mime: string };
    expect(mime).toBe('image/png');
    expect(url).toMatch(/^\/uploads\/content\/\d+\/banner-[0-9a-f-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(Buffer.from(PNG_1x1, 'base64'))).toBe(true);

    // An HTML page (or an SVG with script) named and typed as a PNG is refused, and nothing is stored.
    const before = (
      await t.db.selectFrom('operator_audit').select('id').where('action', '=', 'content.upload').execute()
    ).length;
    for (const fake of [
      '<html><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>',
    ]) {
      const bad = await call('POST', '/ops/merchants/demo/content/uploads', content, {
        purpose: 'banner',
        image: `data:image/png;base64,${Buffer.from(fake).toString('base64')}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'content.image.invalid' });
    }
    expect(
      (await t.db.selectFrom('operator_audit').select('id').where('action', '=', 'content.upload').execute())
        .length,
    ).toBe(before);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/uploads/content/1/banner-00000000-0000-0000-0000-000000000000.png',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/content/1/..%2F..%2Fsecret.png' })).statusCode,
    ).toBe(404);

    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8L'),
      Buffer.alloc(16),
    ]);
    const w = await call('POST', '/ops/merchants/demo/content/uploads', content, {
      purpose: 'game',
      image: webp.toString('base64'),
    });
    expect(w.json().value.mime).toBe('image/webp');

    const support = await operator('support');
    expect(
      (
        await call('POST', '/ops/merchants/demo/content/uploads', support, {
          purpose: 'banner',
          image: PNG_1x1,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('edits help-centre topics per language; the site reads the change at once', async () => {
    const content = await operator('content');
    const saved = await call('PUT', '/ops/merchants/demo/content/help', content, {
      language: 'ZH',
      term: 'deposit-times',
      title: '到账时间',
      content: '<p>通常五分钟内到账<script>x</script></p>',
      sort: 1,
      reason: 'new topic',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.content).toBe('<p>通常五分钟内到账</p>');
    const site = await t.app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=ZH' });
    expect(JSON.stringify(site.json().value)).toContain('到账时间');
    const list = await call('GET', '/ops/merchants/demo/content/help?language=ZH', content);
    expect(list.json().value.list.map((x: { term: string }) => x.term)).toContain('deposit-times');
    const id = saved.json().value.id as string;
    // A deletion needs its reason too.
    expect((await call('DELETE', `/ops/merchants/demo/content/help/${id}`, content)).statusCode).toBe(400);
    const gone = await call(
      'DELETE',
      `/ops/merchants/demo/content/help/${id}?reason=moved%20to%20FAQ`,
      content,
    );
    expect(gone.json().value).toEqual({ deleted: true });
    const actions = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'payload'])
      .where('target', '=', id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['content.help.save', 'content.help.delete']);
    expect(actions[1]!.payload).toMatchObject({ reason: 'moved to FAQ' });
    const noReason = await call('PUT', '/ops/merchants/demo/content/help', content, {
      language: 'EN',
      term: 'x',
      title: 'x',
      content: 'x',
    });
    expect(noReason.statusCode).toBe(400);
  });

  it("an operator bound to another brand gets none of this brand's content", async () => {
    const other = await operator('content', 'other');
    for (const [method, url, payload] of [
      ['GET', '/ops/merchants/demo/announcements', undefined],
      ['GET', '/ops/merchants/demo/content/help', undefined],
      ['POST', '/ops/merchants/demo/content/uploads', { purpose: 'banner', image: PNG_1x1 }],
      ['GET', '/ops/merchants/demo/catalogue/games', undefined],
      ['PATCH', '/ops/merchants/demo/catalogue/vendors/AUR', { enabled: false }],
    ] as const) {
      const res = await call(method, url, other, payload);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await call('GET', '/ops/merchants/other/content/help', other)).statusCode).toBe(200);
  });
});

describe('catalogue desk', () => {
  const lobby = async (query: string, language = 'EN') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/GCSGAME_gameList?${query}`,
      headers: { language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.games as LobbyGame[];
  };

  it('enable, order, names, category and artwork reach the lobby call at once', async () => {
    const content = await operator('content');
    const games = (
      await call('GET', '/ops/merchants/demo/catalogue/games?gameType=RNG&pageSize=200', content)
    ).json().value.list as {
      nodeId: number;
      gameCode: string;
      vassalage: string;
      isGame: string;
    }[];
    const studio = games.find((g) => g.isGame === 'GAME')!.vassalage;
    const own = games.filter((g) => g.vassalage === studio && g.isGame === 'GAME');
    expect(own.length).toBeGreaterThan(1);
    const last = own[own.length - 1]!;
    const listed = async () =>
      (await lobby(`gameType=RNG&vassalage=${studio}&pageSize=24`)).map((g) => g.nodeId);
    expect((await listed())[0]).not.toBe(last.nodeId);

    const patch = (nodeId: number, body: object) =>
      call('PATCH', `/ops/merchants/demo/catalogue/games/${nodeId}`, content, { reason: 'tidy', ...body });
    expect((await patch(last.nodeId, { sortOrder: 0 })).statusCode).toBe(200);
    expect((await listed())[0]).toBe(last.nodeId);

    const upload = await call('POST', '/ops/merchants/demo/content/uploads', content, {
      purpose: 'game',
      image: PNG_1x1,
    });
    const renamed = await patch(last.nodeId, {
      names: { EN: 'Lucky Lanterns', ZH: '幸运灯笼' },
      gameClassify: ['JP'],
      iconUrl: upload.json().value.url,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const zh = (await lobby(`gameType=RNG&vassalage=${studio}&pageSize=24`, 'ZH')).find(
      (g) => g.nodeId === last.nodeId,
    )!;
    expect(zh).toMatchObject({
      gameName: '幸运灯笼',
      gameClassify: ['JP'],
      showIcon: upload.json().value.url,
    });
    expect(
      (await lobby(`gameType=RNG&vassalage=${studio}&gameClassify=JP&pageSize=24`)).map((g) => g.nodeId),
    ).toContain(last.nodeId);

    expect((await patch(last.nodeId, { enabled: false })).statusCode).toBe(200);
    expect(await listed()).not.toContain(last.nodeId);
    expect((await patch(last.nodeId, { enabled: true })).statusCode).toBe(200);

    const vendor = await call('PATCH', `/ops/merchants/demo/catalogue/vendors/${studio}`, content, {
      enabled: false,
      reason: 'maintenance',
    });
    expect(vendor.statusCode, vendor.body).toBe(200);
    expect(await listed()).toEqual([]);
    await call('PATCH', `/ops/merchants/demo/catalogue/vendors/${studio}`, content, {
      enabled: true,
      reason: 'back',
    });
    expect((await listed()).length).toBe(own.length);

    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target', '=', String(last.nodeId))
      .execute();
    expect(audit.filter((a) => a.action === 'catalogue.game.update').length).toBe(4);
    expect((await patch(last.nodeId, { iconUrl: 'https://evil.example/x.png' })).statusCode).toBe(400);
  });

  it('studio credentials: admin only, sealed at rest, never returned, audited without the value', async () => {
    const admin = await operator('admin');
    const content = await operator('content');
    const secret = 'sk_live_1234567890abcdef';
    const url = '/ops/merchants/demo/catalogue/vendors/AUR/credential';
    expect((await call('PUT', url, content, { credential: secret, reason: 'rotate' })).statusCode).toBe(403);
    const set = await call('PUT', url, admin, { credential: secret, reason: 'rotate' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.body).not.toContain(secret);
    expect(set.json().value).toMatchObject({ vassalage: 'AUR', credentialSet: true });

    const vendors = await call('GET', '/ops/merchants/demo/catalogue/vendors', content);
    expect(vendors.body).not.toContain(secret);
    expect(
      vendors.json().value.list.find((v: { vassalage: string }) => v.vassalage === 'AUR').credentialSet,
    ).toBe(true);

    const row = await t.db
      .selectFrom('vendor_credential')
      .selectAll()
      .where('vassalage', '=', 'AUR')
      .executeTakeFirstOrThrow();
    expect(row.sealed).not.toContain(secret);
    expect(row.sealed).not.toContain(Buffer.from(secret).toString('base64'));
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('payload')
      .where('action', '=', 'catalogue.vendor.credential')
      .execute();
    expect(audit.length).toBe(1);
    expect(JSON.stringify(audit)).not.toContain(secret);

    // Replacing writes a new sealed value (a fresh nonce) for the same row.
    await call('PUT', url, admin, { credential: secret, reason: 'again' });
    const again = await t.db
      .selectFrom('vendor_credential')
      .select('sealed')
      .where('vassalage', '=', 'AUR')
      .executeTakeFirstOrThrow();
    expect(again.sealed).not.toBe(row.sealed);
    expect(
      (
        await call('PUT', '/ops/merchants/demo/catalogue/vendors/NOPE/credential', admin, {
          credential: secret,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});
