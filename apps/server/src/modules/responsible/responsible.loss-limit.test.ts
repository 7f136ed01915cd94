import { rgStatusSchema } from '@arcadia/contract';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { rgHelpers } from '../../test/factories/responsible.js';
import { checkLedger } from '../ledger/index.js';
import { newMember } from '../../test/factories/payments.js';

/**
 * Responsible gaming through the app: loss and wager limits: bets and transfers into vendor wallets refused past
 * them, at once or in parallel — the ledger checked after every test.
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

const { auth, status, clockBy, dice } = rgHelpers(() => t);
let seq = 0;

describe('loss and wager limits', () => {
  const setPlayLimit = (token: string, kind: string, period: string, amount: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: '/wps/member/rg/playLimit',
      payload: { kind, period, amount },
      headers: auth(token),
    });
  const bets = (memberId: string) =>
    t.db
      .selectFrom('bet')
      .select(['stake', 'payout', 'status'])
      .where('member_id', '=', memberId)
      .where('status', '<>', 'void')
      .execute();
  const balance = async (memberId: string) =>
    BigInt(
      (
        await t.db
          .selectFrom('ledger_account')
          .select('balance')
          .where('owner_id', '=', memberId)
          .where('kind', '=', 'main')
          .executeTakeFirstOrThrow()
      ).balance,
    );
  const play = (s: Awaited<ReturnType<typeof status>>, kind: string, period = 'day') =>
    s.playLimits.find((l) => l.kind === kind && l.period === period)!;

  it('a bet that would take the day’s stakes past a wager limit is refused and takes nothing', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    expect((await setPlayLimit(m.token, 'wager', 'day', '2500')).statusCode).toBe(200);
    const roll = await dice(m.token);
    expect((await roll('1000')).statusCode).toBe(200);
    expect((await roll('1000')).statusCode).toBe(200);
    const before = await balance(m.id);
    const refused = await roll('1000');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('rg.play_limit');
    expect(await balance(m.id)).toBe(before);
    expect(await bets(m.id)).toHaveLength(2);
    expect(play(await status(m.token), 'wager')).toMatchObject({
      amount: '2500',
      used: '2000',
      remaining: '500',
    });
    // What is left may still be staked.
    expect((await roll('500')).statusCode).toBe(200);
    expect((await roll('1')).json().code).toBe('rg.play_limit');
  });

  it('ten rolls at once cannot pass a wager limit together', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    expect((await setPlayLimit(m.token, 'wager', 'week', '5000')).statusCode).toBe(200);
    const rolls = await Promise.all(Array.from({ length: 10 }, () => dice(m.token)));
    const out = await Promise.all(rolls.map((roll) => roll('1000')));
    const staked = (await bets(m.id)).reduce((sum, b) => sum + BigInt(b.stake), 0n);
    expect(staked).toBeLessThanOrEqual(5000n);
    expect(out.filter((r) => r.statusCode === 200)).toHaveLength(Number(staked / 1000n));
    expect(out.some((r) => r.json().code === 'rg.play_limit')).toBe(true);
  });

  it('a loss limit is never passed: a bet that could lose past it is refused', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    expect((await setPlayLimit(m.token, 'loss', 'day', '3000')).statusCode).toBe(200);
    const roll = await dice(m.token);
    // A long shot (5 % to win): losses come quickly, but a win may put the refusal further off, so
    // each roll is checked against the loss so far rather than expecting a refusal at a set roll.
    let refused = false;
    for (let i = 0; i < 40 && !refused; i++) {
      const lossBefore = (await bets(m.id)).reduce((sum, b) => sum + BigInt(b.stake) - BigInt(b.payout), 0n);
      const res = await roll('1000', 9500);
      if (lossBefore + 1000n <= 3000n) {
        expect(res.statusCode, res.body).toBe(200);
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('rg.play_limit');
        refused = true;
        const s = play(await status(m.token), 'loss');
        expect(BigInt(s.used)).toBe(lossBefore);
      }
      const loss = (await bets(m.id)).reduce((sum, b) => sum + BigInt(b.stake) - BigInt(b.payout), 0n);
      expect(loss).toBeLessThanOrEqual(3000n);
    }
  });

  it('money moved into a transfer-wallet vendor counts as staked and at risk; transfers at once cannot pass a limit', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    const transfer = (from: string, to: string, amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/relay/GCS_walletTransfer',
        payload: { fromWallet: from, toWallet: to, amount, requestId: `rg-tr-${++seq}-${Date.now()}` },
        headers: auth(m.token),
      });
    expect((await setPlayLimit(m.token, 'loss', 'day', '3000')).statusCode).toBe(200);
    expect((await setPlayLimit(m.token, 'wager', 'day', '5000')).statusCode).toBe(200);
    // Ten transfers of 5 at once: the loss limit (30) takes six of them, no more.
    const out = await Promise.all(Array.from({ length: 10 }, () => transfer('MAIN', 'PT', '5')));
    expect(out.filter((r) => r.statusCode === 200)).toHaveLength(6);
    for (const r of out.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('rg.play_limit');
    }
    let s = await status(m.token);
    expect(play(s, 'loss')).toMatchObject({ used: '3000', remaining: '0' });
    expect(play(s, 'wager')).toMatchObject({ used: '3000', remaining: '2000' });
    // A house bet is refused too: the money in the vendor wallet is at risk.
    const roll = await dice(m.token);
    expect((await roll('100')).json().code).toBe('rg.play_limit');
    // Bringing 20 back frees the loss limit by 20; the stakes already counted stay counted.
    expect((await transfer('PT', 'MAIN', '20')).statusCode).toBe(200);
    s = await status(m.token);
    expect(play(s, 'loss')).toMatchObject({ used: '1000', remaining: '2000' });
    expect(play(s, 'wager')).toMatchObject({ used: '3000', remaining: '2000' });
    // The wager limit (50) now binds first: 20 fits, one cent more does not.
    expect((await transfer('MAIN', 'PT', '20')).statusCode).toBe(200);
    const refused = await transfer('MAIN', 'PT', '0.01');
    expect(refused.json().code).toBe('rg.play_limit');
    // Taking money out of the vendor wallet is never refused.
    expect((await transfer('PT', 'MAIN', 'ALL')).statusCode).toBe(200);
    const main = await balance(m.id);
    expect(main).toBe(50_000n);
  });

  it('over random streams of wager and loss limits and bets, a bet is taken exactly when it fits under both', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              op: fc.constantFrom('wager' as const, 'loss' as const),
              amount: fc.integer({ min: 5, max: 40 }),
            }),
            fc.record({ op: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 12 }) }),
          ),
          { minLength: 3, maxLength: 10 },
        ),
        async (steps) => {
          const m = await newMember(t, { fundMinor: 100_000n });
          const roll = await dice(m.token);
          const limits: { wager: bigint | null; loss: bigint | null } = { wager: null, loss: null };
          for (const step of steps) {
            const minor = BigInt(step.amount) * 100n;
            if (step.op !== 'bet') {
              expect((await setPlayLimit(m.token, step.op, 'day', minor.toString())).statusCode).toBe(200);
              // Only a first or lower limit applies at once; a raise waits.
              const current = limits[step.op];
              if (current === null || minor < current) limits[step.op] = minor;
              continue;
            }
            const placed = await bets(m.id);
            const staked = placed.reduce((sum, b) => sum + BigInt(b.stake), 0n);
            const lost = placed.reduce((sum, b) => sum + BigInt(b.stake) - BigInt(b.payout), 0n);
            const fits =
              (limits.wager === null || staked + minor <= limits.wager) &&
              (limits.loss === null || lost + minor <= limits.loss);
            const res = await roll(minor.toString());
            if (fits) expect(res.statusCode, res.body).toBe(200);
            else expect(res.json()).toMatchObject({ code: 'rg.play_limit' });
          }
          // The member's status counts the same stakes the guard counted.
          const staked = (await bets(m.id)).reduce((sum, b) => sum + BigInt(b.stake), 0n);
          expect(play(await status(m.token), 'wager').used).toBe(staked.toString());
        },
      ),
      { numRuns: 6 },
    );
  });

  it('a raise waits 24 hours, an operator may impose a lower one (audited), and bad input is a 400', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    expect((await setPlayLimit(m.token, 'wager', 'month', '1000')).statusCode).toBe(200);
    const raised = rgStatusSchema.parse((await setPlayLimit(m.token, 'wager', 'month', '5000')).json().value);
    expect(play(raised, 'wager', 'month')).toMatchObject({ amount: '1000', pending: { amount: '5000' } });
    const roll = await dice(m.token);
    expect((await roll('1000')).statusCode).toBe(200);
    expect((await roll('1000')).json().code).toBe('rg.play_limit');
    expect((await setPlayLimit(m.token, 'bonus', 'day', '100')).statusCode).toBe(400);
    expect((await setPlayLimit(m.token, 'loss', 'day', '0')).statusCode).toBe(400);

    const imposed = await t.app.inject({
      method: 'PUT',
      url: `/ops/merchants/demo/members/${m.account}/rg/playLimit`,
      payload: { kind: 'loss', period: 'week', amount: '700', reason: 'asked on the phone' },
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    expect(imposed.statusCode, imposed.body).toBe(200);
    expect(play(rgStatusSchema.parse(imposed.json().value), 'loss', 'week')).toMatchObject({ amount: '700' });
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'payload'])
      .where('target', '=', m.account)
      .execute();
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'rg.play_limit',
        payload: expect.objectContaining({ reason: 'asked on the phone' }),
      }),
    );

    await clockBy(24 * 3_600_000 + 1000);
    expect(play(await status(m.token), 'wager', 'month')).toMatchObject({ amount: '5000', pending: null });
  });
});
