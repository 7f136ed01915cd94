import { type AgentTreeNode, memberTypes } from '@arcadia/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBrand } from '../../seeds/brands/demo.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { createBrandRepository } from '../brand/index.js';
import { addBet, addMember, postMoney, refreshTeamRollups } from '../../test/factories/agent.js';

/*
 * The back office's agent tree, moving a member or a team:
 *
 *   opTopA (agent 1)                  opTopB (agent 1)
 *   ├─ opA1 (agent 2)                 └─ opBm (member)
 *   │  ├─ opA1m (member)
 *   │  └─ opA1a (agent 2)
 *   │     └─ opA1am (member)
 *   ├─ opA2 (agent 2)
 *   └─ opAm (member)
 */
let t: TestApp;
let merchantId: number;
const ids: Record<string, string> = {};
const key = { 'x-ops-key': TEST_OPS_KEY };
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  await createBrandRepository(t.db).insertFromFile({ ...demoBrand, code: 'other', name: 'Other Brand' });
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  const add = async (name: string, type: number, parent: string | null) => {
    ids[name] = await addMember(t.db, merchantId, name, type, parent ? ids[parent]! : null, daysAgo(2));
  };
  await add('opTopA', memberTypes.agent, null);
  await add('opA1', memberTypes.agentLevel2, 'opTopA');
  await add('opA1m', memberTypes.member, 'opA1');
  await add('opA1a', memberTypes.agentLevel2, 'opA1');
  await add('opA1am', memberTypes.member, 'opA1a');
  await add('opA2', memberTypes.agentLevel2, 'opTopA');
  await add('opAm', memberTypes.member, 'opTopA');
  await add('opTopB', memberTypes.agent, null);
  await add('opBm', memberTypes.member, 'opTopB');
  const bet = (who: string, stake: bigint, payout: bigint, at = new Date()) =>
    addBet(t.db, { merchantId, memberId: ids[who]!, at, gameType: 'SLOT', stake, payout });
  await bet('opA1m', 1_000n, 500n);
  await bet('opA1am', 2_000n, 0n);
  await bet('opA1am', 400n, 900n, daysAgo(1));
  await bet('opAm', 700n, 0n);
  await bet('opBm', 300n, 0n);
  await postMoney(t.db, merchantId, ids.opA1am!, 'DEPOSIT', 5_000n);
  await refreshTeamRollups(t.db, merchantId, 3);
}, 120_000);
afterAll(() => t.close());

