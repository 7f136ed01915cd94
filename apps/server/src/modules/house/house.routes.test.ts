import { createHash } from 'node:crypto';
import { type HouseEngineId, houseSessionSchema } from '@arcadia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberId } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { HouseAdapter } from './house.adapter.js';
import { createHouseRepository } from './house.repository.js';

let t: TestApp;
let siteToken: string;
let player: string;
let merchantId: number;
let adapter: HouseAdapter;

// The demo brand's seed and a login: slow on a busy machine.
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  siteToken = await t.login('demoplayer', 'demo1234');
  player = await memberId(t.db, 'demoplayer');
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  adapter = new HouseAdapter(createHouseRepository(t.db));
}, 300_000);
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

/** Launches a house game the way the lobby does and returns the launch token from the URL. */
async function launch(engine: string, mode: 'real' | 'trial' = 'real', memberIdOf: string | null = player) {
  const { url } = await adapter.launch({
    merchantId,
    memberId: memberIdOf,
    account: memberIdOf ? 'demoplayer' : null,
    gameCode: engine,
    vassalage: 'AUR',
    mode,
    language: 'EN',
    currency: 'USD',
  });
  const parsed = new URL(url, 'http://x');
  expect(parsed.pathname).toBe(`/play/${engine}`);
  expect(parsed.searchParams.get('mode')).toBe(mode);
  expect(parsed.searchParams.get('game')).toBe(engine);
  return parsed.searchParams.get('token')!;
}

const gameHeaders = (token: string) => ({ 'x-game-token': token });
const session = (token: string) =>
  t.app.inject({ method: 'GET', url: '/house/api/session', headers: gameHeaders(token) });
const play = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/house/api/play', headers: gameHeaders(token), payload });

/** The member's main wallet in minor units, read through the site's own wallet API. */
async function mainBalance(): Promise<bigint> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    headers: { authorization: siteToken },
  });
  const main = res.json().value.balance.find((b: { wallet: string }) => b.wallet === 'MAIN');
  return BigInt(Math.round(main.availBalance * 100));
}

const count = async (table: 'ledger_transaction' | 'bet' | 'house_callback' | 'house_round') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A valid bet for each one-shot engine. */
const oneShot: Partial<Record<HouseEngineId, Record<string, unknown>>> = {
  dice: { target: 4950, direction: 'over' },
  limbo: { target: 200 },
  fishing: { fish: 'turtle' },
  'slot-fruit': {},
  'slot-pharaoh': {},
  'slot-ocean': {},
  scratch: {},
  baccarat: { bets: { player: '100', tie: '50' } },
};

