import { settleLotteryBet } from '@arcadia/games';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY } from '../../test/build-test-app.js';
import { useLotteryApp } from '../../test/factories/lottery.js';

/**
 * Official lottery games end to end through the app: the operator's result entered once and
 * settled from, and an issue whose result never comes cancelled and refunded — with the ledger
 * checked after every test.
 */
const app = useLotteryApp();
const { balance, upcoming, clockTo, bet, drawAndSettle } = app;
let t: TestApp;
beforeAll(() => {
  ({ t } = app);
});

describe('lottery official results', () => {
  it('an official game waits for the operator’s result: entered once, checked, settled from it; a result that never comes cancels the issue', async () => {
    const ops = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-ops-key': TEST_OPS_KEY }, payload });
    const rules = async () =>
      (await t.app.inject({ method: 'GET', url: '/lgw/games/rules?gameId=K3_2' })).json().value.official;
    expect(await rules()).toBe(false);
    const [issue, next, third] = await upcoming('K3_2', 3);
    // Not official yet: no result may be entered.
    const early = await ops('/ops/lottery/result', {
      gameId: 'K3_2',
      numero: issue!.numero,
      numbers: ['6', '6', '6'],
      reason: 'feed',
    });
    expect(early.json().code).toBe('lottery.not_official');
    const marked = await ops('/ops/lottery/official', {
      gameId: 'K3_2',
      official: true,
      reason: 'licensed feed',
    });
    expect(marked.json().value).toEqual({ gameId: 'K3_2', official: true, changed: true });
    expect(await rules()).toBe(true);
    expect(
      (await ops('/ops/lottery/official', { gameId: 'K3_2', official: true, reason: 'again' })).json().value
        .changed,
    ).toBe(false);

    const before = await balance();
    const triple = (numero: string) => ({
      gameId: 'K3_2',
      playId: 'k3.triple',
      bettingContent: '6',
      singleBetPrice: 1,
      winStop: false,
      bettingApproach: 1,
      numero: [{ numero, multiple: 1 }],
    });
    for (const i of [issue!, next!, third!]) expect((await bet(triple(i.numero))).statusCode).toBe(200);
    const result = (numero: string, numbers: string[]) =>
      ops('/ops/lottery/result', { gameId: 'K3_2', numero, numbers, reason: 'official feed' });
    expect((await result(issue!.numero, ['6', '6', '6'])).json().code).toBe('lottery.draw_pending');

    // The draw time passes: the schedule does not draw an official game from its seed.
    await drawAndSettle(issue!.drawAt);
    const waiting = await t.db
      .selectFrom('lottery_issue')
      .select('status')
      .where('game_code', '=', 'K3_2')
      .where('issue', '=', issue!.numero)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe('open');
    expect(await balance()).toBe(before - 300n);

    const bad = await result(issue!.numero, ['6', '6', '7']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'lottery.result_invalid', value: { problem: 'format' } });
    expect((await result(issue!.numero, ['6', '6'])).json().code).toBe('request_param_err');

    // Entered twice at once: one result, one settlement.
    const [a, b] = await Promise.all([
      result(issue!.numero, ['6', '6', '6']),
      result(issue!.numero, ['1', '2', '3']),
    ]);
    const ok = [a, b].filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect([a, b].find((r) => r.statusCode !== 200)!.json().code).toBe('lottery.issue_unknown');
    const entered = ok[0]!.json().value;
    expect(entered.opened).toMatchObject({ status: 'drawn', source: 'official', serverSeed: null });
    const won = entered.opened.numbers.join('') === '666';
    const expected = settleLotteryBet({
      family: 'k3',
      betType: 'k3.triple',
      content: '6',
      unitStakeMinor: 100n,
      multiple: 1,
      prizeGroup: 1960,
      draw: { family: 'k3', numbers: entered.opened.numbers },
    }).payoutMinor;
    expect(expected > 0n).toBe(won);
    expect(entered).toMatchObject({ settled: 1, won: won ? 1 : 0 });
    expect(await balance()).toBe(before - 300n + expected);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/lgw/games/opened/numero?gameId=K3_2&pageNo=1&pageSize=5`,
    });
    expect(
      opened.json().value.list.find((o: { numero: string }) => o.numero === issue!.numero),
    ).toMatchObject({
      source: 'official',
      serverSeed: null,
      numbers: entered.opened.numbers,
    });
    const audits = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target'])
      .where('action', 'in', ['lottery.official', 'lottery.result'])
      .execute();
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'lottery.official', target: 'K3_2' },
        { action: 'lottery.result', target: `K3_2/${issue!.numero}` },
      ]),
    );

    // No result for the next issue within the grace hours: cancelled and refunded by the schedule.
    await clockTo(third!.drawAt + 6 * 3_600_000 + 1000);
    await t.app.lottery.cancelOverdueOfficial();
    const statuses = await t.db
      .selectFrom('lottery_issue')
      .select(['issue', 'status'])
      .where('game_code', '=', 'K3_2')
      .where('issue', 'in', [next!.numero, third!.numero])
      .orderBy('issue')
      .execute();
    expect(statuses.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect(await balance()).toBe(before - 300n + expected + 200n);
    expect(
      (await ops('/ops/lottery/official', { gameId: 'K3_2', official: false, reason: 'feed ended' })).json()
        .value.changed,
    ).toBe(true);
  });
});
