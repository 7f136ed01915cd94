import { riskFlagSchema, riskSettingsSchema } from '@arcadia/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoBrand } from '../../seeds/brands/demo.js';
import { encryptBodyForTest } from '../../lib/body-crypto.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { addBet } from '../../test/factories/agent.js';
import { createBrandRepository } from '../brand/index.js';
import { checkLedger } from '../ledger/index.js';
import { TEST_GATEWAY_SECRET, newMember, waitForDeposit } from '../../test/factories/payments.js';

/**
 * The risk desk through the app: each kind of flag raised from real deposits, withdrawals, bets
 * and registrations, never twice for one event; the review queue's clear and escalate with their
 * audit lines; the thresholds; brand scoping.
 */
let t: TestApp;
let merchantId: number;
const key = { 'x-ops-key': TEST_OPS_KEY };
const PAYPWD = '135790';
type Member = Awaited<ReturnType<typeof newMember>>;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { DEMO_GATEWAY_SECRET: TEST_GATEWAY_SECRET } });
  await createBrandRepository(t.db).insertFromFile({ ...demoBrand, code: 'other', name: 'Other Brand' });
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  // Low thresholds (major units) so small test amounts cross them.
  const res = await putSettings({
    largeWin: 300,
    largeDeposit: 150,
    largeWithdrawal: 80,
    sharedIpAccounts: 3,
    noPlayWindowHours: 24,
    reason: 'test thresholds',
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

let seq = 0;
const putSettings = (payload: Record<string, unknown>, code = 'demo') =>
  t.app.inject({ method: 'PUT', url: `/ops/merchants/${code}/risk/settings`, payload, headers: key });
const flags = async (query: string, code = 'demo') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/ops/merchants/${code}/risk/flags?${query}`,
    headers: key,
  });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as { list: unknown[]; total: number; open: Record<string, number> };
  return { ...value, list: value.list.map((f) => riskFlagSchema.parse(f)) };
};
/**
 * A member's flags other than the shared-IP one: every test member registers from the same
 * loopback address, whose one flag names whichever account was newest when it was raised.
 */
const flagsOf = async (m: Member, query = '') =>
  (await flags(`account=${m.account}${query}`)).list.filter((f) => f.kind !== 'shared_ip');
const review = (id: string, payload: Record<string, unknown>, code = 'demo') =>
  t.app.inject({
    method: 'POST',
    url: `/ops/merchants/${code}/risk/flags/${id}/review`,
    payload,
    headers: key,
  });

async function deposit(m: Member, amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/transaction/deposit',
    payload: { channel: 'DEMOPAY', amount, requestId: `risk-d-${++seq}-${Date.now()}` },
    headers: { authorization: m.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { depositId, redirectUrl } = res.json().value as { depositId: string; redirectUrl: string };
  // The member pays on the demo gateway's page.
  const page = await t.app.inject({ method: 'GET', url: redirectUrl });
  const sig = /name="sig" value="([0-9a-f]{64})"/.exec(page.body)![1]!;
  const complete = await t.app.inject({
    method: 'POST',
    url: `/pay/demo/${depositId}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `sig=${sig}&action=pay&lang=EN`,
  });
  expect(complete.statusCode).toBe(303);
  const paid = await waitForDeposit(t, m.token, depositId);
  expect(paid.status).toBe('paid');
}
async function withdraw(m: Member, amount: number) {
  const res = await t.encrypted(
    'POST',
    '/wps/v2/transaction/withdraw',
    {
      amount,
      paymentPassword: PAYPWD,
      requestId: `risk-w-${++seq}-${Date.now()}`,
      bankName: 'Demo Bank',
      accountNumber: '1234 5678 9012',
    },
    { authorization: m.token },
  );
  expect(res.statusCode, res.body).toBe(200);
}
const bet = (m: Member, stake: bigint, payout: bigint) =>
  addBet(t.db, { merchantId, memberId: m.id, at: new Date(), gameType: 'SLOT', stake, payout });

