import { walletBalanceSchema } from '@arcadia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMain, memberId } from '../../test/factories.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  token = await t.login('demoplayer', 'demo1234');
});
afterAll(() => t.close());

const auth = (tk = token) => ({ authorization: tk });
const balance = async (tk = token) =>
  walletBalanceSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: auth(tk) })).json().value,
  );
const transfer = (payload: Record<string, unknown>, tk = token, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    payload,
    headers: { ...auth(tk), ...headers },
  });
const txCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('ledger_transaction')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('balance', () => {
  it('shows the main wallet (type 2) with the opening deposit and the vendor wallet at zero', async () => {
    expect(await balance()).toEqual({
      sumBalance: 1000,
      balance: [
        { accountTypeId: 2, wallet: 'MAIN', availBalance: 1000 },
        { accountTypeId: 3, wallet: 'PT', availBalance: 0 },
      ],
      currency: 'USD',
      currencySymbol: '$',
      currencyScale: 2,
    });
  });
});

describe('wallet transfer', () => {
  it('moves money to the vendor wallet and back, all-in and all-out', async () => {
    const out = await transfer({
      fromWallet: 'MAIN',
      toWallet: 'PT',
      amount: '250.50',
      requestId: 'tr-000001',
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().value).toMatchObject({ amount: 250.5, replayed: false });
    expect(out.json().value.balance.balance[1].availBalance).toBe(250.5);

    const back = await transfer({
      fromWallet: 'PT',
      toWallet: 'MAIN',
      amount: 'ALL',
      requestId: 'tr-000002',
    });
    expect(back.json().value).toMatchObject({ amount: 250.5 });
    expect((await balance()).balance.map((b) => b.availBalance)).toEqual([1000, 0]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('answers with the balances a fresh read shows, new transfer, replay and "ALL" alike', async () => {
    const first = await transfer({
      fromWallet: 'MAIN',
      toWallet: 'PT',
      amount: '12.34',
      requestId: 'tr-bal-0001',
    });
    expect(first.json().value.balance).toEqual(await balance());
    // A second transfer moves the balances on; replaying the first answers today's balances.
    await transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: '1.00', requestId: 'tr-bal-0002' });
    const replay = await transfer({
      fromWallet: 'MAIN',
      toWallet: 'PT',
      amount: '12.34',
      requestId: 'tr-bal-0001',
    });
    expect(replay.json().value.replayed).toBe(true);
    expect(replay.json().value.balance).toEqual(await balance());
    const all = await transfer({
      fromWallet: 'PT',
      toWallet: 'MAIN',
      amount: 'ALL',
      requestId: 'tr-bal-0003',
    });
    expect(all.json().value.balance).toEqual(await balance());
    expect((await balance()).balance[1]!.availBalance).toBe(0);
  });

  it('replays an "ALL" transfer even after the wallet it emptied is empty', async () => {
    await transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: 5, requestId: 'all-in-0001' });
    const first = await transfer({
      fromWallet: 'PT',
      toWallet: 'MAIN',
      amount: 'ALL',
      requestId: 'all-out-0001',
    });
    const again = await transfer({
      fromWallet: 'PT',
      toWallet: 'MAIN',
      amount: 'ALL',
      requestId: 'all-out-0001',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({
      replayed: true,
      amount: 5,
      transactionId: first.json().value.transactionId,
    });
  });

  it('takes the idempotency key from the Idempotency-Key header too', async () => {
    const a = await transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: 1 }, token, {
      'idempotency-key': 'hdr-00000001',
    });
    const b = await transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: 1 }, token, {
      'idempotency-key': 'hdr-00000001',
    });
    expect(b.json().value).toMatchObject({ replayed: true, transactionId: a.json().value.transactionId });
    await transfer({ fromWallet: 'PT', toWallet: 'MAIN', amount: 'ALL', requestId: 'hdr-back-01' });
  });

  it('applies 100 concurrent identical requests exactly once', async () => {
    const before = await txCount();
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: '10', requestId: 'same-key-100' }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(replies.map((r) => r.json().value.transactionId)).size).toBe(1);
    expect(replies.filter((r) => !r.json().value.replayed)).toHaveLength(1);
    expect(await txCount()).toBe(before + 1);
    expect((await balance()).balance.map((b) => b.availBalance)).toEqual([990, 10]);
    await transfer({ fromWallet: 'PT', toWallet: 'MAIN', amount: 'ALL', requestId: 'same-key-back' });
  });

  it('never overdraws under 50 concurrent transfers that together ask for more than there is', async () => {
    const fresh = await t.encrypted('PUT', '/wps/member/register', {
      username: 'racer001',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    const tk = fresh.json().value.token;
    await fundMain(t.db, fresh.json().value.id, 100_000n);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: '30', requestId: `race-${i}-x` }, tk),
      ),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(33);
    expect(refused.every((r) => r.json().code === 'wallet.insufficient')).toBe(true);
    expect((await balance(tk)).balance.map((b) => b.availBalance)).toEqual([10, 990]);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('refuses the same key with a different request', async () => {
    await transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: 5, requestId: 'dup-key-001' });
    const res = await transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: 6, requestId: 'dup-key-001' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('duplicate.request');
    await transfer({ fromWallet: 'PT', toWallet: 'MAIN', amount: 'ALL', requestId: 'dup-key-back' });
  });

  it.each([
    [{ amount: -5 }, 'request_param_err'],
    [{ amount: 0 }, 'request_param_err'],
    [{ amount: '0.00' }, 'request_param_err'],
    [{ amount: '1.001' }, 'request_param_err'],
    [{ amount: '1e3' }, 'request_param_err'],
    [{ amount: '99999999999999999999' }, 'request_param_err'],
    [{ amount: 'ten' }, 'request_param_err'],
    [{ amount: 20_000 }, 'wallet.insufficient'],
    [{ toWallet: 'NOPE' }, 'wallet.unknown'],
    [{ toWallet: 'MAIN' }, 'request_param_err'],
    [{ requestId: 'short' }, 'request_param_err'],
    [{ requestId: undefined }, 'request_param_err'],
    [{ fromWallet: "MAIN' OR 1=1" }, 'request_param_err'],
  ])('refuses %j with %s and writes nothing', async (override, code) => {
    const before = await txCount();
    const body = {
      fromWallet: 'MAIN',
      toWallet: 'PT',
      amount: 1,
      requestId: `bad-${Math.random()}`,
      ...override,
    };
    const res = await transfer(body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().code).toBe(code);
    expect(await txCount()).toBe(before);
  });

  it('refuses trial accounts and visitors', async () => {
    expect(
      (await transfer({ fromWallet: 'MAIN', toWallet: 'PT', amount: 1, requestId: 'anon-00001' }, ''))
        .statusCode,
    ).toBe(401);
  });
});

