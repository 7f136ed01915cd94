import { rgStatusSchema } from '@arcadia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { rgHelpers } from '../../test/factories/responsible.js';
import { checkLedger } from '../ledger/index.js';
import { newMember } from '../../test/factories/payments.js';

/**
 * Responsible gaming through the app: breaks (cool-offs, self-exclusions) that stop deposits, launches and seats
 * but not withdrawals, and end by themselves — the ledger checked after every test.
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

const { auth, deposit, status, exclude, clockBy } = rgHelpers(() => t);

describe('breaks', () => {
  it('a cool-off stops deposits, launches and seats, not withdrawals; it can be made longer, never shorter', async () => {
    const m = await newMember(t, { fundMinor: 20_000n, paymentPassword: '246810' });
    const on = rgStatusSchema.parse((await exclude(m.token, { kind: 'cooloff', hours: 72 })).json().value);
    expect(on.exclusion?.kind).toBe('cooloff');
    expect((await deposit(m.token, '20')).json().code).toBe('rg.excluded');
    const game = await t.db
      .selectFrom('game')
      .select('node_id')
      .where('game_code', '=', 'dice')
      .executeTakeFirst();
    const launch = await t.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${game?.node_id ?? 1}&accountType=1`,
      headers: auth(m.token),
    });
    expect(launch.json().code).toBe('rg.excluded');
    const sit = await t.app.inject({
      method: 'POST',
      url: '/pvp/seat',
      headers: auth(m.token),
      payload: { tableCode: 'PVP_NIUNIU_1', buyIn: '5000', requestId: 'rg-sit-00001' },
    });
    expect(sit.json().code).toBe('rg.excluded');
    // Withdrawing stays open.
    const out = await t.encrypted(
      'POST',
      '/wps/v2/transaction/withdraw',
      {
        amount: 20,
        paymentPassword: '246810',
        requestId: `rg-out-${m.id}`,
        bankName: 'Demo Bank',
        accountNumber: '1234 5678 9012',
      },
      auth(m.token),
    );
    expect(out.statusCode, out.body).toBe(200);

    // Shorter: refused; longer: taken; permanent: final.
    expect((await exclude(m.token, { kind: 'cooloff', hours: 24 })).json().code).toBe('rg.exclusion_active');
    expect((await exclude(m.token, { kind: 'self_exclusion', months: 6 })).statusCode).toBe(200);
    expect((await exclude(m.token, { kind: 'self_exclusion', months: null })).statusCode).toBe(200);
    const final = await status(m.token);
    expect(final.exclusion).toEqual({ kind: 'self_exclusion', until: null });
    expect((await exclude(m.token, { kind: 'self_exclusion', months: 60 })).json().code).toBe(
      'rg.exclusion_active',
    );
    // Bad input is a clear error.
    expect((await exclude(m.token, { kind: 'cooloff', hours: 2 })).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/wps/member/rg/exclusion',
          payload: { kind: 'cooloff', hours: 24 },
          headers: auth(m.token),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('a cool-off ends by itself after its time', async () => {
    const m = await newMember(t);
    await exclude(m.token, { kind: 'cooloff', hours: 24 });
    await clockBy(25 * 3_600_000);
    expect((await status(m.token)).exclusion).toBeNull();
    expect((await deposit(m.token, '20')).statusCode).toBe(200);
  });
});
