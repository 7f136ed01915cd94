import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import {
  TEST_GATEWAY_SECRET,
  count,
  gatewayBody,
  gatewayCallback,
  mainBalance,
  newMember,
  ops,
  postingsOf,
  sign,
  snapshot,
  waitForDeposit,
} from '../../test/factories/payments.js';

let t: TestApp;
let member: { id: string; token: string; account: string };
/** Every gateway callback the app received (the pay page's background deliveries included), in order. */
const callbacksReceived: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    demo: true,
    config: { DEMO_GATEWAY_SECRET: TEST_GATEWAY_SECRET },
    beforeReady: (app) => {
      app.addHook('onRequest', async (request) => {
        if (request.url === '/payments/demo/callback')
          callbacksReceived.push(String(request.headers['x-signature']));
      });
    },
  });
  member = await newMember(t);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const auth = (token = member.token) => ({ authorization: token });
let seq = 0;
const key = (prefix = 'dep') => `${prefix}-${Date.now()}-${++seq}`;

const createDeposit = (payload: Record<string, unknown>, token = member.token) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/transaction/deposit',
    payload: { requestId: key(), ...payload },
    headers: auth(token),
  });

/**
 * Pays or cancels `deposit` on the pay page and waits until its callback has settled it. Its
 * delivery is queued behind any delivery asked for before, so once it has landed, every earlier
 * one has at least arrived (the deterministic point to count callbacks at).
 */
async function completeOnPayPage(
  deposit: { depositId: string; redirectUrl: string },
  action: 'pay' | 'cancel',
) {
  const sig = new URL(deposit.redirectUrl, 'http://x').searchParams.get('sig')!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/pay/demo/${deposit.depositId}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `sig=${sig}&action=${action}`,
  });
  expect(res.statusCode).toBe(303);
  const settled = await waitForDeposit(t, member.token, deposit.depositId);
  expect(settled.status).toBe(action === 'pay' ? 'paid' : 'cancelled');
}

/** Posts a callback exactly as the gateway would (or tampered, with another signature). */
const callback = (body: Record<string, unknown>, signature?: string, merchant = 'demo') =>
  gatewayCallback(t, body, signature, merchant);

async function gatewayDeposit(amount: number | string = '25.00', token = member.token) {
  const res = await createDeposit({ channel: 'DEMOPAY', amount }, token);
  expect(res.statusCode).toBe(200);
  return res.json().value as { depositId: string; redirectUrl: string; status: string };
}

describe('deposit settings', () => {
  it('lists the brand’s channels with their limits and the member’s paid deposits', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getDepositSettings',
      headers: auth(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      allowDeposit: 'Y',
      channels: [
        { code: 'BANK', kind: 'BANK_TRANSFER', name: 'Bank transfer', min: 50, max: 100_000 },
        { code: 'DEMOPAY', kind: 'DEMO_GATEWAY', name: 'Demo gateway', min: 10, max: 50_000 },
      ],
      totalDepositSuccessCount: 0,
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getDepositSettings' });
    expect(res.statusCode).toBe(401);
  });
});

