import { type LobbyGame, memberTypes } from '@arcadia/contract';
import { expect } from 'vitest';
import { createMemberRepository, createMemberService } from '../../modules/member/index.js';
import type { LaunchInput, VendorAdapter } from '../../modules/vendors/index.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../build-test-app.js';

/**
 * The catalogue's test app: the demo brand with a stand-in house adapter (records launches and
 * answers a URL naming the game), an unconfigured aggregator with one game (neither may be listed),
 * a member and a trial account logged in, and the open-round lookup under the test's control.
 */
export async function buildCatalogueTestApp() {
  const launches: LaunchInput[] = [];
  const state = { openRound: false };
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
  const t = await buildTestApp({
    demo: true,
    beforeReady: (app) => {
      app.vendors.register(testHouse);
      app.vendors.register(unconfigured);
      app.catalogueLaunch.openRound = async () => state.openRound;
    },
  });
  const token = await t.login('demoplayer', 'demo1234');
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
  const trialToken = await t.login('trialtester', 'trial1234');
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
  return { t, token, trialToken, launches, state };
}

/** Requests against the catalogue's test app (read when called: `t` may be set in `beforeAll`). */
export function catalogueClient(app: () => TestApp, token: () => string) {
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().app.inject({ method: 'GET', url, headers });
  const auth = (tk = token()) => ({ authorization: tk });
  const ops = { 'x-ops-key': TEST_OPS_KEY };
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/wps/relay/GCSGAME_gameList?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { games: LobbyGame[]; totalPages: number; totalCount: number; pageNo: number };
  };
  const nodeOf = async (gameCode: string) =>
    (
      await app()
        .db.selectFrom('game')
        .select('node_id')
        .where('game_code', '=', gameCode)
        .executeTakeFirstOrThrow()
    ).node_id;
  return { get, auth, ops, list, nodeOf };
}