describe('real play through the signed wallet callbacks', () => {
  it('names the launched catalogue game in the launch language', async () => {
    const nameIn = async (language: string) => {
      const { url } = await adapter.launch({
        merchantId,
        memberId: player,
        account: 'demoplayer',
        gameCode: 'AUR_AURORA_DICE',
        vassalage: 'AUR',
        mode: 'real',
        language,
        currency: 'USD',
      });
      const token = new URL(url, 'http://x').searchParams.get('token')!;
      const value = houseSessionSchema.parse((await session(token)).json().value);
      expect(value.engine).toBe('dice');
      return value.gameName;
    };
    expect(await nameIn('ZH')).toBe('极光骰子');
    expect(await nameIn('EN')).toBe('Aurora Dice');
    // No name in that language: English.
    expect(await nameIn('TH')).toBe('Aurora Dice');
  });

  it('shows the launched game with the platform balance and the fairness state', async () => {
    const token = await launch('dice');
    const res = await session(token);
    expect(res.statusCode).toBe(200);
    const value = houseSessionSchema.parse(res.json().value);
    expect(value).toMatchObject({ engine: 'dice', mode: 'real', currency: 'USD', currencyScale: 2 });
    expect(BigInt(value.balance)).toBe(await mainBalance());
    expect(value.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(value.rules).toMatchObject({ minStake: '1', maxStake: '1000000' });
    expect(JSON.stringify(value)).not.toContain(
      (await t.db.selectFrom('house_seed').select('server_seed').executeTakeFirstOrThrow()).server_seed,
    );
  });

  for (const [engine, params] of Object.entries(oneShot)) {
    it(`${engine}: balance moves by exactly −stake + payout, nonce + 1`, async () => {
      const token = await launch(engine);
      const before = await mainBalance();
      const { fairness } = (await session(token)).json().value;
      let net = 0n;
      for (let i = 0; i < 3; i++) {
        const res = await play(token, { action: 'play', stake: '150', params });
        expect(res.statusCode, res.body).toBe(200);
        const { round, balance, fairness: after } = res.json().value;
        expect(round).toMatchObject({
          engine,
          mode: 'real',
          status: 'closed',
          stake: '150',
          nonce: fairness.nonce + i,
        });
        expect(after.nonce).toBe(fairness.nonce + i + 1);
        net += BigInt(round.payout) - 150n;
        expect(BigInt(balance)).toBe(before + net);
      }
      expect(await mainBalance()).toBe(before + net);
      const bets = await t.db.selectFrom('bet').selectAll().where('game_code', '=', engine).execute();
      expect(bets).toHaveLength(3);
      expect(bets.every((b) => b.status === 'settled' && b.stake === '150')).toBe(true);
    });
  }

  it('mines: start, reveal a safe cell, cash out; a bust pays nothing', async () => {
    const token = await launch('mines');
    const before = await mainBalance();
    const start = await play(token, { action: 'start', stake: '200', params: { mines: 3 } });
    expect(start.statusCode, start.body).toBe(200);
    const opened = start.json().value.round;
    expect(opened.status).toBe('open');
    expect(opened.outcome.mines).toBeNull();
    expect(await mainBalance()).toBe(before - 200n);

    // A second launch resumes the open round.
    const again = await launch('mines');
    expect((await session(again)).json().value.openRound.roundId).toBe(opened.roundId);
    // Another round cannot start while this one is open.
    expect((await play(token, { action: 'start', stake: '200', params: { mines: 3 } })).json().code).toBe(
      'game.round.state',
    );

    const state = await t.db
      .selectFrom('house_round')
      .select('state')
      .where('round_id', '=', opened.roundId)
      .executeTakeFirstOrThrow();
    const mineCells = (state.state as { mines: number[] }).mines;
    const safe = [...Array(25).keys()].find((c) => !mineCells.includes(c))!;
    const revealed = await play(token, { action: 'reveal', params: { cell: safe } });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().value.round.status).toBe('open');
    const cashed = await play(token, { action: 'cashout' });
    expect(cashed.statusCode, cashed.body).toBe(200);
    const closed = cashed.json().value.round;
    expect(closed.status).toBe('closed');
    expect(closed.outcome.mines).toEqual(mineCells);
    expect(BigInt(closed.payout)).toBeGreaterThan(200n);
    expect(await mainBalance()).toBe(before - 200n + BigInt(closed.payout));
    expect(BigInt(cashed.json().value.balance)).toBe(await mainBalance());

    // Bust: reveal a mine.
    const second = (await play(token, { action: 'start', stake: '100', params: { mines: 24 } })).json().value
      .round;
    const s2 = await t.db
      .selectFrom('house_round')
      .select('state')
      .where('round_id', '=', second.roundId)
      .executeTakeFirstOrThrow();
    const boom = await play(token, {
      action: 'reveal',
      params: { cell: (s2.state as { mines: number[] }).mines[0] },
    });
    expect(boom.json().value.round).toMatchObject({ status: 'closed', payout: '0' });
    expect(await mainBalance()).toBe(before - 200n + BigInt(closed.payout) - 100n);
    expect((await play(token, { action: 'cashout' })).json().code).toBe('game.round.state');
  });

  it('blackjack: deal, double when offered, stand; the shoe stays secret', async () => {
    const token = await launch('blackjack');
    const before = await mainBalance();
    let staked = 0n;
    let finalRound: { status: string; payout: string; stake: string } | null = null;
    for (let i = 0; i < 4; i++) {
      const dealt = await play(token, { action: 'deal', stake: '100' });
      expect(dealt.statusCode, dealt.body).toBe(200);
      let round = dealt.json().value.round;
      expect(JSON.stringify(round.outcome)).not.toContain('shoe');
      while (round.status === 'open') {
        const actions = round.outcome.actions as string[];
        const action = actions.includes('double') && i % 2 === 0 ? 'double' : 'stand';
        const res = await play(token, { action });
        expect(res.statusCode, res.body).toBe(200);
        round = res.json().value.round;
      }
      staked += BigInt(round.stake) - BigInt(round.payout);
      finalRound = round;
      expect(round.outcome.dealer).not.toContain(null);
    }
    expect(finalRound?.status).toBe('closed');
    expect(await mainBalance()).toBe(before - staked);
  });

  it('refuses a bet the balance cannot cover, leaving the nonce and the money unchanged', async () => {
    const token = await launch('dice');
    const before = await mainBalance();
    const { fairness } = (await session(token)).json().value;
    const res = await play(token, { action: 'play', stake: (before + 1n).toString(), params: oneShot.dice });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'wallet.insufficient', value: { balance: before.toString() } });
    expect((await session(token)).json().value.fairness.nonce).toBe(fairness.nonce);
    expect(await mainBalance()).toBe(before);
  });

  it('concurrent bets on one session never overdraw and add up exactly', async () => {
    const token = await launch('dice');
    const before = await mainBalance();
    const stake = before / 4n + 1n; // at most three can be covered
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        play(token, { action: 'play', stake: stake.toString(), params: { target: 9000, direction: 'over' } }),
      ),
    );
    let net = 0n;
    let ok = 0;
    for (const r of replies) {
      if (r.statusCode === 200) {
        ok += 1;
        net += BigInt(r.json().value.round.payout) - stake;
      } else {
        expect(['wallet.insufficient', 'game.busy']).toContain(r.json().code);
      }
    }
    expect(ok).toBeGreaterThan(0);
    const after = await mainBalance();
    expect(after).toBe(before + net);
    expect(after).toBeGreaterThanOrEqual(0n);
    const nonces = (
      await t.db.selectFrom('house_round').select('nonce').where('status', '=', 'closed').execute()
    ).map((r) => r.nonce);
    // Every nonce of a seed is used once.
    const seeds = await t.db
      .selectFrom('house_round')
      .select(['seed_id', 'nonce'])
      .where('status', 'in', ['closed', 'open'])
      .execute();
    expect(new Set(seeds.map((r) => `${r.seed_id}:${r.nonce}`)).size).toBe(seeds.length);
    expect(nonces.length).toBeGreaterThan(0);
  });
});

