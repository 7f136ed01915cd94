import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/index.js';
import { mainBalance, newMember } from '../../test/factories/payments.js';
import {
  PASSWORD,
  as,
  buildOperatorTestApp,
  key,
  operatorClient,
  unique,
} from '../../test/factories/operator.js';

let t: TestApp;
const { createOperator, login, operator, me } = operatorClient(() => t);

beforeAll(async () => {
  t = await buildOperatorTestApp();
});
afterAll(() => t.close());

// ── the audit log names the operator ────────────────────────────────────────────────────────
describe('audit', () => {
  it('records the operator’s name for payment decisions and adjustments; the key stays ops-key', async () => {
    const member = await newMember(t);
    const finance = await operator('finance');
    const { depositId } = (
      await t.app.inject({
        method: 'POST',
        url: '/wps/transaction/deposit',
        payload: { channel: 'BANK', amount: 120, requestId: unique('dep-') },
        headers: { authorization: member.token },
      })
    ).json().value;
    const approve = await t.app.inject({
      method: 'POST',
      url: `/ops/merchants/demo/deposits/${depositId}/approve`,
      payload: { note: 'seen on statement' },
      headers: { 'x-ops-token': finance.token },
    });
    expect(approve.statusCode).toBe(200);
    const adjust = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/adjustments',
      payload: { account: member.account, amount: -20, reason: 'fee correction', requestId: unique('adj-') },
      headers: as(finance.token),
    });
    expect(adjust.statusCode).toBe(200);
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/demo/adjustments',
      payload: { account: member.account, amount: 1, reason: 'break glass', requestId: unique('adj-') },
      headers: key,
    });
    expect(byKey.statusCode).toBe(200);
    expect(await mainBalance(t, member.token)).toBe(101);

    const log = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/audit?pageSize=3',
      headers: key,
    });
    const [third, second, first] = log.json().value.list;
    expect(first).toMatchObject({
      actor: `operator:${finance.username}`,
      action: 'deposit.approve',
      target: `deposit:${depositId}`,
      payload: { note: 'seen on statement' },
    });
    expect(second).toMatchObject({ actor: `operator:${finance.username}`, action: 'adjustment' });
    expect(third).toMatchObject({ actor: 'ops-key', action: 'adjustment' });
    const posting = await t.db
      .selectFrom('ledger_transaction')
      .select('metadata')
      .where('id', '=', adjust.json().value.transactionId)
      .executeTakeFirstOrThrow();
    expect(posting.metadata).toMatchObject({ actor: `operator:${finance.username}` });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

