import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import {
  TEST_GATEWAY_SECRET,
  mainBalance,
  newMember,
  ops,
  postingsOf,
  sign,
  snapshot,
} from '../../test/factories/payments.js';

let t: TestApp;
let member: Awaited<ReturnType<typeof newMember>>;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { DEMO_GATEWAY_SECRET: TEST_GATEWAY_SECRET } });
  member = await newMember(t);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

let seq = 0;
const key = () => `adj-${Date.now()}-${++seq}`;
const adjust = (payload: Record<string, unknown>, headers: Record<string, string> = ops) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/merchants/demo/adjustments',
    payload: { account: member.account, amount: 10, reason: 'goodwill credit', requestId: key(), ...payload },
    headers,
  });

describe('manual adjustments', () => {
  it('credit and debit the member’s main wallet against the adjustments account, with a reason', async () => {
    const credit = await adjust({ amount: '200.00', reason: 'compensation for ticket #42' });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().value).toMatchObject({
      account: member.account,
      amount: 200,
      balance: 200,
      replayed: false,
    });
    expect(await postingsOf(t, [credit.json().value.transactionId])).toEqual([
      { kind: 'ADJUSTMENT', account: 'adjustments', amount: -20_000 },
      { kind: 'ADJUSTMENT', account: 'main', amount: 20_000 },
    ]);
    const debit = await adjust({ amount: -50.5, reason: 'duplicate bonus reversed' });
    expect(debit.json().value).toMatchObject({ amount: -50.5, balance: 149.5 });
    expect(await mainBalance(t, member.token)).toBe(149.5);

    const history = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/ODSFE2_MemTransDet?kind=ADJUSTMENT',
      headers: { authorization: member.token },
    });
    expect(history.json().value.list[0]).toMatchObject({
      kind: 'ADJUSTMENT',
      amount: -50.5,
      reference: 'duplicate bonus reversed',
    });
  });

  it('are idempotent by requestId; another request under the key is a 409', async () => {
    const requestId = key();
    const first = await adjust({ amount: 5, requestId });
    const again = await adjust({ amount: 5, requestId });
    expect(again.json().value).toMatchObject({
      replayed: true,
      transactionId: first.json().value.transactionId,
    });
    const other = await adjust({ amount: 6, requestId });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('duplicate.request');
  });

  it('matches the account case-insensitively', async () => {
    const res = await adjust({ account: member.account.toUpperCase(), amount: 1 });
    expect(res.json().value.account).toBe(member.account);
  });

  it.each([
    [{ amount: 0 }, 400, 'request_param_err'],
    [{ amount: '-0.00' }, 400, 'request_param_err'],
    [{ amount: '1.001' }, 400, 'request_param_err'],
    [{ amount: '--5' }, 400, 'request_param_err'],
    [{ amount: '1e3' }, 400, 'request_param_err'],
    [{ amount: '99999999999999999999' }, 400, 'request_param_err'],
    [{ amount: 'ten' }, 400, 'request_param_err'],
    [{ amount: null }, 400, 'request_param_err'],
    [{ amount: -1_000_000 }, 400, 'wallet.insufficient'],
    [{ reason: 'no' }, 400, 'request_param_err'],
    [{ reason: '   ' }, 400, 'request_param_err'],
    [{ reason: 'x'.repeat(501) }, 400, 'request_param_err'],
    [{ reason: undefined }, 400, 'request_param_err'],
    [{ requestId: 'short' }, 400, 'request_param_err'],
    [{ account: 'nobody-here' }, 404, 'not.found'],
    [{ account: '' }, 400, 'request_param_err'],
  ])('refuses %j (%i %s) and writes nothing', async (override, status, code) => {
    const before = await snapshot(t);
    const balance = await mainBalance(t, member.token);
    const res = await adjust(override);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(await snapshot(t)).toEqual(before);
    expect(await mainBalance(t, member.token)).toBe(balance);
  });

  it('needs the operator key and a known brand', async () => {
    const before = await snapshot(t);
    expect((await adjust({}, {})).statusCode).toBe(401);
    expect((await adjust({}, { 'x-ops-key': 'wrong-key-wrong-key-wrong' })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/nobrand/adjustments',
      payload: { account: member.account, amount: 1, reason: 'goodwill', requestId: key() },
      headers: ops,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('operator audit log', () => {
  it('records every operator action with the actor, target and payload, newest first', async () => {
    const res = await adjust({ amount: 7, reason: 'audit me please' });
    const { depositId } = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/transaction/deposit',
        payload: { channel: 'BANK', amount: 80, requestId: key() },
        headers: { authorization: member.token },
      })
    ).json().value;
    await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${depositId}/reject`,
      payload: { reason: 'not received' },
      headers: ops,
    });
    const log = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/audit?pageSize=2',
      headers: ops,
    });
    const [newest, previous] = log.json().value.list;
    expect(newest).toMatchObject({
      actor: 'ops-key',
      action: 'deposit.reject',
      target: `deposit:${depositId}`,
      payload: { reason: 'not received', amount: '8000', member: member.account, replayed: false },
    });
    expect(previous).toMatchObject({
      actor: 'ops-key',
      action: 'adjustment',
      target: `member:${member.id}`,
      payload: {
        amount: '700',
        reason: 'audit me please',
        transactionId: res.json().value.transactionId,
        replayed: false,
      },
    });
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/audit?action=deposit.reject',
      headers: ops,
    });
    expect(filtered.json().value.list.every((r: { action: string }) => r.action === 'deposit.reject')).toBe(
      true,
    );
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await adjust({ amount: 1 });
    const before = await snapshot(t);
    await expect(sql`update operator_audit set actor = 'someone else'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from operator_audit`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate operator_audit`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await snapshot(t)).toEqual(before);
    const actors = await t.db.selectFrom('operator_audit').select('actor').distinct().execute();
    expect(actors).toEqual([{ actor: 'ops-key' }]);
  });

  it('reads need the operator key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ops/merchants/demo/audit' });
    expect(res.statusCode).toBe(401);
  });
});

describe('payment routes during maintenance', () => {
  it('the gateway callback and operator routes still answer; member deposits do not', async () => {
    const { depositId } = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/transaction/deposit',
        payload: { channel: 'DEMOPAY', amount: 12, requestId: key() },
        headers: { authorization: member.token },
      })
    ).json().value;
    const before = await mainBalance(t, member.token);
    const set = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/ops/merchants/demo/availability',
        headers: ops,
        payload: {
          maintenance: { enabled, message: null, endTime: null },
          regionBlock: { enabled: false, blockedRanges: [] },
        },
      });
    await set(true);
    try {
      const settings = await t.app.inject({
        method: 'GET',
        url: '/wps/relay/MCSFE_getDepositSettings',
        headers: { authorization: member.token },
      });
      expect(settings.statusCode).toBe(503);
      const raw = JSON.stringify({
        depositId,
        status: 'paid',
        amount: '12.00',
        currency: 'USD',
        gatewayRef: 'M1',
      });
      const callback = await t.app.inject({
        method: 'POST',
        url: '/payments/demo/callback',
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-signature': sign(raw) },
      });
      expect(callback.statusCode).toBe(200);
      expect(callback.json().value).toMatchObject({ status: 'paid', applied: true });
      const queue = await t.app.inject({ method: 'GET', url: '/ops/merchants/demo/deposits', headers: ops });
      expect(queue.statusCode).toBe(200);
    } finally {
      await set(false);
    }
    expect(await mainBalance(t, member.token)).toBe(before + 12);
  });
});