describe('fairness', () => {
  it('rotation reveals the old seed (its hash matches) and verify reproduces a played round', async () => {
    const token = await launch('dice');
    const shown = (await session(token)).json().value.fairness;
    const setSeed = await t.app.inject({
      method: 'POST',
      url: '/house/api/seed',
      headers: gameHeaders(token),
      payload: { clientSeed: 'my-lucky-seed' },
    });
    expect(setSeed.json().value).toMatchObject({
      previous: null,
      fairness: { clientSeed: 'my-lucky-seed', nonce: shown.nonce },
    });
    const played = (
      await play(token, { action: 'play', stake: '100', params: { target: 3000, direction: 'under' } })
    ).json().value.round;
    expect(played.serverSeed).toBeNull();

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/house/api/seed',
      headers: gameHeaders(token),
      payload: { rotate: true },
    });
    expect(rotated.statusCode).toBe(200);
    const { previous, fairness } = rotated.json().value;
    expect(createHash('sha256').update(previous.serverSeed).digest('hex')).toBe(shown.serverSeedHash);
    expect(previous.serverSeedHash).toBe(shown.serverSeedHash);
    expect(fairness.nonce).toBe(0);
    expect(fairness.serverSeedHash).not.toBe(shown.serverSeedHash);

    const history = (
      await t.app.inject({ method: 'GET', url: '/house/api/history?limit=5', headers: gameHeaders(token) })
    ).json().value.list;
    const mine = history.find((r: { roundId: string }) => r.roundId === played.roundId);
    expect(mine.serverSeed).toBe(previous.serverSeed);

    const verify = await t.app.inject({
      method: 'POST',
      url: '/house/api/verify',
      payload: {
        engine: 'dice',
        serverSeed: previous.serverSeed,
        clientSeed: mine.clientSeed,
        nonce: mine.nonce,
        params: mine.params,
        stake: mine.stake,
      },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().value).toMatchObject({
      payout: mine.payout,
      finished: true,
      serverSeedHash: shown.serverSeedHash,
    });
    expect(verify.json().value.outcome).toEqual(mine.outcome);
  });

  it('verify replays a mines round from the revealed seed and the actions', async () => {
    const token = await launch('mines');
    const started = (await play(token, { action: 'start', stake: '300', params: { mines: 5 } })).json().value
      .round;
    const state = await t.db
      .selectFrom('house_round')
      .select('state')
      .where('round_id', '=', started.roundId)
      .executeTakeFirstOrThrow();
    const mineCells = (state.state as { mines: number[] }).mines;
    const safe = [...Array(25).keys()].filter((c) => !mineCells.includes(c)).slice(0, 2);
    for (const cell of safe) await play(token, { action: 'reveal', params: { cell } });
    const closed = (await play(token, { action: 'cashout' })).json().value.round;
    const { previous } = (
      await t.app.inject({
        method: 'POST',
        url: '/house/api/seed',
        headers: gameHeaders(token),
        payload: { rotate: true },
      })
    ).json().value;
    const verify = await t.app.inject({
      method: 'POST',
      url: '/house/api/verify',
      payload: {
        engine: 'mines',
        serverSeed: previous.serverSeed,
        clientSeed: closed.clientSeed,
        nonce: closed.nonce,
        params: closed.params,
        stake: closed.stake,
        actions: [...safe.map((cell) => ({ action: 'reveal', params: { cell } })), { action: 'cashout' }],
      },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().value).toMatchObject({ finished: true, payout: closed.payout });
    expect(verify.json().value.outcome.mines).toEqual(mineCells);
  });

  it('lists every engine with its rules', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/house/api/engines' });
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list as { engine: HouseEngineId; rules: Record<string, unknown> }[];
    expect(list.map((e) => e.engine)).toContain('slot-fruit');
    expect(list.find((e) => e.engine === 'slot-fruit')!.rules).toMatchObject({
      minSpinMs: 2500,
      autoplay: false,
    });
  });
});