/** Registers a member from `ip`, as a browser behind that address would. */
async function registerFrom(ip: string) {
  const keyRes = await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
  const account = `ip${++seq}x${Math.random().toString(36).slice(2, 7)}`;
  const { header, body } = encryptBodyForTest(keyRes.json().value.publicKey, {
    username: account,
    password: 'secret123',
    confirmPassword: 'secret123',
    payeeName: 'Pat Payee',
  });
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    payload: body,
    headers: { encryption: header },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return account;
}

describe('flags raised from what members do', () => {
  it('a large deposit, a large withdrawal and a withdrawal right after it with no play', async () => {
    const m = await newMember(t, { paymentPassword: PAYPWD });
    await deposit(m, 200);
    await withdraw(m, 100);
    const list = await flagsOf(m);
    const byKind = Object.fromEntries(list.map((f) => [f.kind, f]));
    expect(Object.keys(byKind).sort()).toEqual([
      'large_deposit',
      'large_withdrawal',
      'withdraw_without_play',
    ]);
    expect(byKind.large_deposit).toMatchObject({ amount: '20000', status: 'open', reviewer: null });
    expect(byKind.large_deposit!.details).toMatchObject({ threshold: '15000' });
    expect(byKind.large_withdrawal).toMatchObject({ amount: '10000', details: { threshold: '8000' } });
    expect(byKind.withdraw_without_play).toMatchObject({
      amount: '10000',
      details: { depositAmount: '20000' },
    });
  });

  it('below the thresholds, or with a bet between deposit and withdrawal, nothing is raised', async () => {
    const m = await newMember(t, { paymentPassword: PAYPWD });
    await deposit(m, 100);
    await bet(m, 1000n, 0n);
    await withdraw(m, 50);
    expect(await flagsOf(m)).toEqual([]);
  });

  it('a void bet is no play: the withdrawal after it is still flagged', async () => {
    const m = await newMember(t, { paymentPassword: PAYPWD });
    await deposit(m, 100);
    await addBet(t.db, {
      merchantId,
      memberId: m.id,
      at: new Date(),
      gameType: 'SLOT',
      stake: 1000n,
      payout: 1000n,
      status: 'void',
    });
    await withdraw(m, 20);
    expect((await flagsOf(m)).map((f) => f.kind)).toEqual(['withdraw_without_play']);
  });

  it('a settled bet winning over the threshold; a smaller win is not', async () => {
    const m = await newMember(t, { fundMinor: 100_000n });
    await bet(m, 1_000n, 40_000n); // wins 390.00
    await bet(m, 1_000n, 20_000n); // wins 190.00
    const { list } = await flags(`account=${m.account}&kind=large_win`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      amount: '39000',
      details: { stake: '1000', payout: '40000', threshold: '30000' },
    });
  });

  it('many accounts on one IP: one flag for the IP, naming the newest account, whatever joins later', async () => {
    const ip = '198.51.100.23';
    await registerFrom(ip);
    await registerFrom(ip);
    expect((await flags('kind=shared_ip')).list.filter((f) => f.details.ip === ip)).toEqual([]);
    const third = await registerFrom(ip);
    let mine = (await flags('kind=shared_ip')).list.filter((f) => f.details.ip === ip);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ account: third, details: { count: 3 } });
    expect(mine[0]!.details.accounts).toHaveLength(3);
    await registerFrom(ip);
    mine = (await flags('kind=shared_ip')).list.filter((f) => f.details.ip === ip);
    expect(mine).toHaveLength(1);
  });

  it('the same event never flags twice: rescanning from the start adds nothing', async () => {
    const m = await newMember(t, { paymentPassword: PAYPWD });
    await deposit(m, 300);
    const before = (await flags('pageSize=1')).total;
    await sql`delete from risk_scan`.execute(t.db);
    expect((await flags('pageSize=1')).total).toBe(before);
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from risk_flag group by merchant_id, kind, source_key having count(*) > 1`.execute(
      t.db,
    );
    expect(rows).toEqual([]);
  });
});

describe('the review queue', () => {
  it('clears with a required reason (audited); a cleared flag cannot be reviewed again', async () => {
    const m = await newMember(t, { paymentPassword: PAYPWD });
    await deposit(m, 200);
    const [flag] = (await flags(`account=${m.account}&kind=large_deposit`)).list;
    expect((await review(flag!.id, { action: 'clear' })).json().code).toBe('request_param_err');
    expect((await review(flag!.id, { action: 'clear', reason: ' ' })).statusCode).toBe(400);
    const res = await review(flag!.id, { action: 'clear', reason: 'known high roller' });
    expect(res.statusCode, res.body).toBe(200);
    expect(riskFlagSchema.parse(res.json().value)).toMatchObject({
      status: 'cleared',
      reviewer: 'ops-key',
      reason: 'known high roller',
    });
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'risk.clear')
      .where('target', '=', m.account)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.payload).toMatchObject({
      flagId: flag!.id,
      kind: 'large_deposit',
      reason: 'known high roller',
    });
    const again = await review(flag!.id, { action: 'escalate', reason: 'second look' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('risk.flag_closed');
    // The queue filters by status.
    expect((await flags(`account=${m.account}&status=cleared`)).list.map((f) => f.id)).toEqual([flag!.id]);
    expect((await flags(`account=${m.account}&status=open&kind=large_deposit`)).list).toEqual([]);
  });

  it('escalates an open flag, then clears it; escalating twice is refused', async () => {
    const m = await newMember(t, { paymentPassword: PAYPWD });
    await deposit(m, 200);
    const [flag] = (await flags(`account=${m.account}&kind=large_deposit`)).list;
    const openBefore = (await flags('pageSize=1')).open.large_deposit!;
    expect(
      (await review(flag!.id, { action: 'escalate', reason: 'needs a document check' })).statusCode,
    ).toBe(200);
    expect((await flags('pageSize=1')).open.large_deposit).toBe(openBefore - 1);
    expect((await review(flag!.id, { action: 'escalate', reason: 'again' })).json().code).toBe(
      'risk.flag_closed',
    );
    const cleared = await review(flag!.id, { action: 'clear', reason: 'documents fine' });
    expect(cleared.json().value).toMatchObject({ status: 'cleared', reason: 'documents fine' });
    const actions = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('target', '=', m.account)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['risk.escalate', 'risk.clear']);
  });

  it('is scoped to the brand: another brand neither lists nor reviews its flags', async () => {
    const m = await newMember(t, { paymentPassword: PAYPWD });
    await deposit(m, 200);
    const [flag] = await flagsOf(m);
    expect((await flags(`account=${m.account}`, 'other')).list).toEqual([]);
    const res = await review(flag!.id, { action: 'clear', reason: 'wrong brand' }, 'other');
    expect(res.statusCode).toBe(404);
    expect(await flagsOf(m, '&status=open')).toHaveLength(1);
  });

  it('refuses a bad flag id or action with a stable code', async () => {
    expect((await review('abc', { action: 'clear', reason: 'x y z' })).json().code).toBe('request_param_err');
    expect((await review('999999', { action: 'ignore', reason: 'x y z' })).json().code).toBe(
      'request_param_err',
    );
    expect((await review('999999', { action: 'clear', reason: 'x y z' })).statusCode).toBe(404);
  });
});

describe('thresholds', () => {
  it('reads defaults for a brand that set none; an update needs a reason and is audited', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/other/risk/settings',
      headers: key,
    });
    expect(riskSettingsSchema.parse(other.json().value)).toEqual({
      largeWin: 10_000,
      largeDeposit: 10_000,
      largeWithdrawal: 10_000,
      sharedIpAccounts: 3,
      noPlayWindowHours: 24,
    });
    const next = {
      largeWin: 500,
      largeDeposit: 400,
      largeWithdrawal: 300,
      sharedIpAccounts: 5,
      noPlayWindowHours: 6,
    };
    expect((await putSettings(next, 'other')).json().code).toBe('request_param_err');
    expect((await putSettings({ ...next, sharedIpAccounts: 1, reason: 'too low' }, 'other')).statusCode).toBe(
      400,
    );
    const res = await putSettings({ ...next, reason: 'stricter for launch' }, 'other');
    expect(res.json().value).toEqual(next);
    const read = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/other/risk/settings',
      headers: key,
    });
    expect(read.json().value).toEqual(next);
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'risk.settings')
      .where('target', '=', 'other')
      .executeTakeFirstOrThrow();
    expect(audit.payload).toMatchObject({
      reason: 'stricter for launch',
      after: next,
      before: { largeWin: 10_000 },
    });
  });
});