describe('account record', () => {
  it('lists movements newest first with balances after, filtered and paged', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/ODSFE2_MemTransDet?pageSize=3&wallet=MAIN',
      headers: auth(),
    });
    const value = res.json().value;
    expect(value.list).toHaveLength(3);
    expect(value.totalCount).toBeGreaterThan(3);
    const ids = value.list.map((r: { id: string }) => BigInt(r.id));
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    const deposits = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/ODSFE2_MemTransDet?kind=DEPOSIT',
      headers: auth(),
    });
    expect(deposits.json().value.list).toEqual([
      expect.objectContaining({ kind: 'DEPOSIT', amount: 1000, balanceAfter: 1000, wallet: 'MAIN' }),
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/ODSFE2_MemTransDet?pageSize=1000&from=yesterday',
      headers: auth(),
    });
    expect(Object.keys(bad.json().value.fields).sort()).toEqual(['from', 'pageSize']);
  });
});

describe('team transfers', () => {
  const team = (payload: Record<string, unknown>, tk: string) =>
    t.encrypted(
      'POST',
      '/wps/member/transfer/team',
      { requestId: `team-${Math.random()}`, ...payload },
      auth(tk),
    );

  it('an agent pays its downline with the payment password; outsiders are invisible', async () => {
    const agent = await t.login('demoagent', 'demo1234');
    await fundMain(t.db, await memberId(t.db, 'demoagent'), 50_000n);
    const noPassword = await team(
      { direction: 'DOWNLINE', targetAccount: 'demoplayer', amount: 5, paymentPassword: 'x' },
      agent,
    );
    expect(noPassword.json().code).toBe('payment.password.required');

    const set = await t.encrypted(
      'POST',
      '/wps/member/password/payment',
      { password: 'demo1234', newPaymentPassword: '246810', confirmPaymentPassword: '246810' },
      auth(agent),
    );
    expect(set.json().value).toEqual({ set: true });

    const wrong = await team(
      { direction: 'DOWNLINE', targetAccount: 'demoplayer', amount: 5, paymentPassword: '000000' },
      agent,
    );
    expect(wrong.json().code).toBe('payment.password.invalid');
    const outsider = await team(
      { direction: 'DOWNLINE', targetAccount: 'racer001', amount: 5, paymentPassword: '246810' },
      agent,
    );
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().code).toBe('transfer.target.invalid');

    const before = (await balance()).balance[0]!.availBalance;
    const ok = await team(
      { direction: 'DOWNLINE', targetAccount: 'DemoPlayer', amount: '25.75', paymentPassword: '246810' },
      agent,
    );
    expect(ok.json().value).toMatchObject({ amount: 25.75, target: 'demoplayer' });
    expect((await balance()).balance[0]!.availBalance).toBeCloseTo(before + 25.75, 2);
  });

  it('a member pays its own upline but cannot pay sideways', async () => {
    await t.encrypted(
      'POST',
      '/wps/member/password/payment',
      { password: 'demo1234', newPaymentPassword: '135790', confirmPaymentPassword: '135790' },
      auth(),
    );
    const up = await team({ direction: 'UPLINE', amount: 1, paymentPassword: '135790' }, token);
    expect(up.json().value).toMatchObject({ target: 'demoagent' });
    const sideways = await team(
      { direction: 'DOWNLINE', targetAccount: 'racer001', amount: 1, paymentPassword: '135790' },
      token,
    );
    expect(sideways.json().code).toBe('forbidden');
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
