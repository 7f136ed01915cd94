import type { LobbyGame } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGames } from '../../seeds/brands/demo.catalogue.js';
import type { TestApp } from '../../test/build-test-app.js';
import { buildCatalogueTestApp, catalogueClient } from '../../test/factories/catalogue.js';
import type { LaunchInput } from '../vendors/index.js';

let t: TestApp;
let token: string;
let trialToken: string;
let launches: LaunchInput[];
let state: { openRound: boolean };
const rngCount = demoGames.filter((g) => g.gameType === 'RNG').length;

// A fresh database migrates and seeds first; on a busy machine that can take over a minute.
beforeAll(async () => {
  ({ t, token, trialToken, launches, state } = await buildCatalogueTestApp());
}, 180_000);
afterAll(() => t?.close());

const { get, auth, ops, list, nodeOf } = catalogueClient(
  () => t,
  () => token,
);

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
    state.openRound = true;
    try {
      const res = await launch('gameCode=AUR_PHARAOH_DAWN');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('game.round.open');
      // Free play is never blocked by a real-money round.
      expect((await launch('gameCode=AUR_PHARAOH_DAWN&accountType=0')).statusCode).toBe(200);
    } finally {
      state.openRound = false;
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
