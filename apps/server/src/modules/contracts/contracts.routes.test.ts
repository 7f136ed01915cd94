import { memberTypes } from '@arcadia/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { TEAM_PASSWORD, addMember } from '../../test/factories/agent.js';

/*
 *   top (1) ─┬─ a1 (2) ─┬─ a11 (2) ── p111 (0)
 *            │          └─ p11 (0)
 *            └─ a2 (2)
 *   top2 (1)
 */
let t: TestApp;
let merchantId: number;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  const add = async (name: string, type: number, parent: string | null) => {
    ids[name] = await addMember(t.db, merchantId, `c_${name}`, type, parent ? ids[parent]! : null);
  };
  await add('top', memberTypes.agent, null);
  await add('a1', memberTypes.agentLevel2, 'top');
  await add('a11', memberTypes.agentLevel2, 'a1');
  await add('p111', memberTypes.member, 'a11');
  await add('p11', memberTypes.member, 'a1');
  await add('a2', memberTypes.agentLevel2, 'top');
  await add('top2', memberTypes.agent, null);
  for (const name of ['top', 'a1', 'a11', 'a2', 'top2', 'p11'])
    tokens[name] = await t.login(`c_${name}`, TEAM_PASSWORD);
}, 180_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, body?: object) =>
  t.app.inject({
    method,
    url,
    headers: who === 'ops' ? { 'x-ops-key': TEST_OPS_KEY } : { authorization: tokens[who]! },
    ...(body ? { payload: body } : {}),
  });
const tier = (rate: number, minimumBet = 0, activeMember = 0) => ({
  minimumBet,
  activeMember,
  rateType: 'P',
  rate,
});
const offer = (who: string, to: string, rates: number[], kind = 'daily') =>
  call('POST', `/wps/agent/contracts/${kind}/offer`, who, {
    memberId: ids[to],
    details: rates.map((r) => tier(r)),
  });
const accept = (who: string, id: string, status = 'A') =>
  call('GET', `/wps/relay/MCS2_processDailySalContract?id=${id}&status=${status}`, who);
const consolidated = async (who: string) =>
  (await call('GET', '/wps/member/info/funds/consolidated', who)).json().value;

