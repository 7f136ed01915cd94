import { createHash } from 'node:crypto';
import { drawRaffle } from '@arcadia/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { TEAM_PASSWORD, addBet, addMember, postMoney } from '../../test/factories/agent.js';
import { checkLedger } from '../ledger/index.js';
import { demoMerchantId, mainBalance } from '../../test/factories/rewards.js';

/*
 * Raffles (docs/rewards.md "Raffles") on the real application: the operator writes them with a
 * reason (audited), tickets come only from settled valid bets and qualifying deposits in the
 * window (trial accounts none), the draw happens once however many passes race it and can be
 * recomputed from the revealed seed, and each prize is credited once, to its winner, before it
 * expires. The ledger is checked after every test.
 */
let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { TEST_CLOCK: true } });
  merchantId = await demoMerchantId(t);
}, 120_000);
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const HOUR = 3_600_000;
let seq = 0;
async function member(prefix: string, type = 0) {
  seq += 1;
  const account = `${prefix}${seq}_${Math.random().toString(36).slice(2, 6)}`;
  const id = await addMember(t.db, merchantId, account, type, null);
  return { id, account, token: await t.login(account, TEAM_PASSWORD) };
}
async function clockNow(): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 0 } });
  return Date.parse(res.json().value.now as string);
}
const clockBy = (ms: number) =>
  t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: ms } });
const write = (list: unknown[], reason = 'raffle season') =>
  t.app.inject({
    method: 'PUT',
    url: '/ops/merchants/demo/rewards/settings',
    payload: { feature: 'raffles', value: { list }, reason },
    headers: { 'x-ops-key': TEST_OPS_KEY },
  });
const liabilities = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/rewards/liabilities',
      headers: { 'x-ops-key': TEST_OPS_KEY },
    })
  ).json().value;
interface Out {
  id: string;
  status: string;
  commitment: string;
  serverSeed: string | null;
  tickets: number | null;
  validBet: number | null;
  totalTickets: number | null;
  winners: { rank: number; account: string; amount: number; ticket: number }[];
  mine: { prizeId: string; rank: number; amount: number; status: string }[];
}
async function status(id: string, token?: string): Promise<Out | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/wps/relay/MCSFE_getRafflePromotionStatus',
    headers: token ? { authorization: token } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value.list as Out[]).find((r) => r.id === id);
}
const claim = (token: string, prizeId: string, name = 'MCSFE_claimRafflePromotion') =>
  t.app.inject({
    method: 'POST',
    url: `/wps/relay/${name}`,
    payload: { prizeId },
    headers: { authorization: token },
  });
const brand = () => t.app.rewards.brand('demo');
const iso = (ms: number) => new Date(ms).toISOString();

/** A raffle from `start` for `hours`, drawn at its end: 1 ticket per 10.00, 2 per deposit ≥ 50.00, 20 at most. */
const raffle = (id: string, start: number, hours = 2, extra: Record<string, unknown> = {}) => ({
  id,
  title: { EN: `Raffle ${id}`, ZH: `抽奖 ${id}` },
  startsAt: iso(start),
  endsAt: iso(start + hours * HOUR),
  drawAt: iso(start + hours * HOUR),
  turnoverPerTicket: 10,
  ticketsPerDeposit: 2,
  minDeposit: 50,
  maxTickets: 20,
  prizes: [
    { count: 1, amount: 100 },
    { count: 2, amount: 10 },
  ],
  claimDays: 1,
  ...extra,
});

describe('raffles: the operator side', () => {
  it('creates a raffle with a reason (audited), publishes its commitment, and freezes its terms once started', async () => {
    const now = await clockNow();
    const r = raffle('season-a', now + HOUR);
    const res = await write([r], 'winter raffle');
    expect(res.statusCode, res.body).toBe(200);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target', 'payload'])
      .where('target', '=', 'raffles')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'rewards.settings', target: 'raffles' });
    expect(audit.payload).toMatchObject({
      reason: 'winter raffle',
      before: { list: [] },
      after: { list: [{ id: 'season-a' }] },
    });

    const shown = (await status('season-a'))!;
    expect(shown).toMatchObject({ status: 'upcoming', serverSeed: null, tickets: null, winners: [] });
    expect(shown.commitment).toMatch(/^[0-9a-f]{64}$/);

    // Not started: anything may change; the commitment stays (the seed is the raffle's).
    expect((await write([{ ...r, prizes: [{ count: 1, amount: 50 }] }])).statusCode).toBe(200);
    expect((await status('season-a'))!.commitment).toBe(shown.commitment);
    // The schema refuses a draw before the end, and a write needs a reason.
    const early = await write([{ ...r, drawAt: iso(now) }]);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('request_param_err');
    expect((await write([r], '')).statusCode).toBe(400);

    // Once started, only the texts may change, and it cannot be removed.
    await clockBy(HOUR + 60_000);
    const changed = await write([{ ...r, prizes: [{ count: 1, amount: 5000 }] }]);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'request.state', value: { reason: 'raffle.started' } });
    const removed = await write([]);
    expect(removed.json()).toMatchObject({ code: 'request.state', value: { reason: 'raffle.started' } });
    const renamed = await write([
      { ...r, prizes: [{ count: 1, amount: 50 }], title: { EN: 'Winter raffle' } },
    ]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await status('season-a'))!).toMatchObject({ status: 'open', title: 'Winter raffle' });
    // A raffle whose window is over cannot be created.
    const late = await write([
      { ...r, prizes: [{ count: 1, amount: 50 }], title: { EN: 'Winter raffle' } },
      raffle('too-late', now - 5 * HOUR, 1),
    ]);
    expect(late.json()).toMatchObject({ code: 'request.state', value: { reason: 'raffle.ended' } });
  });
});

