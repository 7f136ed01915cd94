import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundMain, memberId } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { createVendorSecrets } from '../vendors/index.js';
import { HouseAdapter } from './house.adapter.js';
import { createHouseRepository } from './house.repository.js';
import { type HouseService, createHouseService } from './house.service.js';
import { createHouseWalletClient } from './house.wallet.js';

/**
 * House games when things go wrong between the house and the wallet: lost answers recovered,
 * dropped callbacks retried, two instances serialised on one player, extra bets refused.
 */
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

describe('recovery', () => {
  it('refunds a bet whose answer was lost and delivers a win that did not arrive', async () => {
    const house = (t.app as unknown as { house?: HouseService }).house;
    const token = await launch('dice');
    const before = await mainBalance();
    const wallet = createHouseWalletClient({
      inject: () => (o) => t.app.inject(o),
      secrets: createVendorSecrets(t.db),
    });
    const s = await createHouseRepository(t.db).sessionByHash(
      createHash('sha256').update(token).digest('hex'),
    );
    const seed = await createHouseRepository(t.db).ensureSeed(merchantId, s!.player_key);

    // A crash after the bet went out: the round is still `betting`, its bet row pending.
    const bet = (round: string, amount: string) =>
      JSON.stringify({
        request_id: `hq-${round}:b0`,
        transaction_id: `${round}:b0`,
        player_id: player,
        session_token: token,
        round_id: round,
        game_code: 'dice',
        amount,
        currency: 'USD',
      });
    const round = (id: string, status: 'betting' | 'closed', payout = 0n) => ({
      round_id: id,
      session_id: s!.id,
      merchant_id: merchantId,
      player_key: s!.player_key,
      mode: 'real' as const,
      game_code: 'dice',
      engine: 'dice',
      seed_id: seed.id,
      nonce: 100000 + Math.floor(Math.random() * 1000),
      client_seed: 'x',
      params: '{}',
      stake: 500n,
      payout,
      status,
    });
    await t.db.insertInto('house_round').values(round('Hcrash1', 'betting')).execute();
    await t.db
      .insertInto('house_callback')
      .values({
        merchant_id: merchantId,
        round_id: 'Hcrash1',
        op: 'bet',
        request_id: 'hq-Hcrash1:b0',
        transaction_id: 'Hcrash1:b0',
        body: bet('Hcrash1', '500'),
      })
      .execute();
    expect((await wallet.send(merchantId, 'demo', 'bet', bet('Hcrash1', '500'))).ok).toBe(true);
    expect(await mainBalance()).toBe(before - 500n);

    // A win that never arrived: the bet was applied, the win sits in the outbox.
    await t.db
      .insertInto('house_round')
      .values(round('Hcrash2', 'closed', 1234n))
      .execute();
    expect((await wallet.send(merchantId, 'demo', 'bet', bet('Hcrash2', '500'))).ok).toBe(true);
    const win = JSON.stringify({
      request_id: 'hq-Hcrash2:w',
      transaction_id: 'Hcrash2:w',
      player_id: player,
      round_id: 'Hcrash2',
      game_code: 'dice',
      amount: '1234',
      currency: 'USD',
      round_closed: true,
    });
    await t.db
      .insertInto('house_callback')
      .values({
        merchant_id: merchantId,
        round_id: 'Hcrash2',
        op: 'win',
        request_id: 'hq-Hcrash2:w',
        transaction_id: 'Hcrash2:w',
        body: win,
      })
      .execute();
    expect(await mainBalance()).toBe(before - 1000n);

    expect(house).toBeDefined();
    const result = await house!.recover({ olderThanMs: -1000 });
    expect(result.settled).toBeGreaterThanOrEqual(2);
    expect(await mainBalance()).toBe(before - 500n + 1234n);
    const r1 = await t.db
      .selectFrom('house_round')
      .select('status')
      .where('round_id', '=', 'Hcrash1')
      .executeTakeFirstOrThrow();
    expect(r1.status).toBe('void');
    const pending = await t.db
      .selectFrom('house_callback')
      .select('request_id')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
    // Running it again changes nothing.
    await house!.recover({ olderThanMs: -1000 });
    expect(await mainBalance()).toBe(before - 500n + 1234n);
  });
});