describe('trial play', () => {
  it('plays with 2,000.00 of play money and never touches the ledger or the bets', async () => {
    const ledgerBefore = await count('ledger_transaction');
    const betsBefore = await count('bet');
    const callbacksBefore = await count('house_callback');
    const token = await launch('dice', 'trial', null);
    const s = (await session(token)).json().value;
    expect(s).toMatchObject({ mode: 'trial', balance: '200000' });
    let balance = 200000n;
    for (let i = 0; i < 5; i++) {
      const res = await play(token, { action: 'play', stake: '1000', params: oneShot.dice });
      expect(res.statusCode, res.body).toBe(200);
      balance += BigInt(res.json().value.round.payout) - 1000n;
      expect(BigInt(res.json().value.balance)).toBe(balance);
    }
    expect(await count('ledger_transaction')).toBe(ledgerBefore);
    expect(await count('bet')).toBe(betsBefore);
    expect(await count('house_callback')).toBe(callbacksBefore);
    const broke = await play(token, { action: 'play', stake: '300000', params: oneShot.dice });
    expect(broke.json().code).toBe('wallet.insufficient');
  });
});

describe('bad input', () => {
  it('answers clear errors and writes nothing', async () => {
    const token = await launch('dice');
    const rounds = await count('house_round');
    const noToken = await t.app.inject({ method: 'GET', url: '/house/api/session' });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().code).toBe('game.token.invalid');
    expect((await session('not-a-real-token')).json().code).toBe('game.token.invalid');
    const badStake = await play(token, { action: 'play', stake: '1.50', params: oneShot.dice });
    expect(badStake.statusCode).toBe(400);
    expect(badStake.json().code).toBe('request_param_err');
    const noStake = await play(token, { action: 'play', params: oneShot.dice });
    expect(noStake.json()).toMatchObject({ code: 'game.bet.invalid', value: { reason: 'STAKE_INVALID' } });
    const tooBig = await play(token, { action: 'play', stake: '100000001', params: oneShot.dice });
    expect(tooBig.json()).toMatchObject({ code: 'game.bet.invalid', value: { reason: 'STAKE_LIMIT' } });
    const badTarget = await play(token, {
      action: 'play',
      stake: '100',
      params: { target: 99999, direction: 'over' },
    });
    expect(badTarget.statusCode).toBe(400);
    expect(badTarget.json()).toMatchObject({ code: 'game.bet.invalid', value: { field: 'target' } });
    const wrongAction = await play(token, { action: 'hit' });
    expect(wrongAction.json().code).toBe('game.round.state');
    const badVerify = await t.app.inject({
      method: 'POST',
      url: '/house/api/verify',
      payload: { engine: 'nope', serverSeed: 'a', clientSeed: 'b', nonce: -1 },
    });
    expect(badVerify.json().code).toBe('request_param_err');
    expect(await count('house_round')).toBe(rounds);
  });
});

describe('launch through the lobby', () => {
  it('the catalogue game opens its engine with a working token, real and free play', async () => {
    const game = await t.db
      .selectFrom('game')
      .select(['node_id', 'game_code'])
      .where('merchant_id', '=', merchantId)
      .where('adapter', '=', 'house')
      .where('engine', '=', 'dice')
      .where('enabled', '=', true)
      .executeTakeFirst();
    expect(game, 'the demo catalogue lists a dice game').toBeDefined();
    for (const [accountType, mode] of [
      [1, 'real'],
      [0, 'trial'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/game/launchGame?nodeId=${game!.node_id}&accountType=${accountType}`,
        headers: { authorization: siteToken },
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = new URL(res.json().value.content.game_url, 'http://x');
      expect(url.pathname).toBe('/play/dice');
      expect(url.searchParams.get('game')).toBe(game!.game_code);
      expect(url.searchParams.get('mode')).toBe(mode);
      const s = (await session(url.searchParams.get('token')!)).json().value;
      expect(s).toMatchObject({ engine: 'dice', gameCode: game!.game_code, mode });
    }
  });
});
