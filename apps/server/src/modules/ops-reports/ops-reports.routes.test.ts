import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBrand } from '../../seeds/brands/demo.js';
import { TEST_OPS_KEY, type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { fundedMember, vendorCaller } from '../../test/factories/bets.js';
import { createBrandRepository } from '../brand/index.js';
import { createLedgerService } from '../ledger/ledger.service.js';
import { csvCell, csvLine, safeFileName } from './csv.js';
import { createReportsRepository } from './reports.repository.js';

let t: TestApp;
const key = { 'x-ops-key': TEST_OPS_KEY };
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const range = `from=${yesterday}&to=${today}`;
let merchantId: number;
let baselineNew = 0;
/** The demo seed's own deposit of today, before the test's postings. */
let seedPayments: { depositCount: number; depositAmount: string };
let seedDepositors = 0;

/** One round through the signed vendor wallet callbacks: a bet, then (unless left open) a closing win. */
async function play(vendor: string, member: string, game: string, stake: number, payout: number | null) {
  const v = await vendorCaller(t, vendor);
  const session = await v.session(member);
  const round = randomUUID();
  const bet = await v.call('bet', {
    request_id: randomUUID(),
    transaction_id: randomUUID(),
    player_id: member,
    session_token: session,
    round_id: round,
    game_code: game,
    amount: String(stake),
    currency: 'USD',
  });
  expect(bet.body.status).toBe('OK');
  if (payout === null) return;
  const win = await v.call('win', {
    request_id: randomUUID(),
    transaction_id: randomUUID(),
    player_id: member,
    round_id: round,
    game_code: game,
    amount: String(payout),
    currency: 'USD',
    round_closed: true,
  });
  expect(win.body.status).toBe('OK');
}

/** A posting of `kind` on the member's main wallet against the adjustments account (minor units). */
async function post(member: string, kind: 'DEPOSIT' | 'WITHDRAW' | 'REBATE', minor: bigint) {
  const ledger = createLedgerService(t.db);
  await ledger.transaction(async (tx) => {
    const other = await ledger.systemAccount(tx, merchantId, 'adjustments', 'USD');
    const main = await ledger.memberAccount(tx, merchantId, member, 'main', 'MAIN', 'USD');
    await ledger.post(
      {
        merchantId,
        kind,
        idempotencyKey: `report-test:${randomUUID()}`,
        request: { member, kind, minor: String(minor) },
        memberId: member,
        entries: [
          { accountId: other, amount: -minor },
          { accountId: main.id, amount: minor },
        ],
      },
      tx,
    );
  });
}

const get = (url: string, headers: Record<string, string> = key) =>
  t.app.inject({ method: 'GET', url, headers });
const value = async (url: string, headers?: Record<string, string>) => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

async function operator(role: string, merchantCode?: string) {
  const username = `rep${role}${Math.random().toString(36).slice(2, 8)}`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/ops/operators',
    headers: key,
    payload: { username, password: 'correct horse battery', role, merchantCode },
  });
  expect(created.statusCode, created.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/session/login',
    payload: { username, password: 'correct horse battery' },
  });
  return { authorization: `Ops ${res.json().value.token as string}` };
}

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  await createBrandRepository(t.db).insertFromFile({ ...demoBrand, code: 'other', name: 'Other Brand' });
  merchantId = (
    await t.db.selectFrom('merchant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  baselineNew = (await value(`/ops/merchants/demo/reports/players?${range}`)).rows[1].newPlayers;
  const a = await fundedMember(t, 1_000_000n, `ra${randomUUID().slice(0, 8)}`);
  // An account a spreadsheet would read as a formula: the CSV must neutralise it.
  const b = await fundedMember(t, 1_000_000n, '=2+5');
  // A: two lost house rounds of 10.00 and an acme round of 5.00 paid 15.00.
  // B: a house round of 20.00 paid 50.00, and an open house round of 3.00.
  await play('house', a, 'dice', 1000, 0);
  await play('house', a, 'dice', 1000, 0);
  await play('acme', a, 'slot', 500, 1500);
  await play('house', b, 'dice', 2000, 5000);
  await play('house', b, 'dice', 300, null);
  // The demo seed's own deposits (made as the app starts), read before the test's postings.
  seedPayments = (await value(`/ops/merchants/demo/reports/payments?${range}`)).rows[1];
  seedDepositors = (await value(`/ops/merchants/demo/reports/players?${range}`)).rows[1].depositingPlayers;
  await post(a, 'REBATE', 200n);
  await post(a, 'DEPOSIT', 10_000n);
  await post(b, 'DEPOSIT', 5_000n);
  await post(b, 'WITHDRAW', -3_000n);
}, 120_000);
afterAll(() => t.close());

