import { liveBetSchema, liveRoundSchema, liveTableSchema } from '@arcadia/contract';
import { hashServerSeed, livePayout, liveRoundResult, liveTable } from '@arcadia/games';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { newMember } from '../../test/factories/payments.js';
import { STALE_ROUND_MS } from './live.tables.js';

/**
 * The live tables end to end through the app: rounds opened with a published commitment, bets
 * paid by the house vendor's signed `bet` callbacks and refused from the close on, results dealt
 * from the committed seed and settled in `settle` batches, voids refunded — the ledger checked
 * after every test.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { TEST_CLOCK: true } });
});
afterAll(() => t.close());
afterEach(async () => {
  vi.useRealTimers();
  expect(await checkLedger(t.db)).toEqual([]);
});

const BAC = 'LIVE_BACCARAT_1';
const table = liveTable(BAC)!;

async function clockBy(ms: number) {
  const res = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: ms } });
  expect(res.statusCode, res.body).toBe(200);
}
async function clockNow(): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 0 } });
  return Date.parse(res.json().value.now as string);
}

async function tableState(code = BAC) {
  const res = await t.app.inject({ method: 'GET', url: `/live/tables?tableCode=${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return liveTableSchema.parse(res.json().value.list[0]);
}

/** Moves the schedule on until the table has a round taking bets with time left; returns it. */
async function bettingRound(code = BAC) {
  for (let i = 0; i < 10; i++) {
    await t.app.live.tick();
    const { round } = await tableState(code);
    const now = await clockNow();
    if (round?.status === 'betting' && Date.parse(round.closesAt) - now > 3_000) return round;
    if (!round) continue;
    const next =
      round.status === 'betting'
        ? Date.parse(round.closesAt)
        : round.status === 'dealing'
          ? Date.parse(round.resultAt)
          : Date.parse(round.resultAt) + liveTable(code)!.pauseMs;
    await clockBy(Math.max(0, next - now) + 1);
  }
  throw new Error('no betting round');
}

/** Closes the round (deal) and settles it. */
async function playOut(roundId: string, code = BAC) {
  let { round } = await tableState(code);
  expect(round?.roundId).toBe(roundId);
  await clockBy(Math.max(0, Date.parse(round!.closesAt) - (await clockNow())) + 1);
  await t.app.live.tick();
  ({ round } = await tableState(code));
  expect(round?.status).toBe('dealing');
  await clockBy(Math.max(0, Date.parse(round!.resultAt) - (await clockNow())) + 1);
  await t.app.live.tick();
  ({ round } = await tableState(code));
  expect(round?.status).toBe('settled');
  return liveRoundSchema.parse(round);
}

const bet = (token: string, roundId: string, bets: { spot: string; amount: string }[], tableCode = BAC) =>
  t.app.inject({
    method: 'POST',
    url: '/live/bets',
    headers: { authorization: token },
    payload: { tableCode, roundId, bets },
  });

async function balance(memberId: string): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'main')
    .where('code', '=', 'MAIN')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

