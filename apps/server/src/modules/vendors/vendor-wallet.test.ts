import { randomUUID } from 'node:crypto';
import { vendorReplySchema } from '@arcadia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundMain, memberId } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { createVendorSession } from './vendor-session.js';
import { signVendorBody, vendorSecret } from './vendor-secret.js';

let t: TestApp;
let player: string;
let merchantId: number;
let secret: string;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  player = await memberId(t.db, 'demoplayer');
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  secret = (await vendorSecret(t.db, merchantId, 'house'))!;
  token = (
    await createVendorSession(t.db, {
      merchantId,
      memberId: player,
      vendorCode: 'house',
      gameCode: 'dice',
      mode: 'real',
    })
  ).token;
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const id = () => randomUUID();

/** Sends a signed callback; returns HTTP status, the raw reply text and its parsed body. */
async function call(op: string, body: unknown, opts: { signature?: string; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/vendor/house/${op}`,
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-signature': opts.signature ?? signVendorBody(secret, raw),
    },
  });
  return { http: res.statusCode, text: res.body, body: vendorReplySchema.parse(res.json()) };
}

const mainBalance = async (member = player) =>
  BigInt(
    (
      await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_id', '=', member)
        .where('kind', '=', 'main')
        .executeTakeFirstOrThrow()
    ).balance,
  );

const bet = (over: Record<string, unknown> = {}) => ({
  request_id: id(),
  transaction_id: id(),
  player_id: player,
  session_token: token,
  round_id: id(),
  game_code: 'dice',
  amount: '100',
  currency: 'USD',
  ...over,
});
const win = (round: string, over: Record<string, unknown> = {}) => ({
  request_id: id(),
  transaction_id: id(),
  player_id: player,
  round_id: round,
  game_code: 'dice',
  amount: '250',
  currency: 'USD',
  round_closed: true,
  ...over,
});

describe('signature', () => {
  it('refuses a wrong, missing or other-body signature with 401 INVALID_SIGNATURE and moves nothing', async () => {
    const before = await mainBalance();
    const body = bet();
    const raw = JSON.stringify(body);
    for (const signature of [
      '',
      'zz',
      signVendorBody('another-secret', raw),
      signVendorBody(secret, `${raw} `),
    ]) {
      const r = await call('bet', body, { signature, raw });
      expect(r.http).toBe(401);
      expect(r.body.status).toBe('INVALID_SIGNATURE');
    }
    expect(await mainBalance()).toBe(before);
  });

  it('verifies the raw bytes: the same JSON re-serialised differently needs its own signature', async () => {
    const body = { request_id: id(), player_id: player };
    const raw = `{ "request_id": "${body.request_id}",  "player_id": "${player}" }`;
    const ok = await call('balance', body, { raw });
    expect(ok.body.status).toBe('OK');
    const bad = await call('balance', body, { raw, signature: signVendorBody(secret, JSON.stringify(body)) });
    expect(bad.http).toBe(401);
  });
});

describe('authenticate and balance', () => {
  it('resolves a launch token to the player and balance; an unknown token is SESSION_EXPIRED', async () => {
    const r = await call('authenticate', { request_id: id(), session_token: token });
    expect(r.body).toEqual({
      status: 'OK',
      player_id: player,
      account: 'demoplayer',
      currency: 'USD',
      balance: (await mainBalance()).toString(),
    });
    expect((await call('authenticate', { request_id: id(), session_token: 'nope' })).body.status).toBe(
      'SESSION_EXPIRED',
    );
    expect((await call('balance', { request_id: id(), player_id: '999999' })).body.status).toBe(
      'PLAYER_NOT_FOUND',
    );
  });

  it('answers BAD_REQUEST for malformed bodies and unknown operations', async () => {
    expect((await call('bet', { ...bet(), amount: '1.5' })).body.status).toBe('BAD_REQUEST');
    expect((await call('bet', { ...bet(), amount: '0' })).body.status).toBe('BAD_REQUEST');
    expect((await call('bet', { ...bet(), currency: 'EUR' })).body.status).toBe('BAD_REQUEST');
    expect((await call('bet', {}, { raw: 'not json' })).body.status).toBe('BAD_REQUEST');
    expect((await call('steal', { request_id: id() })).body.status).toBe('BAD_REQUEST');
  });
});

describe('bet and win', () => {
  it('debits, credits, writes one settled bet row and the rollups', async () => {
    const before = await mainBalance();
    const b = bet();
    const r1 = await call('bet', b);
    expect(r1.body).toMatchObject({ status: 'OK', balance: (before - 100n).toString(), currency: 'USD' });
    const r2 = await call('win', win(b.round_id));
    expect(r2.body).toMatchObject({ status: 'OK', balance: (before + 150n).toString() });
    const row = await t.db
      .selectFrom('bet')
      .selectAll()
      .where('round_id', '=', b.round_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      stake: '100',
      valid_bet: '100',
      payout: '250',
      status: 'settled',
      adapter: 'house',
    });
    expect(row.settled_at).not.toBeNull();
  });

  it('a win of "0" settles the round without a ledger posting', async () => {
    const before = await mainBalance();
    const b = bet();
    await call('bet', b);
    const r = await call('win', win(b.round_id, { amount: '0' }));
    expect(r.body).toMatchObject({ status: 'OK', balance: (before - 100n).toString() });
    const row = await t.db
      .selectFrom('bet')
      .selectAll()
      .where('round_id', '=', b.round_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'settled', payout: '0', valid_bet: '100' });
  });

  it('a win for a round with no bet is BET_NOT_FOUND', async () => {
    const r = await call('win', win(id()));
    expect(r.body.status).toBe('BET_NOT_FOUND');
  });
});

describe('idempotency', () => {
  it('a replayed request id gets the stored reply byte for byte, and money moves once', async () => {
    const b = bet();
    const first = await call('bet', b);
    await call('bet', bet()); // the balance changes in between
    const again = await call('bet', b);
    expect(again.text).toBe(first.text);
    const count = await t.db
      .selectFrom('vendor_tx')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('transaction_id', '=', b.transaction_id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('the same transaction under a new request id is applied once (OK, current balance)', async () => {
    const b = bet();
    await call('bet', b);
    const balance = await mainBalance();
    const retry = await call('bet', { ...b, request_id: id() });
    expect(retry.body).toMatchObject({ status: 'OK', balance: balance.toString() });
    expect(await mainBalance()).toBe(balance);
  });

  it('the same transaction id with a different body is DUPLICATE_TRANSACTION', async () => {
    const b = bet();
    await call('bet', b);
    const balance = await mainBalance();
    const dup = await call('bet', { ...b, request_id: id(), amount: '101' });
    expect(dup.body).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: balance.toString() });
    const asWin = await call('win', win(b.round_id, { transaction_id: b.transaction_id }));
    expect(asWin.body.status).toBe('DUPLICATE_TRANSACTION');
    expect(await mainBalance()).toBe(balance);
  });

  it('a request id reused for another body is BAD_REQUEST', async () => {
    const b = bet();
    await call('bet', b);
    const r = await call('bet', { ...bet(), request_id: b.request_id });
    expect(r.body.status).toBe('BAD_REQUEST');
  });
});

describe('rollback', () => {
  it('refunds a bet and voids the round; a win after that is BET_ALREADY_ROLLED_BACK', async () => {
    const before = await mainBalance();
    const b = bet();
    await call('bet', b);
    const rb = {
      request_id: id(),
      transaction_id: id(),
      ref_transaction_id: b.transaction_id,
      player_id: player,
      round_id: b.round_id,
    };
    const r = await call('rollback', rb);
    expect(r.body).toMatchObject({ status: 'OK', balance: before.toString() });
    // A second rollback (another id) of the same bet succeeds without moving money.
    expect((await call('rollback', { ...rb, request_id: id(), transaction_id: id() })).body.status).toBe(
      'OK',
    );
    expect(await mainBalance()).toBe(before);
    const row = await t.db
      .selectFrom('bet')
      .selectAll()
      .where('round_id', '=', b.round_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'void', stake: '0', valid_bet: '0' });
    const w = await call('win', win(b.round_id));
    expect(w.body).toMatchObject({ status: 'BET_ALREADY_ROLLED_BACK', balance: before.toString() });
    expect(await mainBalance()).toBe(before);
  });

  it('of an unknown bet succeeds and leaves a tombstone: the late bet and a win are refused', async () => {
    const before = await mainBalance();
    const b = bet();
    const r = await call('rollback', {
      request_id: id(),
      transaction_id: id(),
      ref_transaction_id: b.transaction_id,
      player_id: player,
      round_id: b.round_id,
    });
    expect(r.body).toMatchObject({ status: 'OK', balance: before.toString() });
    const late = await call('bet', b);
    expect(late.body).toMatchObject({ status: 'BET_ALREADY_ROLLED_BACK', balance: before.toString() });
    expect((await call('win', win(b.round_id))).body.status).toBe('BET_ALREADY_ROLLED_BACK');
    expect(await mainBalance()).toBe(before);
    expect(await t.db.selectFrom('bet').select('id').where('round_id', '=', b.round_id).execute()).toEqual(
      [],
    );
  });

  it('of a settled round is refused (BAD_REQUEST): the payout stands', async () => {
    const b = bet();
    await call('bet', b);
    await call('win', win(b.round_id));
    const balance = await mainBalance();
    const r = await call('rollback', {
      request_id: id(),
      transaction_id: id(),
      ref_transaction_id: b.transaction_id,
      player_id: player,
      round_id: b.round_id,
    });
    expect(r.body.status).toBe('BAD_REQUEST');
    expect(await mainBalance()).toBe(balance);
  });
});

describe('sessions', () => {
  it('after expiry a bet is SESSION_EXPIRED, but the win and a rollback of that round land', async () => {
    const s = await createVendorSession(t.db, {
      merchantId,
      memberId: player,
      vendorCode: 'house',
      gameCode: 'dice',
      mode: 'real',
    });
    const b = bet({ session_token: s.token });
    expect((await call('bet', b)).body.status).toBe('OK');
    const b2 = bet({ session_token: s.token });
    expect((await call('bet', b2)).body.status).toBe('OK');
    await t.db
      .updateTable('vendor_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const before = await mainBalance();
    expect((await call('bet', bet({ session_token: s.token }))).body.status).toBe('SESSION_EXPIRED');
    expect((await call('authenticate', { request_id: id(), session_token: s.token })).body.status).toBe(
      'SESSION_EXPIRED',
    );
    const w = await call('win', win(b.round_id));
    expect(w.body).toMatchObject({ status: 'OK', balance: (before + 250n).toString() });
    const rb = await call('rollback', {
      request_id: id(),
      transaction_id: id(),
      ref_transaction_id: b2.transaction_id,
      player_id: player,
      round_id: b2.round_id,
    });
    expect(rb.body).toMatchObject({ status: 'OK', balance: (before + 350n).toString() });
    token = (
      await createVendorSession(t.db, {
        merchantId,
        memberId: player,
        vendorCode: 'house',
        gameCode: 'dice',
        mode: 'real',
      })
    ).token;
  });

  it('a token of another member is refused for a bet', async () => {
    const agent = await memberId(t.db, 'demoagent');
    const s = await createVendorSession(t.db, {
      merchantId,
      memberId: agent,
      vendorCode: 'house',
      gameCode: 'dice',
      mode: 'real',
    });
    expect((await call('bet', bet({ session_token: s.token }))).body.status).toBe('SESSION_EXPIRED');
  });
});

describe('funds', () => {
  it('insufficient funds answers the current balance and writes nothing', async () => {
    const balance = await mainBalance();
    const b = bet({ amount: (balance + 1n).toString() });
    const r = await call('bet', b);
    expect(r.body).toEqual({ status: 'INSUFFICIENT_FUNDS', balance: balance.toString(), currency: 'USD' });
    expect(await t.db.selectFrom('bet').select('id').where('round_id', '=', b.round_id).execute()).toEqual(
      [],
    );
    expect(await mainBalance()).toBe(balance);
  });

  it('50 concurrent bets on one balance never overdraw and leave the exact balance', async () => {
    const fresh = await t.db
      .insertInto('member')
      .values({
        merchant_id: merchantId,
        account: `conc${Date.now() % 1e6}`,
        type: 0,
        password_hash: 'x',
        register_method: 'TEST',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await fundMain(t.db, fresh.id, 1000n);
    const s = await createVendorSession(t.db, {
      merchantId,
      memberId: fresh.id,
      vendorCode: 'house',
      gameCode: 'dice',
      mode: 'real',
    });
    // 50 bets of 30 on 1000: exactly 33 fit.
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('bet', bet({ player_id: fresh.id, session_token: s.token, amount: '30' })),
      ),
    );
    const statuses = replies.map((r) => r.body.status);
    expect(statuses.filter((x) => x === 'OK')).toHaveLength(33);
    expect(statuses.filter((x) => x === 'INSUFFICIENT_FUNDS')).toHaveLength(17);
    expect(await mainBalance(fresh.id)).toBe(10n);
    const rows = await t.db.selectFrom('bet').select('stake').where('member_id', '=', fresh.id).execute();
    expect(rows.length).toBe(33);
  });
});

describe('settle item hash', () => {
  it('is the hash a single win of the same content has', async () => {
    const { settleItemHash, winPayloadHash } = await import('./vendor-wallet.service.js');
    const items = [
      { player_id: '1', round_id: 'L1', game_code: 'SSC1', amount: '0' },
      { player_id: '900000000000000001', round_id: 'S42', game_code: 'SPORTS', amount: '123456789' },
      { player_id: '7', round_id: 'r"\\\n\u2028é😀', game_code: 'g</script>', amount: '-5' },
    ];
    for (const it of items) {
      for (const currency of ['USD', 'VND']) {
        expect(settleItemHash(currency, it)).toBe(
          winPayloadHash({
            request_id: 'x',
            transaction_id: 'y',
            session_token: 'z',
            ...it,
            currency,
            round_closed: true,
          }),
        );
        expect(settleItemHash(currency, it)).toBe(winPayloadHash({ ...it, currency, round_closed: true }));
      }
    }
  });
});

describe('settle, compact form (wins as columns, closes)', () => {
  /** Places a bet of 100 on a new round; returns the round id. */
  async function placed(): Promise<string> {
    const b = bet();
    expect((await call('bet', b)).body.status).toBe('OK');
    return b.round_id;
  }
  const betRow = (round: string) =>
    t.db
      .selectFrom('bet')
      .select(['status', 'payout', 'valid_bet', 'settled_at'])
      .where('round_id', '=', round)
      .executeTakeFirstOrThrow();
  const validBet = async () =>
    (
      await t.db
        .selectFrom('member_stat_daily')
        .select((eb) => eb.fn.sum<string>('valid_bet').as('v'))
        .where('member_id', '=', player)
        .executeTakeFirstOrThrow()
    ).v;
  const txCount = async (round: string) =>
    (await t.db.selectFrom('vendor_tx').select('transaction_id').where('round_id', '=', round).execute())
      .length;
  const columns = (
    wins: { round: string; tx: string; amount: string }[],
    closes: string[],
    over: Record<string, unknown> = {},
  ) => ({
    request_id: id(),
    currency: 'USD',
    ...(wins.length > 0
      ? {
          wins: {
            transaction_id: wins.map((w) => w.tx),
            player_id: wins.map(() => player),
            round_id: wins.map((w) => w.round),
            game_code: wins.map(() => 'dice'),
            amount: wins.map((w) => w.amount),
          },
        }
      : {}),
    ...(closes.length > 0 ? { closes: { player_id: closes.map(() => player), round_id: closes } } : {}),
    ...over,
  });

  it('pays the wins, closes the losses without a transaction, and answers each in order', async () => {
    const [won, lost, lost2] = [await placed(), await placed(), await placed()];
    const before = await mainBalance();
    const validBefore = BigInt((await validBet()) ?? 0);
    const body = columns([{ round: won, tx: `${won}:w`, amount: '250' }], [lost, lost2, 'no-such-round']);
    const r = await call('settle', body);
    expect(r.body.status).toBe('OK');
    expect(r.body.results).toEqual([
      { transaction_id: `${won}:w`, status: 'OK', balance: (before + 250n).toString() },
    ]);
    expect(r.body.closed).toEqual(['OK', 'OK', 'BET_NOT_FOUND']);
    expect(await mainBalance()).toBe(before + 250n);
    expect(await betRow(won)).toMatchObject({ status: 'settled', payout: '250', valid_bet: '100' });
    expect(await betRow(lost)).toMatchObject({ status: 'settled', payout: '0', valid_bet: '100' });
    expect((await betRow(lost)).settled_at).not.toBeNull();
    // Valid bet counts the three settled rounds once each.
    expect(BigInt((await validBet()) ?? 0)).toBe(validBefore + 300n);
    // A close is no transaction: only the bet's own.
    expect(await txCount(lost)).toBe(1);
    expect(await txCount(won)).toBe(2);

    // The same request: the stored reply, byte for byte.
    expect((await call('settle', body)).text).toBe(r.text);
    // Sent again under a new request id (a recovery): everything answers OK, nothing moves.
    const again = await call('settle', { ...body, request_id: id() });
    expect(again.body.results?.map((x) => x.status)).toEqual(['OK']);
    expect(again.body.closed).toEqual(['OK', 'OK', 'BET_NOT_FOUND']);
    expect(await mainBalance()).toBe(before + 250n);
    expect(BigInt((await validBet()) ?? 0)).toBe(validBefore + 300n);
    // The win is the same transaction in either form, and as a single win.
    const asItems = await call('settle', {
      request_id: id(),
      currency: 'USD',
      items: [
        { transaction_id: `${won}:w`, player_id: player, round_id: won, game_code: 'dice', amount: '250' },
      ],
    });
    expect(asItems.body.results?.[0]?.status).toBe('OK');
    const single = await call('win', win(won, { transaction_id: `${won}:w`, amount: '250' }));
    expect(single.body.status).toBe('OK');
    const other = await call('settle', columns([{ round: won, tx: `${won}:w`, amount: '999' }], []));
    expect(other.body.results?.[0]?.status).toBe('DUPLICATE_TRANSACTION');
    expect(await mainBalance()).toBe(before + 250n);
  });

  it('a closed round stays closed: no rollback; a rolled-back round is not closed', async () => {
    const lost = await placed();
    expect((await call('settle', columns([], [lost]))).body.closed).toEqual(['OK']);
    const rb = await call('rollback', {
      request_id: id(),
      transaction_id: id(),
      ref_transaction_id: (
        await t.db
          .selectFrom('vendor_tx')
          .select('transaction_id')
          .where('round_id', '=', lost)
          .executeTakeFirstOrThrow()
      ).transaction_id,
      player_id: player,
      round_id: lost,
    });
    expect(rb.body.status).toBe('BAD_REQUEST');
    // Refunded first: the close answers BET_ALREADY_ROLLED_BACK and changes nothing.
    const b = bet();
    expect((await call('bet', b)).body.status).toBe('OK');
    const before = await mainBalance();
    expect(
      (
        await call('rollback', {
          request_id: id(),
          transaction_id: id(),
          ref_transaction_id: b.transaction_id,
          player_id: player,
          round_id: b.round_id,
        })
      ).body.status,
    ).toBe('OK');
    expect((await call('settle', columns([], [b.round_id]))).body.closed).toEqual([
      'BET_ALREADY_ROLLED_BACK',
    ]);
    expect(await betRow(b.round_id)).toMatchObject({ status: 'void', valid_bet: '0' });
    expect(await mainBalance()).toBe(before + 100n);
  });

  it('two settlements of the same closes at once settle each round once', async () => {
    const rounds = [await placed(), await placed(), await placed()];
    const validBefore = BigInt((await validBet()) ?? 0);
    const replies = await Promise.all([
      call('settle', columns([], rounds)),
      call('settle', columns([], rounds)),
    ]);
    for (const r of replies) expect(r.body.closed).toEqual(['OK', 'OK', 'OK']);
    expect(BigInt((await validBet()) ?? 0)).toBe(validBefore + 300n);
  });

  it('is validated whole: columns of different lengths, an empty batch, a bad value, another currency', async () => {
    const lost = await placed();
    const uneven = columns([{ round: lost, tx: `${lost}:w`, amount: '1' }], []);
    (uneven.wins as { amount: string[] }).amount.push('2');
    expect((await call('settle', uneven)).body).toMatchObject({
      status: 'BAD_REQUEST',
      message: 'wins: every column holds one value per win',
    });
    expect(
      (
        await call('settle', {
          request_id: id(),
          currency: 'USD',
          closes: { player_id: [player], round_id: [] },
        })
      ).body.status,
    ).toBe('BAD_REQUEST');
    expect((await call('settle', { request_id: id(), currency: 'USD' })).body.status).toBe('BAD_REQUEST');
    expect(
      (await call('settle', columns([{ round: lost, tx: `${lost}:w`, amount: '1.5' }], []))).body.status,
    ).toBe('BAD_REQUEST');
    expect((await call('settle', columns([], [lost], { currency: 'EUR' }))).body.status).toBe('BAD_REQUEST');
    expect(await betRow(lost)).toMatchObject({ status: 'open' });
  });
});
