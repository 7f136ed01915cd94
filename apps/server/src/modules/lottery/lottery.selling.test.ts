import { lotteryBetSchema } from '@arcadia/contract';
import { drawLottery, lotteryGame, settleLotteryBet } from '@arcadia/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { fundMain, memberId } from '../../test/factories.js';
import { checkLedger } from '../ledger/ledger.check.js';

/**
 * Lottery selling end to end through the app: bets paid by the house vendor's signed `bet`
 * callbacks, draws settled set-based with `settle` batches, chases, refunds and recovery — with
 * the ledger checked after every test.
 */
let t: TestApp;
let token: string;
let player: string;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { TEST_CLOCK: true } });
  token = await t.login('demoplayer', 'demo1234');
  player = await memberId(t.db, 'demoplayer');
  await fundMain(t.db, player, 1_000_000n);
  await t.app.lottery.tick();
});
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

describe('lottery selling', () => {
  it('a bet is paid through the wallet, booked as a lottery wager, and settled at the draw', async () => {
    const [issue] = await upcoming('SSC1');
    const before = await balance();
    const res = await bet(sscBet([{ numero: issue!.numero, multiple: 2 }], { bettingSlip: 10 }));
    expect(res.statusCode, res.body).toBe(200);
    const placed = lotteryBetSchema.parse(res.json().value.list[0]);
    // 10 units × 1.00 × 2 = 20.00
    expect(placed).toMatchObject({ status: 'open', units: 10, multiple: 2, stake: '2000', unitStake: '100' });
    expect(BigInt(res.json().value.balance)).toBe(before - 2000n);
    const wager = await t.db
      .selectFrom('bet')
      .select(['game_type', 'status', 'stake', 'adapter'])
      .where('round_id', '=', `L${placed.betId}`)
      .executeTakeFirstOrThrow();
    // SSC1 is an electronic lottery (ELOTT): the rollups book it as such.
    expect(lotteryGame('SSC1')!.kind).toBe('ELOTT');
    expect(wager).toMatchObject({ game_type: 'ELOTT', status: 'open', adapter: 'house' });

    await drawAndSettle(issue!.drawAt);
    const drawn = await t.db
      .selectFrom('lottery_issue')
      .select(['server_seed', 'numbers'])
      .where('game_code', '=', 'SSC1')
      .where('issue', '=', issue!.numero)
      .executeTakeFirstOrThrow();
    const expected = settleLotteryBet({
      family: 'ssc',
      betType: 'ssc.pos',
      content: ALL_FIRST,
      unitStakeMinor: 100n,
      multiple: 2,
      prizeGroup: 1960,
      draw: drawLottery(lotteryGame('SSC1')!, drawn.server_seed, issue!.numero),
    });
    // One of the ten digits is always drawn: 2 × 1.00 × 1960/2000 × 10 = 19.60.
    expect(expected.payoutMinor).toBe(1960n);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/lgw/bets?status=settled',
      headers: { authorization: token },
    });
    const settled = mine.json().value.list.find((b: { betId: string }) => b.betId === placed.betId);
    expect(settled).toMatchObject({ status: 'won', payout: '1960', numbers: drawn.numbers });
    expect(await balance()).toBe(before - 2000n + 1960n);
    const closed = await t.db
      .selectFrom('bet')
      .select(['status', 'payout', 'valid_bet'])
      .where('round_id', '=', `L${placed.betId}`)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: 'settled', payout: '1960', valid_bet: '2000' });
    // The betting record shows the round as the lottery bet it is.
    const record = await t.app.inject({
      method: 'GET',
      url: '/wps/member/bets?pageSize=100',
      headers: { authorization: token },
    });
    expect(
      record.json().value.list.find((r: { roundId: string }) => r.roundId === `L${placed.betId}`),
    ).toMatchObject({
      gameName: '1-Minute Lotto 5D',
      gameType: 'ELOTT',
      payout: 19.6,
      lottery: {
        numero: issue!.numero,
        playId: 'ssc.pos',
        betType: 'Position digit',
        content: ALL_FIRST,
        multiple: 2,
        numbers: drawn.numbers,
      },
    });
  });

  it('sales close the brand’s seconds before the draw: one second before is sold, at the close it is refused', async () => {
    const [issue] = await upcoming('SSC1');
    const closeAt = issue!.drawAt - 10_000;
    await clockTo(closeAt - 1000);
    const ok = await bet(sscBet([{ numero: issue!.numero, multiple: 1 }]));
    expect(ok.statusCode, ok.body).toBe(200);
    await clockTo(closeAt);
    const before = await balance();
    const late = await bet(sscBet([{ numero: issue!.numero, multiple: 1 }]));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('lottery.sales_closed');
    expect(await balance()).toBe(before);
    await drawAndSettle(issue!.drawAt);
    // A drawn issue is no longer on sale at all.
    const drawn = await bet(sscBet([{ numero: issue!.numero, multiple: 1 }]));
    expect(drawn.json().code).toBe('lottery.issue_unknown');
  });

  it('refuses unknown games, bet types, selections, issues and prices with clear codes and no money moved', async () => {
    const [issue] = await upcoming('SSC1');
    const n = [{ numero: issue!.numero, multiple: 1 }];
    const before = await balance();
    const cases: [Record<string, unknown>, number, string][] = [
      [sscBet(n, { gameId: 'NOPE' }), 404, 'lottery.game_unknown'],
      [sscBet(n, { playId: 'ssc.nothing' }), 400, 'lottery.bet_type_unknown'],
      [sscBet(n, { bettingContent: 'x||||' }), 400, 'lottery.content_invalid'],
      [sscBet(n, { bettingSlip: 3 }), 400, 'lottery.content_invalid'],
      [sscBet([{ numero: '20990101-001', multiple: 1 }]), 404, 'lottery.issue_unknown'],
      [sscBet(n, { singleBetPrice: '0.001' }), 400, 'request_param_err'],
      [sscBet(n, { singleBetPrice: 0 }), 400, 'lottery.stake_invalid'],
      [
        sscBet([{ numero: issue!.numero, multiple: 1000 }], { singleBetPrice: 9999 }),
        400,
        'lottery.stake_invalid',
      ],
      [sscBet([n[0]!, n[0]!]), 400, 'request_param_err'],
    ];
    for (const [content, status, code] of cases) {
      const res = await bet(content);
      expect([res.statusCode, res.json().code], JSON.stringify(content)).toEqual([status, code]);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/lgw/betting',
      payload: { contents: [sscBet(n)] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await balance()).toBe(before);
  });

  it('a win-stop chase stops at its first win and refunds the issues it did not play', async () => {
    const issues = await upcoming('SSC1', 3);
    const before = await balance();
    const res = await bet(
      sscBet(
        issues.map((i, k) => ({ numero: i.numero, multiple: k + 1 })),
        { winStop: true },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().value.list as { betId: string; stake: string; orderId: string }[];
    expect(list.map((b) => b.stake)).toEqual(['1000', '2000', '3000']);
    expect(await balance()).toBe(before - 6000n);
    // Every draw has a first digit: the first issue wins 9.80, and the chase stops there.
    await drawAndSettle(issues[0]!.drawAt);
    const rows = await t.db
      .selectFrom('lottery_bet')
      .select(['id', 'status', 'payout', 'paid'])
      .where('order_id', '=', list[0]!.orderId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.payout, r.paid])).toEqual([
      ['won', '980', true],
      ['refunded', '0', true],
      ['refunded', '0', true],
    ]);
    expect(await balance()).toBe(before - 1000n + 980n);
    const voided = await t.db
      .selectFrom('bet')
      .select('status')
      .where('round_id', 'in', [`L${rows[1]!.id}`, `L${rows[2]!.id}`])
      .execute();
    expect(voided.map((v) => v.status)).toEqual(['void', 'void']);
    // The later draws find nothing left of the chase to settle.
    await drawAndSettle(issues[2]!.drawAt);
    expect(await balance()).toBe(before - 1000n + 980n);
  });

  it('a member stops a chase: the issues still on sale are refunded', async () => {
    const issues = await upcoming('SSC5', 3);
    const before = await balance();
    const res = await bet({
      ...sscBet(issues.map((i) => ({ numero: i.numero, multiple: 1 }))),
      gameId: 'SSC5',
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().value.list[0].orderId;
    // Sent twice at once (a double tap): the three issues are refunded once between them.
    const stops = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/lgw/bets/chase/cancel',
          headers: { authorization: token },
          payload: { orderId },
        }),
      ),
    );
    const refunds = stops.map((r) => r.json().value as { refunded: number; amount: string });
    expect(refunds.reduce((n, r) => n + r.refunded, 0)).toBe(3);
    expect(refunds.reduce((n, r) => n + BigInt(r.amount), 0n)).toBe(3000n);
    expect(await balance()).toBe(before);
    const other = await t.app.inject({
      method: 'POST',
      url: '/lgw/bets/chase/cancel',
      headers: { authorization: token },
      payload: { orderId: '999999' },
    });
    expect(other.json().code).toBe('not.found');
  });

  it('an order the balance cannot cover is refused whole: nothing is kept', async () => {
    const issues = await upcoming('SSC5', 3);
    const before = await balance();
    // Each issue costs more than a third of the balance: the third cannot be paid.
    const price = (before / 2n / 10n + 1n).toString();
    const res = await bet({
      ...sscBet(issues.map((i) => ({ numero: i.numero, multiple: 1 }))),
      gameId: 'SSC5',
      singleBetPrice: (Number(price) / 100).toFixed(2),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wallet.insufficient');
    expect(await balance()).toBe(before);
    const open = await t.db
      .selectFrom('lottery_bet')
      .select('status')
      .where('status', 'in', ['open', 'placing'])
      .where('game_code', '=', 'SSC5')
      .execute();
    expect(open).toEqual([]);
  });

  it('a cancelled draw refunds every bet on it', async () => {
    const [issue] = await upcoming('SSC5');
    const before = await balance();
    const res = await bet({ ...sscBet([{ numero: issue!.numero, multiple: 3 }]), gameId: 'SSC5' });
    expect(res.statusCode).toBe(200);
    expect(await balance()).toBe(before - 3000n);
    // Two cancellations at once: one cancels and refunds, the other finds nothing to do.
    const outs = await Promise.all(
      [1, 2].map(() => t.app.lottery.selling().cancelIssue('SSC5', issue!.numero)),
    );
    expect(outs.filter((o) => o.cancelled)).toEqual([{ cancelled: true, refunded: 1 }]);
    expect(await balance()).toBe(before);
    // Cancelled once: a second cancel and a late draw move nothing.
    expect(await t.app.lottery.selling().cancelIssue('SSC5', issue!.numero)).toEqual({
      cancelled: false,
      refunded: 0,
    });
    await drawAndSettle(issue!.drawAt);
    expect(await balance()).toBe(before);
  });

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
    const mine = pass.json().value.drawn.find((d: { numero: string; gameId: string }) => d.gameId === 'SSC5');
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