describe('an unreliable wallet connection', () => {
  /** The same house service over a transport that drops chosen callbacks before they arrive. */
  function flakyHouse(drop: (op: string, attempt: number) => boolean) {
    const attempts = new Map<string, number>();
    const sent: { op: string; body: string }[] = [];
    const wallet = createHouseWalletClient({
      inject: () => async (o) => {
        const op = o.url.split('/').pop()!;
        const n = (attempts.get(op) ?? 0) + 1;
        attempts.set(op, n);
        if (drop(op, n)) throw new Error('connection reset');
        sent.push({ op, body: o.payload });
        return t.app.inject(o);
      },
      secrets: createVendorSecrets(t.db),
      backoffMs: () => 1,
    });
    return { house: createHouseService({ repository: createHouseRepository(t.db), wallet }), sent };
  }

  it('retries a lost win with the same ids and pays it once', async () => {
    const token = await launch('dice');
    const before = await mainBalance();
    const { house, sent } = flakyHouse((op, n) => op === 'win' && n <= 2);
    const { round, balance } = await house.play(token, {
      action: 'play',
      stake: '100',
      params: { target: 4999, direction: 'under' },
    });
    const wins = sent.filter((c) => c.op === 'win');
    expect(wins).toHaveLength(1);
    expect(JSON.parse(wins[0]!.body)).toMatchObject({
      transaction_id: `${round.roundId}:w`,
      amount: round.payout,
    });
    expect(await mainBalance()).toBe(before - 100n + BigInt(round.payout));
    expect(BigInt(balance)).toBe(await mainBalance());
  });

  it('rolls back a bet that never got an answer and charges nothing', async () => {
    const token = await launch('dice');
    const before = await mainBalance();
    const { fairness } = (await session(token)).json().value;
    // Every bet attempt is lost after reaching the platform: it is applied, but no answer comes back.
    const attempts = new Map<string, number>();
    const wallet = createHouseWalletClient({
      inject: () => async (o) => {
        const op = o.url.split('/').pop()!;
        attempts.set(op, (attempts.get(op) ?? 0) + 1);
        const res = await t.app.inject(o);
        if (op === 'bet') throw new Error('timeout');
        return res;
      },
      secrets: createVendorSecrets(t.db),
      backoffMs: () => 1,
    });
    const house = createHouseService({ repository: createHouseRepository(t.db), wallet });
    await expect(
      house.play(token, { action: 'play', stake: '100', params: { target: 4999, direction: 'under' } }),
    ).rejects.toMatchObject({ code: 'game.wallet.unavailable' });
    expect(attempts.get('bet')).toBe(3);
    expect(attempts.get('rollback')).toBe(1);
    expect(await mainBalance()).toBe(before);
    expect((await session(token)).json().value.fairness.nonce).toBe(fairness.nonce);
    const voided = await t.db
      .selectFrom('house_round')
      .select('status')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(voided.status).toBe('void');
    const bet = await t.db.selectFrom('bet').select('status').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(bet.status).toBe('void');
  });
});

describe('two instances', () => {
  it('serialise one player through the database lease: each nonce once, exact balance', async () => {
    const token = await launch('dice');
    const before = await mainBalance();
    const instance = () =>
      createHouseService({
        repository: createHouseRepository(t.db),
        wallet: createHouseWalletClient({
          inject: () => (o) => t.app.inject(o),
          secrets: createVendorSecrets(t.db),
        }),
      });
    const [a, b] = [instance(), instance()];
    const bet = { action: 'play' as const, stake: '100', params: { target: 5000, direction: 'over' } };
    const results = await Promise.allSettled([a, b, a, b, a, b].map((h) => h.play(token, bet)));
    let net = 0n;
    const nonces: number[] = [];
    for (const r of results) {
      if (r.status === 'fulfilled') {
        net += BigInt(r.value.round.payout) - 100n;
        nonces.push(r.value.round.nonce);
      } else expect(r.reason).toMatchObject({ code: 'game.busy' });
    }
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(await mainBalance()).toBe(before + net);
  });
});

describe('blackjack extra bets', () => {
  it('a double the balance cannot cover is refused and the hand stays as it was', async () => {
    const token = await launch('blackjack');
    let round: { roundId: string; status: string; stake: string; outcome: { actions: string[] } } | null =
      null;
    for (let i = 0; i < 20 && round?.status !== 'open'; i++) {
      const all = (await mainBalance()).toString();
      const res = await play(token, { action: 'deal', stake: all });
      expect(res.statusCode, res.body).toBe(200);
      round = res.json().value.round;
      if (round!.status !== 'open') await fundMain(t.db, player, 10_000n);
    }
    expect(round!.status).toBe('open');
    expect(round!.outcome.actions).toContain('double');
    const refused = await play(token, { action: 'double' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('wallet.insufficient');
    const resumed = (await session(token)).json().value.openRound;
    expect(resumed).toMatchObject({ roundId: round!.roundId, stake: round!.stake, status: 'open' });
    const stood = await play(token, { action: 'stand' });
    expect(stood.json().value.round.status).toBe('closed');
    await fundMain(t.db, player, 100_000n);
  });
});
