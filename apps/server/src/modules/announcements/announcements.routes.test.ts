import type { Announcements } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAnnouncements } from '../../seeds/brands/demo.catalogue.js';
import { seed } from '../../seeds/seed.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';

let t: TestApp;
// A fresh database migrates and seeds first; on a busy machine that can take over a minute.
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t?.close());

const ops = { 'x-ops-key': TEST_OPS_KEY };
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const announcements = async (query = '') => {
  const res = await get(`/wps/relay/MCSFE_getListAnnouncements${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Announcements;
};
const noticeCount = demoAnnouncements.filter((a) => a.type === 'PL').length;

describe('announcements', () => {
  it('returns banners, notices, popups and promotions in the original shape', async () => {
    const all = await announcements('?types=B,PL,PU,PR&platform=W');
    expect(all.banners.filter((b) => b.groupName === 'w_home')).toHaveLength(3);
    expect(all.banners[0]).toMatchObject({
      title: 'Thirteen studios, one wallet',
      url: '/assets/art/banner/home-1.svg',
      groupName: 'w_home',
      linkageType: 1,
      linkUrl: '/rng',
    });
    expect(all.player).toHaveLength(noticeCount);
    expect(all.player[0]!.title).toBe('Welcome to Arcadia Demo');
    expect(all.popup.map((p) => p.execution).sort()).toEqual(['A', 'B', 'F']);
    expect(all.promotion.map((p) => p.title)).toEqual(['Welcome week', 'Fishing festival']);
  });

  it('filters by types, banner group and popup execution, and speaks Chinese', async () => {
    const home = await announcements('?types=B&groupName=w_home');
    expect(home.banners).toHaveLength(3);
    expect(home).toMatchObject({ player: [], popup: [], promotion: [] });
    const fish = await announcements('?types=B&groupName=w_fish');
    expect(fish.banners.map((b) => b.title)).toEqual(['Ocean Hunter']);
    const before = await announcements('?types=PU&execution=B');
    expect(before.popup.map((p) => p.execution)).toEqual(['B']);
    const zh = await announcements('?types=PL&language=ZH');
    expect(zh.player[0]!.title).toBe('欢迎来到 Arcadia 演示站');
    const bad = await get('/wps/relay/MCSFE_getListAnnouncements?execution=Z');
    expect(bad.statusCode).toBe(400);
  });

  it('pages the notice list 9 at a time, newest first', async () => {
    expect(noticeCount).toBeGreaterThan(9);
    const first = await get('/wps/relay/MCSFE_getNoticeList?pageNo=1');
    expect(first.json().value).toMatchObject({ pageNo: 1, totalPages: 2, totalCount: noticeCount });
    expect(first.json().value.list).toHaveLength(9);
    const second = await get('/wps/relay/MCSFE_getNoticeList?pageNo=2&pageSize=9');
    expect(second.json().value.list).toHaveLength(noticeCount - 9);
    const times = [...first.json().value.list, ...second.json().value.list].map(
      (n: { publishedAt: string }) => n.publishedAt,
    );
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get('/wps/relay/MCSFE_getNoticeList?pageSize=0')).statusCode).toBe(400);
    expect((await get('/wps/relay/MCSFE_getNoticeList?pageSize=51')).statusCode).toBe(400);
  });

  it('does not seed twice', async () => {
    await seed(t.db, { demo: false });
    expect((await announcements('?types=PL')).player).toHaveLength(noticeCount);
  });
});

describe('operator announcements', () => {
  const body = {
    type: 'B',
    title: { EN: 'Table week', ZH: '桌游周' },
    groupName: 'w_home',
    imageUrl: '/assets/art/banner/promo-table.svg',
    sortOrder: 1,
  };

  it('creates, updates and deletes; readers see each change at once; each action is audited', async () => {
    await announcements('?types=B&groupName=w_home'); // fill the cache
    const created = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/announcements',
      payload: body,
      headers: ops,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as string;
    expect(created.json().value).toMatchObject({
      type: 'B',
      groupName: 'w_home',
      enabled: true,
      execution: null,
    });
    expect((await announcements('?types=B&groupName=w_home')).banners.map((b) => b.title)).toContain(
      'Table week',
    );

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/ops/merchants/demo/announcements/${id}`,
      payload: { ...body, title: { EN: 'Table fortnight' } },
      headers: ops,
    });
    expect(updated.statusCode).toBe(200);
    const zh = await announcements('?types=B&groupName=w_home&language=ZH');
    expect(zh.banners.map((b) => b.title)).toContain('Table fortnight'); // no ZH text any more: English

    const list = await get('/ops/merchants/demo/announcements?type=B&pageSize=50', ops);
    expect(list.json().value.list.map((a: { id: string }) => a.id)).toContain(id);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/ops/merchants/demo/announcements/${id}`,
      headers: ops,
    });
    expect(deleted.json().value).toEqual({ deleted: true });
    expect((await announcements('?types=B&groupName=w_home')).banners).toHaveLength(3);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/ops/merchants/demo/announcements/${id}`,
      headers: ops,
    });
    expect(again.statusCode).toBe(404);

    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target'])
      .where('target', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'announcement.create',
      'announcement.update',
      'announcement.delete',
    ]);
  });

  it('shows scheduled announcements only while they run', async () => {
    const future = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/announcements',
      payload: {
        type: 'PL',
        title: { EN: 'Coming soon' },
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      headers: ops,
    });
    expect(future.statusCode).toBe(200);
    expect((await announcements('?types=PL')).player.map((n) => n.title)).not.toContain('Coming soon');
    const past = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/announcements',
      payload: {
        type: 'PU',
        execution: 'A',
        title: { EN: 'Over' },
        endsAt: new Date(Date.now() - 1000).toISOString(),
      },
      headers: ops,
    });
    expect(past.statusCode).toBe(200);
    expect((await announcements('?types=PU')).popup.map((n) => n.title)).not.toContain('Over');
  });

  it('refuses incomplete announcements with field errors, and writes nothing', async () => {
    const before = (await get('/ops/merchants/demo/announcements?pageSize=200', ops)).json().value.totalCount;
    const cases = [
      [{ type: 'B', title: { EN: 'No group' }, imageUrl: '/x.svg' }, 'groupName'],
      [{ type: 'B', title: { EN: 'No image' }, groupName: 'w_home' }, 'imageUrl'],
      [{ type: 'PU', title: { EN: 'No execution' } }, 'execution'],
      [{ type: 'PL', title: { ZH: '只有中文' } }, 'title'],
      [{ type: 'PL', title: { EN: 'Link' }, linkageType: 2 }, 'linkUrl'],
      [
        {
          type: 'PL',
          title: { EN: 'Backwards' },
          startsAt: '2026-12-02T00:00:00Z',
          endsAt: '2026-12-01T00:00:00Z',
        },
        'endsAt',
      ],
      [{ type: 'X', title: { EN: 'Bad type' } }, 'type'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/ops/merchants/demo/announcements',
        payload,
        headers: ops,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('request_param_err');
      expect(Object.keys(res.json().fields ?? res.json().value?.fields ?? {}).join(',')).toContain(field);
    }
    expect((await get('/ops/merchants/demo/announcements?pageSize=200', ops)).json().value.totalCount).toBe(
      before,
    );
    expect((await get('/ops/merchants/demo/announcements')).statusCode).toBe(401);
  });
});
