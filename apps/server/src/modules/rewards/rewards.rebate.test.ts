import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_OPS_KEY, type TestApp } from '../../test/build-test-app.js';
import { fundMain } from '../../test/factories.js';
import { addBet, addMember } from '../../test/factories/agent.js';
import { createVendorSession, signVendorBody, vendorSecret } from '../vendors/index.js';
import { addDays, utcDay } from './rewards.rebate.service.js';
import { mainBalance as balanceOf, loggedInMember, onRewardsApp } from '../../test/factories/rewards.js';

let t: TestApp;
let merchantId: number;
let seq = 0;
const DAY = 86_400_000;

onRewardsApp((app, id) => {
  t = app;
  merchantId = id;
});

const member = () => loggedInMember(t, merchantId, 'rb');

const settled = (memberId: string, gameType: string, stake: bigint, at = new Date()) =>
  addBet(t.db, { merchantId, memberId, gameType, stake, payout: 0n, at });

const api = (method: 'GET' | 'POST', url: string, token: string) =>
  t.app.inject({ method, url, headers: { authorization: token } });
const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { 'x-ops-key': TEST_OPS_KEY } });

const mainBalance = (memberId: string) => balanceOf(t, memberId);
/** The member's paid days and what each was paid (`rebate_state`), or undefined when none. */
const stateOf = async (memberId: string) => {
  const { rows } = await sql<{ days: string[]; paid: string[] }>`
    select array(select d::text from unnest(days) d) as days, paid::text[] as paid
    from rebate_state where member_id = ${memberId}`.execute(t.db);
  return rows[0];
};
const payments = (memberId: string) =>
  t.db.selectFrom('rebate_payment').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

