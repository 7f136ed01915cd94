import { memberTypes } from '@arcadia/contract';
import {
  type LineNode,
  type Tier,
  netAmounts,
  realtimeRoundAmount,
  salaryAmount,
  stopDescending,
} from '@arcadia/games';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { fundMain } from '../../test/factories.js';
import { addBet, addMember } from '../../test/factories/agent.js';
import type { Brand } from '../brand/brand.service.js';
import { checkLedger } from '../ledger/index.js';
import type { ContractsModule } from './index.js';
import { dividendPeriod } from './contracts.settlement.js';

let t: TestApp;
let merchantId: number;
let brand: Brand;
let contracts: ContractsModule;
const DAY = 86_400_000;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  contracts = t.app.contracts;
  brand = await contracts.brand('demo');
}, 120_000);
afterAll(() => t.close());

type Member = { id: string; account: string; nickname: null; type: number; parentId: string | null };
async function member(type: number, parent: Member | null): Promise<Member> {
  seq += 1;
  const account = `s${seq}_${Math.random().toString(36).slice(2, 8)}`;
  const id = await addMember(t.db, merchantId, account, type, parent?.id ?? null);
  return { id, account, nickname: null, type, parentId: parent?.id ?? null };
}

const wire = (tiers: Tier[]) =>
  tiers.map((x) => ({
    minimumBet: Number(x.minBet) / 100,
    netLoss: 0,
    activeMember: x.activeMembers,
    rateType: 'P' as const,
    rate: Number(x.rate) / 1_000_000,
  }));

/** Contract versions take effect for periods starting after acceptance: move them into the past. */
const backdate = () =>
  t.db
    .updateTable('agent_contract')
    .set({ accepted_at: new Date('2000-01-01T00:00:00Z') })
    .where('status', '=', 'V')
    .execute();

/** Sum of a member's main-wallet entries of a ledger kind. */
async function received(memberId: string, kind: string) {
  const r = await sql<{ s: string }>`
    select coalesce(sum(e.amount), 0)::text as s from ledger_entry e
    join ledger_transaction x on x.id = e.transaction_id
    join ledger_account a on a.id = e.account_id
    where a.owner_id = ${memberId} and a.kind = 'main' and x.kind = ${kind}`.execute(t.db);
  return BigInt(r.rows[0]!.s);
}

interface Plan {
  /** parent index per agent (-1: top), rates per agent in millionths (capped by the parent's). */
  agents: { parent: number; rate: number; minBet: number; active: number }[];
  bets: { agent: number; stake: number; payout: number }[];
}

