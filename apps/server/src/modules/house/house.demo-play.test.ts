import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPlayers } from '../../seeds/brands/demo.players.js';
import { demoAccounts } from '../../seeds/seed.js';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { createSessionRepository } from '../auth/index.js';
import { createSessionService } from '../auth/session.service.js';
import { createBrandRepository } from '../brand/index.js';
import { createBrandService } from '../brand/brand.service.js';
import { createLocalBus } from '../../lib/invalidation-bus.js';
import { checkLedger } from '../ledger/index.js';
import { createDemoPlay, demoPlayEnabled, demoPlayers } from './house.demo-play.js';

let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  const brand = await t.db
    .selectFrom('merchant')
    .select('id')
    .where('code', '=', 'demo')
    .executeTakeFirstOrThrow();
  merchantId = brand.id;
});
afterAll(() => t.close());

let weeksPlayed = 0;

function demoPlay(weekRounds: number) {
  return createDemoPlay({
    app: t.app,
    db: t.db,
    sessions: createSessionService(createSessionRepository(t.db), {
      idleMs: 3_600_000,
      absoluteMs: 86_400_000,
      singleSession: false,
    }),
    brands: createBrandService({ repository: createBrandRepository(t.db), bus: createLocalBus(), ttlMs: 0 }),
    merchant: 'demo',
    agent: demoAccounts.agent,
    weekRounds,
    afterWeek: async () => {
      weeksPlayed += 1;
    },
  });
}

async function betsOf(account: string) {
  return t.db
    .selectFrom('bet as b')
    .innerJoin('member as m', 'm.id', 'b.member_id')
    .select(['b.stake', 'b.payout', 'b.status', 'b.adapter'])
    .where('m.account', '=', account)
    .where('b.merchant_id', '=', merchantId)
    .execute();
}

async function mainBalance(account: string): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_account as a')
    .innerJoin('member as m', 'm.id', 'a.owner_id')
    .select('a.balance')
    .where('m.account', '=', account)
    .where('a.kind', '=', 'main')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

describe('demo players', () => {
  it('are switched on with DEMO unless DEMO_PLAY=0, and never with DEMO=0', () => {
    expect(demoPlayEnabled({ DEMO: true })).toBe(true);
    expect(demoPlayEnabled({ DEMO: true, DEMO_PLAY: false })).toBe(false);
    expect(demoPlayEnabled({ DEMO: false })).toBe(false);
    expect(demoPlayEnabled({ DEMO: false, DEMO_PLAY: true })).toBe(false);
  });

  it('play their week through the launch and the house wallet callbacks, then a little at each run', async () => {
    const play = demoPlay(4);
    const first = await play.run();
    expect(first.rounds).toBe(4 * demoPlayers.length);
    // The agent centre's rollups are refreshed once the week is played, not at each later run.
    expect(weeksPlayed).toBe(1);
    // The first run made them, under the demo agent, once.
    const made = await t.db
      .selectFrom('member as m')
      .innerJoin('member as a', 'a.id', 'm.parent_id')
      .select(['m.account', 'a.account as agent'])
      .where('m.account', 'like', 'demo-%')
      .execute();
    expect(made.map((m) => m.account).sort()).toEqual(demoPlayers.map((p) => p.account).sort());
    expect(made.every((m) => m.agent === demoAccounts.agent.account)).toBe(true);
    expect(
      await seedDemoPlayers(t.db, { id: merchantId, currency: 'USD', currencyScale: 2 }, demoAccounts.agent),
    ).toBe(false);
    for (const { account } of demoPlayers) {
      const bets = await betsOf(account);
      // Real bets of the house vendor, each settled by its win callback.
      expect(bets).toHaveLength(4);
      expect(bets.every((b) => b.adapter === 'house' && b.status === 'settled')).toBe(true);
      // The wallet moved by exactly what the bets say: the opening deposit − stakes + payouts.
      const net = bets.reduce((sum, b) => sum + BigInt(b.payout) - BigInt(b.stake), 0n);
      expect(await mainBalance(account)).toBe(200_000n + net);
      // The lobby's launch path ran: the game is in the player's recent games.
      const recent = await t.db
        .selectFrom('recent_game as r')
        .innerJoin('member as m', 'm.id', 'r.member_id')
        .select('r.launch_count')
        .where('m.account', '=', account)
        .execute();
      expect(recent.length).toBeGreaterThan(0);
    }

    // Caught up: one player plays one to three rounds.
    const before = await t.db
      .selectFrom('bet')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const next = await play.run();
    expect(next.rounds).toBeGreaterThanOrEqual(1);
    expect(next.rounds).toBeLessThanOrEqual(3);
    const after = await t.db
      .selectFrom('bet')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(next.rounds);
    expect(weeksPlayed).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  }, 60_000);

  it('stop between rounds once the server is closing', async () => {
    const play = demoPlay(1_000);
    play.stop();
    expect((await play.run()).rounds).toBe(0);
  });
});
