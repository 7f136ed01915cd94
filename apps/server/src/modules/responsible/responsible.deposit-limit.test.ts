import { rgStatusSchema } from '@arcadia/contract';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { rgHelpers } from '../../test/factories/responsible.js';
import { checkLedger } from '../ledger/index.js';
import { newMember } from '../../test/factories/payments.js';

/**
 * Responsible gaming through the app: deposit limits (at once when lower, after 24 hours when higher or removed), parallel deposits
 * that cannot pass a limit together, and the operators’ limits — the ledger checked after every test.
 */
let t: TestApp;
// A fresh database migrates and seeds first; on a busy machine that can take over a minute.
beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { TEST_CLOCK: true } });
}, 180_000);
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const { deposit, status, setLimit, clockBy, day } = rgHelpers(() => t);

describe('deposit limits', () => {
  it('a new or lower limit applies at once; a raise and a removal wait 24 hours', async () => {
    const m = await newMember(t);
    expect(day(await status(m.token))).toEqual({
      period: 'day',
      amount: null,
      used: '0',
      remaining: null,
      pending: null,
    });
    expect((await setLimit(m.token, 'day', '10000')).statusCode).toBe(200);
    expect((await deposit(m.token, '60')).statusCode).toBe(200);
    const refused = await deposit(m.token, '50');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'rg.deposit_limit',
      value: { period: 'day', remaining: '4000' },
    });
    expect(day(await status(m.token))).toMatchObject({ amount: '10000', used: '6000', remaining: '4000' });

    // A raise waits; the limit in force stays until then.
    const raised = rgStatusSchema.parse((await setLimit(m.token, 'day', '20000')).json().value);
    expect(day(raised)).toMatchObject({ amount: '10000', pending: { amount: '20000' } });
    expect((await deposit(m.token, '50')).json().code).toBe('rg.deposit_limit');
    // Lowering replaces the pending raise at once.
    const lowered = rgStatusSchema.parse((await setLimit(m.token, 'day', '8000')).json().value);
    expect(day(lowered)).toMatchObject({ amount: '8000', pending: null, remaining: '2000' });
    // A removal waits its 24 hours too, then the limit is gone.
    const removing = rgStatusSchema.parse((await setLimit(m.token, 'day', null)).json().value);
    expect(day(removing)).toMatchObject({ amount: '8000', pending: { amount: null } });
    await clockBy(24 * 3_600_000 + 1_000);
    expect(day(await status(m.token))).toMatchObject({ amount: null, remaining: null, pending: null });
    expect((await deposit(m.token, '500')).statusCode).toBe(200);

    // The operator reads the limits and their history.
    const account = (
      await t.db.selectFrom('member').select('account').where('id', '=', m.id).executeTakeFirstOrThrow()
    ).account;
    const ops = await t.app.inject({
      method: 'GET',
      url: `/ops/merchants/demo/members/${account}/rg`,
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    expect(ops.statusCode, ops.body).toBe(200);
    expect(ops.json().value.history.map((h: { action: string }) => h.action)).toEqual([
      'limit_applied',
      'limit_pending',
      'limit_set',
      'limit_pending',
      'limit_set',
    ]);
  });

  it('twenty deposits at once cannot pass a limit together; a replay is not counted twice', async () => {
    const m = await newMember(t);
    await setLimit(m.token, 'week', '5000');
    const ids = Array.from({ length: 20 }, (_, i) => `rg-par-${m.id}-${i}`);
    const replies = await Promise.all(ids.map((id) => deposit(m.token, '10', id)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(new Set(replies.filter((r) => r.statusCode !== 200).map((r) => r.json().code))).toEqual(
      new Set(['rg.deposit_limit']),
    );
    const week = async () => (await status(m.token)).depositLimits.find((l) => l.period === 'week')!;
    expect(await week()).toMatchObject({ used: '5000', remaining: '0' });
    // A replay of a recorded request comes back as it was: not refused, not counted again.
    const taken = ids[replies.findIndex((r) => r.statusCode === 200)]!;
    const replay = await deposit(m.token, '10', taken);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().value.replayed).toBe(true);
    expect(await week()).toMatchObject({ used: '5000', remaining: '0' });
  });

  it('over random streams of limits and deposits, no deposit is taken past the limit of its moment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('limit' as const), amount: fc.integer({ min: 1, max: 60 }) }),
            fc.record({ op: fc.constant('deposit' as const), amount: fc.integer({ min: 10, max: 40 }) }),
          ),
          { minLength: 3, maxLength: 10 },
        ),
        async (steps) => {
          const m = await newMember(t);
          let limit: bigint | null = null;
          let used = 0n;
          for (const step of steps) {
            const minor = BigInt(step.amount) * 100n;
            if (step.op === 'limit') {
              expect((await setLimit(m.token, 'month', minor.toString())).statusCode).toBe(200);
              // Only a first or lower limit applies at once; a raise waits.
              if (limit === null || minor < limit) limit = minor;
              continue;
            }
            const res = await deposit(m.token, String(step.amount));
            const fits = limit === null || used + minor <= limit;
            if (fits) {
              expect(res.statusCode, res.body).toBe(200);
              used += minor;
            } else expect(res.json()).toMatchObject({ code: 'rg.deposit_limit' });
          }
          const month = (await status(m.token)).depositLimits.find((l) => l.period === 'month')!;
          expect(month.used).toBe(used.toString());
          expect(month.amount).toBe(limit?.toString() ?? null);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('operators', () => {
  it('an operator imposes a limit by the member’s rule (lower at once), audited with its reason', async () => {
    const m = await newMember(t);
    const account = (
      await t.db.selectFrom('member').select('account').where('id', '=', m.id).executeTakeFirstOrThrow()
    ).account;
    const impose = (amount: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/ops/merchants/demo/members/${account}/rg/depositLimit`,
        headers: { 'x-ops-key': TEST_OPS_KEY },
        payload: { period: 'week', amount, reason: 'agreed with the player on the phone' },
      });
    const set = await impose('3000');
    expect(set.statusCode, set.body).toBe(200);
    expect((await status(m.token)).depositLimits.find((l) => l.period === 'week')).toMatchObject({
      amount: '3000',
    });
    expect((await deposit(m.token, '40')).json().code).toBe('rg.deposit_limit');
    // Raising waits its 24 hours, for an operator too.
    const raised = rgStatusSchema.parse((await impose('9000')).json().value);
    expect(raised.depositLimits.find((l) => l.period === 'week')).toMatchObject({
      amount: '3000',
      pending: { amount: '9000' },
    });
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target'])
      .where('action', '=', 'rg.deposit_limit')
      .where('target', '=', account)
      .execute();
    expect(audit).toHaveLength(2);
    // Unknown member: a clear 404, and nothing written.
    const none = await t.app.inject({
      method: 'PUT',
      url: '/ops/merchants/demo/members/nobody-here/rg/depositLimit',
      headers: { 'x-ops-key': TEST_OPS_KEY },
      payload: { period: 'week', amount: '100', reason: 'matrix check' },
    });
    expect(none.json().code).toBe('not.found');
  });
});