describe('contract transitions', () => {
  it('the operator sets a top agent’s contract, in force at once and audited; never a downline’s', async () => {
    const set = await call('PUT', `/ops/merchants/demo/contracts/daily/${ids.top}`, 'ops', {
      details: [tier(0.01, 100), tier(0.02, 1000, 2)],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().value).toMatchObject({ status: 'V', version: 1, payer: null });
    // The history names the operator once (`operator:<name>`; the deployment key as `operator:ops-key`).
    const view = (await call('GET', `/ops/merchants/demo/contracts/daily/${ids.top}`, 'ops')).json().value;
    expect(view.history.map((h: { actor: string }) => h.actor)).toEqual([
      'operator:ops-key',
      'operator:ops-key',
    ]);
    const refused = await call('PUT', `/ops/merchants/demo/contracts/daily/${ids.a1}`, 'ops', {
      details: [tier(0.01)],
    });
    expect(refused.json().code).toBe('contract.not.top');
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('action', '=', 'contract.set')
      .execute();
    expect(audit.length).toBe(1);
  });

  it('an upline offers to a direct downline agent, which sees the offer and accepts it', async () => {
    const res = await offer('top', 'a1', [0.01, 0.015]);
    expect(res.statusCode).toBe(200);
    const c = res.json().value;
    expect(c).toMatchObject({ status: 'P', version: 1, payer: { id: ids.top } });
    const flags = await consolidated('a1');
    expect(flags.dailysalreqtype).toBe('CONS');
    expect(flags.dailysalreq.CONS[0]).toMatchObject({ id: c.id, status: 'P', downlineHigherRate: 'N' });
    expect(flags.dailysalreq.CONS[0].details[1]).toMatchObject({ rate: 0.015, betVolume: 0, rateType: 'P' });
    const accepted = await accept('a1', c.id);
    expect(accepted.json().value).toMatchObject({ status: 'V' });
    expect((await consolidated('a1')).dailysalreqtype).toBeNull();
    const mine = (await call('GET', '/wps/agent/contracts/daily/mine', 'a1')).json().value;
    expect(mine.current.id).toBe(c.id);
    expect(mine.history.map((e: { action: string }) => e.action)).toEqual(['accept', 'offer']);
    // Accepting twice is a state error.
    expect((await accept('a1', c.id)).json().code).toBe('contract.state');
  });

  it('refuses offers to non-direct, non-agent and foreign members, above the upline, and without a contract', async () => {
    expect((await offer('top', 'a11', [0.01])).statusCode).toBe(404);
    expect((await offer('top', 'top2', [0.01])).statusCode).toBe(404);
    expect((await offer('a1', 'p11', [0.01])).json().code).toBe('contract.not.agent');
    expect((await offer('top', 'a2', [0.021])).json().code).toBe('contract.rate.above.upline');
    expect((await offer('a2', 'a1', [0.01])).statusCode).toBe(404);
    expect((await offer('top2', 'top', [0.01])).statusCode).toBe(404);
    const none = await call('POST', '/wps/agent/contracts/daily/offer', 'a11', {
      memberId: ids.p111,
      details: [tier(0.01)],
    });
    expect(none.statusCode).toBe(400);
    // A member is not an agent; another agent's contract is not found.
    expect((await call('GET', '/wps/agent/contracts/daily/mine', 'p11')).json().code).toBe('error_not_agent');
    const foreign = await call('GET', '/wps/relay/MCS2_processDailySalContract?id=1&status=A', 'top2');
    expect(foreign.statusCode).toBe(404);
    const badTerms = await call('POST', '/wps/agent/contracts/daily/offer', 'top', {
      memberId: ids.a2,
      rates: { rt_win_rate: 0.01, rt_loss_rate: 0.01, rt_bet_amount: 0 },
    });
    expect(badTerms.json().code).toBe('contract.terms.invalid');
  });

  it('the downline rejects an offer', async () => {
    const c = (await offer('top', 'a2', [0.005])).json().value;
    const rejected = await accept('a2', c.id, 'R');
    expect(rejected.json().value.status).toBe('R');
    expect((await accept('a2', c.id)).json().code).toBe('contract.state');
  });

  it('accepting a lower rate than a downline holds ends the downline’s contract (warned first)', async () => {
    const c11 = (await offer('a1', 'a11', [0.012])).json().value;
    expect((await accept('a11', c11.id)).json().value.status).toBe('V');
    // top renews a1 at 1 %: below a11's 1.2 %.
    const renewal = (await offer('top', 'a1', [0.01])).json().value;
    expect(renewal).toMatchObject({ status: 'E', version: 2 });
    const flags = await consolidated('a1');
    expect(flags.dailysalreq.CONS[0]).toMatchObject({ status: 'E', downlineHigherRate: 'Y' });
    expect((await accept('a1', renewal.id)).json().value.status).toBe('V');
    const a11 = (await call('GET', '/wps/agent/contracts/daily/mine', 'a11')).json().value;
    expect(a11.current).toBeNull();
    expect(a11.history[0].action).toBe('auto_terminate');
    const a1 = (await call('GET', '/wps/agent/contracts/daily/mine', 'a1')).json().value;
    expect(a1.current.version).toBe(2);
    expect(a1.history.map((e: { action: string }) => e.action)).toContain('supersede');
  });

  it('either side terminates; an upline’s end takes the contracts below it along', async () => {
    const c11 = (await offer('a1', 'a11', [0.01])).json().value;
    await accept('a11', c11.id);
    const down = (await call('GET', '/wps/agent/contracts/daily/downlines', 'a1')).json().value;
    expect(down.list.find((r: { member: { id: string } }) => r.member.id === ids.a11).current.id).toBe(
      c11.id,
    );
    const ended = await call('POST', '/wps/agent/contracts/daily/terminate', 'top', { memberId: ids.a1 });
    expect(ended.json().value.terminated).toBe(1);
    expect((await call('GET', '/wps/agent/contracts/daily/mine', 'a11')).json().value.current).toBeNull();
    // The downline terminates its own: set up again, then `C`.
    const again = (await offer('top', 'a1', [0.01])).json().value;
    await accept('a1', again.id);
    expect((await accept('a1', again.id, 'C')).json().value.status).toBe('T');
    const events = await t.db
      .selectFrom('agent_contract_event')
      .selectAll()
      .where('member_id', '=', ids.a1!)
      .execute();
    expect(events.every((e) => e.actor.length > 0 && e.at instanceof Date)).toBe(true);
  });

  it('the operator reads and terminates a top agent’s contract; support may not', async () => {
    await call('PUT', `/ops/merchants/demo/contracts/realtime/${ids.top2}`, 'ops', {
      rates: { rt_win_rate: 0.01, rt_loss_rate: 0.02, rt_bet_amount: 0.001 },
    });
    const view = (await call('GET', `/ops/merchants/demo/contracts/realtime/${ids.top2}`, 'ops')).json()
      .value;
    expect(view.current).toMatchObject({ status: 'V', rates: { rt_win_rate: 0.01, rt_bet_amount: 0.001 } });
    const ended = await call('DELETE', `/ops/merchants/demo/contracts/realtime/${ids.top2}`, 'ops');
    expect(ended.json().value.terminated).toBe(1);
    expect(
      (await call('GET', `/ops/merchants/demo/contracts/realtime/${ids.top2}`, 'ops')).json().value.current,
    ).toBeNull();
    expect(
      (await call('GET', `/ops/merchants/nosuch/contracts/realtime/${ids.top2}`, 'ops')).statusCode,
    ).toBe(404);
    const actions = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('action', 'like', 'contract.%')
      .execute();
    expect(actions.map((a) => a.action)).toContain('contract.terminate');
  });

  it('is closed when the kind is off, and to trial accounts', async () => {
    await t.db
      .updateTable('merchant')
      .set({ modules: sql`modules || '{"HOURSAL3": false}'::jsonb` })
      .where('id', '=', merchantId)
      .execute();
    const availability = (await call('GET', '/ops/merchants/demo/availability', 'ops')).json().value;
    await call('PUT', '/ops/merchants/demo/availability', 'ops', availability);
    const off = await call('POST', '/wps/relay/MCS2_processContractHourSalary', 'a1', {
      contractId: '1',
      status: 'A',
    });
    expect(off.json().code).toBe('function.disabled');
    expect((await call('GET', '/wps/agent/contracts/hourly/mine', 'a1')).json().code).toBe(
      'function.disabled',
    );
    expect((await consolidated('a1')).contracthoursalinfo).toBe(false);
    expect((await consolidated('a1')).dailysalinfotype).toBe(true);

    const key = (await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const { importPublicKey, wrapRandomNonce } = await import('../../../../web/src/lib/body-crypto.js');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'linux', platform: 'W' },
      headers: { encryption: await wrapRandomNonce(await importPublicKey(key)), 'x-gateway-version': '3' },
    });
    const trial = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info/funds/consolidated',
      headers: { authorization: res.json().value.token as string },
    });
    expect(trial.json().code).toBe('in_need_true_account');
  });
});
