import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { createPaymentsRepository } from './payments.repository.js';
import { PROOF_MAX_BYTES } from './payments.service.js';
import { count, mainBalance, newMember, ops, postingsOf, snapshot } from '../../test/factories/payments.js';

let t: TestApp;
type Member = Awaited<ReturnType<typeof newMember>>;
let member: Member;

const PAYPWD = '246810';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('fake png body'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('fake jpeg body')]);
const GIF = Buffer.from('GIF89a fake gif body');

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
// A fresh member per test: the brand allows five withdrawals a day.
beforeEach(async () => {
  member = await newMember(t, { fundMinor: 1_000_000n, paymentPassword: PAYPWD });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

let seq = 0;
const key = (prefix = 'wd') => `${prefix}-${Date.now()}-${++seq}`;
const auth = (m: Member = member) => ({ authorization: m.token });

const withdraw = (payload: Record<string, unknown>, m: Member = member) =>
  t.encrypted(
    'POST',
    '/wps/v2/transaction/withdraw',
    {
      amount: 20,
      paymentPassword: PAYPWD,
      requestId: key(),
      bankName: 'Demo Bank',
      accountNumber: '1234 5678 9012',
      ...payload,
    },
    auth(m),
  );

const decide = (id: string, action: 'approve' | 'reject', payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/ops/merchants/demo/withdrawals/${id}/${action}`,
    headers: ops,
    ...(payload ? { payload } : {}),
  });

const confirm = (payload: Record<string, unknown>, m: Member = member) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/transaction/withdraw/confirm',
    payload,
    headers: auth(m),
  });

async function paidWithdrawal(amount: number | string = 20, m: Member = member) {
  const res = await withdraw({ amount }, m);
  expect(res.statusCode).toBe(200);
  const id = res.json().value.withdrawId as string;
  expect((await decide(id, 'approve')).statusCode).toBe(200);
  return id;
}

const txIds = async (id: string) =>
  t.db
    .selectFrom('withdraw_request')
    .select(['hold_tx_id', 'settle_tx_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('withdrawal settings', () => {
  it('shows the brand’s limits, the day’s count and whether a payment password is set', async () => {
    const fresh = await newMember(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getWithdrawSettings?groupId=0',
      headers: auth(fresh),
    });
    expect(res.json().value).toEqual({
      minimumAmount: 10,
      maximumAmount: 50_000,
      dailyCount: 5,
      usedToday: 0,
      hasPaymentPassword: false,
      confirmMinutes: 60,
      turnoverLeft: 0,
    });
  });
});

describe('withdrawal lifecycle', () => {
  it('holds the amount at request, and an approval pays it out of clearing', async () => {
    const before = await mainBalance(t, member.token);
    const res = await withdraw({ amount: '150.25', accountName: 'Pat Payee' });
    expect(res.statusCode).toBe(200);
    const { withdrawId, status, replayed } = res.json().value;
    expect({ status, replayed }).toEqual({ status: 'pending', replayed: false });
    expect(await mainBalance(t, member.token)).toBeCloseTo(before - 150.25, 2);
    const { hold_tx_id } = await txIds(withdrawId);
    expect(await postingsOf(t, [hold_tx_id!])).toEqual([
      { kind: 'WITHDRAW', account: 'main', amount: -15_025 },
      { kind: 'WITHDRAW', account: 'withdrawals_clearing', amount: 15_025 },
    ]);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/withdrawals?status=pending',
      headers: ops,
    });
    expect(queue.json().value.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          withdrawId,
          account: member.account,
          amount: 150.25,
          bankName: 'Demo Bank',
          accountNumber: '1234 5678 9012',
          accountName: 'Pat Payee',
          payeeName: 'Pat Payee',
        }),
      ]),
    );

    const approve = await decide(withdrawId, 'approve', { note: 'sent by wire' });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().value).toMatchObject({
      replayed: false,
      withdrawal: { status: 'paid', confirmStatus: 'none', decisionNote: 'sent by wire' },
    });
    expect(approve.json().value.withdrawal.confirmDeadline).not.toBeNull();
    expect(await mainBalance(t, member.token)).toBeCloseTo(before - 150.25, 2);
    const { settle_tx_id } = await txIds(withdrawId);
    expect(await postingsOf(t, [settle_tx_id!])).toEqual([
      { kind: 'WITHDRAW_PAID', account: 'payments_clearing', amount: 15_025 },
      { kind: 'WITHDRAW_PAID', account: 'withdrawals_clearing', amount: -15_025 },
    ]);

    const again = await decide(withdrawId, 'approve');
    expect(again.json().value).toMatchObject({ replayed: true, withdrawal: { status: 'paid' } });
    const reject = await decide(withdrawId, 'reject', { reason: 'changed my mind' });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().code).toBe('request.state');
    expect((await txIds(withdrawId)).settle_tx_id).toBe(settle_tx_id);
  });

  it('a rejection returns the held amount to the main wallet', async () => {
    const before = await mainBalance(t, member.token);
    const { withdrawId } = (await withdraw({ amount: 40 })).json().value;
    expect(await mainBalance(t, member.token)).toBeCloseTo(before - 40, 2);
    const reject = await decide(withdrawId, 'reject', { reason: 'account name mismatch' });
    expect(reject.json().value).toMatchObject({
      replayed: false,
      withdrawal: { status: 'rejected', decisionNote: 'account name mismatch' },
    });
    expect(await mainBalance(t, member.token)).toBe(before);
    const { settle_tx_id } = await txIds(withdrawId);
    expect(await postingsOf(t, [settle_tx_id!])).toEqual([
      { kind: 'WITHDRAW_REVERSAL', account: 'main', amount: 4_000 },
      { kind: 'WITHDRAW_REVERSAL', account: 'withdrawals_clearing', amount: -4_000 },
    ]);
    expect((await decide(withdrawId, 'approve')).json().code).toBe('request.state');
    expect((await decide(withdrawId, 'reject', { reason: 'again' })).json().value.replayed).toBe(true);
    expect(await mainBalance(t, member.token)).toBe(before);
  });

  it('settles once when operators approve and reject at the same moment', async () => {
    const before = await mainBalance(t, member.token);
    const { withdrawId } = (await withdraw({ amount: 35 })).json().value;
    const ledgerBefore = await count(t, 'ledger_transaction');
    const replies = await Promise.all([
      decide(withdrawId, 'approve'),
      decide(withdrawId, 'reject', { reason: 'race one' }),
      decide(withdrawId, 'approve'),
      decide(withdrawId, 'reject', { reason: 'race two' }),
    ]);
    const won = replies.filter((r) => r.statusCode === 200 && !r.json().value.replayed);
    expect(won).toHaveLength(1);
    expect(await count(t, 'ledger_transaction')).toBe(ledgerBefore + 1);
    const outcome = won[0]!.json().value.withdrawal.status as string;
    for (const r of replies) {
      if (r.statusCode === 200) expect(r.json().value.withdrawal.status).toBe(outcome);
      else expect(r.json().code).toBe('request.state');
    }
    expect(await mainBalance(t, member.token)).toBeCloseTo(outcome === 'paid' ? before - 35 : before, 2);
  });

  it('is idempotent per requestId, also under 10 concurrent submissions', async () => {
    const before = await mainBalance(t, member.token);
    const requestId = key('same');
    const replies = await Promise.all(Array.from({ length: 10 }, () => withdraw({ amount: 12, requestId })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(replies.map((r) => r.json().value.withdrawId)).size).toBe(1);
    expect(replies.filter((r) => !r.json().value.replayed)).toHaveLength(1);
    expect(await mainBalance(t, member.token)).toBeCloseTo(before - 12, 2);
    const conflict = await withdraw({ amount: 13, requestId });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('duplicate.request');
    await decide(replies[0]!.json().value.withdrawId, 'reject', { reason: 'test cleanup' });
  });

  it('lists the member’s withdrawals newest first; another member sees none of them', async () => {
    for (const amount of [10, 11, 12, 13]) await withdraw({ amount });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/wps/transaction/withdrawals?pageSize=3',
      headers: auth(),
    });
    const value = mine.json().value;
    expect(value.list).toHaveLength(3);
    expect(BigInt(value.list[0].withdrawId)).toBeGreaterThan(BigInt(value.list[1].withdrawId));
    const other = await newMember(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/wps/transaction/withdrawals',
      headers: auth(other),
    });
    expect(theirs.json().value).toMatchObject({ list: [], totalCount: 0 });
  });
});

describe('withdrawal refusals write nothing', () => {
  it.each([
    [{ amount: -5 }, 'request_param_err'],
    [{ amount: 0 }, 'request_param_err'],
    [{ amount: '20.001' }, 'request_param_err'],
    [{ amount: '2e2' }, 'request_param_err'],
    [{ amount: '99999999999999999999' }, 'request_param_err'],
    [{ amount: true }, 'request_param_err'],
    [{ amount: [20] }, 'request_param_err'],
    [{ amount: 9.99 }, 'withdraw.limit'],
    [{ amount: 50_000.01 }, 'withdraw.limit'],
    [{ paymentPassword: '000000' }, 'payment.password.invalid'],
    [{ paymentPassword: '' }, 'request_param_err'],
    [{ requestId: 'short' }, 'request_param_err'],
    [{ accountNumber: '<script>' }, 'request_param_err'],
  ])('%j → %s', async (override, code) => {
    const before = await snapshot(t);
    const balance = await mainBalance(t, member.token);
    const res = await withdraw(override);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(await snapshot(t)).toEqual(before);
    expect(await mainBalance(t, member.token)).toBe(balance);
  });

  it('insufficient funds → wallet.insufficient', async () => {
    const poor = await newMember(t, { fundMinor: 5_000n, paymentPassword: PAYPWD });
    const before = await snapshot(t);
    const res = await withdraw({ amount: 50.01 }, poor);
    expect(res.json().code).toBe('wallet.insufficient');
    expect(await snapshot(t)).toEqual(before);
    expect(await mainBalance(t, poor.token)).toBe(50);
    // The first withdrawal of a fresh brand creates its clearing account: a refusal must not
    // leave a stale id behind (the next request still works).
    expect((await withdraw({ amount: 50 }, poor)).statusCode).toBe(200);
  });

  it('no payment password → payment.password.required', async () => {
    const fresh = await newMember(t, { fundMinor: 100_000n });
    const before = await snapshot(t);
    expect((await withdraw({}, fresh)).json().code).toBe('payment.password.required');
    expect(await snapshot(t)).toEqual(before);
  });

  it('needs an encrypted body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/v2/transaction/withdraw',
      payload: { amount: 20, paymentPassword: PAYPWD, requestId: key() },
      headers: auth(),
    });
    expect(res.json().code).toBe('request_body_required');
  });

  it('allows five a day; rejected ones do not count', async () => {
    const m = await newMember(t, { fundMinor: 1_000_000n, paymentPassword: PAYPWD });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await withdraw({ amount: 10 }, m);
      expect(res.statusCode).toBe(200);
      ids.push(res.json().value.withdrawId);
    }
    const before = await snapshot(t);
    const sixth = await withdraw({ amount: 10 }, m);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({
      code: 'withdraw.daily.count',
      value: { dailyCount: 5, usedToday: 5 },
    });
    expect(await snapshot(t)).toEqual(before);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getWithdrawSettings',
      headers: auth(m),
    });
    expect(settings.json().value).toMatchObject({ usedToday: 5, hasPaymentPassword: true });
    await decide(ids[0]!, 'reject', { reason: 'frees a slot' });
    expect((await withdraw({ amount: 10 }, m)).statusCode).toBe(200);
  });

  it('counts the day’s withdrawals exactly under concurrent requests', async () => {
    const m = await newMember(t, { fundMinor: 1_000_000n, paymentPassword: PAYPWD });
    const replies = await Promise.all(Array.from({ length: 8 }, () => withdraw({ amount: 10 }, m)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(replies.filter((r) => r.json().code === 'withdraw.daily.count')).toHaveLength(3);
    expect(await mainBalance(t, m.token)).toBe(10_000 - 50);
  });
});

describe('receipt confirmation (spec §4)', () => {
  it('received: recorded once, then it cannot change', async () => {
    const id = await paidWithdrawal();
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: auth(),
    });
    expect(list.json().value.confirmMinutes).toBe(60);
    expect(list.json().value.list.map((w: { withdrawId: string }) => w.withdrawId)).toContain(id);

    const res = await confirm({ withdrawId: id, status: 'received' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      withdrawId: id,
      confirmStatus: 'received',
      confirmDeadline: null,
    });
    expect(res.json().value.confirmedAt).not.toBeNull();
    for (const body of [
      { withdrawId: id, status: 'received' },
      { withdrawId: id, status: 'not_received', proof: PNG.toString('base64') },
    ]) {
      const again = await confirm(body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'request.state', value: { confirmStatus: 'received' } });
    }
    const after = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: auth(),
    });
    expect(after.json().value.list.map((w: { withdrawId: string }) => w.withdrawId)).not.toContain(id);
  });

  it('partial: records how much did not arrive (more than zero, less than the amount)', async () => {
    const id = await paidWithdrawal(100);
    for (const [remainingAmount, field] of [
      [undefined, 'remainingAmount'],
      [0, 'remainingAmount'],
      [100, 'remainingAmount'],
      [150, 'remainingAmount'],
      ['1.001', 'remainingAmount'],
      [-5, 'remainingAmount'],
    ] as const) {
      const res = await confirm({ withdrawId: id, status: 'partial', remainingAmount });
      expect(res.statusCode, String(remainingAmount)).toBe(400);
      expect(Object.keys(res.json().value.fields)).toEqual([field]);
    }
    const ok = await confirm({ withdrawId: Number(id), status: 'partial', remainingAmount: '30.50' });
    expect(ok.json().value).toMatchObject({ confirmStatus: 'partial', remainingAmount: 30.5 });
    const row = await t.db
      .selectFrom('withdraw_request')
      .select(['remaining_amount', 'confirm_status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ remaining_amount: '3050', confirm_status: 'partial' });
    expect((await confirm({ withdrawId: id, status: 'received' })).statusCode).toBe(409);
  });

  it('not received: needs a PNG or JPEG proof of at most 5 MB, checked by its bytes', async () => {
    const id = await paidWithdrawal();
    const cases: [unknown, string][] = [
      [undefined, 'required'],
      ['', 'not_base64'],
      ['not base64 at all!', 'not_base64'],
      [GIF.toString('base64'), 'not_png_or_jpeg'],
      [Buffer.from('hello').toString('base64'), 'not_png_or_jpeg'],
      [`data:image/png;base64,${GIF.toString('base64')}`, 'not_png_or_jpeg'],
      [Buffer.concat([PNG, Buffer.alloc(PROOF_MAX_BYTES + 1 - PNG.length)]).toString('base64'), 'too_large'],
    ];
    for (const [proof, reason] of cases) {
      const res = await confirm({
        withdrawId: id,
        status: 'not_received',
        ...(proof === undefined ? {} : { proof }),
      });
      expect(res.statusCode, reason).toBe(400);
      expect(res.json()).toMatchObject({ code: 'proof.invalid', value: { reason } });
    }
    const typed = await confirm({ withdrawId: id, status: 'not_received', proof: 42 });
    expect(typed.json().code).toBe('request_param_err');

    const ok = await confirm({
      withdrawId: id,
      status: 'not_received',
      proof: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.confirmStatus).toBe('not_received');
    const proof = await t.app.inject({
      method: 'GET',
      url: `/ops/merchants/demo/withdrawals/${id}/proof`,
      headers: ops,
    });
    expect(proof.json().value).toEqual({ mime: 'image/png', data: PNG.toString('base64') });
    const queue = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/withdrawals?confirmStatus=not_received',
      headers: ops,
    });
    expect(queue.json().value.list).toEqual([
      expect.objectContaining({ withdrawId: id, proofMime: 'image/png' }),
    ]);
  });

  it('accepts a JPEG of exactly 5 MB', async () => {
    const id = await paidWithdrawal();
    const big = Buffer.concat([JPEG, Buffer.alloc(PROOF_MAX_BYTES - JPEG.length)]);
    const res = await confirm({ withdrawId: id, status: 'not_received', proof: big.toString('base64') });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('withdraw_request')
      .select([sql<number>`octet_length(proof)`.as('size'), 'proof_mime'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ size: PROOF_MAX_BYTES, proof_mime: 'image/jpeg' });
  });

  it('after confirmMinutes an unconfirmed payment counts as received, and stays so', async () => {
    const id = await paidWithdrawal(25);
    await t.db
      .updateTable('withdraw_request')
      .set({ paid_at: sql<Date>`now() - interval '61 minutes'` })
      .where('id', '=', id)
      .execute();
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/transaction/withdrawals?status=paid&pageSize=100',
      headers: auth(),
    });
    const item = list.json().value.list.find((w: { withdrawId: string }) => w.withdrawId === id);
    expect(item).toMatchObject({ confirmStatus: 'auto_received', confirmDeadline: null });
    expect(item.confirmedAt).not.toBeNull();
    const pending = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getPaymentConfirmationList',
      headers: auth(),
    });
    expect(pending.json().value.list.map((w: { withdrawId: string }) => w.withdrawId)).not.toContain(id);

    const late = await confirm({ withdrawId: id, status: 'not_received', proof: PNG.toString('base64') });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'request.state', value: { confirmStatus: 'auto_received' } });

    // The job persists what reads already show; nothing is refunded.
    const balance = await mainBalance(t, member.token);
    const changed = await createPaymentsRepository().autoConfirmDue(t.db, 1, 60);
    expect(changed).toBeGreaterThanOrEqual(1);
    const row = await t.db
      .selectFrom('withdraw_request')
      .select(['confirm_status', 'confirmed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.confirm_status).toBe('auto_received');
    expect(row.confirmed_at).not.toBeNull();
    expect(await createPaymentsRepository().autoConfirmDue(t.db, 1, 60)).toBe(0);
    expect(await mainBalance(t, member.token)).toBe(balance);
  });

  it('only a paid withdrawal can be confirmed', async () => {
    const { withdrawId } = (await withdraw({ amount: 11 })).json().value;
    const res = await confirm({ withdrawId, status: 'received' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'request.state', value: { status: 'pending' } });
    await decide(withdrawId, 'reject', { reason: 'cleanup' });
    expect((await confirm({ withdrawId, status: 'received' })).json().value.status).toBe('rejected');
  });

  it('another member’s withdrawal is 404; malformed ids and statuses are 400; nothing changes', async () => {
    const id = await paidWithdrawal();
    const other = await newMember(t);
    const foreign = await confirm({ withdrawId: id, status: 'received' }, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not.found');
    for (const body of [
      { withdrawId: 'abc', status: 'received' },
      { withdrawId: '99999999999999999999', status: 'received' },
      { withdrawId: -1, status: 'received' },
      { withdrawId: 1.5, status: 'received' },
      { withdrawId: id, status: 'lost' },
      { withdrawId: id },
    ]) {
      const res = await confirm(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('request_param_err');
    }
    const row = await t.db
      .selectFrom('withdraw_request')
      .select('confirm_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.confirm_status).toBe('none');
  });
});
