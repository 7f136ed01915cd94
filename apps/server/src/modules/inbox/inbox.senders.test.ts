import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/job-runner.js';
import { type TestApp, TEST_OPS_KEY, buildTestApp } from '../../test/build-test-app.js';
import { TEAM_PASSWORD, addMember } from '../../test/factories/agent.js';
import { newMember, ops } from '../../test/factories/payments.js';
import { inboxClient } from '../../test/factories/inbox.js';

let t: TestApp;
let inbox: ReturnType<typeof inboxClient>;
let merchantId: number;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  inbox = inboxClient(t);
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
}, 180_000);
afterAll(() => t?.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now() % 1e6}${++seq}`;

/**
 * agent ─┬─ direct (member) ── deep (member)
 *        └─ sub (agent) ── subMember (member)
 * outsider: a member of another line.
 */
async function team() {
  const agent = await addMember(t.db, merchantId, unique('ag'), 1, null);
  const direct = await addMember(t.db, merchantId, unique('dm'), 0, agent);
  const deep = await addMember(t.db, merchantId, unique('dp'), 0, direct);
  const sub = await addMember(t.db, merchantId, unique('sa'), 1, agent);
  const subMember = await addMember(t.db, merchantId, unique('sm'), 0, sub);
  const outsider = await addMember(t.db, merchantId, unique('ou'), 0, null);
  const accounts = new Map<string, string>();
  for (const r of await t.db
    .selectFrom('member')
    .select(['id', 'account'])
    .where('id', 'in', [agent, direct, deep, sub, subMember, outsider])
    .execute())
    accounts.set(r.id, r.account);
  const token = (id: string) => t.login(accounts.get(id)!, TEAM_PASSWORD);
  return { agent, direct, deep, sub, subMember, outsider, account: (id: string) => accounts.get(id)!, token };
}

const recipientsOf = async (messageId: string) =>
  (await t.db.selectFrom('inbox_recipient').select('member_id').where('message_id', '=', messageId).execute())
    .map((r) => String(r.member_id))
    .sort();

describe('operator messages', () => {
  it('reach one member, or an agent and its whole team, and are written to the audit log', async () => {
    const tm = await team();
    const one = await inbox.send({
      target: 'member',
      account: tm.account(tm.deep),
      title: 'Hi',
      content: 'Hello',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().value).toMatchObject({
      kind: 'operator',
      target: 'member',
      account: tm.account(tm.deep),
      status: 'sent',
      recipientCount: 1,
      readCount: 0,
      createdBy: 'ops-key',
    });
    expect(await recipientsOf(one.json().value.id)).toEqual([tm.deep]);

    const teamMsg = await inbox.send({
      target: 'team',
      account: tm.account(tm.agent),
      title: 'Team',
      content: 'All',
    });
    expect(teamMsg.json().value).toMatchObject({ target: 'team', recipientCount: 5 });
    expect(await recipientsOf(teamMsg.json().value.id)).toEqual(
      [tm.agent, tm.direct, tm.deep, tm.sub, tm.subMember].sort(),
    );

    const audit = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/audit?action=inbox.send&pageSize=2',
      headers: ops,
    });
    const [latest, previous] = audit.json().value.list;
    expect(latest).toMatchObject({
      actor: 'ops-key',
      action: 'inbox.send',
      target: `inbox:${teamMsg.json().value.id}`,
      payload: { target: 'team', account: tm.account(tm.agent), title: 'Team', sendAt: null },
    });
    expect(previous).toMatchObject({ target: `inbox:${one.json().value.id}` });
  });

  it('refuse unknown accounts, a team of a non-agent, a missing account, and roles that may not send', async () => {
    const tm = await team();
    const unknown = await inbox.send({ target: 'member', account: 'nobody-here', title: 'x', content: 'y' });
    expect(unknown.statusCode).toBe(404);
    const notAgent = await inbox.send({
      target: 'team',
      account: tm.account(tm.direct),
      title: 'x',
      content: 'y',
    });
    expect(notAgent.statusCode).toBe(400);
    expect(notAgent.json().value.fields).toHaveProperty('account');
    const missing = await inbox.send({ target: 'member', title: 'x', content: 'y' });
    expect(missing.statusCode).toBe(400);

    // A finance operator has no business with messages.
    await t.app.inject({
      method: 'POST',
      url: '/ops/operators',
      payload: {
        username: 'inboxfinance',
        password: 'finance-pass-123',
        role: 'finance',
        merchantCode: 'demo',
      },
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/ops/session/login',
      payload: { username: 'inboxfinance', password: 'finance-pass-123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/inbox/messages',
      payload: { target: 'brand', title: 'x', content: 'y' },
      headers: { 'x-ops-token': login.json().value.token },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('are delivered later by the scheduling job, once, and can be cancelled before', async () => {
    const m = await newMember(t);
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const res = await inbox.send({
      target: 'member',
      account: m.account,
      title: 'Later',
      content: 'Soon',
      sendAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    const scheduled = res.json().value;
    expect(scheduled).toMatchObject({ status: 'scheduled', sentAt: null, recipientCount: null, sendAt });
    const other = await inbox.send({
      target: 'member',
      account: m.account,
      title: 'Cancelled',
      content: 'Never',
      sendAt,
    });
    expect(await inbox.unread(m.token)).toBe(0);

    const runner = createJobRunner({ db: t.db, log: { info() {}, error() {} }, tickMs: 1000 });
    for (const job of t.app.inbox.jobs) runner.register(job);
    // Not due yet: nothing is delivered.
    await runner.tick();
    await runner.idle();
    expect(await inbox.unread(m.token)).toBe(0);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/inbox/messages/${other.json().value.id}/cancel`,
      headers: ops,
    });
    expect(cancel.json().value).toMatchObject({ status: 'cancelled' });
    // The time comes (moved, rather than waited for).
    await t.db
      .updateTable('inbox_message')
      .set({ send_at: new Date(Date.now() - 1000) })
      .where('id', 'in', [scheduled.id, other.json().value.id])
      .execute();
    await t.db
      .updateTable('job_lease')
      .set({ last_started_at: null })
      .where('name', '=', 'inbox.deliver-scheduled')
      .execute();
    expect(await runner.tick()).toEqual(['inbox.deliver-scheduled']);
    await runner.idle();
    const page = await inbox.page(m.token);
    expect(page.list.map((x) => x.title)).toEqual(['Later']);
    expect(page.unread).toBe(1);

    // Another run (another instance, a retry) delivers nothing twice.
    await t.db
      .updateTable('job_lease')
      .set({ last_started_at: null })
      .where('name', '=', 'inbox.deliver-scheduled')
      .execute();
    await t.app.inbox.service.deliverDue();
    await runner.tick();
    await runner.idle();
    expect(await recipientsOf(scheduled.id)).toEqual([m.id]);

    const again = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/inbox/messages/${scheduled.id}/cancel`,
      headers: ops,
    });
    expect(again.statusCode).toBe(409);
    const list = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/inbox/messages?status=sent&pageSize=50',
      headers: ops,
    });
    expect(list.json().value.list.find((x: { id: string }) => x.id === scheduled.id)).toMatchObject({
      status: 'sent',
      recipientCount: 1,
    });
    const actions = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/audit?pageSize=3',
      headers: ops,
    });
    expect(actions.json().value.list.map((a: { action: string }) => a.action)).toContain('inbox.cancel');
  });

  it('refuse a schedule in the past or too far ahead', async () => {
    const m = await newMember(t);
    const past = await inbox.send({
      target: 'member',
      account: m.account,
      title: 'x',
      content: 'y',
      sendAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    const far = await inbox.send({
      target: 'member',
      account: m.account,
      title: 'x',
      content: 'y',
      sendAt: new Date(Date.now() + 91 * 86_400_000).toISOString(),
    });
    expect(far.statusCode).toBe(400);
  });
});

describe('agent platform messages', () => {
  it('reach the agent’s downlines only: all, direct, or one member of its team', async () => {
    const tm = await team();
    const agentToken = await tm.token(tm.agent);
    const all = await inbox.agentSend(agentToken, {
      target: 'all',
      title: 'Team news',
      content: 'Hello team',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().value).toMatchObject({ target: 'all', account: null, recipientCount: 4, readCount: 0 });
    expect(await recipientsOf(all.json().value.id)).toEqual(
      [tm.direct, tm.deep, tm.sub, tm.subMember].sort(),
    );

    const direct = await inbox.agentSend(agentToken, { target: 'direct', title: 'Directs', content: 'x' });
    expect(await recipientsOf(direct.json().value.id)).toEqual([tm.direct, tm.sub].sort());

    const one = await inbox.agentSend(agentToken, {
      target: 'member',
      account: tm.account(tm.subMember).toUpperCase(),
      title: 'Just you',
      content: 'x',
    });
    expect(one.json().value).toMatchObject({
      target: 'member',
      account: tm.account(tm.subMember),
      recipientCount: 1,
    });

    const deepToken = await tm.token(tm.deep);
    const seen = await inbox.page(deepToken);
    expect(seen.list.map((x) => x.title)).toEqual(['Team news']);
    expect(seen.list[0]).toMatchObject({ kind: 'agent', sender: tm.account(tm.agent) });
    await inbox.read(deepToken, { all: true });

    const sent = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/messages',
      headers: { authorization: agentToken },
    });
    expect(sent.json().value).toMatchObject({ totalCount: 3 });
    expect(
      sent.json().value.list.map((x: { title: string; readCount: number }) => [x.title, x.readCount]),
    ).toEqual([
      ['Just you', 0],
      ['Directs', 0],
      ['Team news', 1],
    ]);
  });

  it('cannot reach a member outside the team, its own upline, or anyone when not an agent', async () => {
    const tm = await team();
    const subToken = await tm.token(tm.sub);
    const before = await t.db.selectFrom('inbox_message').select('id').execute();
    for (const account of [
      tm.account(tm.outsider),
      tm.account(tm.agent),
      tm.account(tm.direct),
      tm.account(tm.sub),
    ]) {
      const res = await inbox.agentSend(subToken, { target: 'member', account, title: 'x', content: 'y' });
      expect(res.statusCode, account).toBe(404);
      expect(res.json().code).toBe('not.found');
    }
    expect(await t.db.selectFrom('inbox_message').select('id').execute()).toHaveLength(before.length);

    // The sub-agent's "all" stays within its own line.
    const mine = await inbox.agentSend(subToken, { target: 'all', title: 'Sub line', content: 'y' });
    expect(await recipientsOf(mine.json().value.id)).toEqual([tm.subMember]);

    const member = await tm.token(tm.direct);
    const refused = await inbox.agentSend(member, { target: 'all', title: 'x', content: 'y' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('error_not_agent');
  });
});
