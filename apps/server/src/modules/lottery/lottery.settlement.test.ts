import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY } from '../../test/build-test-app.js';
import { memberId } from '../../test/factories.js';
import { useLotteryApp } from '../../test/factories/lottery.js';

/**
 * Lottery settlement end to end through the app: an operator's cancellation, prize groups and
 * agent rebates, idempotent set-based settlement in `settle` batches, and recovery after lost
 * answers and crashes — with the ledger checked after every test.
 */
const app = useLotteryApp();
const { balance, upcoming, clockTo, bet, sscBet, drawAndSettle } = app;
let t: TestApp;
let token: string;
let player: string;
beforeAll(() => {
  ({ t, token, player } = app);
});

describe('lottery settlement', () => {
  it('an operator cancels an issue with a reason (audited) and runs the schedule on demand', async () => {
    const [issue, next] = await upcoming('SSC5', 2);
    const before = await balance();
    expect(
      (await bet({ ...sscBet([{ numero: issue!.numero, multiple: 1 }]), gameId: 'SSC5' })).statusCode,
    ).toBe(200);
    expect(
      (await bet({ ...sscBet([{ numero: next!.numero, multiple: 1 }]), gameId: 'SSC5' })).statusCode,
    ).toBe(200);
    const ops = (
      url: string,
      payload?: unknown,
      headers: Record<string, string> = { 'x-ops-key': TEST_OPS_KEY },
    ) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
    const noReason = await ops('/ops/lottery/cancel', { gameId: 'SSC5', numero: issue!.numero, reason: '' });
    expect(noReason.json().code).toBe('request_param_err');
    const member = await ops(
      '/ops/lottery/cancel',
      { gameId: 'SSC5', numero: issue!.numero, reason: 'feed down' },
      {
        authorization: token,
      },
    );
    expect(member.statusCode).toBe(401);
    const res = await ops('/ops/lottery/cancel', {
      gameId: 'SSC5',
      numero: issue!.numero,
      reason: 'feed down',
    });
    expect(res.json().value).toEqual({ cancelled: true, refunded: 1 });
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target', 'payload'])
      .where('action', '=', 'lottery.cancel')
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe(`SSC5/${issue!.numero}`);
    expect(JSON.stringify(audit.payload)).toContain('feed down');
    const twice = await ops('/ops/lottery/cancel', {
      gameId: 'SSC5',
      numero: issue!.numero,
      reason: 'feed down',
    });
    expect(twice.json().code).toBe('lottery.issue_unknown');
    expect(await balance()).toBe(before - 1000n);
    // The second issue draws and settles through the operator's pass.
    await clockTo(next!.drawAt + 1);
    const pass = await ops('/ops/lottery/run');
    // The pass draws every SSC5 issue due by then (an earlier one too, when this file starts just
    // before a draw): pick the second issue's.
    const mine = pass
      .json()
      .value.drawn.find(
        (d: { numero: string; gameId: string }) => d.gameId === 'SSC5' && d.numero === next!.numero,
      );
    expect(mine).toMatchObject({ numero: next!.numero, settled: 1, won: 1, paid: 1 });
    expect(await balance()).toBe(before - 1000n + 980n);
  });

  it("an agent sets its downline's prize group; the downline plays at it and the agent earns the gap, once", async () => {
    const agentToken = await t.login('demoagent', 'demo1234');
    const agent = await memberId(t.db, 'demoagent');
    const groups = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/wps/agent/lottery/prize-groups', headers });
    const set = (memberId: string, prizeGroup: number, auth = agentToken) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/agent/lottery/prize-group',
        headers: { authorization: auth },
        payload: { memberId, prizeGroup },
      });
    const mine = (await groups({ authorization: agentToken })).json().value;
    expect(mine.own).toBe(1960);
    expect(mine.list.find((m: { memberId: string }) => m.memberId === player)).toMatchObject({
      prizeGroup: 1960,
      inherited: true,
    });
    expect((await set(player, 1970)).json().code).toBe('lottery.prize_group_invalid');
    expect((await set(player, 1699)).json().code).toBe('lottery.prize_group_invalid');
    // The member cannot set its own group, nor anyone set another agent's downline's.
    expect((await set(player, 1900, token)).json().code).toBe('not.found');
    expect((await set(player, 1950)).json().value).toEqual({ memberId: player, prizeGroup: 1950 });
    // The member's odds table is at its group.
    const rules = await t.app.inject({
      method: 'GET',
      url: '/lgw/games/rules?gameId=SSC1',
      headers: { authorization: token },
    });
    expect(rules.json().value.prizeGroup).toBe(1950);

    /** The agent's main wallet (none until its first posting). */
    const agentBalance = async () => {
      const row = await t.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('owner_id', '=', agent)
        .where('kind', '=', 'main')
        .executeTakeFirst();
      return BigInt(row?.balance ?? 0);
    };
    const [issue] = await upcoming('SSC1');
    const before = await balance();
    const agentBefore = await agentBalance();
    const res = await bet(sscBet([{ numero: issue!.numero, multiple: 1 }]));
    expect(res.statusCode, res.body).toBe(200);
    await drawAndSettle(issue!.drawAt);
    // Odds at 1950: 10 × 1.00 staked, the hit pays 1.00 × 1950/2000 × 10 = 9.75.
    expect(await balance()).toBe(before - 1000n + 975n);
    // The agent earns (1960 − 1950) / 2000 of the stake: 0.05.
    expect(await agentBalance()).toBe(agentBefore + 5n);
    const rebate = await t.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'member_id'])
      .where('kind', '=', 'LOTTERY_REBATE')
      .execute();
    expect(rebate).toEqual([{ kind: 'LOTTERY_REBATE', member_id: agent }]);
    // Settled again (a recovery): nothing more.
    await t.app.lottery.selling().settleIssue('SSC1', issue!.numero);
    expect(await agentBalance()).toBe(agentBefore + 5n);
    await t.db.deleteFrom('lottery_prize_group').where('member_id', '=', player).execute();
  });

  it('settlement is idempotent: two settlements of one draw at once pay once', async () => {
    const [issue] = await upcoming('SSC1');
    const before = await balance();
    const res = await bet(sscBet([{ numero: issue!.numero, multiple: 1 }]));
    expect(res.statusCode).toBe(200);
    await clockTo(issue!.drawAt + 1);
    // Draw without settling, then settle twice in parallel.
    await t.app.lottery.draws.tick(new Date(issue!.drawAt + 1));
    const selling = t.app.lottery.selling();
    const [a, b] = await Promise.all([
      selling.settleIssue('SSC1', issue!.numero),
      selling.settleIssue('SSC1', issue!.numero),
    ]);
    expect(a.settled + b.settled).toBe(1);
    expect(await balance()).toBe(before - 1000n + 980n);
    expect((await selling.settleIssue('SSC1', issue!.numero)).settled).toBe(0);
    expect(await balance()).toBe(before - 1000n + 980n);
  });

  it('recovery: a lost bet answer is refunded; a settlement cut off after the platform paid is finished without paying twice', async () => {
    const [issue, next] = await upcoming('SSC1', 2);
    const before = await balance();
    const a = (await bet(sscBet([{ numero: issue!.numero, multiple: 1 }]))).json().value.list[0];
    const b = (await bet(sscBet([{ numero: next!.numero, multiple: 1 }]))).json().value.list[0];
    // A crash after the bet was applied but before its answer was recorded.
    await t.db.updateTable('lottery_bet').set({ status: 'placing' }).where('id', '=', a.betId).execute();
    // `next` draws and its result reaches the platform, then the process dies before recording it.
    await clockTo(next!.drawAt + 1);
    await t.app.lottery.draws.tick(new Date(next!.drawAt + 1));
    const selling = t.app.lottery.selling();
    expect((await selling.settleIssue('SSC1', next!.numero)).settled).toBe(1);
    await t.db
      .updateTable('lottery_bet')
      .set({ status: 'open', payout: '0', paid: false, settled_at: null })
      .where('id', '=', b.betId)
      .execute();
    expect(await balance()).toBe(before - 2000n + 980n);
    const first = await selling.recover({ olderThanMs: -1000 });
    expect(first).toMatchObject({ refunded: 1, settled: 1 });
    // `a` refunded; `b` won once.
    expect(await balance()).toBe(before - 1000n + 980n);
    const rows = await t.db
      .selectFrom('lottery_bet')
      .select(['id', 'status', 'payout', 'paid'])
      .where('id', 'in', [a.betId, b.betId])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.payout, r.paid])).toEqual([
      ['refunded', '0', true],
      ['won', '980', true],
    ]);
    const again = await selling.recover({ olderThanMs: -1000 });
    expect(again).toMatchObject({ refunded: 0, settled: 0 });
    expect(await balance()).toBe(before - 1000n + 980n);
  });

  it('a lost bet is closed without a transaction; settled again after a crash, nothing moves twice', async () => {
    const [issue] = await upcoming('SSC1');
    const before = await balance();
    // One of the two wins (the first digit is in exactly one of them), the other loses.
    const placed = (
      await t.app.inject({
        method: 'POST',
        url: '/lgw/betting',
        headers: { authorization: token },
        payload: {
          prizeMode: 'Lott',
          device: 'WEB',
          contents: [
            sscBet([{ numero: issue!.numero, multiple: 1 }], { bettingContent: '0,1,2,3,4||||' }),
            sscBet([{ numero: issue!.numero, multiple: 1 }], { bettingContent: '5,6,7,8,9||||' }),
          ],
        },
      })
    ).json().value.list as { betId: string }[];
    expect(placed.length).toBe(2);
    await clockTo(issue!.drawAt + 1);
    await t.app.lottery.draws.tick(new Date(issue!.drawAt + 1));
    const selling = t.app.lottery.selling();
    expect(await selling.settleIssue('SSC1', issue!.numero)).toMatchObject({ settled: 2, won: 1 });
    const rows = () =>
      t.db
        .selectFrom('lottery_bet')
        .select(['id', 'status', 'payout', 'paid'])
        .where(
          'id',
          'in',
          placed.map((p) => p.betId),
        )
        .orderBy('id')
        .execute();
    const settled = await rows();
    expect(settled.map((r) => r.status).sort()).toEqual(['lost', 'won']);
    const lost = settled.find((r) => r.status === 'lost')!;
    const won = settled.find((r) => r.status === 'won')!;
    const paidOnce = before - 1000n + BigInt(won.payout);
    expect(await balance()).toBe(paidOnce);
    // The platform closed the lost round (settled, nothing paid) without a transaction of its own.
    const platform = await t.db
      .selectFrom('bet')
      .select(['round_id', 'status', 'payout', 'valid_bet'])
      .where('round_id', 'in', [`L${lost.id}`, `L${won.id}`])
      .orderBy('round_id')
      .execute();
    expect(platform.every((b) => b.status === 'settled')).toBe(true);
    expect(platform.find((b) => b.round_id === `L${lost.id}`)).toMatchObject({
      payout: '0',
      valid_bet: '500',
    });
    const wins = await t.db
      .selectFrom('vendor_tx')
      .select('transaction_id')
      .where('transaction_id', 'in', [`L${lost.id}:w`, `L${won.id}:w`])
      .execute();
    expect(wins.map((w) => w.transaction_id)).toEqual([`L${won.id}:w`]);
    // A crash before the results were recorded: both sent again, applied once.
    await t.db
      .updateTable('lottery_bet')
      .set({ status: 'open', payout: '0', paid: false, settled_at: null })
      .where(
        'id',
        'in',
        placed.map((p) => p.betId),
      )
      .execute();
    expect(await selling.settleIssue('SSC1', issue!.numero)).toMatchObject({ settled: 2, won: 1 });
    expect(await rows()).toEqual(settled);
    expect(await balance()).toBe(paidOnce);
  });

  it('a replayed settle callback answers the same and moves nothing', async () => {
    const [issue] = await upcoming('SSC1');
    const placed = (await bet(sscBet([{ numero: issue!.numero, multiple: 1 }]))).json().value.list[0];
    const before = await balance();
    const { createHmac } = await import('node:crypto');
    const secret = await t.db
      .selectFrom('vendor_secret')
      .select('secret')
      .where('vendor_code', '=', 'house')
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      request_id: 'replay-1',
      currency: 'USD',
      items: [
        {
          transaction_id: `L${placed.betId}:w`,
          player_id: player,
          round_id: `L${placed.betId}`,
          game_code: 'SSC1',
          amount: '500',
        },
        { transaction_id: 'nobody:w', player_id: player, round_id: 'L0', game_code: 'SSC1', amount: '5' },
      ],
    });
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/vendor/house/settle',
        headers: {
          'content-type': 'application/json',
          merchant: 'demo',
          'x-signature': createHmac('sha256', secret.secret).update(payload).digest('hex'),
        },
        payload,
      });
    const first = await send(body);
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual(['OK', 'BET_NOT_FOUND']);
    expect(await balance()).toBe(before + 500n);
    const replay = await send(body);
    expect(replay.body).toBe(first.body);
    // The same transaction under a new request id: applied before, nothing moves.
    const again = await send(body.replace('replay-1', 'replay-2'));
    expect(again.json().results[0].status).toBe('OK');
    expect(await balance()).toBe(before + 500n);
    // The same id for another amount is a duplicate, not a second payment.
    const other = await send(body.replace('replay-1', 'replay-3').replace('"500"', '"700"'));
    expect(other.json().results[0].status).toBe('DUPLICATE_TRANSACTION');
    expect(await balance()).toBe(before + 500n);
  });
});
