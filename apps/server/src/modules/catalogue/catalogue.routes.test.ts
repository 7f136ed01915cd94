import { type LobbyGame, memberTypes } from '@arcadia/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGames } from '../../seeds/brands/demo.catalogue.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { createMemberRepository } from '../member/member.repository.js';
import { createMemberService } from '../member/member.service.js';
import type { LaunchInput, VendorAdapter } from '../vendors/adapter.js';

/** A stand-in for the house adapter: records launches and answers a URL naming the game. */
const launches: LaunchInput[] = [];
const testHouse: VendorAdapter = {
  code: 'house',
  walletMode: 'seamless',
  singleOpenRound: true,
  configured: () => true,
  async launch(input) {
    launches.push(input);
    return { url: `https://play.test/${input.gameCode}?mode=${input.mode}` };
  },
};
/** A third-party aggregator without credentials: neither it nor its games may be listed. */
const unconfigured: VendorAdapter = {
  code: 'pgx',
  walletMode: 'transfer',
  singleOpenRound: false,
  configured: () => false,
  launch: () => Promise.reject(new Error('not configured')),
};

let t: TestApp;
let token: string;
let trialToken: string;
let openRound = false;
const rngCount = demoGames.filter((g) => g.gameType === 'RNG').length;

// A fresh database migrates and seeds first; on a busy machine that can take over a minute.
beforeAll(async () => {
  t = await buildTestApp({
    demo: true,
    beforeReady: (app) => {
      app.vendors.register(testHouse);
      app.vendors.register(unconfigured);
      app.catalogueLaunch.openRound = async () => openRound;
    },
  });
  token = await t.login('demoplayer', 'demo1234');
  const merchant = await t.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  await createMemberService({ repository: createMemberRepository(t.db) }).create({
    merchantId: merchant.id,
    account: 'trialtester',
    password: 'trial1234',
    type: memberTypes.trial,
    nickname: null,
    registerMethod: 'FREEPLAY',
  });
  trialToken = await t.login('trialtester', 'trial1234');
  // A third-party studio whose adapter has no credentials.
  await t.db
    .insertInto('game_vendor')
    .values({
      merchant_id: merchant.id,
      vassalage: 'PGX',
      names: JSON.stringify({ EN: 'PGX' }),
      adapter: 'pgx',
    })
    .execute();
  await t.db
    .insertInto('game')
    .values({
      merchant_id: merchant.id,
      game_code: 'PGX_MAHJONG',
      game_type: 'RNG',
      vassalage: 'PGX',
      adapter: 'pgx',
      engine: null,
      names: JSON.stringify({ EN: 'Mahjong Ways' }),
      classify: '[]',
    })
    .execute();
}, 180_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const auth = (tk = token) => ({ authorization: tk });
const ops = { 'x-ops-key': TEST_OPS_KEY };
const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/wps/relay/GCSGAME_gameList?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { games: LobbyGame[]; totalPages: number; totalCount: number; pageNo: number };
};
const nodeOf = async (gameCode: string) =>
  (
    await t.db
      .selectFrom('game')
      .select('node_id')
      .where('game_code', '=', gameCode)
      .executeTakeFirstOrThrow()
  ).node_id;

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