describe('live tables', () => {
  it('a round: commitment first, bets through the wallet, the deal from the seed, payouts, the seed revealed', async () => {
    const a = await newMember(t, { fundMinor: 100_000n });
    const b = await newMember(t, { fundMinor: 100_000n });
    const round = await bettingRound();
    expect(round.serverSeed).toBeNull();
    expect(round.result).toBeNull();
    expect(round.seedHash).toMatch(/^[0-9a-f]{64}$/);

    const placed = await bet(a.token, round.roundId, [
      { spot: 'player', amount: '1000' },
      { spot: 'tie', amount: '500' },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().value.balance).toBe('98500');
    expect(placed.json().value.list.map((x: unknown) => liveBetSchema.parse(x).spot)).toEqual([
      'player',
      'tie',
    ]);
    expect((await bet(b.token, round.roundId, [{ spot: 'banker', amount: '2000' }])).statusCode).toBe(200);
    // Booked as a live-casino wager of the table, like any vendor's.
    const wager = await t.db
      .selectFrom('bet')
      .select(['game_type', 'game_code', 'status'])
      .where('member_id', '=', a.id)
      .where('round_id', 'like', 'T%')
      .execute();
    expect(wager).toHaveLength(2);
    expect(wager[0]).toMatchObject({ game_type: 'LIVE', game_code: BAC, status: 'open' });

    const totals = await t.app.inject({ method: 'GET', url: `/live/totals?tableCode=${BAC}` });
    expect(totals.json().value).toMatchObject({ roundId: round.roundId, players: 2 });
    expect(
      Object.fromEntries(
        totals.json().value.spots.map((s: { spot: string; amount: string }) => [s.spot, s.amount]),
      ),
    ).toEqual({ player: '1000', tie: '500', banker: '2000' });

    const settled = await playOut(round.roundId);
    expect(hashServerSeed(settled.serverSeed!)).toBe(round.seedHash);
    const result = liveRoundResult('baccarat', settled.serverSeed!, BAC, settled.roundNo);
    expect(settled.result).toEqual(result);
    const paidA = livePayout(1000n, 'player', result) + livePayout(500n, 'tie', result);
    const paidB = livePayout(2000n, 'banker', result);
    expect(await balance(a.id)).toBe(98_500n + paidA);
    expect(await balance(b.id)).toBe(98_000n + paidB);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/live/bets?roundId=${round.roundId}`,
      headers: { authorization: a.token },
    });
    const list = mine.json().value.list.map((x: unknown) => liveBetSchema.parse(x));
    expect(list.every((x: { status: string }) => x.status === 'won' || x.status === 'lost')).toBe(true);
    expect(list.reduce((s: bigint, x: { payout: string }) => s + BigInt(x.payout), 0n)).toBe(paidA);
    const history = (await tableState()).history;
    expect(history.at(-1)).toMatchObject({
      roundId: round.roundId,
      summary: result.kind === 'baccarat' ? result.winner : '',
    });
  });

  it('a bet 1 ms before the close is taken; at the close and 1 ms after it is refused', async () => {
    const m = await newMember(t, { fundMinor: 100_000n });
    const round = await bettingRound();
    const res = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 0 } });
    const offset = res.json().value.offsetMs as number;
    const closes = Date.parse(round.closesAt);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(closes - 1 - offset);
    expect((await bet(m.token, round.roundId, [{ spot: 'banker', amount: '100' }])).statusCode).toBe(200);
    vi.setSystemTime(closes - offset);
    const late = await bet(m.token, round.roundId, [{ spot: 'banker', amount: '100' }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('live.betting_closed');
    vi.setSystemTime(closes + 1 - offset);
    expect((await bet(m.token, round.roundId, [{ spot: 'player', amount: '100' }])).json().code).toBe(
      'live.betting_closed',
    );
    vi.useRealTimers();
    expect(await balance(m.id)).toBe(99_900n);
    await playOut(round.roundId);
  });

  it('bad input is refused clearly: unknown table or spot, limits, trial accounts, a round not in play', async () => {
    const m = await newMember(t, { fundMinor: 10_000_000n });
    const round = await bettingRound();
    const codes = async (res: Promise<{ statusCode: number; json: () => { code: string } }>) => {
      const r = await res;
      return [r.statusCode, r.json().code];
    };
    expect(await codes(bet(m.token, round.roundId, [{ spot: 'dragon', amount: '100' }]))).toEqual([
      400,
      'live.spot_invalid',
    ]);
    expect(await codes(bet(m.token, round.roundId, [{ spot: 'player', amount: '99' }]))).toEqual([
      400,
      'live.stake_invalid',
    ]);
    expect(await codes(bet(m.token, round.roundId, [{ spot: 'player', amount: '1000001' }]))).toEqual([
      400,
      'live.stake_invalid',
    ]);
    expect(
      await codes(bet(m.token, round.roundId, [{ spot: 'player', amount: '100' }], 'NO_SUCH_TABLE')),
    ).toEqual([404, 'live.table_unknown']);
    expect(await codes(bet(m.token, '999999999', [{ spot: 'player', amount: '100' }]))).toEqual([
      409,
      'live.betting_closed',
    ]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/live/bets',
      headers: { authorization: m.token },
      payload: { tableCode: BAC, roundId: round.roundId, bets: [{ spot: 'player', amount: '-5' }] },
    });
    expect(malformed.statusCode).toBe(400);
    const trial = await newMember(t, { fundMinor: 10_000n });
    await t.db.updateTable('member').set({ type: 4 }).where('id', '=', trial.id).execute();
    expect(await codes(bet(trial.token, round.roundId, [{ spot: 'player', amount: '100' }]))).toEqual([
      403,
      'live.trial_refused',
    ]);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/live/bets',
      payload: { tableCode: BAC, roundId: round.roundId, bets: [{ spot: 'player', amount: '100' }] },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await balance(m.id)).toBe(10_000_000n);
    expect(await t.db.selectFrom('live_bet').select('id').where('member_id', '=', m.id).execute()).toEqual(
      [],
    );
    await playOut(round.roundId);
  });

  it('parallel placements never take a spot past its limit, and never more money than they record', async () => {
    const m = await newMember(t, { fundMinor: 10_000_000n });
    const round = await bettingRound();
    const max = String(table.maxBet * 100);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => bet(m.token, round.roundId, [{ spot: 'banker', amount: max }])),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.json().code === 'live.stake_invalid')).toHaveLength(7);
    expect(await balance(m.id)).toBe(10_000_000n - BigInt(max));
    const settled = await playOut(round.roundId);
    const paid = livePayout(BigInt(max), 'banker', settled.result as never);
    expect(await balance(m.id)).toBe(10_000_000n - BigInt(max) + paid);
  });

  it('settling twice, or again after the record of a payout was lost, pays once', async () => {
    const m = await newMember(t, { fundMinor: 100_000n });
    const round = await bettingRound();
    expect(
      (
        await bet(m.token, round.roundId, [
          { spot: 'player', amount: '5000' },
          { spot: 'banker', amount: '5000' },
        ])
      ).statusCode,
    ).toBe(200);
    await clockBy(Date.parse(round.closesAt) - (await clockNow()) + 1);
    await t.app.live.tick();
    await clockBy(table.dealMs + 1);
    // Two instances settle the same round at once.
    await Promise.all([
      t.app.live.tables().settleRound(round.roundId),
      t.app.live.tables().settleRound(round.roundId),
    ]);
    const after = await balance(m.id);
    // A crash after the platform applied the results but before this side recorded them.
    await t.db
      .updateTable('live_bet')
      .set({ status: 'open', payout: '0', paid: false })
      .where('member_id', '=', m.id)
      .execute();
    await t.app.live.tables().recover();
    expect(await balance(m.id)).toBe(after);
    const rows = await t.db
      .selectFrom('live_bet')
      .select(['status', 'payout'])
      .where('member_id', '=', m.id)
      .execute();
    expect(rows.every((r) => r.status === 'won' || r.status === 'lost')).toBe(true);
    const { round: done } = await tableState();
    expect(done?.status).toBe('settled');
    expect(after).toBe(90_000n + rows.reduce((s, r) => s + BigInt(r.payout), 0n));
  });

  it('a voided round refunds every bet and reveals its seed; a round left open far past its close is voided', async () => {
    const m = await newMember(t, { fundMinor: 100_000n });
    const round = await bettingRound();
    expect((await bet(m.token, round.roundId, [{ spot: 'tie', amount: '3000' }])).statusCode).toBe(200);
    // Three operators void it at once: one void, one refund.
    const voids = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/ops/live/void',
          headers: { 'x-ops-key': TEST_OPS_KEY },
          payload: { tableCode: BAC, roundId: round.roundId, reason: 'dealing shoe fault' },
        }),
      ),
    );
    const voided = voids.filter((r) => r.statusCode === 200);
    expect(voided.map((r) => r.json().value)).toEqual([{ roundId: round.roundId, refunded: 1 }]);
    expect(voids.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual([
      'live.round_settled',
      'live.round_settled',
    ]);
    expect(await balance(m.id)).toBe(100_000n);
    const again = await t.app.inject({
      method: 'POST',
      url: '/ops/live/void',
      headers: { 'x-ops-key': TEST_OPS_KEY },
      payload: { tableCode: BAC, roundId: round.roundId, reason: 'dealing shoe fault' },
    });
    expect(again.json().code).toBe('live.round_settled');
    const { round: shown } = await tableState();
    expect(shown).toMatchObject({ status: 'voided', roundId: round.roundId });
    expect(hashServerSeed(shown!.serverSeed!)).toBe(round.seedHash);

    // The tables stopped (a crash) with a round taking bets; long after, the round is voided, not dealt.
    const next = await bettingRound();
    expect((await bet(m.token, next.roundId, [{ spot: 'player', amount: '2000' }])).statusCode).toBe(200);
    await clockBy(Date.parse(next.closesAt) - (await clockNow()) + STALE_ROUND_MS + 1000);
    await t.app.live.tick();
    const { round: stale } = await tableState();
    expect(stale).toMatchObject({ roundId: next.roundId, status: 'voided' });
    expect(await balance(m.id)).toBe(100_000n);
    // And the table goes on.
    const fresh = await bettingRound();
    expect(fresh.roundNo).toBe(next.roundNo + 1);
  });

  it('the lobby launches a live table as its page on the site, for real and free play alike', async () => {
    const m = await newMember(t, { fundMinor: 1_000n });
    const game = await t.db
      .selectFrom('game')
      .select(['node_id', 'game_type'])
      .where('game_code', '=', 'LIVE_ROULETTE')
      .executeTakeFirstOrThrow();
    expect(game.game_type).toBe('LIVE');
    for (const accountType of [1, 0]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/game/launchGame?nodeId=${game.node_id}&accountType=${accountType}`,
        headers: { authorization: m.token },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.content.game_url).toBe('/live/LIVE_ROULETTE');
    }
  });

  it('every table runs its own game; an insufficient balance takes nothing', async () => {
    const m = await newMember(t, { fundMinor: 1_000n });
    for (const [code, spot] of [
      ['LIVE_DRAGON_TIGER', 'dragon'],
      ['LIVE_SIC_BO', 'big'],
      ['LIVE_ROULETTE', 'red'],
    ] as const) {
      const round = await bettingRound(code);
      const before = await balance(m.id);
      const poor = await bet(m.token, round.roundId, [{ spot, amount: '100000' }], code);
      expect(poor.json().code).toBe('wallet.insufficient');
      expect(await balance(m.id)).toBe(before);
      expect((await bet(m.token, round.roundId, [{ spot, amount: '100' }], code)).statusCode).toBe(200);
      const settled = await playOut(round.roundId, code);
      expect(settled.result?.kind).toBe(liveTable(code)!.kind);
    }
    const refunded = await t.db
      .selectFrom('live_bet')
      .select('status')
      .where('member_id', '=', m.id)
      .where('status', '=', 'refused')
      .execute();
    expect(refunded).toHaveLength(3);
  });
});
