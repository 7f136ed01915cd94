import { createHmac } from 'node:crypto';
import type { TestApp } from '../build-test-app.js';
import { TEST_OPS_KEY } from '../build-test-app.js';
import { fundMain } from '../factories.js';

/** The demo gateway secret the payment tests run with (so they can sign and forge callbacks). */
export const TEST_GATEWAY_SECRET = 'test-demo-gateway-secret-0123456789abcdef';

export const sign = (raw: string, secret = TEST_GATEWAY_SECRET) =>
  createHmac('sha256', secret).update(raw).digest('hex');

export const ops = { 'x-ops-key': TEST_OPS_KEY };

let counter = 0;

/** Registers a fresh member, optionally funds the main wallet and sets a payment password. */
export async function newMember(
  t: TestApp,
  options: { fundMinor?: bigint; paymentPassword?: string } = {},
): Promise<{ id: string; token: string; account: string }> {
  counter += 1;
  const account = `pay${counter}x${Math.random().toString(36).slice(2, 8)}`;
  const res = await t.encrypted('PUT', '/wps/member/register', {
    username: account,
    password: 'secret123',
    confirmPassword: 'secret123',
    payeeName: 'Pat Payee',
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const { id, token } = res.json().value as { id: string; token: string };
  if (options.fundMinor) await fundMain(t.db, id, options.fundMinor);
  if (options.paymentPassword) {
    const set = await t.encrypted(
      'POST',
      '/wps/member/password/payment',
      {
        password: 'secret123',
        newPaymentPassword: options.paymentPassword,
        confirmPaymentPassword: options.paymentPassword,
      },
      { authorization: token },
    );
    if (set.statusCode !== 200) throw new Error(`payment password failed: ${set.body}`);
  }
  return { id, token, account };
}

export async function mainBalance(t: TestApp, token: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    headers: { authorization: token },
  });
  return res.json().value.balance[0].availBalance as number;
}

export async function count(
  t: TestApp,
  table: 'ledger_transaction' | 'deposit_request' | 'withdraw_request' | 'operator_audit',
): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts of every table a money flow writes: compare before and after a refused call. */
export async function snapshot(t: TestApp) {
  return {
    ledger: await count(t, 'ledger_transaction'),
    deposits: await count(t, 'deposit_request'),
    withdrawals: await count(t, 'withdraw_request'),
    audit: await count(t, 'operator_audit'),
  };
}

/** The ledger kinds and entries (account code, amount) of these transactions, sorted by kind and account. */
export async function postingsOf(t: TestApp, transactionIds: string[]) {
  if (transactionIds.length === 0) return [];
  const rows = await t.db
    .selectFrom('ledger_entry as e')
    .innerJoin('ledger_transaction as x', 'x.id', 'e.transaction_id')
    .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
    .select(['x.id', 'x.kind', 'a.kind as account_kind', 'a.code', 'e.amount'])
    .where('x.id', 'in', transactionIds)
    .orderBy('e.id')
    .execute();
  return rows
    .map((r) => ({
      kind: r.kind,
      account: r.account_kind === 'system' ? r.code : r.account_kind,
      amount: Number(r.amount),
    }))
    .sort((a, b) => (a.kind + a.account).localeCompare(b.kind + b.account));
}

/** Polls a deposit until it leaves `pending` (the gateway's callback is asynchronous). */
export async function waitForDeposit(t: TestApp, token: string, depositId: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/transaction/deposits/${depositId}`,
      headers: { authorization: token },
    });
    const value = res.json().value as { status: string; amount: number };
    if (value.status !== 'pending' || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Posts a demo-gateway callback exactly as the gateway would (or tampered, with another signature). */
export function gatewayCallback(
  t: TestApp,
  body: Record<string, unknown>,
  signature?: string,
  merchant = 'demo',
) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/payments/demo/callback',
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signature ?? sign(raw), merchant },
  });
}

/** A demo gateway's notification body for `depositId`. */
export const gatewayBody = (depositId: string, status: string, amount = '25.00') => ({
  depositId,
  status,
  amount,
  currency: 'USD',
  gatewayRef: `REF-${depositId}-${status}`,
});