const planArb: fc.Arbitrary<Plan> = fc
  .record({
    agents: fc.array(
      fc.record({
        parent: fc.nat(),
        rate: fc.integer({ min: 1_000, max: 30_000 }),
        minBet: fc.integer({ min: 0, max: 50_000 }),
        active: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    bets: fc.array(
      fc.record({
        agent: fc.nat(),
        stake: fc.integer({ min: 1, max: 20_000 }),
        payout: fc.integer({ min: 0, max: 40_000 }),
      }),
      { minLength: 1, maxLength: 20 },
    ),
  })
  .map((p) => ({
    agents: p.agents.map((a, i) => ({ ...a, parent: i === 0 ? -1 : a.parent % i })),
    bets: p.bets.map((b) => ({ ...b, agent: b.agent % p.agents.length })),
  }));

describe('daily settlement over random trees and bet streams', () => {
  it('pays the reference amounts, upline pays the difference, platform pays the tops, reruns pay nothing', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(planArb, async (plan) => {
        run += 1;
        const start = new Date(today - (run + 1) * DAY);
        // The tree: agents as given, each with one player below it.
        const agents: Member[] = [];
        const players: Member[] = [];
        for (const a of plan.agents) {
          const parent = a.parent < 0 ? null : agents[a.parent]!;
          const m = await member(a.parent < 0 ? memberTypes.agent : memberTypes.agentLevel2, parent);
          agents.push(m);
          players.push(await member(memberTypes.member, m));
          await fundMain(t.db, m.id, 10n ** 12n);
        }
        // Rates within the upline: a child's rate is capped by its parent's.
        const rates: number[] = [];
        const tiers: Tier[][] = [];
        for (const [i, a] of plan.agents.entries()) {
          rates[i] = a.parent < 0 ? a.rate : Math.min(a.rate, rates[a.parent]!);
          tiers[i] = [
            {
              minBet: BigInt(a.minBet),
              minLoss: 0n,
              activeMembers: a.active,
              rateType: 'P',
              rate: BigInt(rates[i]!),
            },
          ];
        }
        for (const [i, a] of plan.agents.entries()) {
          if (a.parent < 0) {
            await contracts.service.opsSet(
              brand,
              'daily',
              agents[i]!.id,
              { details: wire(tiers[i]!) },
              'test',
            );
          } else {
            const c = await contracts.service.offer(brand, agents[a.parent]!, 'daily', {
              memberId: agents[i]!.id,
              details: wire(tiers[i]!),
            });
            await contracts.service.process(brand, agents[i]!, 'daily', c.id, 'A');
          }
        }
        await backdate();
        for (const b of plan.bets)
          await addBet(t.db, {
            merchantId,
            memberId: players[b.agent]!.id,
            at: new Date(start.getTime() + 3_600_000),
            gameType: 'RNG',
            stake: BigInt(b.stake),
            payout: BigInt(b.payout),
          });

        // The reference: team figures recomputed naively from the bets.
        const below = (i: number): number[] => [
          i,
          ...plan.agents.flatMap((a, j) => (a.parent === i ? below(j) : [])),
        ];
        const nodes: LineNode[] = plan.agents.map((a, i) => {
          const team = new Set(below(i));
          const perPlayer = new Map<number, bigint>();
          for (const b of plan.bets)
            if (team.has(b.agent)) perPlayer.set(b.agent, (perPlayer.get(b.agent) ?? 0n) + BigInt(b.stake));
          const validBet = [...perPlayer.values()].reduce((x, y) => x + y, 0n);
          const activeMembers = [...perPlayer.values()].filter((v) => v >= 100n).length;
          const amount = salaryAmount(tiers[i]!, { validBet, profitLoss: 0n, activeMembers }).amount;
          return { id: agents[i]!.id, payer: a.parent < 0 ? null : agents[a.parent]!.id, amount };
        });
        const expected = stopDescending(nodes);
        const net = netAmounts(expected);

        const period = { start, end: new Date(start.getTime() + DAY), code: '' };
        await contracts.settlement.settlePeriod(brand, 'daily', period);
        for (const n of expected) {
          const bill = await t.db
            .selectFrom('contract_bill')
            .selectAll()
            .where('member_id', '=', n.id)
            .where('period_start', '=', start)
            .executeTakeFirstOrThrow();
          expect(BigInt(bill.amount)).toBe(n.amount);
          expect(bill.status).toBe(n.amount === 0n ? 'not_reached' : 'issued');
          expect(await received(n.id, 'DAILY_WAGE')).toBe(net.get(n.id));
        }
        // A rerun and two parallel runs pay nothing more.
        const again = await Promise.all([
          contracts.settlement.settlePeriod(brand, 'daily', period),
          contracts.settlement.settlePeriod(brand, 'daily', period),
        ]);
        expect(again.map((r) => r.payments)).toEqual([0, 0]);
        for (const n of expected) expect(await received(n.id, 'DAILY_WAGE')).toBe(net.get(n.id));
      }),
      { numRuns: 6 },
    );
    // The platform paid exactly the top agents' amounts, and the books balance.
    const platform = await sql<{ s: string }>`
      select coalesce(sum(e.amount), 0)::text as s from ledger_entry e join ledger_account a on a.id = e.account_id
      where a.kind = 'system' and a.code = 'salary_expense'`.execute(t.db);
    const tops = await sql<{ s: string }>`
      select coalesce(sum(paid), 0)::text as s from contract_bill where payer_id is null`.execute(t.db);
    expect(-BigInt(platform.rows[0]!.s)).toBe(BigInt(tops.rows[0]!.s));
    const issued = await t.db
      .selectFrom('contract_bill')
      .select('id')
      .where('status', '=', 'issued')
      .execute();
    expect(issued.length).toBeGreaterThan(0);
    expect(await checkLedger(t.db)).toEqual([]);
  }, 600_000);
});

describe('payment when the upline cannot cover', () => {
  it('marks the bill partial or insufficient, and pays the rest when funds arrive — never twice', async () => {
    const top = await member(memberTypes.agent, null);
    const a = await member(memberTypes.agentLevel2, top);
    const p = await member(memberTypes.member, a);
    const day = new Date(today - 30 * DAY);
    await contracts.service.opsSet(
      brand,
      'daily',
      top.id,
      { details: [{ minimumBet: 0, netLoss: 0, activeMember: 0, rateType: 'F', rate: 10 }] },
      'test',
    );
    const c = await contracts.service.offer(brand, top, 'daily', {
      memberId: a.id,
      details: [{ minimumBet: 0, netLoss: 0, activeMember: 0, rateType: 'F', rate: 8 }],
    });
    await contracts.service.process(brand, a, 'daily', c.id, 'A');
    await backdate();
    await addBet(t.db, {
      merchantId,
      memberId: p.id,
      at: new Date(day.getTime() + 1000),
      gameType: 'RNG',
      stake: 500n,
      payout: 0n,
    });
    // top has nothing of its own: it receives 10.00 from the platform and pays a 8.00 of it.
    await contracts.settlement.settlePeriod(brand, 'daily', {
      start: day,
      end: new Date(day.getTime() + DAY),
      code: '',
    });
    expect(await received(a.id, 'DAILY_WAGE')).toBe(800n);
    expect(await received(top.id, 'DAILY_WAGE')).toBe(200n);
    // A bill top owes beyond its wallet (2.00 left): paid in part, the rest once funds arrive.
    const bill = await t.db
      .selectFrom('contract_bill')
      .selectAll()
      .where('member_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const day2 = new Date(day.getTime() + DAY);
    await t.db
      .insertInto('contract_bill')
      .values({
        merchant_id: merchantId,
        kind: 'daily',
        contract_id: bill.contract_id,
        member_id: a.id,
        payer_id: top.id,
        depth: bill.depth,
        period_start: day2,
        period_end: new Date(day2.getTime() + DAY),
        amount: '1500',
        status: 'insufficient',
      })
      .execute();
    const first = await contracts.settlement.payOutstanding(brand, 'daily');
    expect(first).toBe(1);
    const partial = await t.db
      .selectFrom('contract_bill')
      .selectAll()
      .where('member_id', '=', a.id)
      .where('period_start', '=', day2)
      .executeTakeFirstOrThrow();
    expect(partial).toMatchObject({ paid: '200', status: 'partial' });
    expect(await contracts.settlement.payOutstanding(brand, 'daily')).toBe(0);
    await fundMain(t.db, top.id, 5_000n);
    expect(await contracts.settlement.payOutstanding(brand, 'daily')).toBe(1);
    expect(await contracts.settlement.payOutstanding(brand, 'daily')).toBe(0);
    expect(await received(a.id, 'DAILY_WAGE')).toBe(800n + 1500n);
    const bills = await contracts.service.bills(brand, a, 'daily', {
      scope: 'mine',
      pageNo: 1,
      pageSize: 10,
    });
    expect(bills.list.map((b) => b.status)).toEqual(['issued', 'issued']);
    const paying = await contracts.service.bills(brand, top, 'daily', {
      scope: 'downlines',
      pageNo: 1,
      pageSize: 10,
    });
    expect(paying.totals).toEqual({ amount: 23, paid: 23 });
    expect(await checkLedger(t.db)).toEqual([]);
  }, 120_000);
});

describe('real-time salary', () => {
  it('pays per settled round in its five-minute window and reverses a round rolled back later', async () => {
    const top = await member(memberTypes.agent, null);
    const a = await member(memberTypes.agentLevel2, top);
    const p = await member(memberTypes.member, a);
    await fundMain(t.db, top.id, 1_000_000n);
    const topRates = { rt_win_rate: 0.02, rt_loss_rate: 0.03, rt_bet_amount: 0.001 };
    const aRates = { rt_win_rate: 0.01, rt_loss_rate: 0.02, rt_bet_amount: 0.001 };
    await contracts.service.opsSet(brand, 'realtime', top.id, { rates: topRates }, 'test');
    const c = await contracts.service.offer(brand, top, 'realtime', { memberId: a.id, rates: aRates });
    await contracts.service.process(brand, a, 'realtime', c.id, 'A');
    await backdate();
    const w1 = new Date(Math.floor((Date.now() - 3_600_000) / 300_000) * 300_000);
    const w2 = new Date(w1.getTime() + 300_000);
    await addBet(t.db, {
      merchantId,
      memberId: p.id,
      at: new Date(w1.getTime() + 1000),
      gameType: 'RNG',
      stake: 10_000n,
      payout: 0n,
    });
    await addBet(t.db, {
      merchantId,
      memberId: p.id,
      at: new Date(w1.getTime() + 2000),
      gameType: 'RNG',
      stake: 10_000n,
      payout: 25_000n,
    });
    const r = (x: typeof topRates) => ({
      winRate: BigInt(Math.round(x.rt_win_rate * 1e6)),
      lossRate: BigInt(Math.round(x.rt_loss_rate * 1e6)),
      betRate: BigInt(Math.round(x.rt_bet_amount * 1e6)),
    });
    const topAmount =
      realtimeRoundAmount(10_000n, 0n, r(topRates)) + realtimeRoundAmount(10_000n, 25_000n, r(topRates));
    const aAmount =
      realtimeRoundAmount(10_000n, 0n, r(aRates)) + realtimeRoundAmount(10_000n, 25_000n, r(aRates));
    await contracts.settlement.settlePeriod(brand, 'realtime', { start: w1, end: w2, code: '' });
    expect(await received(a.id, 'REALTIME_SALARY')).toBe(aAmount);
    expect(await received(top.id, 'REALTIME_SALARY')).toBe(topAmount - aAmount);

    // The winning round is rolled back in the next window: its salary comes off the next pay.
    const won = await t.db
      .selectFrom('bet')
      .select('id')
      .where('member_id', '=', p.id)
      .where('payout', '=', '25000')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('bet')
      .set({ status: 'void', stake: '0', valid_bet: '0', settled_at: new Date(w2.getTime() + 1000) })
      .where('id', '=', won.id)
      .execute();
    await addBet(t.db, {
      merchantId,
      memberId: p.id,
      at: new Date(w2.getTime() + 2000),
      gameType: 'RNG',
      stake: 100_000n,
      payout: 0n,
    });
    await contracts.settlement.settlePeriod(brand, 'realtime', {
      start: w2,
      end: new Date(w2.getTime() + 300_000),
      code: '',
    });
    const aW2 =
      realtimeRoundAmount(100_000n, 0n, r(aRates)) - realtimeRoundAmount(10_000n, 25_000n, r(aRates));
    const topW2 =
      realtimeRoundAmount(100_000n, 0n, r(topRates)) - realtimeRoundAmount(10_000n, 25_000n, r(topRates));
    expect(await received(a.id, 'REALTIME_SALARY')).toBe(aAmount + aW2);
    expect(await received(top.id, 'REALTIME_SALARY')).toBe(topAmount - aAmount + topW2 - aW2);
    // Rerunning either window changes nothing.
    await contracts.settlement.settlePeriod(brand, 'realtime', { start: w1, end: w2, code: '' });
    expect(await received(a.id, 'REALTIME_SALARY')).toBe(aAmount + aW2);
    expect(await checkLedger(t.db)).toEqual([]);
  }, 120_000);
});

describe('the daily job', () => {
  it('settles a day only once the team rollups were refreshed past its end, then pays it once', async () => {
    const yesterday = new Date(today - DAY);
    const done = () =>
      t.db
        .selectFrom('contract_period_done')
        .select('kind')
        .where('kind', '=', 'daily')
        .where('period_start', '=', yesterday)
        .execute();
    await sql`update team_rollup_state set refreshed_at = ${new Date(today - 60_000)} where merchant_id = ${merchantId}`.execute(
      t.db,
    );
    await contracts.settlement.settle(brand, 'daily');
    expect(await done()).toHaveLength(0);
    await sql`update team_rollup_state set refreshed_at = now() where merchant_id = ${merchantId}`.execute(
      t.db,
    );
    const now = new Date(Math.max(Date.now(), today + 15 * 60_000));
    await contracts.settlement.settle(brand, 'daily', now);
    expect(await done()).toHaveLength(Date.now() >= today + 10 * 60_000 ? 1 : 0);
    expect((await contracts.settlement.settle(brand, 'daily', now)).payments).toBe(0);
    expect(await checkLedger(t.db)).toEqual([]);
  }, 120_000);
});

describe('hourly salary and dividends', () => {
  const pTier = (rate: number, minimumBet = 0, netLoss = 0, activeMember = 0) => ({
    minimumBet,
    netLoss,
    activeMember,
    rateType: 'P' as const,
    rate,
  });

  it('pays an hour on its team bets, upline paying the difference', async () => {
    const top = await member(memberTypes.agent, null);
    const a = await member(memberTypes.agentLevel2, top);
    const p = await member(memberTypes.member, a);
    const q = await member(memberTypes.member, top);
    await contracts.service.opsSet(brand, 'hourly', top.id, { details: [pTier(0.02)] }, 'test');
    const c = await contracts.service.offer(brand, top, 'hourly', { memberId: a.id, details: [pTier(0.01)] });
    await contracts.service.process(brand, a, 'hourly', c.id, 'A');
    await backdate();
    const hour = new Date(Math.floor((Date.now() - 3 * 3_600_000) / 3_600_000) * 3_600_000);
    await addBet(t.db, {
      merchantId,
      memberId: p.id,
      at: new Date(hour.getTime() + 60_000),
      gameType: 'RNG',
      stake: 40_000n,
      payout: 0n,
    });
    await addBet(t.db, {
      merchantId,
      memberId: q.id,
      at: new Date(hour.getTime() + 120_000),
      gameType: 'RNG',
      stake: 10_000n,
      payout: 0n,
    });
    await contracts.settlement.settlePeriod(brand, 'hourly', {
      start: hour,
      end: new Date(hour.getTime() + 3_600_000),
      code: '',
    });
    // a: 400.00 × 1 % = 4.00; top: 500.00 × 2 % = 10.00, of which it pays a 4.00.
    expect(await received(a.id, 'HOURLY_SALARY')).toBe(400n);
    expect(await received(top.id, 'HOURLY_SALARY')).toBe(600n);
    expect(await checkLedger(t.db)).toEqual([]);
  }, 120_000);

  it('pays a weekly dividend only on a team loss, at the tier its loss reaches', async () => {
    const top = await member(memberTypes.agent, null);
    const a = await member(memberTypes.agentLevel2, top);
    const lose = await member(memberTypes.member, a);
    const win = await member(memberTypes.member, top);
    await fundMain(t.db, top.id, 1_000_000n);
    await contracts.service.opsSet(
      brand,
      'dividend',
      top.id,
      { period: 'W', details: [pTier(0.1), pTier(0.2, 0, 1000)] },
      'test',
    );
    const refused = contracts.service.offer(brand, top, 'dividend', {
      memberId: a.id,
      period: 'M',
      details: [pTier(0.1)],
    });
    await expect(refused).rejects.toMatchObject({ code: 'contract.rate.above.upline' });
    const c = await contracts.service.offer(brand, top, 'dividend', {
      memberId: a.id,
      period: 'W',
      details: [pTier(0.15)],
    });
    await contracts.service.process(brand, a, 'dividend', c.id, 'A');
    await backdate();
    const week = dividendPeriod('W', new Date(Date.now() - 7 * DAY));
    const at = new Date(week.start.getTime() + DAY + 3_600_000);
    // a's team loses 2,000.00; top's whole team nets −2,000.00 + 500.00 = −1,500.00.
    await addBet(t.db, { merchantId, memberId: lose.id, at, gameType: 'RNG', stake: 200_000n, payout: 0n });
    await addBet(t.db, {
      merchantId,
      memberId: win.id,
      at,
      gameType: 'RNG',
      stake: 50_000n,
      payout: 100_000n,
    });
    await contracts.settlement.settlePeriod(brand, 'dividend', week);
    // a: 2,000.00 × 15 % = 300.00; top: 1,500.00 ≥ 1,000.00 → 20 % = 300.00, all of it paid to a.
    expect(await received(a.id, 'DIVIDEND')).toBe(30_000n);
    expect(await received(top.id, 'DIVIDEND')).toBe(0n);
    const bills = await contracts.service.bills(brand, top, 'dividend', {
      scope: 'mine',
      pageNo: 1,
      pageSize: 5,
    });
    expect(bills.list[0]).toMatchObject({ tier: 1, amount: 300, profitLoss: -1500, status: 'issued' });
    expect(await checkLedger(t.db)).toEqual([]);
  }, 120_000);
});
