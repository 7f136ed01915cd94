import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';

/**
 * Model-based, concurrent: random batches of bank deposits, withdrawals, operator approvals and
 * rejections (also racing each other and repeated), and wallet transfers. After every batch the
 * ledger agrees with the payment records: each member holds exactly its approved deposits minus
 * its pending and paid withdrawals, the clearing accounts hold the matching amounts, and the
 * ledger's own invariants hold.
 */
let t: TestApp;
const members: { id: string; token: string }[] = [];
const deposits: string[] = [];
const withdrawals: string[] = [];
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ demo: false });
  for (let i = 0; i < 2; i++) {
    const res = await t.encrypted('PUT', '/wps/member/register', {
      username: `pay${i}prop`,
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    const { id, token } = res.json().value;
    await t.encrypted(
      'POST',
      '/wps/member/password/payment',
      { password: 'secret123', newPaymentPassword: '112233', confirmPaymentPassword: '112233' },
      { authorization: token },
    );
    members.push({ id, token });
  }
});
afterAll(() => t.close());

type Op =
  | { type: 'deposit'; m: number; cents: number }
  | { type: 'withdraw'; m: number; cents: number }
  | { type: 'decideDeposit'; pick: number; approve: boolean }
  | { type: 'decideWithdraw'; pick: number; approve: boolean }
  | { type: 'transfer'; m: number; out: boolean };

const cents = fc.integer({ min: 5_000, max: 60_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), m: fc.integer({ min: 0, max: 1 }), cents }),
  fc.record({
    type: fc.constant('withdraw' as const),
    m: fc.integer({ min: 0, max: 1 }),
    cents: fc.integer({ min: 1_000, max: 30_000 }),
  }),
  fc.record({ type: fc.constant('decideDeposit' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ type: fc.constant('decideWithdraw' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ type: fc.constant('transfer' as const), m: fc.integer({ min: 0, max: 1 }), out: fc.boolean() }),
);

const ops = { 'x-ops-key': TEST_OPS_KEY };
const money = (c: number) => (c / 100).toFixed(2);

function run(op: Op) {
  const key = `pp-${++seq}-${Date.now()}`;
  switch (op.type) {
    case 'deposit':
      return t.app.inject({
        method: 'POST',
        url: '/wps/transaction/deposit',
        payload: { channel: 'BANK', amount: money(op.cents), requestId: key },
        headers: { authorization: members[op.m]!.token },
      });
    case 'withdraw':
      return t.encrypted(
        'POST',
        '/wps/v2/transaction/withdraw',
        {
          amount: money(op.cents),
          paymentPassword: '112233',
          requestId: key,
          bankName: 'Test Bank',
          accountNumber: '12345678',
          accountName: 'Test',
        },
        { authorization: members[op.m]!.token },
      );
    case 'decideDeposit': {
      const id = deposits[op.pick % Math.max(1, deposits.length)];
      if (!id) return null;
      return t.app.inject({
        method: 'POST',
        url: `/ops/merchants/demo/deposits/${id}/${op.approve ? 'approve' : 'reject'}`,
        payload: op.approve ? {} : { reason: 'not received' },
        headers: ops,
      });
    }
    case 'decideWithdraw': {
      const id = withdrawals[op.pick % Math.max(1, withdrawals.length)];
      if (!id) return null;
      return t.app.inject({
        method: 'POST',
        url: `/ops/merchants/demo/withdrawals/${id}/${op.approve ? 'approve' : 'reject'}`,
        payload: op.approve ? {} : { reason: 'bank details wrong' },
        headers: ops,
      });
    }
    case 'transfer':
      return t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        payload: {
          fromWallet: op.out ? 'MAIN' : 'PT',
          toWallet: op.out ? 'PT' : 'MAIN',
          amount: 'ALL',
          requestId: key,
        },
        headers: { authorization: members[op.m]!.token },
      });
  }
}

const OK_CODES = [
  'wallet.insufficient',
  'request.state',
  'withdraw.daily.count',
  'withdraw.limit',
  'deposit.limit',
];

/** One batch each, in order: a deposit, its approval, a withdrawal from it, that one's approval. */
const paidWithdrawalFirst: [Op[]][] = [
  [[{ type: 'deposit', m: 0, cents: 50_000 }]],
  [[{ type: 'decideDeposit', pick: 0, approve: true }]],
  [[{ type: 'withdraw', m: 0, cents: 10_000 }]],
  [[{ type: 'decideWithdraw', pick: 0, approve: true }]],
];

describe('payments and the ledger under concurrent operations', () => {
  it('agree after every batch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (batch) => {
        const replies = await Promise.all(batch.map(async (op) => ({ op, res: await run(op) })));
        for (const { op, res } of replies) {
          if (!res) continue;
          const body = res.json();
          if (res.statusCode === 200) {
            if (op.type === 'deposit') deposits.push(body.value.depositId);
            if (op.type === 'withdraw') withdrawals.push(body.value.withdrawId);
          } else {
            expect(OK_CODES, JSON.stringify(body)).toContain(body.code);
          }
        }
        expect(await checkLedger(t.db)).toEqual([]);
        for (const m of members) {
          const { rows } = await sql<{ held: string; expected: string }>`
            select
              (select coalesce(sum(balance), 0) from ledger_account where owner_id = ${m.id})::text as held,
              ((select coalesce(sum(amount), 0) from deposit_request where member_id = ${m.id} and status = 'paid')
               - (select coalesce(sum(amount), 0) from withdraw_request where member_id = ${m.id} and status in ('pending', 'paid')))::text as expected`.execute(
            t.db,
          );
          expect(rows[0]!.held).toBe(rows[0]!.expected);
        }
        const { rows: clearing } = await sql<{ code: string; total: string }>`
          select a.code, coalesce(sum(e.amount), 0)::text as total
          from ledger_account a left join ledger_entry e on e.account_id = a.id
          where a.kind = 'system' and a.code in ('withdrawals_clearing') group by a.code`.execute(t.db);
        const { rows: pending } = await sql<{ total: string }>`
          select coalesce(sum(amount), 0)::text as total from withdraw_request where status = 'pending'`.execute(
          t.db,
        );
        expect(clearing[0]?.total ?? '0').toBe(pending[0]!.total);
      }),
      // The first batches (run before the random ones) pay a deposit and then a withdrawal, so
      // every run checks the ledger against paid withdrawals as well.
      { numRuns: 40, examples: paidWithdrawalFirst },
    );
    // The runs really moved money: deposits were credited and withdrawals were paid.
    const { rows } = await sql<{ paid_deposits: string; paid_withdrawals: string }>`
      select (select count(*) from deposit_request where status = 'paid')::text as paid_deposits,
             (select count(*) from withdraw_request where status = 'paid')::text as paid_withdrawals`.execute(
      t.db,
    );
    expect(Number(rows[0]!.paid_deposits)).toBeGreaterThan(0);
    expect(Number(rows[0]!.paid_withdrawals)).toBeGreaterThan(0);
  });
});
