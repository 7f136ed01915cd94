import { pvpTableSchema } from '@arcadia/contract';
import { FairStream, dealNiuNiu, hashServerSeed, pvpTable } from '@arcadia/games';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { checkLedger } from '../ledger/ledger.check.js';
import { newMember } from '../payments/payments.test-support.js';

/**
 * Card rooms through the app: buy-ins into the brand's escrow, hands opened on the clock, dealt
 * from the committed seed and settled between the banker and the players with the house's rake,
 * leaving during a deal, parallel seatings — the escrow always the sum of the stacks, and the
 * ledger checked after every test.
 */
let t: TestApp;
const TABLE = 'PVP_NIUNIU_1';
const def = pvpTable(TABLE)!;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { TEST_CLOCK: true } });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  // The escrow holds exactly the chips of the seats not yet left.
  const { rows } = await sql<{ escrow: string | null; stacks: string | null }>`
    select (select sum(e.amount) from ledger_entry e join ledger_account a on a.id = e.account_id
            where a.code = 'pvp_escrow') as escrow,
           (select sum(stack) from pvp_seat where status <> 'left') as stacks`.execute(t.db);
  expect(BigInt(rows[0]!.escrow ?? 0)).toBe(BigInt(rows[0]!.stacks ?? 0));
});

const post = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });
const clockBy = (ms: number) =>
  t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: ms } });