describe('manual rebate', () => {
  it('shows what each product type earned and pays it once, exactly', async () => {
    const m = await member();
    // Demo rates: RNG 0.8 %, LIVE 0.5 %. 100.00 of slots → 0.80; 50.00 live → 0.25.
    await settled(m.id, 'RNG', 10_000n);
    await settled(m.id, 'LIVE', 5_000n);
    // An open bet has no valid bet yet: it earns nothing.
    await addBet(t.db, {
      merchantId,
      memberId: m.id,
      gameType: 'RNG',
      stake: 90_000n,
      payout: 0n,
      at: new Date(),
      status: 'open',
    });
    const page = (await api('GET', '/wps/rebate', m.token)).json().value;
    expect(page.list.find((p: { productType: string }) => p.productType === 'RNG')).toMatchObject({
      rate: 0.008,
      validBet: 100,
      amount: 0.8,
    });
    expect(page.list.find((p: { productType: string }) => p.productType === 'LIVE')).toMatchObject({
      validBet: 50,
      amount: 0.25,
    });
    expect(page).toMatchObject({ accrued: 1.05, paid: 0, claimable: 1.05, lastPayment: null });

    const res = await api('POST', '/wps/rebate/claim', m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.payment).toMatchObject({ kind: 'manual', amount: 1.05, validBet: 150 });
    expect(res.json().value.balance).toBe(1.05);
    expect(await mainBalance(m.id)).toBe(105n);
    const tx = await t.db
      .selectFrom('ledger_transaction')
      .select(['kind', 'member_id'])
      .where('id', '=', (await payments(m.id))[0]!.ledger_transaction_id)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'REBATE', member_id: m.id });

    // Nothing left: the page says so and a second claim is refused.
    expect((await api('GET', '/wps/rebate', m.token)).json().value).toMatchObject({
      accrued: 1.05,
      paid: 1.05,
      claimable: 0,
    });
    const again = await api('POST', '/wps/rebate/claim', m.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('rebate.nothing_to_claim');

    // More play earns more: the next claim pays only the new part.
    await settled(m.id, 'RNG', 2_500n);
    const next = await api('POST', '/wps/rebate/claim', m.token);
    expect(next.json().value.payment).toMatchObject({ amount: 0.2, validBet: 25 });
    expect(await mainBalance(m.id)).toBe(125n);

    const records = (await api('GET', '/wps/rebate/records', m.token)).json().value;
    expect(records).toMatchObject({ total: 1.25, totalCount: 2 });
    expect(records.list.map((r: { amount: number }) => r.amount)).toEqual([0.2, 1.05]);
  });

  it('pays 100 parallel claims once', async () => {
    const m = await member();
    await settled(m.id, 'RNG', 123_456n);
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => api('POST', '/wps/rebate/claim', m.token)),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409).length).toBe(99);
    expect(replies.every((r) => r.statusCode === 200 || r.json().code === 'rebate.nothing_to_claim')).toBe(
      true,
    );
    // ⌊123,456 × 0.008⌋ = 987
    expect(await mainBalance(m.id)).toBe(987n);
    expect(await payments(m.id)).toHaveLength(1);
  });

  it('refuses less than the minimum payout and keeps it accrued', async () => {
    const m = await member();
    await settled(m.id, 'RNG', 1_000n); // 0.08 < the demo's 0.10 minimum
    expect((await api('GET', '/wps/rebate', m.token)).json().value).toMatchObject({
      accrued: 0.08,
      claimable: 0,
      minPayout: 0.1,
    });
    const res = await api('POST', '/wps/rebate/claim', m.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'rebate.nothing_to_claim' });
    await settled(m.id, 'RNG', 500n); // 0.12 in all
    expect((await api('POST', '/wps/rebate/claim', m.token)).json().value.payment.amount).toBe(0.12);
  });

  it('gives a rolled-back bet no rebate (real wallet callbacks)', async () => {
    const m = await member();
    await fundMain(t.db, m.id, 100_000n);
    const secret = (await vendorSecret(t.db, merchantId, 'house'))!;
    const token = (
      await createVendorSession(t.db, {
        merchantId,
        memberId: m.id,
        vendorCode: 'house',
        gameCode: 'dice',
        mode: 'real',
      })
    ).token;
    const call = (op: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      return t.app.inject({
        method: 'POST',
        url: `/vendor/house/${op}`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-signature': signVendorBody(secret, raw) },
      });
    };
    const base = { player_id: m.id, session_token: token, game_code: 'dice', currency: 'USD' };
    // A settled round (valid bet 200.00) and a rolled-back one (50,000.00 staked, then refunded).
    const won = {
      ...base,
      request_id: randomUUID(),
      transaction_id: randomUUID(),
      round_id: randomUUID(),
      amount: '20000',
    };
    await call('bet', won);
    await call('win', {
      ...base,
      request_id: randomUUID(),
      transaction_id: randomUUID(),
      round_id: won.round_id,
      amount: '0',
      round_closed: true,
    });
    const voided = {
      ...base,
      request_id: randomUUID(),
      transaction_id: randomUUID(),
      round_id: randomUUID(),
      amount: '50000',
    };
    expect((await call('bet', voided)).statusCode).toBe(200);
    await call('rollback', {
      request_id: randomUUID(),
      transaction_id: randomUUID(),
      ref_transaction_id: voided.transaction_id,
      player_id: m.id,
      round_id: voided.round_id,
    });
    const page = (await api('GET', '/wps/rebate', m.token)).json().value;
    expect(page.accrued).toBe(1.6); // 200.00 × 0.8 %, nothing for the refunded 500.00
    expect((await api('POST', '/wps/rebate/claim', m.token)).json().value.payment.amount).toBe(1.6);
  });

  it('leaves nothing half-done when the payment fails mid-way, and pays once after', async () => {
    const m = await member();
    await settled(m.id, 'RNG', 50_000n);
    // The payment record fails after the ledger posting in the same transaction.
    await sql`create function rebate_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`.execute(t.db);
    await sql`create trigger rebate_fail before insert on rebate_payment for each row execute function rebate_fail()`.execute(
      t.db,
    );
    try {
      const res = await api('POST', '/wps/rebate/claim', m.token);
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger rebate_fail on rebate_payment`.execute(t.db);
      await sql`drop function rebate_fail()`.execute(t.db);
    }
    expect(await mainBalance(m.id)).toBe(0n);
    // Nothing of the failed claim stays: no paid days recorded.
    expect(await stateOf(m.id)).toBeUndefined();
    expect((await api('POST', '/wps/rebate/claim', m.token)).json().value.payment.amount).toBe(4);
    expect(await mainBalance(m.id)).toBe(400n);
    expect(await stateOf(m.id)).toEqual({ days: [utcDay(new Date())], paid: ['400'] });
  });

  it("keeps a member's paid days outside the window and drops those older than 56 days", async () => {
    const m = await member();
    const today = utcDay(new Date());
    // Paid earlier: a day 60 days ago (past what is kept) and one 10 days ago (outside the window).
    await sql`insert into rebate_state (member_id, merchant_id, days, paid, valid_paid)
      values (${m.id}, ${merchantId}, ${[addDays(today, -60), addDays(today, -10)]}::date[], '{500,700}', '{1,2}')`.execute(
      t.db,
    );
    await settled(m.id, 'RNG', 20_000n);
    // Days outside the window count for nothing: the window pays today's 1.60 only.
    const page = (await api('GET', '/wps/rebate', m.token)).json().value;
    expect(page).toMatchObject({ accrued: 1.6, paid: 0, claimable: 1.6 });
    expect((await api('POST', '/wps/rebate/claim', m.token)).json().value.payment.amount).toBe(1.6);
    expect(await stateOf(m.id)).toEqual({ days: [addDays(today, -10), today], paid: ['700', '160'] });
    expect((await api('GET', '/wps/rebate', m.token)).json().value).toMatchObject({
      paid: 1.6,
      claimable: 0,
    });
  });

  it('refuses trial accounts and brands with the rebate off', async () => {
    const key = (await t.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).json().value;
    const { importPublicKey, wrapRandomNonce } = await import('../../../../web/src/lib/body-crypto.js');
    const trial = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      payload: { os: 'linux', platform: 'W' },
      headers: { encryption: await wrapRandomNonce(await importPublicKey(key)), 'x-gateway-version': '3' },
    });
    const token = trial.json().value.token as string;
    const res = await api('POST', '/wps/rebate/claim', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('in_need_true_account');

    // A brand with the rebate off: claims and the page are refused.
    const m = await member();
    const demo = await t.app.rewards.brand('demo');
    const off = {
      ...demo,
      settings: { ...demo.settings, rebate: { ...demo.settings.rebate!, enabled: false } },
    };
    await expect(t.app.rewards.rebates.claim(off, m.id)).rejects.toMatchObject({ code: 'function.disabled' });
    await expect(t.app.rewards.rebates.accrued(off, m.id)).rejects.toMatchObject({
      code: 'function.disabled',
    });
  });
});

describe('daily rebate', () => {
  it("pays yesterday's window minus what was claimed by hand, once, and is audited", async () => {
    const a = await member();
    const b = await member();
    const yesterday = new Date(Date.now() - DAY);
    const day = utcDay(yesterday);
    await settled(a.id, 'RNG', 10_000n, yesterday); // 0.80
    await settled(b.id, 'SPORTS', 40_000n, yesterday); // 2.00
    await settled(b.id, 'LOTT', 10_000n, new Date(Date.now() - 3 * DAY)); // 0.30, an older day of the window
    // a claims by hand today (yesterday is in today's window), then a late-settled bet of yesterday arrives.
    expect((await api('POST', '/wps/rebate/claim', a.token)).json().value.payment.amount).toBe(0.8);
    await settled(a.id, 'RNG', 5_000n, yesterday); // +0.40

    const res = await ops('POST', '/ops/merchants/demo/rebate/run', { reason: 'daily rebate test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.day).toBe(day);
    expect(await mainBalance(a.id)).toBe(120n);
    expect(await mainBalance(b.id)).toBe(230n);
    const daily = (await payments(b.id)).filter((p) => p.kind === 'daily');
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({ amount: '230', valid_bet: '50000' });

    // A rerun (the job after the operator, a second instance) pays nothing.
    const again = await ops('POST', '/ops/merchants/demo/rebate/run', { reason: 'rerun' });
    expect(again.json().value.payments).toBe(0);
    expect(await mainBalance(a.id)).toBe(120n);
    expect(await mainBalance(b.id)).toBe(230n);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'target'])
      .where('action', '=', 'rebate.run')
      .execute();
    expect(audit.filter((x) => x.target === day).length).toBe(2);

    // Today has not ended: refused.
    const open = await ops('POST', '/ops/merchants/demo/rebate/run', {
      day: utcDay(new Date()),
      reason: 'too soon',
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('rebate.day_open');
    // What was paid is kept for the windows of the last 56 days: an older day is refused, not paid twice.
    const old = await ops('POST', '/ops/merchants/demo/rebate/run', {
      day: addDays(utcDay(new Date()), -50),
      reason: 'too old',
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('rebate.day_too_old');
    expect(old.json().value.oldest).toBe(addDays(utcDay(new Date()), -49));
    const oldest = await ops('POST', '/ops/merchants/demo/rebate/run', {
      day: addDays(utcDay(new Date()), -49),
      reason: 'oldest',
    });
    expect(oldest.statusCode).toBe(200);

    const summary = (await ops('GET', '/ops/merchants/demo/rebate')).json().value;
    expect(summary.days.find((d: { day: string }) => d.day === day)).toBeTruthy();
    expect(summary.settings.enabled).toBe(true);
  });

  it('settles many members in chunks, each paid once, with a day after the window ignored', async () => {
    const yesterday = new Date(Date.now() - DAY);
    const day = addDays(utcDay(new Date()), -2);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      seq += 1;
      const id = await addMember(t.db, merchantId, `rbm${seq}_${i}`, 0, null);
      ids.push(id);
      await settled(id, 'RNG', BigInt(1_000 + i * 1_000), new Date(Date.now() - 2 * DAY));
      // Yesterday is after the day being settled: not paid by this run.
      await settled(id, 'RNG', 100_000n, yesterday);
    }
    const run = await t.app.rewards.rebates.settleDay(await t.app.rewards.brand('demo'), day);
    // Each earns ⌊(1,000 + 1,000 i) × 0.008⌋ = 8 (i + 1); the 0.10 minimum leaves i = 0 (0.08) unpaid.
    const expected = ids.map((_id, i) => (8n * BigInt(i + 1) >= 10n ? 8n * BigInt(i + 1) : 0n));
    expect(await Promise.all(ids.map((id) => mainBalance(id)))).toEqual(expected);
    expect(run.payments).toBeGreaterThanOrEqual(29);
    const second = await t.app.rewards.rebates.settleDay(await t.app.rewards.brand('demo'), day);
    expect(second.payments).toBe(0);
    expect(await Promise.all(ids.map((id) => mainBalance(id)))).toEqual(expected);
  });

  it('pays a late-settled bet when the same day is run again', async () => {
    const m = await member();
    const day = addDays(utcDay(new Date()), -4);
    const at = new Date(Date.parse(`${day}T12:00:00Z`));
    const brand = await t.app.rewards.brand('demo');
    await settled(m.id, 'FISH', 25_000n, at); // 2.00
    await t.app.rewards.rebates.settleDay(brand, day);
    expect(await mainBalance(m.id)).toBe(200n);
    await settled(m.id, 'FISH', 5_000n, at); // +0.40, settled after the first run
    await t.app.rewards.rebates.settleDay(brand, day);
    expect(await mainBalance(m.id)).toBe(240n);
    expect((await payments(m.id)).map((p) => p.amount)).toEqual(['200', '40']);
  });

  it('pays a day once when the daily run starts while a manual claim is being paid', async () => {
    const brand = await t.app.rewards.brand('demo');
    const yesterday = addDays(utcDay(new Date()), -1);
    const at = new Date(Date.parse(`${yesterday}T10:00:00Z`));
    const members = await Promise.all(Array.from({ length: 3 }, () => member()));
    // ⌊(40,000 + 10,000 i) × 0.008⌋ = 320 + 80 i, in both the daily window and today's manual one.
    for (const [i, m] of members.entries()) await settled(m.id, 'RNG', BigInt(40_000 + 10_000 * i), at);
    // Each manual payment pauses after its posting, before it commits: the daily run starts meanwhile.
    await sql`create function rebate_pause() returns trigger language plpgsql as $$
      begin if new.kind = 'manual' then perform pg_sleep(1); end if; return new; end $$`.execute(t.db);
    await sql`create trigger rebate_pause before insert on rebate_payment for each row execute function rebate_pause()`.execute(
      t.db,
    );
    try {
      const claims = members.map((m) => api('POST', '/wps/rebate/claim', m.token));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [, ...replies] = await Promise.all([
        t.app.rewards.rebates.settleDay(brand, yesterday),
        ...claims,
      ]);
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    } finally {
      await sql`drop trigger rebate_pause on rebate_payment`.execute(t.db);
      await sql`drop function rebate_pause()`.execute(t.db);
    }
    for (const [i, m] of members.entries()) {
      expect(await mainBalance(m.id)).toBe(BigInt(320 + 80 * i));
      expect(await payments(m.id)).toHaveLength(1);
    }
  });

  it('pays once when two daily runs of one day race', async () => {
    const m = await member();
    const day = addDays(utcDay(new Date()), -5);
    await settled(m.id, 'RNG', 30_000n, new Date(Date.parse(`${day}T08:00:00Z`))); // 2.40
    const brand = await t.app.rewards.brand('demo');
    await Promise.all([
      t.app.rewards.rebates.settleDay(brand, day),
      t.app.rewards.rebates.settleDay(brand, day),
    ]);
    expect(await mainBalance(m.id)).toBe(240n);
    expect(await payments(m.id)).toHaveLength(1);
  });
});