describe('demo gateway, end to end', () => {
  it('pays through the pay page: signed callback credits once, balance goes up', async () => {
    const before = await mainBalance(t, member.token);
    const deposit = await gatewayDeposit('125.50');
    expect(deposit.status).toBe('pending');
    expect(deposit.redirectUrl).toMatch(new RegExp(`^/pay/demo/${deposit.depositId}\\?sig=[0-9a-f]{64}$`));

    const pageRes = await t.app.inject({ method: 'GET', url: deposit.redirectUrl });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toContain('text/html');
    const csp = String(pageRes.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    const html = pageRes.body;
    expect(html).not.toMatch(/<script|onclick=|javascript:/i);
    expect(html).toContain(`<form method="post" action="/pay/demo/${deposit.depositId}/complete">`);
    expect(html).toContain('USD 125.50');
    expect(html).toContain('>Pay</button>');
    const sig = /name="sig" value="([0-9a-f]{64})"/.exec(html)![1]!;

    const complete = await t.app.inject({
      method: 'POST',
      url: `/pay/demo/${deposit.depositId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sig=${sig}&action=pay&lang=EN`,
    });
    expect(complete.statusCode).toBe(303);
    expect(complete.headers.location).toBe(`/member?page=depositv2&deposit=${deposit.depositId}`);

    const settled = await waitForDeposit(t, member.token, deposit.depositId);
    expect(settled).toMatchObject({ status: 'paid', amount: 125.5 });
    expect(await mainBalance(t, member.token)).toBeCloseTo(before + 125.5, 2);

    const row = await t.db
      .selectFrom('deposit_request')
      .select(['ledger_transaction_id', 'gateway_ref'])
      .where('id', '=', deposit.depositId)
      .executeTakeFirstOrThrow();
    expect(row.gateway_ref).toMatch(/^DG[0-9A-F]{16}$/);
    expect(await postingsOf(t, [row.ledger_transaction_id!])).toEqual([
      { kind: 'DEPOSIT', account: 'main', amount: 12_550 },
      { kind: 'DEPOSIT', account: 'payments_clearing', amount: -12_550 },
    ]);

    // The page now says it is paid and offers no form; paying again sends nothing.
    const again = await t.app.inject({ method: 'GET', url: deposit.redirectUrl });
    expect(again.body).toContain('already paid');
    expect(again.body).not.toContain('<form');
    const ledgerBefore = await count(t, 'ledger_transaction');
    const callbacksBefore = callbacksReceived.length;
    const repeated = await t.app.inject({
      method: 'POST',
      url: `/pay/demo/${deposit.depositId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sig=${sig}&action=pay`,
    });
    expect(repeated.statusCode).toBe(303);
    // A later order's cancellation lands: exactly its one callback arrived, none for the paid one.
    await completeOnPayPage(await gatewayDeposit('10'), 'cancel');
    expect(callbacksReceived.length).toBe(callbacksBefore + 1);
    expect(await count(t, 'ledger_transaction')).toBe(ledgerBefore);

    const settings = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getDepositSettings',
      headers: auth(),
    });
    expect(settings.json().value.totalDepositSuccessCount).toBeGreaterThanOrEqual(1);
  });

  it('cancels through the pay page: nothing credited', async () => {
    const before = await mainBalance(t, member.token);
    const deposit = await gatewayDeposit('30');
    const sig = new URL(deposit.redirectUrl, 'http://x').searchParams.get('sig')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/pay/demo/${deposit.depositId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sig=${sig}&action=cancel`,
    });
    expect(res.statusCode).toBe(303);
    expect((await waitForDeposit(t, member.token, deposit.depositId)).status).toBe('cancelled');
    expect(await mainBalance(t, member.token)).toBe(before);
  });

  it('translates the page by the lang query or the Language cookie', async () => {
    const deposit = await gatewayDeposit();
    const zh = await t.app.inject({ method: 'GET', url: `${deposit.redirectUrl}&lang=zh` });
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('>支付</button>');
    expect(zh.body).toContain('name="lang" value="ZH"');
    const cookie = await t.app.inject({
      method: 'GET',
      url: deposit.redirectUrl,
      headers: { cookie: 'Language=ZH' },
    });
    expect(cookie.body).toContain('>取消</button>');
    const en = await t.app.inject({ method: 'GET', url: deposit.redirectUrl });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('>Cancel</button>');
  });

  it('refuses a tampered or foreign pay link and a tampered form', async () => {
    const deposit = await gatewayDeposit();
    const other = await gatewayDeposit();
    const otherSig = new URL(other.redirectUrl, 'http://x').searchParams.get('sig')!;
    for (const url of [
      `/pay/demo/${deposit.depositId}?sig=${otherSig}`,
      `/pay/demo/${deposit.depositId}`,
      `/pay/demo/${deposit.depositId}?sig=${'0'.repeat(64)}`,
      `/pay/demo/abc?sig=${otherSig}`,
      `/pay/demo/999999999?sig=${otherSig}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('invalid');
    }
    const forged = await t.app.inject({
      method: 'POST',
      url: `/pay/demo/${deposit.depositId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sig=${otherSig}&action=pay`,
    });
    expect(forged.statusCode).toBe(404);
    // The other order's own cancellation lands: its callback is the only one that arrived.
    const callbacksBefore = callbacksReceived.length;
    await completeOnPayPage(other, 'cancel');
    expect(callbacksReceived.length).toBe(callbacksBefore + 1);
    expect((await waitForDeposit(t, member.token, deposit.depositId, 0)).status).toBe('pending');
  });
});

