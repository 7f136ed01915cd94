import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LobbyGame } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGames } from '../../seeds/brands/demo.catalogue.js';
import type { TestApp } from '../../test/build-test-app.js';
import { buildCatalogueTestApp, catalogueClient } from '../../test/factories/catalogue.js';

let t: TestApp;
let token: string;
let trialToken: string;
const rngCount = demoGames.filter((g) => g.gameType === 'RNG').length;

// A fresh database migrates and seeds first; on a busy machine that can take over a minute.
beforeAll(async () => {
  ({ t, token, trialToken } = await buildCatalogueTestApp());
}, 180_000);
afterAll(() => t?.close());

const { get, auth, list, nodeOf } = catalogueClient(
  () => t,
  () => token,
);

describe('game list', () => {
  it('pages the RNG category with 24 and with 12 a page', async () => {
    expect(rngCount).toBeGreaterThan(24);
    const first = await list('clientType=3&platform=flash,html5-desktop&gameType=RNG&pageNo=1&pageSize=24');
    expect(first).toMatchObject({ pageNo: 1, totalCount: rngCount, totalPages: Math.ceil(rngCount / 24) });
    expect(first.games).toHaveLength(24);
    const second = await list('gameType=RNG&pageNo=2&pageSize=24');
    expect(second.games).toHaveLength(rngCount - 24);
    const ids = new Set([...first.games, ...second.games].map((g) => g.nodeId));
    expect(ids.size).toBe(rngCount);
    const small = await list('gameType=RNG&pageNo=3&pageSize=12');
    expect(small.totalPages).toBe(Math.ceil(rngCount / 12));
    expect(small.games).toHaveLength(12);
    // Past the last page: an empty page, not an error.
    const past = await list('gameType=RNG&pageNo=9&pageSize=24');
    expect(past.games).toEqual([]);
    expect(past.totalPages).toBe(2);
  });

  it('lists only games whose adapter can serve them', async () => {
    const all = await list('gameType=RNG&pageSize=24&pageNo=2');
    expect(all.games.map((g) => g.vassalage)).not.toContain('PGX');
    expect((await list('vassalage=PGX')).games).toEqual([]);
  });

  it('describes a game card with names, studio, art and sub-classes', async () => {
    const { games } = await list('gameType=RNG&vassalage=AUR&pageSize=12');
    expect(games.map((g) => g.gameCode)).toEqual([
      'AUR_FRUIT_FIESTA',
      'AUR_PHARAOH_DAWN',
      'AUR_CORAL_KINGDOM',
      'AUR_AURORA_DICE',
    ]);
    expect(games[0]).toMatchObject({
      gameCode: 'AUR_FRUIT_FIESTA',
      nodeTypeManageId: 'AUR_FRUIT_FIESTA',
      gameType: 'RNG',
      vassalage: 'AUR',
      displayName: 'Aurora Reels',
      gameName: 'Fruit Fiesta',
      nodeName: 'Fruit Fiesta',
      defaultIcon: '/assets/art/game/slot-fruit/AUR_FRUIT_FIESTA.svg',
      isGame: 'GAME',
      hotRank: 1,
      trial: true,
    });
    expect(games[3]!.gameClassify).toEqual(['AC']);
  });

  it('answers in the requested language, from the query or the Language header', async () => {
    const zh = await list('vassalage=AUR&pageSize=12&language=zh');
    expect(zh.games[0]).toMatchObject({ gameName: '水果嘉年华', displayName: '极光转轴' });
    const header = await list('vassalage=AUR&pageSize=12', { language: 'ZH' });
    expect(header.games[0]!.gameName).toBe('水果嘉年华');
    // A language without names falls back to English.
    const th = await list('vassalage=AUR&pageSize=12&language=TH');
    expect(th.games[0]!.gameName).toBe('Fruit Fiesta');
  });

  it('filters by sub-class and searches names in any language', async () => {
    const arcade = await list('gameType=RNG&gameClassify=AC&pageSize=24');
    expect(arcade.totalCount).toBe(demoGames.filter((g) => g.classify.includes('AC')).length);
    expect(arcade.games.every((g) => g.gameClassify.includes('AC'))).toBe(true);
    const dragon = await list('gameName=dragon&pageSize=24');
    expect(dragon.games.map((g) => g.gameCode).sort()).toEqual([
      'DRG_DRAGON_DICE',
      'DRG_DRAGON_TOMB',
      'DRG_PEARL_SEA',
      'LIVE_DRAGON_TIGER',
    ]);
    // The reference refused language + gameName together; here it simply works.
    const zh = await list('gameName=%E7%BF%A1%E7%BF%A0&language=ZH&pageSize=24');
    expect(zh.games.map((g) => g.gameCode)).toEqual(['JAD_JADE_PYRAMID', 'JAD_JADE_DICE']);
  });

  it('lists MXWIN like RNG and unknown studios as an empty page', async () => {
    const mx = await list('gameType=MXWIN&pageSize=24');
    expect(mx.totalCount).toBe(rngCount);
    const none = await list('gameType=RNG&vassalage=NOPE&pageSize=24');
    expect(none).toEqual({ games: [], pageNo: 1, totalPages: 0, totalCount: 0 });
  });

  it('refuses page sizes other than 12 and 24, bad pages and unknown categories', async () => {
    for (const q of [
      'pageSize=10',
      'pageSize=999',
      'pageSize=abc',
      'pageNo=0',
      'pageNo=-1',
      'gameType=CASINO',
    ]) {
      const res = await get(`/wps/relay/GCSGAME_gameList?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'request_param_err' });
    }
  });

  it('answers a repeated read with the same bytes, compressed as the client accepts', async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=24';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect((await get(url)).body).toBe(plain.body);
    const gz = await get(url, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    // Another page is another reply, not the memo of the first.
    expect((await get(url.replace('pageNo=1', 'pageNo=2'))).body).not.toBe(plain.body);
  });

  it('compresses a one-off search reply once, as the client accepts', async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=24&gameName=a';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('keeps FISH separate, with the studio lobby entry listed but not inside the studio list', async () => {
    const fish = await list('gameType=FISH&pageSize=24');
    expect(fish.games.map((g) => g.gameCode)).toEqual([
      'ORC_OCEAN_HUNTER',
      'ORC_GOLDEN_TOAD',
      'ORC_DEEP_SEA_RAID',
      'ORC_LOBBY',
    ]);
    expect(fish.games[3]!.isGame).toBe('VASSALAGE');
    const studio = await list('gameType=FISH&vassalage=ORC&pageSize=24');
    expect(studio.games.map((g) => g.isGame)).toEqual(['GAME', 'GAME', 'GAME']);
  });
});

describe('vendors, hot games, vendor game types', () => {
  it('returns lanes per category with cards and sub-class counts; the legacy path agrees', async () => {
    const res = await get('/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop');
    expect(res.statusCode).toBe(200);
    const lanes = res.json().value.data.lanes as Array<{
      title: string;
      cards: Array<Record<string, unknown>>;
      gameClassify: Array<{ key: string; gameCount: number }>;
    }>;
    expect(lanes.map((l) => l.title)).toEqual(['LIVE', 'FISH', 'PVP', 'RNG']);
    expect(lanes[0]!.cards.map((c) => c.vassalage)).toEqual(['VLV']);
    const rng = lanes[3]!;
    expect(rng.cards.map((c) => c.vassalage)).toEqual([
      'AUR',
      'BLZ',
      'CRN',
      'DRG',
      'EMB',
      'FJD',
      'GLX',
      'HLO',
      'IRS',
      'JAD',
      'KRM',
      'LUX',
      'MNT',
    ]);
    expect(rng.cards[0]).toMatchObject({
      displayName: 'Aurora Reels',
      gameType: 'RNG',
      smallIcon: '/assets/art/vendor/AUR.svg',
      lagerIcon: '/assets/art/vendor/AUR.svg',
      gameCount: 4,
      gameCode: null,
      isGame: 'GAME',
    });
    expect(rng.gameClassify.map((c) => c.key)).toEqual(['SC', 'TG', 'AC']);
    expect(rng.gameClassify.find((c) => c.key === 'SC')!.gameCount).toBe(
      demoGames.filter((g) => g.classify.includes('SC')).length,
    );
    expect(lanes[1]!.cards[0]).toMatchObject({ vassalage: 'ORC', isGame: 'VASSALAGE', gameCount: 3 });
    const legacy = await get('/wps/relay/GCSGAME_gameVendor');
    expect(legacy.json().value).toEqual(res.json().value);
  });

  it('lists hot games hottest first', async () => {
    const res = await get(
      '/wps/relay/GCSGAME_hotGamesV2?merchantCode=demo&isPlatform=2&vassalage=&language=EN',
    );
    expect(res.statusCode).toBe(200);
    const hot = res.json().value.list as LobbyGame[];
    expect(hot.map((g) => g.hotRank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(hot[0]!.gameCode).toBe('AUR_FRUIT_FIESTA');
    const fish = await get('/wps/relay/GCSGAME_hotGamesV2?gameType=FISH');
    expect((fish.json().value.list as LobbyGame[]).map((g) => g.gameCode)).toEqual(['ORC_OCEAN_HUNTER']);
  });

  it('maps categories to studios and their sub-classes', async () => {
    const res = await get('/wps/relay/GCSGAME_getVassGameType?typeId=1', auth());
    expect(res.statusCode).toBe(200);
    const { content } = res.json().value;
    expect(Object.keys(content)).toEqual(['LIVE', 'FISH', 'PVP', 'RNG']);
    expect(content.PVP).toEqual({ VLC: [] });
    expect(content.LIVE).toEqual({ VLV: [] });
    expect(content.RNG.CRN).toEqual(['SC', 'TG']);
    expect(content.RNG.MNT).toEqual([]);
    expect(content.FISH).toEqual({ ORC: [] });
  });
});

describe('favourites', () => {
  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/wps/relay/MCSFE_getFavoriteGames'],
      ['GET', '/wps/relay/MCSFE_getFavoriteGamesList'],
      ['POST', '/wps/relay/MCSFE_addFavoriteGameV2'],
      ['DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : { nodeId: 1 } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('login.not.session');
    }
  });

  it('adds idempotently, lists ids and games newest first, removes', async () => {
    const a = await nodeOf('BLZ_BLAZE_LIMBO');
    const b = await nodeOf('ORC_OCEAN_HUNTER');
    const add = (nodeId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_addFavoriteGameV2',
        payload: { nodeId, vendor: 'BLZ', gameType: 'RNG' },
        headers: auth(),
      });
    expect((await add(a)).json().value).toEqual({ nodeId: a, added: true });
    expect((await add(a)).json().value).toEqual({ nodeId: a, added: false });
    expect((await add(b)).json().value).toEqual({ nodeId: b, added: true });

    const ids = await get('/wps/relay/MCSFE_getFavoriteGames', auth());
    expect(ids.json().value).toEqual([b, a]);

    const all = await get(
      '/wps/relay/MCSFE_getFavoriteGamesList?clientType=3&platform=flash&language=EN&pageNo=1&pageSize=999',
      auth(),
    );
    expect(all.json().value).toMatchObject({ pageNum: 1, totalPages: 1, totalCount: 2 });
    expect(all.json().value.content.map((g: LobbyGame) => g.nodeId)).toEqual([b, a]);
    const rngOnly = await get('/wps/relay/MCSFE_getFavoriteGamesList?gameType=RNG&pageSize=999', auth());
    expect(rngOnly.json().value.content.map((g: LobbyGame) => g.nodeId)).toEqual([a]);
    const bad = await get('/wps/relay/MCSFE_getFavoriteGamesList?pageSize=50', auth());
    expect(bad.statusCode).toBe(400);

    // Another member sees none of them.
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', auth(trialToken))).json().value).toEqual([]);

    const remove = (nodeId: number) =>
      t.app.inject({
        method: 'DELETE',
        url: '/wps/relay/MCSFE_removeFavoriteGameV2',
        payload: { nodeId, vendor: 'BLZ', gameType: 'RNG' },
        headers: auth(),
      });
    expect((await remove(a)).json().value).toEqual({ nodeId: a, removed: true });
    expect((await remove(a)).json().value).toEqual({ nodeId: a, removed: false });
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', auth())).json().value).toEqual([b]);
    await remove(b);
  });

  it('refuses unknown games and bad node ids', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_addFavoriteGameV2',
      payload: { nodeId: 999_999 },
      headers: auth(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('game.not.found');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_addFavoriteGameV2',
      payload: { nodeId: 'x' },
      headers: auth(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request_param_err');
  });
});
