import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TestApp } from '../../test/build-test-app.js';
import { fundMain } from '../../test/factories.js';
import { TEAM_PASSWORD, addMember } from '../../test/factories/agent.js';
import { mainBalance, onRewardsApp } from '../../test/factories/rewards.js';

let t: TestApp;
let merchantId: number;
let seq = 0;

onRewardsApp((app, id) => {
  t = app;
  merchantId = id;
});

async function person(type: number, parent: string | null) {
  seq += 1;
  const account = `re${seq}_${Math.random().toString(36).slice(2, 7)}`;
  const id = await addMember(t.db, merchantId, account, type, parent);
  return { id, account, token: await t.login(account, TEAM_PASSWORD) };
}
/** An agent with two direct members, a sub-agent and the sub-agent's member; 100.00 in its wallet. */
async function team() {
  const agent = await person(2, null);
  await fundMain(t.db, agent.id, 10_000n);
  const m1 = await person(0, agent.id);
  const m2 = await person(0, agent.id);
  const sub = await person(2, agent.id);
  const grandchild = await person(0, sub.id);
  return { agent, m1, m2, sub, grandchild };
}
const send = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/agent/redEnvelopes',
    payload: { split: 'equal', target: 'direct', requestId: randomUUID(), ...body },
    headers: { authorization: token },
  });
const grab = (token: string, envelopeId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/redEnvelopes/grab',
    payload: { envelopeId },
    headers: { authorization: token },
  });

describe('red envelopes', () => {
  it('pays equal shares to the direct downlines once each; the rest of the team and outsiders cannot grab', async () => {
    const { agent, m1, m2, sub, grandchild } = await team();
    const outsider = await person(0, null);
    const sent = await send(agent.token, { total: 30, count: 3, message: 'Well played' });
    expect(sent.statusCode).toBe(200);
    const envelope = sent.json().value.envelope;
    expect(envelope).toMatchObject({
      total: 30,
      count: 3,
      grabbed: 0,
      status: 'open',
      message: 'Well played',
    });
    expect(sent.json().value.balance).toBe(70);

    const list = (
      await t.app.inject({ method: 'GET', url: '/wps/redEnvelopes', headers: { authorization: m1.token } })
    ).json().value.list;
    expect(list.map((e: { id: string }) => e.id)).toContain(envelope.id);
    for (const who of [grandchild, outsider]) {
      const res = await grab(who.token, envelope.id);
      expect(res.json().code).toBe('red_envelope.unknown');
    }
    const first = await grab(m1.token, envelope.id);
    expect(first.json().value).toMatchObject({ amount: 10, balance: 10 });
    expect((await grab(m1.token, envelope.id)).json().code).toBe('red_envelope.grabbed');
    // The two others, each trying five times at once.
    const replies = await Promise.all(
      [m2, sub].flatMap((m) => Array.from({ length: 5 }, () => grab(m.token, envelope.id))),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(
      replies.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'red_envelope.grabbed'),
    ).toBe(true);
    expect([await mainBalance(t, m2.id), await mainBalance(t, sub.id)]).toEqual([1_000n, 1_000n]);
    const after = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/agent/redEnvelopes',
        headers: { authorization: agent.token },
      })
    ).json().value.list[0];
    expect(after).toMatchObject({ grabbed: 3, grabbedAmount: 30, status: 'empty' });
  });

  it('never pays more shares than there are: lucky shares for the team add up to the total', async () => {
    const { agent, m1, m2, sub, grandchild } = await team();
    const sent = await send(agent.token, { total: 5, count: 2, split: 'lucky', target: 'team' });
    const id = sent.json().value.envelope.id;
    const replies = await Promise.all([m1, m2, sub, grandchild].map((m) => grab(m.token, id)));
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(2);
    expect(
      replies.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'red_envelope.empty'),
    ).toBe(true);
    expect(ok.reduce((s, r) => s + Math.round(r.json().value.amount * 100), 0)).toBe(500);
  });

  it('gives what is left back to the sender at expiry, and refuses grabs after it', async () => {
    const { agent, m1, m2 } = await team();
    const id = (await send(agent.token, { total: 50, count: 5 })).json().value.envelope.id;
    await grab(m1.token, id);
    await t.db
      .updateTable('red_envelope')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const brand = await t.app.rewards.brand('demo');
    expect(await t.app.rewards.redEnvelopes.expire(brand)).toBe(1);
    expect(await t.app.rewards.redEnvelopes.expire(brand)).toBe(0);
    expect(await mainBalance(t, agent.id)).toBe(9_000n); // 100 − 50 + 40
    expect((await grab(m2.token, id)).json().code).toBe('red_envelope.expired');
  });

  it('refuses members who are not agents, totals too small for the shares, and agents without a team', async () => {
    const { m1 } = await team();
    expect((await send(m1.token, { total: 10, count: 2 })).json().code).toBe('error_not_agent');
    const { agent } = await team();
    expect((await send(agent.token, { total: 0.04, count: 5 })).json().code).toBe('red_envelope.too_small');
    const lonely = await person(2, null);
    await fundMain(t.db, lonely.id, 1_000n);
    expect((await send(lonely.token, { total: 5, count: 1 })).json().code).toBe('red_envelope.no_recipients');
    expect(await mainBalance(t, lonely.id)).toBe(1_000n);
    // More than the wallet holds.
    expect((await send(agent.token, { total: 1000, count: 2 })).json().code).toBe('wallet.insufficient');
  });

  it('sends one envelope for ten parallel sends of one request', async () => {
    const { agent } = await team();
    const requestId = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => send(agent.token, { total: 20, count: 2, requestId })),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.json().value.envelope.id)).size).toBe(1);
    expect(await mainBalance(t, agent.id)).toBe(8_000n);
  });
});