describe('revenue report', () => {
  it('sums the real rounds per day with bonuses and NGR, by hand', async () => {
    const v = await value(`/ops/merchants/demo/reports/ggr?${range}&groupBy=day`);
    expect(v.rows.map((r: { key: string }) => r.key)).toEqual([yesterday, today]);
    expect(v.rows[0]).toMatchObject({ betCount: 0, stake: '0', ggr: '0', bonus: '0', ngr: '0' });
    // Stakes 10+10+5+20+3 = 48.00; payouts 15+50 = 65.00; GGR −17.00; rebate 2.00; NGR −19.00.
    expect(v.rows[1]).toEqual({
      key: today,
      vendor: null,
      betCount: 5,
      stake: '4800',
      validBet: '4500',
      payout: '6500',
      ggr: '-1700',
      bonus: '200',
      ngr: '-1900',
    });
    expect(v.totals).toEqual({
      betCount: 5,
      stake: '4800',
      validBet: '4500',
      payout: '6500',
      ggr: '-1700',
      bonus: '200',
      ngr: '-1900',
    });
    expect(v.liveDays).toBe(2);
    expect(v.currency).toBe('USD');
  });

  it('groups by vendor, game and category', async () => {
    const byVendor = await value(`/ops/merchants/demo/reports/ggr?${range}&groupBy=vendor`);
    // house: 10+10+20+3 = 43.00 staked, 50.00 paid; acme: 5.00 staked, 15.00 paid. Best GGR first.
    expect(
      byVendor.rows.map((r: { key: string; stake: string; ggr: string }) => [r.key, r.stake, r.ggr]),
    ).toEqual([
      ['house', '4300', '-700'],
      ['acme', '500', '-1000'],
    ]);
    expect(byVendor.rows[0].ngr).toBeNull();
    expect(byVendor.totals.ngr).toBe('-1900');
    const byGame = await value(`/ops/merchants/demo/reports/ggr?${range}&groupBy=game`);
    expect(byGame.rows.map((r: { key: string; vendor: string }) => [r.key, r.vendor])).toEqual([
      ['house/dice', 'house'],
      ['acme/slot', 'acme'],
    ]);
    const byCategory = await value(`/ops/merchants/demo/reports/ggr?${range}&groupBy=category`);
    const types = await t.db.selectFrom('bet').select(['game_type', 'stake']).execute();
    const expected = new Map<string, number>();
    for (const b of types) expected.set(b.game_type, (expected.get(b.game_type) ?? 0) + Number(b.stake));
    expect(
      Object.fromEntries(
        byCategory.rows.map((r: { key: string; stake: string }) => [r.key, Number(r.stake)]),
      ),
    ).toEqual(Object.fromEntries(expected));
  });

  it('reads a day from the rollup once it is sealed, with the same figures', async () => {
    const live = await value(`/ops/merchants/demo/reports/ggr?${range}&groupBy=game`);
    // What the rollup jobs do, for these two days.
    await createReportsRepository(t.db).refresh(merchantId, { from: yesterday, to: today });
    // Yesterday is closed and now computed: read from the rollup; today is still summed live.
    expect((await value(`/ops/merchants/demo/reports/ggr?${range}`)).liveDays).toBe(1);
    // A rollup row computed before its day ended is not read: today stays live.
    await sql`update brand_day set refreshed_at = now() - interval '1 day' where merchant_id = ${merchantId}`.execute(
      t.db,
    );
    expect((await value(`/ops/merchants/demo/reports/ggr?${range}`)).liveDays).toBe(2);
    // As if today had ended before the refresh: both days come from the rollup.
    await sql`update brand_day set refreshed_at = now() + interval '3 days' where merchant_id = ${merchantId}`.execute(
      t.db,
    );
    const sealed = await value(`/ops/merchants/demo/reports/ggr?${range}&groupBy=game`);
    expect(sealed.liveDays).toBe(0);
    expect(sealed.rows).toEqual(live.rows);
    expect(sealed.totals).toEqual(live.totals);
    const players = await value(`/ops/merchants/demo/reports/players?${range}`);
    expect(players.rows[1].activePlayers).toBe(2);
    // The rollup is what is read: a row changed there shows.
    await sql`update brand_game_day set payout = payout + 100 where merchant_id = ${merchantId} and adapter = 'acme'`.execute(
      t.db,
    );
    expect((await value(`/ops/merchants/demo/reports/ggr?${range}`)).totals.ggr).toBe('-1800');
    await sql`delete from brand_day where merchant_id = ${merchantId}`.execute(t.db);
    await sql`delete from brand_game_day where merchant_id = ${merchantId}`.execute(t.db);
    expect((await value(`/ops/merchants/demo/reports/ggr?${range}`)).totals.ggr).toBe('-1700');
  });

  it('refuses bad ranges with report.range.invalid, and malformed days with a 400', async () => {
    for (const q of ['from=2026-11-10&to=2026-11-01', 'from=2026-01-01&to=2026-04-03']) {
      const res = await get(`/ops/merchants/demo/reports/ggr?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('report.range.invalid');
    }
    expect((await get('/ops/merchants/demo/reports/ggr?from=2026-01-01&to=2026-04-02')).statusCode).toBe(200);
    const bad = await get('/ops/merchants/demo/reports/payments?from=yesterday&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect((await get(`/ops/merchants/demo/reports/ggr?${range}&groupBy=hour`)).statusCode).toBe(400);
  });
});

describe('payments, players and top members', () => {
  it('counts deposits and withdrawals per day', async () => {
    const v = await value(`/ops/merchants/demo/reports/payments?${range}`);
    // The seed's deposits, plus 100.00 and 50.00 deposited and 30.00 withdrawn.
    const deposits = BigInt(seedPayments.depositAmount) + 15_000n;
    expect(v.rows[1]).toEqual({
      day: today,
      depositCount: seedPayments.depositCount + 2,
      depositAmount: String(deposits),
      withdrawCount: 1,
      withdrawAmount: '3000',
      net: String(deposits - 3_000n),
    });
    expect(v.rows[0]).toMatchObject({ depositCount: 0, withdrawCount: 0, net: '0' });
    expect(v.totals).toEqual({ ...v.rows[1], day: undefined });
  });

  it('counts new, active and depositing members', async () => {
    const v = await value(`/ops/merchants/demo/reports/players?${range}`);
    expect(v.rows[1]).toEqual({
      day: today,
      newPlayers: baselineNew + 2,
      activePlayers: 2,
      depositingPlayers: seedDepositors + 2,
    });
    expect(v.rows[0]).toEqual({ day: yesterday, newPlayers: 0, activePlayers: 0, depositingPlayers: 0 });
    expect(v.totals).toEqual({
      newPlayers: baselineNew + 2,
      activePlayers: 2,
      depositingPlayers: seedDepositors + 2,
    });
  });

  it('ranks the winners and losers by their result', async () => {
    const v = await value(`/ops/merchants/demo/reports/top-players?${range}`);
    // B: 50.00 paid on 23.00 staked (+27.00); A: 15.00 on 25.00 (−10.00).
    expect(v.winners).toEqual([{ account: '=2+5', betCount: 2, stake: '2300', payout: '5000', net: '2700' }]);
    expect(v.losers).toHaveLength(1);
    expect(v.losers[0]).toMatchObject({ betCount: 3, stake: '2500', payout: '1500', net: '-1000' });
  });
});

describe('CSV export', () => {
  it('sends a CSV attachment with a safe name, major units and formula cells neutralised', async () => {
    const res = await get(`/ops/merchants/demo/reports/winners/csv?${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="demo-winners-${yesterday}-${today}.csv"`,
    );
    expect(res.body).toBe(`rank,account,bets,stake,payout,net\r\n1,"'=2+5",2,23.00,50.00,27.00\r\n`);
    const ggr = await get(`/ops/merchants/demo/reports/ggr/csv?${range}&groupBy=vendor`);
    expect(ggr.body.split('\r\n')).toEqual([
      'vendor,vendor,bets,stake,valid_bet,payout,ggr,bonus,ngr',
      'house,,4,43.00,40.00,50.00,-7.00,,',
      'acme,,1,5.00,5.00,15.00,-10.00,,',
      'total,,5,48.00,45.00,65.00,-17.00,2.00,-19.00',
      '',
    ]);
    const bad = await get('/ops/merchants/demo/reports/ggr/csv?from=2026-11-10&to=2026-11-01');
    expect(bad.json().code).toBe('report.range.invalid');
    expect((await get(`/ops/merchants/demo/reports/bets/csv?${range}`)).statusCode).toBe(400);
  });

  it('escapes cells', () => {
    expect(csvCell('=SUM(A1)')).toBe('"\'=SUM(A1)"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('-1')).toBe('"\'-1"');
    expect(csvCell('@x')).toBe('"\'@x"');
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ decimal: '-12.50' })).toBe('-12.50');
    expect(() => csvCell({ decimal: '=1' })).toThrow();
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
    expect(safeFileName(['de"mo', '../x', '2026-11-01'])).toBe('de_mo-.._x-2026-11-01.csv');
  });
});

describe('roles and brands', () => {
  it('admin, finance and risk read; support and content are refused', async () => {
    const url = `/ops/merchants/demo/reports/ggr?${range}`;
    for (const role of ['admin', 'finance', 'risk'])
      expect((await get(url, await operator(role))).statusCode).toBe(200);
    for (const role of ['support', 'content']) {
      const res = await get(url, await operator(role));
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it("an operator of another brand gets nothing of this brand, and that brand's report holds none of these bets", async () => {
    const other = await operator('finance', 'other');
    for (const path of ['ggr', 'payments', 'players', 'top-players', 'ggr/csv']) {
      const res = await get(`/ops/merchants/demo/reports/${path}?${range}`, other);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('not.found');
    }
    const own = await value(`/ops/merchants/other/reports/ggr?${range}`, other);
    expect(own.totals).toMatchObject({ betCount: 0, stake: '0', bonus: '0' });
    expect((await value(`/ops/merchants/other/reports/top-players?${range}`, other)).winners).toEqual([]);
    const demoOps = await operator('finance', 'demo');
    expect((await value(`/ops/merchants/demo/reports/ggr?${range}`, demoOps)).totals.betCount).toBe(5);
  });
});