describe('raffles: tickets, the draw and the claims', () => {
  it('counts only settled valid bets and deposits of the window, never a trial account’s; draws once; pays each prize once', async () => {
    const now = await clockNow();
    const wall = Date.now();
    // The window opens now on the wall clock (bets and deposits are stamped by the database; the
    // demo brand's own players played before), and ends an hour after the schedules' clock.
    const start = wall;
    const end = now + HOUR;
    const r = { ...raffle('season-b', start), endsAt: iso(end), drawAt: iso(end + 60_000) };
    const a = await member('ra');
    const b = await member('rb');
    const c = await member('rc');
    const idle = await member('rd');
    const trial = await member('rt', 4);
    // The whole list is written at once: the first test's raffle stays as it is.
    const res = await write([await seasonA(), r]);
    expect(res.statusCode, res.body).toBe(200);

    const bet = (
      memberId: string,
      stake: bigint,
      at: number,
      status: 'settled' | 'open' | 'void' = 'settled',
    ) => addBet(t.db, { merchantId, memberId, gameType: 'RNG', stake, payout: 0n, at: new Date(at), status });
    // a: 25.00 settled in the window (2 tickets); an unsettled 50.00 and a void 50.00 (nothing);
    // 50.00 before the window and 50.00 after it (nothing); deposits of 60.00 (2) and 30.00 (0).
    await bet(a.id, 2_500n, wall + 1000);
    await bet(a.id, 5_000n, wall + 1000, 'open');
    await bet(a.id, 5_000n, wall + 1000, 'void');
    await bet(a.id, 5_000n, start - 60_000);
    await bet(a.id, 5_000n, end + 60_000);
    await postMoney(t.db, merchantId, a.id, 'DEPOSIT', 6_000n);
    await postMoney(t.db, merchantId, a.id, 'DEPOSIT', 3_000n);
    // b: 10.00 (1 ticket); c: 1,000.00 (100, capped at 20); the trial account plays but earns none.
    await bet(b.id, 1_000n, wall + 1000);
    await bet(c.id, 100_000n, wall + 1000);
    await bet(trial.id, 100_000n, wall + 1000);

    expect(await status('season-b', a.token)).toMatchObject({ status: 'open', tickets: 4, validBet: 25 });
    expect(await status('season-b', b.token)).toMatchObject({ tickets: 1 });
    expect(await status('season-b', c.token)).toMatchObject({ tickets: 20 });
    expect(await status('season-b', idle.token)).toMatchObject({ tickets: 0 });
    expect(await status('season-b', trial.token)).toMatchObject({ tickets: null });
    expect(await status('season-b')).toMatchObject({ tickets: null, serverSeed: null });
    const live = (await liabilities()).raffles.list.find((x: { id: string }) => x.id === 'season-b');
    expect(live).toMatchObject({ status: 'open', tickets: 25, entries: 3 });

    // Not due yet: nothing is drawn.
    expect(await t.app.rewards.raffles.drawDue(await brand())).toBe(0);
    await clockBy(end + 2 * 60_000 - (await clockNow()));
    // Two passes race (two instances' jobs), and the job runs again after: one draw.
    const passes = await Promise.all([
      t.app.rewards.raffles.drawDue(await brand()),
      t.app.rewards.raffles.drawDue(await brand()),
    ]);
    expect(passes.reduce((s, n) => s + n, 0)).toBe(1);
    const job = t.app.rewards.jobs.find((j) => j.name === 'rewards.raffle')!;
    expect(await job.run()).toBe(0);
    const raffleRow = (await t.db
      .selectFrom('raffle' as never)
      .selectAll()
      .where('code' as never, '=', 'season-b' as never)
      .executeTakeFirstOrThrow()) as unknown as { id: string; server_seed: string; commitment: string };
    const prizes = (await t.db
      .selectFrom('raffle_prize' as never)
      .selectAll()
      .where('raffle_id' as never, '=', raffleRow.id as never)
      .orderBy('idx' as never)
      .execute()) as unknown as {
      id: string;
      idx: number;
      rank: number;
      member_id: string;
      ticket: string;
      amount: string;
    }[];
    expect(prizes.map((p) => p.rank)).toEqual([1, 2, 2]);
    expect(new Set(prizes.map((p) => String(p.member_id)))).toEqual(new Set([a.id, b.id, c.id]));

    // The seed is revealed, matches the commitment, and recomputes the same winners.
    const drawn = (await status('season-b', a.token))!;
    expect(drawn.status).toBe('drawn');
    expect(createHash('sha256').update(drawn.serverSeed!).digest('hex')).toBe(drawn.commitment);
    expect(drawn.totalTickets).toBe(25);
    expect(drawn.tickets).toBe(4);
    const entries = (await t.db
      .selectFrom('raffle_entry' as never)
      .selectAll()
      .where('raffle_id' as never, '=', raffleRow.id as never)
      .execute()) as unknown as { member_id: string; tickets: string }[];
    expect(entries.map((e) => String(e.member_id)).sort()).toEqual([a.id, b.id, c.id].sort());
    const again = drawRaffle({
      serverSeed: drawn.serverSeed!,
      raffleId: 'season-b',
      entries: entries.map((e) => ({ id: String(e.member_id), tickets: Number(e.tickets) })),
      winners: 3,
    });
    expect(again.map((w) => [w.id, w.ticket])).toEqual(
      prizes.map((p) => [String(p.member_id), Number(p.ticket)]),
    );
    expect(drawn.winners.map((w) => w.account)).not.toContain(a.account);
    expect(drawn.winners.every((w) => w.account.includes('*'))).toBe(true);

    // The first prize's winner sees it in the reward centre, with its expiry.
    const top = prizes[0]!;
    const winner = [a, b, c].find((m) => m.id === String(top.member_id))!;
    const centre = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/relay/MCS2_getPromotionClaimList',
        headers: { authorization: winner.token },
      })
    ).json().value;
    expect(centre.list).toContainEqual(
      expect.objectContaining({
        kind: 'raffle',
        id: String(top.id),
        amount: 100,
        expiresAt: expect.any(String),
      }),
    );

    // Nobody else may claim it: not a member without a prize, nor another winner, nor a trial account.
    const notMine = await claim(idle.token, String(top.id));
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().code).toBe('not.found');
    const other = [a, b, c].find((m) => m.id !== winner.id)!;
    expect((await claim(other.token, String(top.id))).statusCode).toBe(404);
    const refused = await claim(trial.token, String(top.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('in_need_true_account');

    // A hundred parallel claims credit it once.
    const before = await mainBalance(t, winner.id);
    const claims = await Promise.all(Array.from({ length: 100 }, () => claim(winner.token, String(top.id))));
    expect(claims.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(new Set(claims.filter((x) => x.statusCode !== 200).map((x) => x.json().code))).toEqual(
      new Set(['promotion.claimed']),
    );
    expect(await mainBalance(t, winner.id)).toBe(before + 10_000n);
    const credits = await t.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'reference'])
      .where('member_id', '=', winner.id)
      .where('reference', '=', 'raffle:season-b')
      .execute();
    expect(credits).toEqual([{ kind: 'BONUS', reference: 'raffle:season-b' }]);
    expect(
      (await status('season-b', winner.token))!.mine.find((p) => p.prizeId === String(top.id)),
    ).toMatchObject({
      status: 'claimed',
    });

    // The original's MCS2_ name claims too.
    const second = prizes[1]!;
    const secondWinner = [a, b, c].find((m) => m.id === String(second.member_id))!;
    const viaMcs2 = await claim(secondWinner.token, String(second.id), 'MCS2_claimRafflePromotion');
    expect(viaMcs2.statusCode, viaMcs2.body).toBe(200);
    expect(viaMcs2.json().value.prize).toMatchObject({ rank: 2, amount: 10, status: 'claimed' });

    const owed = (await liabilities()).raffles;
    const mine = owed.list.find((x: { id: string }) => x.id === 'season-b');
    expect(mine).toMatchObject({
      status: 'drawn',
      tickets: 25,
      entries: 3,
      claimed: { count: 2, amount: 110 },
      outstanding: { count: 1, amount: 10 },
    });

    // Past the claim days the last prize is refused, and the expiry job marks it.
    const third = prizes[2]!;
    const thirdWinner = [a, b, c].find((m) => m.id === String(third.member_id))!;
    await clockBy(24 * HOUR + 60_000);
    const expired = await claim(thirdWinner.token, String(third.id));
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      code: 'promotion.not_eligible',
      value: { reason: 'raffle.expired' },
    });
    expect(await t.app.rewards.raffles.expire(await brand())).toBeGreaterThanOrEqual(1);
    expect((await claim(thirdWinner.token, String(third.id))).statusCode).toBe(409);
    const after = (await liabilities()).raffles.list.find((x: { id: string }) => x.id === 'season-b');
    expect(after).toMatchObject({ outstanding: { count: 0 }, expired: { count: 1, amount: 10 } });

    // A drawn raffle changes no more.
    const frozen = await write([await seasonA()]);
    expect(frozen.json()).toMatchObject({ code: 'request.state', value: { reason: 'raffle.drawn' } });
  });
});

/** The first test's raffle as it stands (started: only its texts may change). */
async function seasonA() {
  const a = (await status('season-a')) as unknown as { startsAt: string; endsAt: string; drawAt: string };
  return {
    ...raffle('season-a', 0),
    title: { EN: 'Winter raffle' },
    prizes: [{ count: 1, amount: 50 }],
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    drawAt: a.drawAt,
  };
}