describe('gateway callback', () => {
  it('credits exactly once when the same callback arrives 5 times at once', async () => {
    const before = await mainBalance(t, member.token);
    const ledgerBefore = await count(t, 'ledger_transaction');
    const deposit = await gatewayDeposit('25.00');
    const body = gatewayBody(deposit.depositId, 'paid');
    const replies = await Promise.all(Array.from({ length: 5 }, () => callback(body)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((r) => r.json().success)).toEqual([true, true, true, true, true]);
    expect(replies.filter((r) => r.json().value.applied)).toHaveLength(1);
    expect(replies.every((r) => r.json().value.status === 'paid')).toBe(true);
    expect(await count(t, 'ledger_transaction')).toBe(ledgerBefore + 1);
    expect(await mainBalance(t, member.token)).toBeCloseTo(before + 25, 2);
  });

  it('ignores a failed or cancelled notification after paid (out of order)', async () => {
    const deposit = await gatewayDeposit('25.00');
    expect((await callback(gatewayBody(deposit.depositId, 'paid'))).json().value.applied).toBe(true);
    const balance = await mainBalance(t, member.token);
    for (const status of ['failed', 'cancelled', 'paid']) {
      const res = await callback(gatewayBody(deposit.depositId, status));
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toEqual({ depositId: deposit.depositId, status: 'paid', applied: false });
    }
    expect(await mainBalance(t, member.token)).toBe(balance);
  });

  it('a paid notification after failed still credits (the last word on money wins), once', async () => {
    const deposit = await gatewayDeposit('25.00');
    const failed = await callback(gatewayBody(deposit.depositId, 'failed'));
    expect(failed.json().value).toMatchObject({ status: 'failed', applied: true });
    expect((await callback(gatewayBody(deposit.depositId, 'cancelled'))).json().value).toMatchObject({
      status: 'failed',
      applied: false,
    });
    const balance = await mainBalance(t, member.token);
    expect((await callback(gatewayBody(deposit.depositId, 'paid'))).json().value).toMatchObject({
      status: 'paid',
      applied: true,
    });
    expect((await callback(gatewayBody(deposit.depositId, 'paid'))).json().value.applied).toBe(false);
    expect(await mainBalance(t, member.token)).toBeCloseTo(balance + 25, 2);
  });

  it('refuses a bad, missing or foreign signature with 401 and credits nothing', async () => {
    const deposit = await gatewayDeposit('25.00');
    const body = gatewayBody(deposit.depositId, 'paid');
    const raw = JSON.stringify(body);
    const before = await snapshot(t);
    const tampered = JSON.stringify({ ...body, amount: '25.00 ' });
    for (const signature of [
      sign(raw, 'another-secret-another-secret-another'),
      sign(tampered),
      'not-hex',
      '',
      sign(raw).toUpperCase().replace(/.$/, '0'),
    ]) {
      const res = await callback(body, signature);
      expect(res.statusCode, signature).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'payment.signature.invalid' });
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/payments/demo/callback',
      payload: raw,
      headers: { 'content-type': 'application/json', merchant: 'demo' },
    });
    expect(unsigned.statusCode).toBe(401);
    // The signature covers the exact bytes: the same JSON re-serialised differently is refused.
    const spaced = JSON.stringify(body, null, 1);
    const reformatted = await t.app.inject({
      method: 'POST',
      url: '/payments/demo/callback',
      payload: spaced,
      headers: { 'content-type': 'application/json', 'x-signature': sign(raw), merchant: 'demo' },
    });
    expect(reformatted.statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
    expect((await waitForDeposit(t, member.token, deposit.depositId, 0)).status).toBe('pending');
  });

  it('refuses an amount or currency that differs from the request (400), crediting nothing', async () => {
    const deposit = await gatewayDeposit('25.00');
    const before = await snapshot(t);
    for (const override of [{ amount: '25.01' }, { amount: '2500' }, { currency: 'EUR' }]) {
      const res = await callback({ ...gatewayBody(deposit.depositId, 'paid'), ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('deposit.amount.mismatch');
    }
    const malformed = await callback({ ...gatewayBody(deposit.depositId, 'paid'), amount: '-25' });
    expect(malformed.json().code).toBe('request_param_err');
    expect(await snapshot(t)).toEqual(before);
    expect((await waitForDeposit(t, member.token, deposit.depositId, 0)).status).toBe('pending');
  });

  it('answers 404 for an unknown deposit or a bank deposit, 400 for a malformed body', async () => {
    expect((await callback(gatewayBody('999999999', 'paid'))).statusCode).toBe(404);
    const bank = await createDeposit({ channel: 'BANK', amount: 100 });
    const bankRes = await callback(gatewayBody(bank.json().value.depositId, 'paid', '100.00'));
    expect(bankRes.statusCode).toBe(404);
    const bad = await callback({ depositId: 'x', status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request_param_err');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/payments/demo/callback',
      payload: '{"depositId":',
      headers: { 'content-type': 'application/json', 'x-signature': sign('{"depositId":') },
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('bank transfer deposits', () => {
  it('stay pending with the bank to pay into until an operator approves, then credit once', async () => {
    const before = await mainBalance(t, member.token);
    const res = await createDeposit({ channel: 'bank', amount: '100.00', payerNote: 'from Pat' });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      status: 'pending',
      redirectUrl: null,
      bank: {
        bankName: 'Arcadia Demo Bank',
        accountName: 'Arcadia Demo Ltd',
        accountNumber: '6222 0000 1234 5678',
        reference: `D${value.depositId}`,
      },
    });
    expect(await mainBalance(t, member.token)).toBe(before);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/deposits?status=pending',
      headers: ops,
    });
    expect(queue.json().value.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          depositId: value.depositId,
          account: member.account,
          payerNote: 'from Pat',
        }),
      ]),
    );

    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${value.depositId}/approve`,
      payload: { note: 'seen on statement' },
      headers: ops,
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().value).toMatchObject({
      replayed: false,
      deposit: { status: 'paid', decisionNote: 'seen on statement' },
    });
    expect(await mainBalance(t, member.token)).toBeCloseTo(before + 100, 2);

    const again = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${value.depositId}/approve`,
      headers: ops,
    });
    expect(again.json().value).toMatchObject({ replayed: true, deposit: { status: 'paid' } });
    expect(await mainBalance(t, member.token)).toBeCloseTo(before + 100, 2);

    const reject = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${value.depositId}/reject`,
      payload: { reason: 'too late' },
      headers: ops,
    });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().code).toBe('request.state');
  });

  it('credits once when two operators approve at the same moment', async () => {
    const before = await mainBalance(t, member.token);
    const ledgerBefore = await count(t, 'ledger_transaction');
    const { depositId } = (await createDeposit({ channel: 'BANK', amount: 60 })).json().value;
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/ops/merchants/demo/deposits/${depositId}/approve`,
          headers: ops,
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(replies.filter((r) => !r.json().value.replayed)).toHaveLength(1);
    expect(await count(t, 'ledger_transaction')).toBe(ledgerBefore + 1);
    expect(await mainBalance(t, member.token)).toBeCloseTo(before + 60, 2);
  });

  it('a rejected deposit credits nothing and cannot be approved', async () => {
    const before = await mainBalance(t, member.token);
    const { depositId } = (await createDeposit({ channel: 'BANK', amount: 70 })).json().value;
    const reject = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${depositId}/reject`,
      payload: { reason: 'no matching transfer' },
      headers: ops,
    });
    expect(reject.json().value).toMatchObject({
      replayed: false,
      deposit: { status: 'rejected', decisionNote: 'no matching transfer' },
    });
    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${depositId}/approve`,
      headers: ops,
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('request.state');
    expect(await mainBalance(t, member.token)).toBe(before);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/wps/transaction/deposits?status=rejected',
      headers: auth(),
    });
    expect(mine.json().value.list.map((d: { depositId: string }) => d.depositId)).toContain(depositId);
  });

  it('operators cannot approve or reject a gateway deposit, nor without the key', async () => {
    const deposit = await gatewayDeposit();
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${deposit.depositId}/approve`,
      headers: ops,
    });
    expect(res.statusCode).toBe(409);
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${deposit.depositId}/approve`,
    });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().code).toBe('ops.key.invalid');
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/nobrand/deposits/${deposit.depositId}/approve`,
      headers: ops,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/deposits/999999999/approve',
      headers: ops,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('deposit requests', () => {
  it('are idempotent per member and requestId', async () => {
    const requestId = key('same');
    const first = await createDeposit({ channel: 'DEMOPAY', amount: 15, requestId });
    const second = await createDeposit({ channel: 'DEMOPAY', amount: '15.00', requestId });
    expect(second.json().value).toMatchObject({
      depositId: first.json().value.depositId,
      replayed: true,
      redirectUrl: first.json().value.redirectUrl,
    });
    expect(first.json().value.replayed).toBe(false);
    const conflict = await createDeposit({ channel: 'DEMOPAY', amount: 16, requestId });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('duplicate.request');
    // Another member may use the same key for their own request.
    const other = await newMember(t);
    const theirs = await createDeposit({ channel: 'DEMOPAY', amount: 15, requestId }, other.token);
    expect(theirs.json().value.depositId).not.toBe(first.json().value.depositId);
  });

  it('creates one request for 10 concurrent identical submissions', async () => {
    const before = await count(t, 'deposit_request');
    const requestId = key('burst');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => createDeposit({ channel: 'BANK', amount: 55, requestId })),
    );
    expect(new Set(replies.map((r) => r.json().value.depositId)).size).toBe(1);
    expect(await count(t, 'deposit_request')).toBe(before + 1);
  });

  it.each([
    [{ amount: -5 }, 'request_param_err'],
    [{ amount: 0 }, 'request_param_err'],
    [{ amount: '0.00' }, 'request_param_err'],
    [{ amount: '10.001' }, 'request_param_err'],
    [{ amount: '1e3' }, 'request_param_err'],
    [{ amount: '99999999999999999999' }, 'request_param_err'],
    [{ amount: 'ten' }, 'request_param_err'],
    [{ amount: { value: 10 } }, 'request_param_err'],
    [{ amount: null }, 'request_param_err'],
    [{ amount: 9.99 }, 'deposit.limit'],
    [{ amount: 50_000.01 }, 'deposit.limit'],
    [{ channel: 'BANK', amount: 49 }, 'deposit.limit'],
    [{ channel: 'NOPE' }, 'payment.channel.unknown'],
    [{ channel: 42 }, 'request_param_err'],
    [{ requestId: 'short' }, 'request_param_err'],
    [{ requestId: undefined }, 'request_param_err'],
    [{ payerNote: 'x'.repeat(201) }, 'request_param_err'],
  ])('refuses %j with %s and writes nothing', async (override, code) => {
    const before = await snapshot(t);
    const res = await createDeposit({ channel: 'DEMOPAY', amount: 20, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await snapshot(t)).toEqual(before);
  });

  it('another member’s deposit is invisible (404), as is a malformed id (400)', async () => {
    const deposit = await gatewayDeposit();
    const other = await newMember(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/wps/transaction/deposits/${deposit.depositId}`,
      headers: auth(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not.found');
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/transaction/deposits',
      headers: auth(other.token),
    });
    expect(list.json().value).toMatchObject({ list: [], totalCount: 0 });
    for (const id of ['abc', '0', '99999999999999999999', '-1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/transaction/deposits/${id}`,
        headers: auth(),
      });
      expect(res.statusCode, id).toBe(400);
    }
  });

  it('lists the member’s deposits newest first, paged', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/transaction/deposits?pageSize=2',
      headers: auth(),
    });
    const value = res.json().value;
    expect(value.list).toHaveLength(2);
    expect(value.totalCount).toBeGreaterThan(2);
    expect(BigInt(value.list[0].depositId)).toBeGreaterThan(BigInt(value.list[1].depositId));
    const bad = await t.app.inject({
      method: 'GET',
      url: '/wps/transaction/deposits?pageSize=500&status=lost',
      headers: auth(),
    });
    expect(Object.keys(bad.json().value.fields).sort()).toEqual(['pageSize', 'status']);
  });
});