describe("the brand's red-envelope rain", () => {
  /** The demo brand with one rain slot open now (started a minute ago). */
  async function rainingBrand(total: number, shares: number, minutesAgo: number) {
    const brand = await t.app.rewards.brand('demo');
    const start = new Date(Date.now() - minutesAgo * 60_000);
    const at = `${String(start.getUTCHours()).padStart(2, '0')}:${String(start.getUTCMinutes()).padStart(2, '0')}`;
    return {
      ...brand,
      settings: {
        ...brand.settings,
        redRain: { enabled: true, slots: [{ at, total, shares, minutes: 30, message: 'rain' }] },
      },
    };
  }
  const expense = async () =>
    BigInt(
      (
        await t.db
          .selectFrom('ledger_entry as e')
          .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
          .select((eb) => eb.fn.sum<string>('e.amount').as('sum'))
          .where('a.merchant_id', '=', merchantId)
          .where('a.code', '=', 'promotions_expense')
          .executeTakeFirstOrThrow()
      ).sum ?? 0,
    );

  it('falls once per slot however many jobs run it; every member grabs once; nobody outside or after it empties', async () => {
    const brand = await rainingBrand(3, 3, 1);
    const before = await expense();
    const made = await Promise.all([0, 1, 2].map(() => t.app.rewards.redEnvelopes.rain(brand)));
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await t.app.rewards.redEnvelopes.rain(brand)).toBe(0);
    expect(await expense()).toBe(before - 300n);
    const envelope = await t.db
      .selectFrom('red_envelope')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('target', '=', 'brand')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(envelope).toMatchObject({ sender_id: null, share_count: 3, total: '300' });

    const members = await Promise.all([0, 1, 2, 3].map(() => person(0, null)));
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/redEnvelopes',
        headers: { authorization: members[0]!.token },
      })
    ).json().value.list;
    expect(listed).toContainEqual(
      expect.objectContaining({ id: envelope.id, target: 'brand', sender: 'Arcadia Demo' }),
    );
    const first = await Promise.all([
      grab(members[0]!.token, envelope.id),
      grab(members[0]!.token, envelope.id),
    ]);
    expect(first.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rest = await Promise.all(members.slice(1).map((m) => grab(m.token, envelope.id)));
    expect(rest.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(rest.find((r) => r.statusCode !== 200)!.json().code).toBe('red_envelope.empty');
    let paid = 0n;
    for (const m of members) paid += await mainBalance(t, m.id);
    expect(paid).toBe(300n);
  });

  it('gives what is left back to the promotions expense when the slot closes', async () => {
    // Another slot than the one above (a slot is its time of day).
    const brand = await rainingBrand(5, 5, 3);
    const before = await expense();
    expect(await t.app.rewards.redEnvelopes.rain(brand)).toBe(1);
    const envelope = await t.db
      .selectFrom('red_envelope')
      .select('id')
      .where('target', '=', 'brand')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const m = await person(0, null);
    expect((await grab(m.token, envelope.id)).statusCode).toBe(200);
    const got = await mainBalance(t, m.id);
    await t.db
      .updateTable('red_envelope')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', envelope.id)
      .execute();
    expect(await t.app.rewards.redEnvelopes.expire(await t.app.rewards.brand('demo'))).toBeGreaterThanOrEqual(
      1,
    );
    expect(await expense()).toBe(before - got);
    expect((await grab((await person(0, null)).token, envelope.id)).json().code).toBe('red_envelope.expired');
  });
});
