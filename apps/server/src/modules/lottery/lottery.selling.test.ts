import { lotteryBetSchema } from '@arcadia/contract';
import { drawLottery, lotteryGame, settleLotteryBet } from '@arcadia/games';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { useLotteryApp } from '../../test/factories/lottery.js';

/**
 * Lottery selling end to end through the app: bets paid by the house vendor's signed `bet`
 * callbacks, the selling cut-off and refusals, chases and refunds — with the ledger checked after
 * every test.
 */
const app = useLotteryApp();
const { ALL_FIRST, balance, upcoming, clockTo, bet, sscBet, drawAndSettle } = app;
let t: TestApp;
let token: string;
beforeAll(() => {
  ({ t, token } = app);
});

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
});
