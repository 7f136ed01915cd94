import { sportsBetSchema, sportsEventSchema } from '@arcadia/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { newMember } from '../../test/factories/payments.js';

/**
 * The sportsbook end to end through the app: events from the feed and the simulator, singles and
 * parlays paid by the house vendor's signed `bet` callbacks, results settled in `settle` batches,
 * corrections resettled through the ledger — with the ledger checked after every test.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { TEST_CLOCK: true } });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

const ops = (url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'x-ops-key': TEST_OPS_KEY },
    ...(payload ? { payload } : {}),
  });

async function clockNow(): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 0 } });
  return Date.parse(res.json().value.now as string);
}
async function clockBy(ms: number) {
  await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: ms } });
}

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

let feedNo = 0;
/** Imports a football fixture an hour ahead with fixed prices; returns its event with markets by kind. */
async function fixture(opts: { startsInMs?: number; category?: 'SPORTS' | 'COCKFIGHT' } = {}) {
  const externalId = `test:${++feedNo}:${Math.random().toString(36).slice(2, 8)}`;
  const startsAt = new Date((await clockNow()) + (opts.startsInMs ?? 3_600_000)).toISOString();
  const cockfight = opts.category === 'COCKFIGHT';
  const res = await ops('/ops/sports/feed', {
    reason: 'test fixtures',
    events: [
      {
        externalId,
        category: opts.category ?? 'SPORTS',
        sport: cockfight ? 'cockfight' : 'football',
        league: 'Test League',
        home: `Alpha ${feedNo}`,
        away: `Beta ${feedNo}`,
        startsAt,
        markets: cockfight
          ? [
              {
                kind: 'fight',
                selections: [
                  { key: 'meron', odds: '1900' },
                  { key: 'wala', odds: '1900' },
                  { key: 'draw', odds: '8000' },
                ],
              },
            ]
          : [
              {
                kind: '1x2',
                selections: [
                  { key: 'home', odds: '2000' },
                  { key: 'draw', odds: '3400' },
                  { key: 'away', odds: '3800' },
                ],
              },
              {
                kind: 'handicap',
                line: -3,
                selections: [
                  { key: 'home', odds: '1900' },
                  { key: 'away', odds: '1950' },
                ],
              },
              {
                kind: 'total',
                line: 10,
                selections: [
                  { key: 'over', odds: '1850' },
                  { key: 'under', odds: '2000' },
                ],
              },
            ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = (
    await t.app.inject({ method: 'GET', url: `/sports/events?category=${opts.category ?? 'SPORTS'}` })
  ).json().value.list;
  const event = sportsEventSchema.parse(list.find((e: { home: string }) => e.home === `Alpha ${feedNo}`));
  const market = (kind: string) => event.markets.find((m) => m.kind === kind)!;
  return { event, market };
}

function place(
  token: string,
  legs: { marketId: string; key: string; odds: string }[],
  stake: string,
  extra = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/sports/bets',
    headers: { authorization: token },
    payload: { legs, stake, ...extra },
  });
}

const result = (eventId: string, r: Record<string, unknown>, reason = 'official result') =>
  ops('/ops/sports/result', { eventId, result: r, reason });

describe('sportsbook', () => {
  it('a single is paid through the wallet, booked as a sports wager, and settled from the result', async () => {
    const m = await newMember(t, { fundMinor: 100_000n });
    const { event, market } = await fixture();
    const res = await place(
      m.token,
      [{ marketId: market('1x2').marketId, key: 'home', odds: '2000' }],
      '1000',
    );
    expect(res.statusCode, res.body).toBe(200);
    const bet = sportsBetSchema.parse(res.json().value.bet);
    expect(bet).toMatchObject({ kind: 'single', stake: '1000', potentialReturn: '2000', status: 'open' });
    expect(res.json().value.balance).toBe('99000');
    const wager = await t.db
      .selectFrom('bet')
      .select(['game_type', 'status'])
      .where('round_id', '=', `S${bet.betId}`)
      .executeTakeFirstOrThrow();
    expect(wager).toMatchObject({ game_type: 'SPORTS', status: 'open' });

    const settled = await result(event.eventId, { kind: 'score', home: 2, away: 1 });
    expect(settled.json().value).toMatchObject({ settled: 1, resettled: 0, delta: '0' });
    expect(await balance(m.id)).toBe(99_000n + 2000n);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/sports/bets',
      headers: { authorization: m.token },
    });
    expect(mine.json().value.list[0]).toMatchObject({
      status: 'won',
      payout: '2000',
      legs: [{ result: 'win' }],
    });
    const closed = await t.db
      .selectFrom('bet')
      .select(['status', 'payout'])
      .where('round_id', '=', `S${bet.betId}`)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: 'settled', payout: '2000' });
    // The betting record names the book and shows the leg.
    const record = await t.app.inject({
      method: 'GET',
      url: '/wps/member/bets',
      headers: { authorization: m.token },
    });
    const row = record.json().value.list.find((r: { roundId: string }) => r.roundId === `S${bet.betId}`);
    expect(row).toMatchObject({
      gameName: 'Sportsbook',
      gameType: 'SPORTS',
      sports: {
        kind: 'single',
        legs: [{ pick: event.home, odds: '2.00', result: 'win', event: `${event.home} v ${event.away}` }],
      },
    });
  });

  it('a quarter-line handicap half-wins; a parlay pays the product of its legs, a void leg at odds 1', async () => {
    const m = await newMember(t, { fundMinor: 100_000n });
    const a = await fixture();
    const b = await fixture();
    const c = await fixture();
    // Home −0.75 at 1.90 and a 1–0 home win: half at 1.90, half back → 10.00 × (1.90 + 1) / 2 = 14.50.
    const hc = await place(
      m.token,
      [{ marketId: a.market('handicap').marketId, key: 'home', odds: '1900' }],
      '1000',
    );
    expect(hc.statusCode, hc.body).toBe(200);
    const parlay = await place(
      m.token,
      [
        { marketId: a.market('total').marketId, key: 'under', odds: '2000' },
        { marketId: b.market('1x2').marketId, key: 'away', odds: '3800' },
        { marketId: c.market('1x2').marketId, key: 'home', odds: '2000' },
      ],
      '1000',
    );
    expect(parlay.statusCode, parlay.body).toBe(200);
    // 10.00 × 2.00 × 3.80 × 2.00 = 152.00
    expect(parlay.json().value.bet).toMatchObject({ kind: 'parlay', potentialReturn: '15200' });
    const before = await balance(m.id);
    await result(a.event.eventId, { kind: 'score', home: 1, away: 0 });
    expect(await balance(m.id)).toBe(before + 1450n);
    // The parlay waits for its other events; its first leg already shows its result.
    const open = await t.app.inject({
      method: 'GET',
      url: '/sports/bets?status=open',
      headers: { authorization: m.token },
    });
    expect(open.json().value.list[0].legs.map((l: { result: string | null }) => l.result)).toEqual([
      'win',
      null,
      null,
    ]);
    await result(b.event.eventId, { kind: 'void' });
    await result(c.event.eventId, { kind: 'score', home: 3, away: 0 });
    // The void leg counts at 1: 10.00 × 2.00 × 1 × 2.00 = 40.00.
    expect(await balance(m.id)).toBe(before + 1450n + 4000n);
    const settled = await t.app.inject({
      method: 'GET',
      url: '/sports/bets?status=settled',
      headers: { authorization: m.token },
    });
    expect(settled.json().value.list[0]).toMatchObject({ kind: 'parlay', status: 'won', payout: '4000' });
    expect(settled.json().value.list[0].legs.map((l: { result: string }) => l.result)).toEqual([
      'win',
      'void',
      'win',
    ]);
  });

  it('refuses moved prices (unless better or any is accepted), suspended and started markets, same-event parlays and limits, with no money moved', async () => {
    const m = await newMember(t, { fundMinor: 100_000n });
    const { event, market } = await fixture();
    const other = await fixture();
    const moved = await ops('/ops/sports/market', {
      marketId: market('1x2').marketId,
      selections: [{ key: 'home', odds: '2100' }],
      reason: 'team news',
    });
    expect(moved.json().value).toMatchObject({
      version: 2,
      selections: [{ key: 'home', odds: '2100' }, {}, {}],
    });
    const leg = { marketId: market('1x2').marketId, key: 'home', odds: '2000' };
    const changed = await place(m.token, [leg], '1000');
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'sports.odds_changed',
      value: { legs: [{ marketId: leg.marketId, key: 'home', odds: '2100' }] },
    });
    const better = await place(m.token, [leg], '1000', { acceptOdds: 'better' });
    expect(better.json().value.bet.legs[0].odds).toBe('2100');
    // A lower price is not "better".
    await ops('/ops/sports/market', {
      marketId: leg.marketId,
      selections: [{ key: 'home', odds: '1950' }],
      reason: 'drift',
    });
    expect(
      (await place(m.token, [{ ...leg, odds: '2100' }], '1000', { acceptOdds: 'better' })).json().code,
    ).toBe('sports.odds_changed');
    expect(
      (await place(m.token, [{ ...leg, odds: '2100' }], '1000', { acceptOdds: 'any' })).json().value.bet
        .legs[0].odds,
    ).toBe('1950');
    const afterTaken = await balance(m.id);

    await ops('/ops/sports/market', { marketId: leg.marketId, status: 'suspended', reason: 'var check' });
    expect((await place(m.token, [{ ...leg, odds: '1950' }], '1000')).json().code).toBe(
      'sports.market_closed',
    );
    const same = await place(
      m.token,
      [
        { marketId: market('total').marketId, key: 'over', odds: '1850' },
        { marketId: market('handicap').marketId, key: 'home', odds: '1900' },
      ],
      '1000',
    );
    expect(same.json().code).toBe('sports.parlay_same_event');
    const otherLeg = { marketId: other.market('1x2').marketId, key: 'draw', odds: '3400' };
    expect((await place(m.token, [otherLeg], '99')).json().code).toBe('sports.stake_invalid');
    expect((await place(m.token, [otherLeg], '1000001')).json()).toMatchObject({
      code: 'sports.stake_limit',
      value: { reason: 'stake' },
    });
    expect((await place(m.token, [{ ...otherLeg, key: 'meron' }], '1000')).json().code).toBe(
      'sports.selection_invalid',
    );
    expect((await place(m.token, [{ ...otherLeg, marketId: '999999999' }], '1000')).json().code).toBe(
      'sports.market_unknown',
    );
    expect((await place(m.token, [otherLeg], '200000')).json().code).toBe('wallet.insufficient');
    expect(await balance(m.id)).toBe(afterTaken);

    // Trial accounts do not bet real money.
    const trial = await newMember(t, { fundMinor: 10_000n });
    await t.db.updateTable('member').set({ type: 4 }).where('id', '=', trial.id).execute();
    expect((await place(trial.token, [otherLeg], '1000')).json().code).toBe('sports.trial_refused');

    // Once the event starts the book takes no bets on it.
    await clockBy(3_600_000 + 1000);
    await t.app.sports.tick();
    expect((await place(m.token, [otherLeg], '1000')).json().code).toBe('sports.market_closed');
    const started = await t.db
      .selectFrom('sport_event')
      .select('status')
      .where('id', '=', event.eventId)
      .executeTakeFirstOrThrow();
    expect(started.status).toBe('live');
    await result(event.eventId, { kind: 'void' });
    await result(other.event.eventId, { kind: 'void' });
    // Voided: every stake back.
    expect(await balance(m.id)).toBe(100_000n);
  });

  it('a corrected result resettles through the ledger, once per correction, and is audited', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    const { event, market } = await fixture();
    const won = await place(
      m.token,
      [{ marketId: market('1x2').marketId, key: 'home', odds: '2000' }],
      '1000',
    );
    const lost = await place(
      m.token,
      [{ marketId: market('total').marketId, key: 'over', odds: '1850' }],
      '1000',
    );
    expect(won.statusCode).toBe(200);
    expect(lost.statusCode).toBe(200);
    await result(event.eventId, { kind: 'score', home: 1, away: 0 });
    expect(await balance(m.id)).toBe(50_000n - 2000n + 2000n);
    // The real score was 1–2: the home bet lost, the over (2.5) won.
    const corrected = await result(event.eventId, { kind: 'score', home: 1, away: 2 }, 'scorer review');
    expect(corrected.json().value).toMatchObject({ settled: 0, resettled: 2, delta: String(-2000 + 1850) });
    expect(await balance(m.id)).toBe(50_000n - 2000n + 1850n);
    const again = await t.app.sports.betting().settleEvent(event.eventId);
    expect(again).toMatchObject({ settled: 0, resettled: 0 });
    expect(await balance(m.id)).toBe(50_000n - 2000n + 1850n);
    const list = (
      await t.app.inject({ method: 'GET', url: '/sports/bets', headers: { authorization: m.token } })
    ).json().value.list;
    expect(list.map((b: { status: string; payout: string }) => [b.status, b.payout])).toEqual([
      ['won', '1850'],
      ['lost', '0'],
    ]);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'payload'])
      .where('action', '=', 'sports.result.correct')
      .where('target', '=', event.eventId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.payload)).toContain('scorer review');
  });

  it('two settlements of one result at once pay once; a cockfight draw refunds Meron and Wala and pays the draw', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    const { event, market } = await fixture({ category: 'COCKFIGHT' });
    for (const key of ['meron', 'wala', 'draw'])
      expect(
        (
          await place(
            m.token,
            [{ marketId: market('fight').marketId, key, odds: key === 'draw' ? '8000' : '1900' }],
            '1000',
          )
        ).statusCode,
      ).toBe(200);
    await t.app.sports.book.setResult(event.eventId, { kind: 'fight', outcome: 'draw' }, new Date());
    const betting = t.app.sports.betting();
    const [a, b] = await Promise.all([
      betting.settleEvent(event.eventId),
      betting.settleEvent(event.eventId),
    ]);
    expect(a.settled + b.settled).toBe(3);
    // 3 × 10.00 staked; back 10.00 + 10.00 + 80.00.
    expect(await balance(m.id)).toBe(50_000n - 3000n + 10_000n);
    const wagers = await t.db.selectFrom('bet').select('game_type').where('member_id', '=', m.id).execute();
    expect(new Set(wagers.map((w) => w.game_type))).toEqual(new Set(['COCKFIGHT']));
  });

  it('the simulator keeps a live book: fixtures in every category, prices, and results that settle', async () => {
    const m = await newMember(t, { fundMinor: 100_000n });
    await ops('/ops/sports/run');
    // A second pass finds every fixture ahead already scheduled.
    expect((await ops('/ops/sports/run')).json().value.scheduled).toBe(0);
    for (const category of ['SPORTS', 'ESPORTS', 'COCKFIGHT']) {
      const list = (await t.app.inject({ method: 'GET', url: `/sports/events?category=${category}` })).json()
        .value.list;
      const sim = list.filter((e: { league: string }) => e.league !== 'Test League');
      expect(sim.length, category).toBeGreaterThan(0);
      for (const e of sim) for (const mk of e.markets) expect(mk.selections.length).toBeGreaterThanOrEqual(2);
    }
    const fights = (await t.app.inject({ method: 'GET', url: '/sports/events?category=COCKFIGHT' })).json()
      .value.list;
    const fight = fights.find(
      (e: { status: string; league: string }) => e.status === 'scheduled' && e.league !== 'Test League',
    );
    const meron = fight.markets[0].selections.find((s: { key: string }) => s.key === 'meron');
    const placed = await place(
      m.token,
      [{ marketId: fight.markets[0].marketId, key: 'meron', odds: meron.odds }],
      '1000',
    );
    expect(placed.statusCode, placed.body).toBe(200);
    // The fight starts (betting closes) and, a minute later, has its result: the bet settles.
    await clockBy(new Date(fight.startsAt).getTime() - (await clockNow()) + 1000);
    await ops('/ops/sports/run');
    await clockBy(61_000);
    await ops('/ops/sports/run');
    const mine = (
      await t.app.inject({ method: 'GET', url: '/sports/bets', headers: { authorization: m.token } })
    ).json().value.list[0];
    expect(['won', 'lost', 'void']).toContain(mine.status);
    expect(await balance(m.id)).toBe(100_000n - 1000n + BigInt(mine.payout));
  });
});
