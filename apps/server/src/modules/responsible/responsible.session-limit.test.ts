import { rgStatusSchema } from '@arcadia/contract';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { rgHelpers } from '../../test/factories/responsible.js';
import { checkLedger } from '../ledger/index.js';
import { newMember } from '../../test/factories/payments.js';

/**
 * Responsible gaming through the app: the reality check and the session time limit — the ledger checked after every test.
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