async function view(token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/pvp/table?tableCode=${TABLE}`,
    ...(token ? { headers: { authorization: token } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return pvpTableSchema.parse(res.json().value);
}

async function balance(memberId: string): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'main')
    .where('code', '=', 'MAIN')
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}

/** Everyone leaves, so the next test starts at an empty table (after any hand in play is settled). */
async function clearTable(tokens: string[]) {
  for (let i = 0; i < 4; i++) {
    const hand = (await view()).hand;
    if (hand && (hand.status === 'betting' || hand.status === 'dealing')) {
      await clockBy(def.betMs + def.dealMs + 10);
      await t.app.pvp.tick();
      await t.app.pvp.tick();
    }
  }
  for (const token of tokens) await post('/pvp/leave', token, { tableCode: TABLE });
  await clockBy(def.betMs + def.dealMs + def.pauseMs + 10);
  await t.app.pvp.tick();
}

describe('card rooms', () => {
  it('the lobby launches a room as its page on the site', async () => {
    const m = await newMember(t);
    const game = await t.db
      .selectFrom('game')
      .select(['node_id', 'game_type'])
      .where('game_code', '=', TABLE)
      .executeTakeFirstOrThrow();
    expect(game.game_type).toBe('PVP');
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${game.node_id}&accountType=1`,
      headers: { authorization: m.token },
    });
    expect(res.json().value.content.game_url).toBe(`/pvp/${TABLE}`);
  });

  it('two players sit, a hand is dealt from its seed and settled with the rake, and they cash out', async () => {
    const a = await newMember(t, { fundMinor: 50_000n });
    const b = await newMember(t, { fundMinor: 50_000n });
    for (const [m, id] of [
      [a, 'sit-a-000001'],
      [b, 'sit-b-000001'],
    ] as const) {
      const sat = await post('/pvp/seat', m.token, { tableCode: TABLE, buyIn: '10000', requestId: id });
      expect(sat.statusCode, sat.body).toBe(200);
    }
    expect(await balance(a.id)).toBe(40_000n);
    const rooms = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GLS2_roomList',
      headers: { authorization: a.token },
    });
    expect(rooms.json().value.list.find((r: { roomId: string }) => r.roomId === TABLE)).toMatchObject({
      seatsTaken: 2,
    });

    await t.app.pvp.tick();
    let table = await view(b.token);
    expect(table.hand).toMatchObject({ status: 'betting', bankerSeat: 0, serverSeed: null, result: null });
    expect(table.seats.find((s) => s.mine)).toMatchObject({ seat: 1, stack: '10000' });
    const bet = await post('/pvp/bet', b.token, {
      tableCode: TABLE,
      handId: table.hand!.handId,
      multiple: 3,
    });
    expect(bet.statusCode, bet.body).toBe(200);
    // The banker does not bet.
    expect(
      (await post('/pvp/bet', a.token, { tableCode: TABLE, handId: table.hand!.handId, multiple: 1 })).json()
        .code,
    ).toBe('pvp.betting_closed');

    await clockBy(def.betMs + 10);
    await t.app.pvp.tick();
    table = await view();
    expect(table.hand?.status).toBe('dealing');
    expect(table.hand?.result?.seats.map((s) => s.bet)).toEqual([0, 3]);
    await clockBy(def.dealMs + 10);
    await t.app.pvp.tick();
    table = await view();
    const hand = table.hand!;
    expect(hand.status).toBe('settled');
    expect(hashServerSeed(hand.serverSeed!)).toBe(hand.seedHash);
    const dealt = dealNiuNiu(
      new FairStream({ serverSeed: hand.serverSeed!, clientSeed: TABLE, nonce: hand.handNo }),
      2,
    );
    expect(hand.result!.seats.map((s) => s.cards)).toEqual(dealt);
    const nets = hand.result!.seats.map((s) => BigInt(s.net));
    const rake = hand.result!.seats.reduce((x, s) => x + BigInt(s.rake), 0n);
    expect(nets[0]! + nets[1]! + rake).toBe(0n);
    expect(table.seats.map((s) => BigInt(s.stack))).toEqual([10_000n + nets[0]!, 10_000n + nets[1]!]);
    // Only what a winner won is raked, 5 % capped at 10 units.
    const winner = hand.result!.seats.find((s) => BigInt(s.net) > 0n);
    if (winner) expect(BigInt(winner.rake)).toBeLessThanOrEqual(1_000n);

    const left = await post('/pvp/leave', a.token, { tableCode: TABLE });
    expect(left.json().value).toEqual({ cashedOut: String(10_000n + nets[0]!), leaving: false });
    expect(await balance(a.id)).toBe(50_000n + nets[0]!);
    await clearTable([b.token]);
    expect(await balance(b.id)).toBe(50_000n + nets[1]!);
  });

  it('leaving during a deal waits for the settlement, then cashes the stack out', async () => {
    const a = await newMember(t, { fundMinor: 50_000n });
    const b = await newMember(t, { fundMinor: 50_000n });
    await post('/pvp/seat', a.token, { tableCode: TABLE, buyIn: '5000', requestId: 'sit-a-000002' });
    await post('/pvp/seat', b.token, { tableCode: TABLE, buyIn: '5000', requestId: 'sit-b-000002' });
    await t.app.pvp.tick();
    await clockBy(def.betMs + 10);
    await t.app.pvp.tick();
    expect((await view()).hand?.status).toBe('dealing');
    const leaving = await post('/pvp/leave', b.token, { tableCode: TABLE });
    expect(leaving.json().value).toEqual({ cashedOut: null, leaving: true });
    expect(await balance(b.id)).toBe(45_000n);
    await clockBy(def.dealMs + 10);
    await t.app.pvp.tick();
    const table = await view();
    const net = BigInt(table.hand!.result!.seats.find((s) => s.seat === 1)!.net);
    expect(table.seats.map((s) => s.seat)).toEqual([0]);
    expect(await balance(b.id)).toBe(50_000n + net);
    // One player left: no new hand opens.
    await clockBy(def.pauseMs + 10);
    await t.app.pvp.tick();
    expect((await view()).hand?.handId).toBe(table.hand?.handId);
    await clearTable([a.token]);
  });

  it('parallel seatings take one seat and one buy-in; refusals leave no trace', async () => {
    const m = await newMember(t, { fundMinor: 50_000n });
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/pvp/seat', m.token, { tableCode: TABLE, buyIn: '5000', requestId: 'sit-same-0001' }),
      ),
    );
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const other = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        post('/pvp/seat', m.token, { tableCode: TABLE, buyIn: '5000', requestId: `sit-other-000${i}` }),
      ),
    );
    expect(other.every((r) => r.json().code === 'pvp.seated')).toBe(true);
    expect(await balance(m.id)).toBe(45_000n);
    expect((await view(m.token)).seats.filter((s) => s.mine)).toHaveLength(1);

    const poor = await newMember(t, { fundMinor: 1_000n });
    expect(
      (
        await post('/pvp/seat', poor.token, { tableCode: TABLE, buyIn: '5000', requestId: 'sit-poor-0001' })
      ).json().code,
    ).toBe('wallet.insufficient');
    expect(
      (
        await post('/pvp/seat', poor.token, { tableCode: TABLE, buyIn: '100', requestId: 'sit-poor-0002' })
      ).json().code,
    ).toBe('pvp.buy_in_invalid');
    expect(
      (
        await post('/pvp/seat', poor.token, { tableCode: 'NOPE', buyIn: '5000', requestId: 'sit-poor-0003' })
      ).json().code,
    ).toBe('pvp.table_unknown');
    const trial = await newMember(t, { fundMinor: 10_000n });
    await t.db.updateTable('member').set({ type: 4 }).where('id', '=', trial.id).execute();
    expect(
      (
        await post('/pvp/seat', trial.token, { tableCode: TABLE, buyIn: '5000', requestId: 'sit-trial-001' })
      ).json().code,
    ).toBe('in_need_true_account');
    expect(await balance(poor.id)).toBe(1_000n);
    expect((await post('/pvp/leave', poor.token, { tableCode: TABLE })).json().code).toBe('pvp.not_seated');
    // A full table.
    const others = await Promise.all(Array.from({ length: 4 }, () => newMember(t, { fundMinor: 10_000n })));
    for (const [i, o] of others.entries())
      expect(
        (await post('/pvp/seat', o.token, { tableCode: TABLE, buyIn: '5000', requestId: `sit-full-00${i}` }))
          .statusCode,
      ).toBe(200);
    const late = await newMember(t, { fundMinor: 10_000n });
    expect(
      (
        await post('/pvp/seat', late.token, { tableCode: TABLE, buyIn: '5000', requestId: 'sit-late-0001' })
      ).json().code,
    ).toBe('pvp.table_full');
    await clearTable([m.token, ...others.map((o) => o.token)]);
  });
});
