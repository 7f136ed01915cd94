import { memberTypes } from '@arcadia/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { seed } from '../../seeds/seed.js';
import { createLocalBus } from '../../lib/invalidation-bus.js';
import { createTestDatabase } from '../../test/test-database.js';
import { type Brand, createBrandRepository, createBrandService } from '../brand/index.js';
import { createLedgerService } from '../ledger/index.js';
import { createMemberRepository, createMemberService } from '../member/index.js';
import { createThrottleRepository, createThrottleService } from '../throttle/index.js';
import { createWalletModule } from '../wallet/index.js';
import { createAffiliateRepository } from './agent.affiliates.repository.js';
import { createAgentAnnouncementRepository } from './agent.announcements.repository.js';
import { createAgentRepository } from './agent.repository.js';
import { type AgentService, createAgentService } from './agent.service.js';
import { addBet, addMember, postMoney } from '../../test/factories/agent.js';

/*
 * Report correctness as a property: for a random tree with random bets over several days and
 * random deposits, every member's team figures equal the sum of its members' own figures, the
 * "direct" rows of user P&L add up to the team, and so do the per-member rows.
 */

type Db = Awaited<ReturnType<typeof createTestDatabase>>;
let database: Db;
let brand: Brand;
let agent: AgentService;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
  await seed(database.db, { demo: false });
  const db = database.db;
  const brands = createBrandService({
    repository: createBrandRepository(db),
    bus: createLocalBus(),
    ttlMs: 60_000,
  });
  brand = await brands.get('demo');
  const ledger = createLedgerService(db);
  const wallet = createWalletModule({
    db,
    ledger,
    throttle: createThrottleService(createThrottleRepository(db)),
  });
  agent = createAgentService({
    repository: createAgentRepository(db),
    affiliates: createAffiliateRepository(db),
    announcements: createAgentAnnouncementRepository(db),
    members: createMemberService({ repository: createMemberRepository(db) }),
    wallet,
  });
});
afterAll(() => database.close());

const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() - offset * DAY).toISOString().slice(0, 10);

interface Scenario {
  /** parents[i] is the index of member i+1's parent among members 0..i (member 0 is the top agent). */
  parents: number[];
  agents: boolean[];
  bets: { member: number; daysAgo: number; type: 'RNG' | 'LIVE' | 'FISH'; stake: number; payout: number }[];
  deposits: { member: number; amount: number }[];
}

const scenarioArb: fc.Arbitrary<Scenario> = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.record({
    parents: fc.tuple(...Array.from({ length: n }, (_, i) => fc.integer({ min: 0, max: i }))),
    agents: fc.array(fc.boolean(), { minLength: n + 1, maxLength: n + 1 }),
    bets: fc.array(
      fc.record({
        member: fc.integer({ min: 0, max: n }),
        // Day 4 lies outside the reported range (today and the three days before).
        daysAgo: fc.integer({ min: 0, max: 4 }),
        type: fc.constantFrom('RNG' as const, 'LIVE' as const, 'FISH' as const),
        stake: fc.integer({ min: 1, max: 1_000_000 }),
        payout: fc.integer({ min: 0, max: 2_000_000 }),
      }),
      { maxLength: 25 },
    ),
    deposits: fc.array(
      fc.record({ member: fc.integer({ min: 0, max: n }), amount: fc.integer({ min: 1, max: 5_000_000 }) }),
      { maxLength: 6 },
    ),
  }),
);

let run = 0;