const tree = async (parentId?: string, code = 'demo') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/ops/merchants/${code}/agents/tree${parentId ? `?parentId=${parentId}` : ''}`,
    headers: key,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    parent: AgentTreeNode | null;
    path: { id: string; account: string }[];
    list: AgentTreeNode[];
    total: number;
  };
};
const node = async (name: string) => (await tree(ids[name]!)).parent!;
const move = (payload: Record<string, unknown>, code = 'demo') =>
  t.app.inject({ method: 'POST', url: `/ops/merchants/${code}/agents/move`, payload, headers: key });
const search = async (q: string, code = 'demo') =>
  (
    await t.app.inject({ method: 'GET', url: `/ops/merchants/${code}/agents/search?q=${q}`, headers: key })
  ).json().value.list as (AgentTreeNode & { path: { account: string }[] })[];

/** Every team rollup row of the brand, in a stable order, for comparing two computations. */
async function rollups() {
  const day =
    await sql`select agent_id::text, day::text, bet_count::text, stake::text, valid_bet::text, payout::text,
      active_members, new_members, deposit_count::text, deposit_amount::text, withdraw_count::text, withdraw_net::text
    from team_day where merchant_id = ${merchantId} order by 1, 2`.execute(t.db);
  const game =
    await sql`select agent_id::text, day::text, game_type, stake::text, valid_bet::text, payout::text
    from team_day_game where merchant_id = ${merchantId} order by 1, 2, 3`.execute(t.db);
  const period = await sql`select agent_id::text, period, start_day::text, active_members
    from team_period where merchant_id = ${merchantId} order by 1, 2, 3`.execute(t.db);
  const summary = await sql`select agent_id::text, team_size, direct_count, agent_count, team_balance::text
    from team_summary where merchant_id = ${merchantId} order by 1`.execute(t.db);
  return { day: day.rows, game: game.rows, period: period.rows, summary: summary.rows };
}

/** The closure rows the parent links imply, against the closure table itself. */
async function closureMismatches() {
  const { rows } = await sql`
    with recursive up as (
      select id as descendant_id, id as ancestor_id, 0 as depth from member where merchant_id = ${merchantId}
      union all
      select u.descendant_id, m.parent_id, u.depth + 1 from up u join member m on m.id = u.ancestor_id
      where m.parent_id is not null)
    (select descendant_id, ancestor_id, depth from up
     except select t.descendant_id, t.ancestor_id, t.depth from member_tree t join member m on m.id = t.descendant_id
       where m.merchant_id = ${merchantId})
    union all
    (select t.descendant_id, t.ancestor_id, t.depth from member_tree t join member m on m.id = t.descendant_id
       where m.merchant_id = ${merchantId}
     except select descendant_id, ancestor_id, depth from up)`.execute(t.db);
  return rows;
}

describe('the agent tree', () => {
  it('lists a level with team sizes and this month’s team figures from the rollups', async () => {
    const top = await tree(ids.opTopA);
    expect(top.parent).toMatchObject({
      account: 'opTopA',
      isAgent: true,
      level: 0,
      teamSize: 6,
      directCount: 3,
    });
    expect(top.path.map((p) => p.account)).toEqual(['opTopA']);
    expect(top.list.map((n) => [n.account, n.teamSize])).toEqual([
      ['opA1', 3],
      ['opA2', 0],
      ['opAm', 0],
    ]);
    const a1 = top.list[0]!;
    expect(a1).toMatchObject({ level: 1, isAgent: true, directCount: 2 });
    // Bets of opA1m and opA1am this month, and opA1am's deposit.
    const inMonth = (d: Date) => d.toISOString().slice(0, 7) === new Date().toISOString().slice(0, 7);
    const yesterday = inMonth(daysAgo(1));
    expect(a1.month).toMatchObject({
      validBet: String(3_000 + (yesterday ? 400 : 0)),
      payout: String(500 + (yesterday ? 900 : 0)),
      depositAmount: '5000',
    });
    const sub = await tree(ids.opA1a);
    expect(sub.path.map((p) => p.account)).toEqual(['opTopA', 'opA1', 'opA1a']);
    expect(sub.list.map((n) => n.account)).toEqual(['opA1am']);
  });

  it('finds a member by part of its account, exact match first, with its uplines', async () => {
    const found = await search('opa1a');
    expect(found.map((n) => n.account)).toEqual(['opA1a', 'opA1am']);
    expect(found[0]!.path.map((p) => p.account)).toEqual(['opTopA', 'opA1']);
    expect(await search('opA1a', 'other')).toEqual([]);
  });

  it('an unknown parent is not found; another brand sees none of this one', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/ops/merchants/demo/agents/tree?parentId=999999',
          headers: key,
        })
      ).statusCode,
    ).toBe(404);
    const other = await t.app.inject({
      method: 'GET',
      url: `/ops/merchants/other/agents/tree?parentId=${ids.opTopA}`,
      headers: key,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('moving a member or a team', () => {
  it('refuses a move under the member itself or its own team, leaving the tree as it was', async () => {
    const before = await rollups();
    for (const newParentAccount of ['opA1', 'opA1a']) {
      const res = await move({ account: 'opA1', newParentAccount, reason: 'would make a loop' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('agent.move_cycle');
    }
    expect((await move({ account: 'opTopA', newParentAccount: 'opA1a', reason: 'loop' })).json().code).toBe(
      'agent.move_cycle',
    );
    expect(await closureMismatches()).toEqual([]);
    expect(await rollups()).toEqual(before);
    expect((await node('opA1a')).level).toBe(2);
  });

  it('refuses a member as the new upline, the same upline, a missing reason and unknown accounts', async () => {
    const notAgent = await move({ account: 'opAm', newParentAccount: 'opBm', reason: 'under a member' });
    expect([notAgent.statusCode, notAgent.json().code]).toEqual([409, 'agent.move_not_agent']);
    expect((await move({ account: 'opAm', newParentAccount: 'opTopA', reason: 'same' })).json().code).toBe(
      'agent.move_same_parent',
    );
    expect((await move({ account: 'opAm', newParentAccount: 'opTopB' })).json().code).toBe(
      'request_param_err',
    );
    expect((await move({ account: 'opAm', newParentAccount: 'opTopB', reason: '  ' })).statusCode).toBe(400);
    expect(
      (await move({ account: 'nobody-here', newParentAccount: 'opTopB', reason: 'who' })).statusCode,
    ).toBe(404);
    // The other brand has no such members.
    expect(
      (await move({ account: 'opAm', newParentAccount: 'opTopB', reason: 'wrong brand' }, 'other'))
        .statusCode,
    ).toBe(404);
    expect((await node('opAm')).level).toBe(1);
  });

  it('moves an agent with its team: the closure, both uplines’ team figures and the audit line', async () => {
    const oldTop = await node('opTopA');
    const newTop = await node('opTopB');
    const moving = await node('opA1');
    const res = await move({ account: 'opA1', newParentAccount: 'opTopB', reason: 'agent changed company' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ account: 'opA1', oldParent: 'opTopA', newParent: 'opTopB', moved: 4 });

    expect(await closureMismatches()).toEqual([]);
    const oldAfter = await node('opTopA');
    const newAfter = await node('opTopB');
    expect(oldAfter.teamSize).toBe(oldTop.teamSize - 4);
    expect(newAfter.teamSize).toBe(newTop.teamSize + 4);
    for (const field of ['validBet', 'payout', 'depositAmount', 'profitLoss'] as const) {
      expect(BigInt(oldAfter.month[field]), field).toBe(
        BigInt(oldTop.month[field]) - BigInt(moving.month[field]),
      );
      expect(BigInt(newAfter.month[field]), field).toBe(
        BigInt(newTop.month[field]) + BigInt(moving.month[field]),
      );
    }
    expect(oldAfter.month.validBet).toBe('700');
    expect((await node('opA1am')).level).toBe(3);
    expect((await search('opA1am'))[0]!.path.map((p) => p.account)).toEqual(['opTopB', 'opA1', 'opA1a']);

    // What the move left equals what a full refresh of the brand computes from the new tree.
    const afterMove = await rollups();
    await refreshTeamRollups(t.db, merchantId, 3);
    expect(afterMove).toEqual(await rollups());

    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'agent.move')
      .where('target', '=', 'opA1')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.payload).toMatchObject({
      from: 'opTopA',
      to: 'opTopB',
      moved: 4,
      reason: 'agent changed company',
    });
  });

  it('moves a single member between sub-agents: every upline on both sides recomputed', async () => {
    const res = await move({ account: 'opA1am', newParentAccount: 'opA2', reason: 'asked to join opA2' });
    expect(res.json().value).toMatchObject({ oldParent: 'opA1a', newParent: 'opA2', moved: 1 });
    expect(await closureMismatches()).toEqual([]);
    expect((await node('opA2')).teamSize).toBe(1);
    expect((await node('opA1a')).teamSize).toBe(0);
    const afterMove = await rollups();
    await refreshTeamRollups(t.db, merchantId, 3);
    expect(afterMove).toEqual(await rollups());
    // opA1am's deposit now counts under opTopA again, no longer under opTopB.
    expect((await node('opTopA')).month.depositAmount).toBe('5000');
    expect((await node('opTopB')).month.depositAmount).toBe('0');
  });
});