// ── operator accounts ───────────────────────────────────────────────────────────────────────
describe('operator accounts', () => {
  it('an admin creates and lists operators; each creation is audited', async () => {
    const admin = await operator('admin');
    const username = unique('Clerk');
    const res = await createOperator(
      { username, password: PASSWORD, role: 'support', merchantCode: 'demo' },
      as(admin.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      username,
      role: 'support',
      merchantCode: 'demo',
      status: 'active',
      lastLoginAt: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/ops/operators', headers: as(admin.token) });
    const names = list.json().value.list.map((o: { username: string }) => o.username);
    expect(names).toContain(username);
    expect(names).toContain('demoops');
    expect(JSON.stringify(list.json())).not.toContain('argon2');

    // Bound to the brand: audited in the brand's log, by the admin's name.
    const log = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/demo/audit?action=operator.create&pageSize=1',
      headers: key,
    });
    expect(log.json().value.list[0]).toMatchObject({
      actor: `operator:${admin.username}`,
      action: 'operator.create',
      target: `operator:${res.json().value.id}`,
      payload: { username, role: 'support', merchantCode: 'demo' },
    });
    expect(JSON.stringify(log.json())).not.toContain(PASSWORD);

    // Of every brand: in the deployment log.
    const global = await createOperator(
      { username: unique('Chief'), password: PASSWORD, role: 'admin' },
      as(admin.token),
    );
    const deployment = await t.app.inject({
      method: 'GET',
      url: '/ops/audit?pageSize=1',
      headers: as(admin.token),
    });
    expect(deployment.json().value.list[0]).toMatchObject({
      actor: `operator:${admin.username}`,
      action: 'operator.create',
      target: `operator:${global.json().value.id}`,
    });
  });

  it('usernames are unique whatever their case; passwords have at least 12 characters', async () => {
    const taken = await createOperator({ username: 'DEMOOPS', password: PASSWORD, role: 'support' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('account.exists');
    const short = await createOperator({
      username: unique('shorty'),
      password: 'elevenchars',
      role: 'support',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().value.fields).toHaveProperty('password');
    const role = await createOperator({ username: unique('boss'), password: PASSWORD, role: 'owner' });
    expect(role.statusCode).toBe(400);
    const brand = await createOperator({
      username: unique('lost'),
      password: PASSWORD,
      role: 'support',
      merchantCode: 'nobrand',
    });
    expect(brand.statusCode).toBe(404);
  });

  it('an admin bound to a brand manages that brand’s operators only', async () => {
    const bound = await operator('admin', 'demo');
    const everyBrand = await createOperator(
      { username: unique('wide'), password: PASSWORD, role: 'support' },
      as(bound.token),
    );
    expect(everyBrand.statusCode).toBe(403);
    const other = await createOperator(
      { username: unique('far'), password: PASSWORD, role: 'support', merchantCode: 'other' },
      as(bound.token),
    );
    expect(other.statusCode).toBe(404);
    const own = await createOperator(
      { username: unique('near'), password: PASSWORD, role: 'finance', merchantCode: 'demo' },
      as(bound.token),
    );
    expect(own.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/ops/operators', headers: as(bound.token) });
    const brands = new Set(
      list.json().value.list.map((o: { merchantCode: string | null }) => o.merchantCode),
    );
    expect([...brands]).toEqual(['demo']);
    const deployment = await t.app.inject({ method: 'GET', url: '/ops/audit', headers: as(bound.token) });
    expect(deployment.statusCode).toBe(403);
  });

  it('an admin disables an operator (its sessions end at once) and enables it again; both audited', async () => {
    const admin = await operator('admin');
    const target = await operator('support');
    const setStatus = (id: string, status: string, headers = as(admin.token)) =>
      t.app.inject({ method: 'PUT', url: `/ops/operators/${id}/status`, payload: { status }, headers });

    const off = await setStatus(target.id, 'disabled');
    expect(off.statusCode).toBe(200);
    expect(off.json().value).toMatchObject({ id: target.id, status: 'disabled' });
    expect((await me(as(target.token))).statusCode).toBe(401);
    expect((await login(target.username)).json().code).toBe('account.frozen');

    expect((await setStatus(target.id, 'active')).json().value.status).toBe('active');
    expect((await login(target.username)).statusCode).toBe(200);
    // The session that was open when it was disabled stays ended.
    expect((await me(as(target.token))).statusCode).toBe(401);

    const actions = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'actor'])
      .where('target', '=', `operator:${target.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['operator.create', 'operator.disable', 'operator.enable']);
    expect(actions[1]!.actor).toBe(`operator:${admin.username}`);

    // Nobody disables themselves; a bad status or id is a clear 400; an unknown id a 404.
    expect((await setStatus(admin.id, 'disabled')).statusCode).toBe(403);
    expect((await setStatus(target.id, 'gone')).json().code).toBe('request_param_err');
    expect((await setStatus('abc', 'disabled')).statusCode).toBe(400);
    expect((await setStatus('999999999', 'disabled')).statusCode).toBe(404);
  });

  it('a brand-bound admin cannot reach another brand’s or an every-brand operator’s status; finance cannot at all', async () => {
    const bound = await operator('admin', 'demo');
    const wide = await operator('support');
    const far = await operator('support', 'other');
    for (const id of [wide.id, far.id]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/ops/operators/${id}/status`,
        payload: { status: 'disabled' },
        headers: as(bound.token),
      });
      expect(res.statusCode).toBe(404);
    }
    const finance = await operator('finance');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/ops/operators/${far.id}/status`,
      payload: { status: 'disabled' },
      headers: as(finance.token),
    });
    expect(res.statusCode).toBe(403);
    expect((await me(as(far.token))).statusCode).toBe(200);
  });

  it('finance and support cannot manage operators', async () => {
    for (const role of ['finance', 'support'] as const) {
      const op = await operator(role);
      const res = await createOperator(
        { username: unique('sneaky'), password: PASSWORD, role: 'admin' },
        as(op.token),
      );
      expect(res.statusCode).toBe(403);
    }
  });
});