describe('team reports (property)', () => {
  it('a team’s figures equal the sum over its members at every level of the tree', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (sc) => {
        run += 1;
        const db = database.db;
        const n = sc.parents.length + 1;
        const memberIds: string[] = [];
        const parentOf: number[] = [-1, ...sc.parents];
        for (let i = 0; i < n; i++) {
          const type =
            i === 0 ? memberTypes.agent : sc.agents[i] ? memberTypes.agentLevel2 : memberTypes.member;
          memberIds.push(
            await addMember(db, brand.id, `p${run}m${i}`, type, i === 0 ? null : memberIds[parentOf[i]!]!),
          );
        }
        for (const b of sc.bets) {
          const at = new Date(Date.now() - b.daysAgo * DAY);
          await addBet(db, {
            merchantId: brand.id,
            memberId: memberIds[b.member]!,
            at,
            gameType: b.type,
            stake: BigInt(b.stake),
            payout: BigInt(b.payout),
          });
        }
        for (const d of sc.deposits) {
          await postMoney(db, brand.id, memberIds[d.member]!, 'DEPOSIT', BigInt(d.amount));
        }

        await agent.refreshRollups(brand, 4);

        // The model: each member's own figures within the range, then the team = self + descendants.
        const inRange = sc.bets.filter((b) => b.daysAgo <= 3);
        const isUnder = (m: number, root: number): boolean =>
          m === root || (m > 0 && parentOf[m]! >= 0 && isUnder(parentOf[m]!, root));
        const teamOf = (root: number) =>
          Array.from({ length: n }, (_, m) => m).filter((m) => isUnder(m, root));
        const cents = (v: number) => Math.round(v * 100);
        const top = {
          id: memberIds[0]!,
          account: `p${run}m0`,
          nickname: null,
          type: memberTypes.agent,
          parentId: null,
        };
        const range = { from: dayOf(3), to: dayOf(0) };

        for (let root = 0; root < n; root++) {
          const team = teamOf(root);
          const bets = inRange.filter((b) => team.includes(b.member));
          const stake = bets.reduce((s, b) => s + b.stake, 0);
          const payout = bets.reduce((s, b) => s + b.payout, 0);
          const deposit = sc.deposits
            .filter((d) => team.includes(d.member))
            .reduce((s, d) => s + d.amount, 0);

          const overview = await agent.overview(brand, top, {
            period: 'custom',
            ...range,
            rootId: memberIds[root],
          });
          expect(overview.teamSize).toBe(team.length);
          expect(cents(overview.stake)).toBe(stake);
          expect(cents(overview.validBet)).toBe(stake);
          expect(cents(overview.payout)).toBe(payout);
          expect(cents(overview.profitLoss)).toBe(payout - stake);
          expect(overview.betCount).toBe(bets.length);
          expect(cents(overview.depositAmount)).toBe(deposit);
          expect(overview.series.reduce((s, d) => s + cents(d.stake), 0)).toBe(stake);

          const pageAll = {
            sortBy: 'account' as const,
            sortOrder: 'asc' as const,
            pageNo: 1,
            pageSize: 1000,
          };
          const direct = await agent.profitLoss(brand, top, {
            ...range,
            rootId: memberIds[root],
            view: 'direct',
            ...pageAll,
          });
          expect(cents(direct.totals.stake)).toBe(stake);
          expect(direct.list.reduce((s, r) => s + cents(r.stake), 0)).toBe(stake);
          expect(direct.list.reduce((s, r) => s + cents(r.payout), 0)).toBe(payout);
          expect(direct.list.reduce((s, r) => s + cents(r.depositAmount), 0)).toBe(deposit);
          // One row for the root and one per direct downline.
          expect(direct.list.length).toBe(1 + parentOf.filter((p) => p === root).length);

          const members = await agent.profitLoss(brand, top, {
            ...range,
            rootId: memberIds[root],
            view: 'member',
            ...pageAll,
          });
          expect(members.list.reduce((s, r) => s + cents(r.stake), 0)).toBe(stake);
          expect(members.list.reduce((s, r) => s + r.betCount, 0)).toBe(bets.length);
          for (const row of members.list) {
            const m = memberIds.indexOf(row.member!.id);
            expect(team).toContain(m);
            const own = inRange.filter((b) => b.member === m).reduce((s, b) => s + b.stake, 0);
            expect(cents(row.stake)).toBe(own);
          }

          const cats = await agent.profitLoss(brand, top, {
            ...range,
            rootId: memberIds[root],
            view: 'category',
            ...pageAll,
          });
          expect(cats.list.reduce((s, r) => s + cents(r.payout), 0)).toBe(payout);
        }
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});

describe('team rollup refresh', () => {
  it('two refreshes of one brand at the same time both succeed and leave one row per team and day', async () => {
    const db = database.db;
    const top = await addMember(db, brand.id, 'overlap-top', memberTypes.agent, null);
    const child = await addMember(db, brand.id, 'overlap-kid', memberTypes.member, top);
    await addBet(db, {
      merchantId: brand.id,
      memberId: child,
      at: new Date(),
      gameType: 'RNG',
      stake: 500n,
      payout: 0n,
    });
    // The two rollup jobs start together on a fresh instance: one for the last day, one for the
    // whole window. Each deletes the brand's days and inserts them again.
    for (let round = 0; round < 5; round++) {
      await Promise.all([agent.refreshRollups(brand, 1), agent.refreshRollups(brand, 3)]);
    }
    const { rows } = await sql<{ stake: string }>`
      select stake::text from team_day where agent_id = ${top} and day = ${dayOf(0)}::date`.execute(db);
    expect(rows).toEqual([{ stake: '500' }]);
  });
});