describe('launch', () => {
  const launch = (query: string, tk: string | null = token) =>
    get(`/wps/game/launchGame?${query}`, tk ? auth(tk) : {});

  it('refuses visitors', async () => {
    const res = await launch('nodeId=10001', null);
    expect(res.statusCode).toBe(401);
  });

  it('launches a real game through the adapter and records it in recent games', async () => {
    const node = await nodeOf('CRN_CROWN_BACCARAT');
    const res = await launch(
      `launchMode=GLS&accountType=1&language=EN&gameType=RNG&vassalage=CRN&nodeId=${node}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({
      content: { game_url: 'https://play.test/CRN_CROWN_BACCARAT?mode=real' },
    });
    expect(launches.at(-1)).toMatchObject({
      gameCode: 'CRN_CROWN_BACCARAT',
      vassalage: 'CRN',
      mode: 'real',
      account: 'demoplayer',
      currency: 'USD',
      language: 'EN',
    });
    // By game code, and free play.
    const byCode = await launch('accountType=0&gameCode=GLX_STAR_DICE');
    expect(byCode.json().value.content.game_url).toBe('https://play.test/GLX_STAR_DICE?mode=trial');

    const recent = await get('/wps/relay/GCS_recentGame', auth());
    expect(recent.statusCode).toBe(200);
    expect((recent.json().value.list as LobbyGame[]).map((g) => g.gameCode)).toEqual([
      'GLX_STAR_DICE',
      'CRN_CROWN_BACCARAT',
    ]);
    // A relaunch moves the game back to the top.
    await launch(`nodeId=${node}`);
    const again = await get('/wps/relay/GCS_recentGame', auth());
    expect((again.json().value.list as LobbyGame[])[0]!.gameCode).toBe('CRN_CROWN_BACCARAT');
  });

  it('lets a trial account play free but not for real money', async () => {
    const node = await nodeOf('AUR_FRUIT_FIESTA');
    const real = await launch(`accountType=1&nodeId=${node}`, trialToken);
    expect(real.statusCode).toBe(403);
    expect(real.json().code).toBe('in_need_true_account');
    const free = await launch(`accountType=0&nodeId=${node}`, trialToken);
    expect(free.statusCode).toBe(200);
    expect(free.json().value.content.game_url).toContain('mode=trial');
    const recent = await get('/wps/relay/GCS_recentGame', auth(trialToken));
    expect((recent.json().value.list as LobbyGame[]).map((g) => g.gameCode)).toEqual(['AUR_FRUIT_FIESTA']);
  });

  it('answers 404 for unknown games, 400 without a game or for a studio lobby entry', async () => {
    const unknown = await launch('nodeId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('game.not.found');
    expect((await launch('gameCode=NOPE')).json().code).toBe('game.not.found');
    const none = await launch('accountType=1');
    expect(none.statusCode).toBe(400);
    const lobby = await launch(`nodeId=${await nodeOf('ORC_LOBBY')}`);
    expect(lobby.statusCode).toBe(400);
    const badMode = await launch('nodeId=10001&accountType=2');
    expect(badMode.statusCode).toBe(400);
  });

  it('refuses games whose adapter is not configured as not found (they are not listed)', async () => {
    const res = await launch('gameCode=PGX_MAHJONG');
    expect(res.statusCode).toBe(404);
  });

  it('refuses a second real launch while a round is open, where the adapter says so', async () => {
    openRound = true;
    try {
      const res = await launch('gameCode=AUR_PHARAOH_DAWN');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('game.round.open');
      // Free play is never blocked by a real-money round.
      expect((await launch('gameCode=AUR_PHARAOH_DAWN&accountType=0')).statusCode).toBe(200);
    } finally {
      openRound = false;
    }
  });
});

describe('operator catalogue', () => {
  it('disables a game: it leaves the lobby at once, cannot be launched, and the change is audited', async () => {
    const node = await nodeOf('MNT_MINT_FRUITS');
    expect((await list('vassalage=MNT&pageSize=12')).games).toHaveLength(2); // cached now
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/ops/merchants/demo/catalogue/games/${node}`,
      payload: { enabled: false },
      headers: ops,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ nodeId: node, enabled: false, engine: 'slot-fruit' });
    expect((await list('vassalage=MNT&pageSize=12')).games.map((g) => g.gameCode)).toEqual([
      'MNT_TIDE_TREASURES',
    ]);
    const launchRes = await launch404(node);
    expect(launchRes).toBe('game.not.found');
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'catalogue.game.update')
      .execute();
    expect(audit.at(-1)).toMatchObject({ actor: 'ops-key', target: String(node) });

    await t.app.inject({
      method: 'PATCH',
      url: `/ops/merchants/demo/catalogue/games/${node}`,
      payload: { enabled: true },
      headers: ops,
    });
    expect((await list('vassalage=MNT&pageSize=12')).games).toHaveLength(2);
  });

  it('sets a hot rank and reorders a studio', async () => {
    const node = await nodeOf('MNT_TIDE_TREASURES');
    await t.app.inject({
      method: 'PATCH',
      url: `/ops/merchants/demo/catalogue/games/${node}`,
      payload: { hotRank: 1 },
      headers: ops,
    });
    const hot = (await get('/wps/relay/GCSGAME_hotGamesV2')).json().value.list as LobbyGame[];
    expect(hot.slice(0, 2).map((g) => g.gameCode)).toEqual(['AUR_FRUIT_FIESTA', 'MNT_TIDE_TREASURES']);
    await t.app.inject({
      method: 'PATCH',
      url: `/ops/merchants/demo/catalogue/games/${node}`,
      payload: { hotRank: null },
      headers: ops,
    });
    const move = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/demo/catalogue/vendors/mnt',
      payload: { sortOrder: 0 },
      headers: ops,
    });
    expect(move.statusCode, move.body).toBe(200);
    expect((await list('gameType=RNG&pageSize=12')).games[0]!.vassalage).toBe('MNT');
    await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/demo/catalogue/vendors/MNT',
      payload: { sortOrder: 130 },
      headers: ops,
    });
  });

  it('disables a studio: its lane card and games disappear', async () => {
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/demo/catalogue/vendors/KRM',
      payload: { enabled: false },
      headers: ops,
    });
    expect(off.json().value).toMatchObject({
      vassalage: 'KRM',
      enabled: false,
      available: true,
      gameCount: 3,
    });
    const lanes = (await get('/wps/relay/GCSGAME_newGameVendor')).json().value.data.lanes;
    expect(lanes[1].cards.map((c: { vassalage: string }) => c.vassalage)).not.toContain('KRM');
    expect((await list('gameType=RNG&pageSize=24')).totalCount).toBe(rngCount - 3);
    await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/demo/catalogue/vendors/KRM',
      payload: { enabled: true },
      headers: ops,
    });
    expect((await list('gameType=RNG&pageSize=24')).totalCount).toBe(rngCount);
  });

  it('lists studios with availability and games with their settings', async () => {
    const vendors = (await get('/ops/merchants/demo/catalogue/vendors', ops)).json().value.list;
    expect(vendors.find((v: { vassalage: string }) => v.vassalage === 'PGX')).toMatchObject({
      adapter: 'pgx',
      available: false,
    });
    const games = await get('/ops/merchants/demo/catalogue/games?vassalage=ORC&pageSize=10', ops);
    expect(games.json().value).toMatchObject({ totalCount: 4, totalPages: 1 });
  });

  it('refuses bad input and unknown targets, and callers without operator credentials', async () => {
    const nothing = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/demo/catalogue/games/10001',
      payload: {},
      headers: ops,
    });
    expect(nothing.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/demo/catalogue/games/999999',
      payload: { enabled: false },
      headers: ops,
    });
    expect(missing.statusCode).toBe(404);
    const unknownBrand = await get('/ops/merchants/nobrand/catalogue/vendors', ops);
    expect(unknownBrand.statusCode).toBe(404);
    const anonymous = await get('/ops/merchants/demo/catalogue/vendors');
    expect(anonymous.statusCode).toBe(401);
  });
});

async function launch404(node: number) {
  const res = await get(`/wps/game/launchGame?nodeId=${node}`, auth());
  expect(res.statusCode).toBe(404);
  return res.json().code as string;
}

describe('generated art', () => {
  it('serves game icons, vendor logos and banners as cacheable SVG', async () => {
    for (const url of [
      '/assets/art/game/slot-fruit/AUR_FRUIT_FIESTA.svg',
      '/assets/art/vendor/AUR.svg',
      '/assets/art/banner/home-1.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect(res.body.startsWith('<svg')).toBe(true);
      expect((await get(url)).body).toBe(res.body);
    }
    expect((await get('/assets/art/game/unknown/AUR_FRUIT_FIESTA.svg')).statusCode).toBe(404);
    expect((await get('/assets/art/vendor/AUR.png')).statusCode).toBe(404);
  });
});
