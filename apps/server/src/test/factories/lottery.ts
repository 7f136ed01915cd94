import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { checkLedger } from '../../modules/ledger/index.js';
import { type TestApp, buildTestApp } from '../build-test-app.js';
import { fundMain, memberId } from '../factories.js';

/**
 * The lottery selling tests' app (modules/lottery/*.test.ts): a demo app on the test clock with
 * `demoplayer` logged in and funded and the draw schedule run once, the ledger checked after
 * every test; and the helpers that bet, move the clock and settle draws through it.
 */
export function useLotteryApp() {
  let t!: TestApp;
  let token!: string;
  let player!: string;

  beforeAll(async () => {
    t = await buildTestApp({ demo: true, config: { TEST_CLOCK: true } });
    token = await t.login('demoplayer', 'demo1234');
    player = await memberId(t.db, 'demoplayer');
    await fundMain(t.db, player, 1_000_000n);
    await t.app.lottery.tick();
    // Building a demo app is the slow part of each lottery test file (three of them now).
  }, 120_000);
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await checkLedger(t.db)).toEqual([]);
  });

  const ALL_FIRST = '0,1,2,3,4,5,6,7,8,9||||';

  async function balance(): Promise<bigint> {
    const row = await t.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_id', '=', player)
      .where('kind', '=', 'main')
      .where('code', '=', 'MAIN')
      .executeTakeFirstOrThrow();
    return BigInt(row.balance);
  }

  /** The next issues still on sale for a few seconds at the app's clock. */
  async function upcoming(gameId: string, n = 3) {
    const now = await clockNow();
    const rows = await t.db
      .selectFrom('lottery_issue')
      .select(['issue', 'draw_at'])
      .where('game_code', '=', gameId)
      .where('status', '=', 'open')
      .where('draw_at', '>', new Date(now + 15_000))
      .orderBy('draw_at')
      .limit(n)
      .execute();
    return rows.map((r) => ({ numero: r.issue, drawAt: new Date(r.draw_at).getTime() }));
  }

  async function clockNow(): Promise<number> {
    const res = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 0 } });
    return Date.parse(res.json().value.now as string);
  }

  /** The app's schedule clock, moved forward to `at` (never back). */
  async function clockTo(at: number) {
    const delta = at - (await clockNow());
    if (delta > 0) await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: delta } });
  }

  function bet(content: Record<string, unknown>, auth = token) {
    return t.app.inject({
      method: 'POST',
      url: '/lgw/betting',
      headers: { authorization: auth },
      payload: { prizeMode: 'Lott', device: 'WEB', contents: [content] },
    });
  }

  const sscBet = (numero: { numero: string; multiple: number }[], extra: Record<string, unknown> = {}) => ({
    gameId: 'SSC1',
    playId: 'ssc.pos',
    bettingContent: ALL_FIRST,
    singleBetPrice: 1,
    winStop: false,
    bettingApproach: 1,
    numero,
    ...extra,
  });

  async function drawAndSettle(drawAt: number) {
    await clockTo(drawAt + 1);
    await t.app.lottery.tick();
  }

  return {
    get t() {
      return t;
    },
    get token() {
      return token;
    },
    get player() {
      return player;
    },
    ALL_FIRST,
    balance,
    upcoming,
    clockNow,
    clockTo,
    bet,
    sscBet,
    drawAndSettle,
  };
}
