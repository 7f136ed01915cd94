import { rgStatusSchema } from '@arcadia/contract';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/ledger.check.js';
import { newMember } from '../../test/factories/payments.js';

/**
 * Responsible gaming through the app: deposit limits (at once when lower, after 24 hours when
 * higher or removed), parallel deposits that cannot pass a limit together, and breaks that stop
 * deposits, launches and seats but not withdrawals — the ledger checked after every test.
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

let seq = 0;
const auth = (token: string) => ({ authorization: token });
const deposit = (token: string, amount: string, requestId = `rg-${++seq}-${Date.now()}`) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/transaction/deposit',
    payload: { channel: 'DEMOPAY', amount, requestId },
    headers: auth(token),
  });
const status = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/wps/member/rg', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return rgStatusSchema.parse(res.json().value);
};
const setLimit = (token: string, period: string, amount: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/member/rg/depositLimit',
    payload: { period, amount },
    headers: auth(token),
  });
const exclude = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/member/rg/exclusion',
    payload: { confirm: true, ...body },
    headers: auth(token),
  });
const clockBy = (ms: number) =>
  t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: ms } });
const day = (s: Awaited<ReturnType<typeof status>>) => s.depositLimits.find((l) => l.period === 'day')!;

/** A dice game launched through the real launch, and one roll of it through the house vendor. */
async function dice(token: string) {
  const launch = await t.app.inject({
    method: 'GET',
    url: '/wps/game/launchGame?gameCode=AUR_AURORA_DICE&accountType=1',
    headers: auth(token),
  });
  expect(launch.statusCode, launch.body).toBe(200);
  const gameToken = new URL(launch.json().value.content.game_url, 'http://x').searchParams.get('token')!;
  return (stake: string, target = 4950) =>
    t.app.inject({
      method: 'POST',
      url: '/house/api/play',
      headers: { 'x-game-token': gameToken },
      payload: { action: 'play', stake, params: { target, direction: 'over' } },
    });
}

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

describe('reality check', () => {
  it('is set or turned off at once; the status carries the session and the net of its bets', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    let s = await status(m.token);
    expect(s.realityCheckMinutes).toBeNull();
    expect(s.session).toMatchObject({ net: '0' });
    const set = (minutes: number | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/wps/member/rg/realityCheck',
        payload: { minutes },
        headers: auth(m.token),
      });
    expect(rgStatusSchema.parse((await set(30)).json().value).realityCheckMinutes).toBe(30);
    expect((await set(7)).statusCode).toBe(400);
    expect((await status(m.token)).realityCheckMinutes).toBe(30);

    // A real dice round through the house vendor: the session's net is its payout less its stake.
    const launch = await t.app.inject({
      method: 'GET',
      url: '/wps/game/launchGame?gameCode=AUR_AURORA_DICE&accountType=1',
      headers: auth(m.token),
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const token = new URL(launch.json().value.content.game_url, 'http://x').searchParams.get('token')!;
    const roll = await t.app.inject({
      method: 'POST',
      url: '/house/api/play',
      headers: { 'x-game-token': token },
      payload: { action: 'play', stake: '1000', params: { target: 4950, direction: 'over' } },
    });
    expect(roll.statusCode, roll.body).toBe(200);
    const bet = await t.db
      .selectFrom('bet')
      .select(['stake', 'payout'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    s = await status(m.token);
    expect(s.session!.net).toBe(String(BigInt(bet.payout) - BigInt(bet.stake)));
    expect(bet.stake).toBe('1000');

    expect((await set(null)).json().value.realityCheckMinutes).toBeNull();
  });
});

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

describe('session time limit', () => {
  const setSessionLimit = (token: string, minutes: number | null) =>
    t.app.inject({
      method: 'PUT',
      url: '/wps/member/rg/sessionLimit',
      payload: { minutes },
      headers: auth(token),
    });
  const newLogin = async (account: string) => {
    const res = await t.encrypted('POST', '/wps/session/login', { username: account, password: 'secret123' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value.token as string;
  };
  const sessionOf = (token: string) =>
    t.db
      .selectFrom('session')
      .select(['id', 'created_at', 'expires_at'])
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();

  it('caps the sessions already open and every new login; one older than the limit ends at once', async () => {
    const m = await newMember(t);
    // Two logins: one fresh, one that has (as if) lasted 45 minutes already.
    const old = await newLogin(m.account);
    const oldRow = await sessionOf(old);
    await t.db
      .updateTable('session')
      .set({ created_at: new Date(Date.now() - 45 * 60_000) })
      .where('id', '=', oldRow.id)
      .execute();
    const set = await setSessionLimit(m.token, 30);
    expect(set.statusCode, set.body).toBe(200);
    const s = rgStatusSchema.parse(set.json().value);
    expect(s.sessionLimit).toMatchObject({ minutes: 30, pending: null });
    const mine = await sessionOf(m.token);
    expect(new Date(mine.expires_at).getTime() - new Date(mine.created_at).getTime()).toBe(30 * 60_000);
    expect(s.sessionLimit.endsAt).toBe(new Date(mine.expires_at).toISOString());
    // The older login is over: its next call is refused.
    const refused = await t.app.inject({ method: 'GET', url: '/wps/member/rg', headers: auth(old) });
    expect(refused.statusCode).toBe(401);
    expect((await status(m.token)).sessionLimit.minutes).toBe(30);
    // A new login lasts no longer than the limit.
    const fresh = await sessionOf(await newLogin(m.account));
    const lasts = new Date(fresh.expires_at).getTime() - new Date(fresh.created_at).getTime();
    expect(lasts).toBeGreaterThan(29 * 60_000);
    expect(lasts).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });

  it('a game open or launched under the limit ends with the login, not hours later', async () => {
    const m = await newMember(t, { fundMinor: 10_000n });
    const gameSessions = () =>
      t.db
        .selectFrom('vendor_session')
        .select('expires_at')
        .where('member_id', '=', m.id)
        .where('mode', '=', 'real')
        .execute();
    const roll = await dice(m.token);
    expect((await roll('100')).statusCode).toBe(200);
    // Launched with no limit: the launch session lasts its 12 hours.
    const [before] = await gameSessions();
    expect(new Date(before!.expires_at).getTime() - Date.now()).toBeGreaterThan(11 * 3_600_000);
    expect((await setSessionLimit(m.token, 30)).statusCode).toBe(200);
    const login = new Date((await sessionOf(m.token)).expires_at).getTime();
    for (const g of await gameSessions()) expect(new Date(g.expires_at).getTime()).toBeLessThanOrEqual(login);
    // A game launched now ends with the login too.
    await dice(m.token);
    const all = await gameSessions();
    expect(all).toHaveLength(2);
    for (const g of all) expect(new Date(g.expires_at).getTime()).toBeLessThanOrEqual(login);
  });

  it('a longer limit or removing it waits 24 hours; a value off the list is a 400', async () => {
    const m = await newMember(t);
    expect((await setSessionLimit(m.token, 60)).statusCode).toBe(200);
    expect((await setSessionLimit(m.token, 45)).statusCode).toBe(400);
    const removed = rgStatusSchema.parse((await setSessionLimit(m.token, null)).json().value);
    expect(removed.sessionLimit).toMatchObject({ minutes: 60, pending: { minutes: null } });
    await clockBy(24 * 3_600_000 + 1000);
    expect((await status(m.token)).sessionLimit).toMatchObject({
      minutes: null,
      pending: null,
      endsAt: null,
    });
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
