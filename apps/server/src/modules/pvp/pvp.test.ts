import { pvpTableSchema } from '@arcadia/contract';
import { FairStream, dealNiuNiu, hashServerSeed, pvpTable } from '@arcadia/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { newMember } from '../../test/factories/payments.js';
import { expectRoomsBalanced } from '../../test/factories/pvp.js';

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
afterEach(() => expectRoomsBalanced(t));

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

  describe("hold'em", () => {
    const HOLDEM = 'PVP_HOLDEM_1';
    const hview = async (token?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/pvp/table?tableCode=${HOLDEM}`,
        ...(token ? { headers: { authorization: token } } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return pvpTableSchema.parse(res.json().value);
    };
    const act = (token: string, handId: string, action: string, to?: string) =>
      post('/pvp/act', token, { tableCode: HOLDEM, handId, action, ...(to ? { to } : {}) });

    it('two players play to a showdown or a fold: hole cards private, pots paid, rake on a flop, stacks whole', async () => {
      const a = await newMember(t, { fundMinor: 50_000n });
      const b = await newMember(t, { fundMinor: 50_000n });
      await post('/pvp/seat', a.token, { tableCode: HOLDEM, buyIn: '10000', requestId: 'hold-a-00001' });
      await post('/pvp/seat', b.token, { tableCode: HOLDEM, buyIn: '10000', requestId: 'hold-b-00001' });
      await t.app.pvp.tick();
      let va = await hview(a.token);
      const hand = va.hand!;
      expect(hand.holdem).toMatchObject({ street: 'preflop', board: [], pot: '300' });
      // Each sees only their own cards; a visitor sees none.
      const mineA = va.hand!.holdem!.players.find((p) => p.seat === 0)!;
      expect(mineA.hole).toHaveLength(2);
      expect(va.hand!.holdem!.players.find((p) => p.seat === 1)!.hole).toBeNull();
      expect((await hview()).hand!.holdem!.players.every((p) => p.hole === null)).toBe(true);

      // Heads-up: the button (seat 0) is the small blind and acts first.
      const tokenOf = (seat: number) => (seat === 0 ? a.token : b.token);
      expect(hand.holdem!.toAct).toBe(0);
      expect((await act(b.token, hand.handId, 'check')).json().code).toBe('pvp.not_your_turn');
      expect((await act(a.token, hand.handId, 'check')).json().code).toBe('pvp.action_invalid');
      expect((await act(a.token, hand.handId, 'call')).statusCode).toBe(200);
      expect((await act(b.token, hand.handId, 'check')).statusCode).toBe(200);
      va = await hview(a.token);
      expect(va.hand!.holdem).toMatchObject({ street: 'flop', pot: '400', toAct: 1 });
      expect(va.hand!.holdem!.board).toHaveLength(3);
      // The big blind bets; the button runs out of time and folds (nothing to check).
      expect((await act(b.token, hand.handId, 'raise', '600')).statusCode).toBe(200);
      await clockBy(20_010);
      await t.app.pvp.tick();
      const done = await hview();
      expect(done.hand!.status).toBe('settled');
      expect(hashServerSeed(done.hand!.serverSeed!)).toBe(done.hand!.seedHash);
      // The big blind wins the 400 pot (its own 600 bet back), less 5 % rake: 20.
      const seats = Object.fromEntries(done.seats.map((s) => [s.seat, BigInt(s.stack)]));
      expect(seats).toEqual({ 0: 9_800n, 1: 10_180n });
      const rake = await t.db
        .selectFrom('ledger_transaction')
        .select('kind')
        .where('idempotency_key', '=', `pvp-rake:${done.hand!.handId}`)
        .execute();
      expect(rake).toHaveLength(1);
      void tokenOf;
      await clearHoldem([a.token, b.token]);
      expect(await balance(a.id)).toBe(49_800n);
      expect(await balance(b.id)).toBe(50_180n);
    });

    it('all in before the flop: the board runs out and the hands are shown to everyone', async () => {
      const a = await newMember(t, { fundMinor: 50_000n });
      const b = await newMember(t, { fundMinor: 50_000n });
      await post('/pvp/seat', a.token, { tableCode: HOLDEM, buyIn: '5000', requestId: 'hold-a-00002' });
      await post('/pvp/seat', b.token, { tableCode: HOLDEM, buyIn: '8000', requestId: 'hold-b-00002' });
      await clockBy(5_000);
      await t.app.pvp.tick();
      const hand = (await hview(a.token)).hand!;
      expect(hand.status).toBe('betting');
      const first = hand.holdem!.toAct!;
      const tokens = new Map([
        [0, a.token],
        [1, b.token],
      ]);
      const other = first === 0 ? 1 : 0;
      const allIn = (await hview(tokens.get(first))).hand!.holdem!.options!.maxRaiseTo;
      expect((await act(tokens.get(first)!, hand.handId, 'raise', allIn)).statusCode).toBe(200);
      expect((await act(tokens.get(other)!, hand.handId, 'call')).statusCode).toBe(200);
      // Both all in: the board runs out at once and the hands are shown to everyone, visitors too.
      const end = await hview();
      expect(end.hand!.status).toBe('settled');
      expect(end.hand!.holdem!.board).toHaveLength(5);
      expect(end.hand!.holdem!.players.every((p) => p.hole?.length === 2)).toBe(true);
      const shown = end.hand!.result!.seats;
      expect(shown.every((x) => x.cards.length === 2)).toBe(true);
      const total = shown.reduce((x, r) => x + BigInt(r.net) + BigInt(r.rake), 0n);
      expect(total).toBe(0n);
      await clearHoldem([a.token, b.token]);
    });

    it('a seat that leaves during a hand folds on its turn and is cashed out once the hand is paid', async () => {
      const a = await newMember(t, { fundMinor: 50_000n });
      const b = await newMember(t, { fundMinor: 50_000n });
      await post('/pvp/seat', a.token, { tableCode: HOLDEM, buyIn: '5000', requestId: 'hold-a-00003' });
      await post('/pvp/seat', b.token, { tableCode: HOLDEM, buyIn: '5000', requestId: 'hold-b-00003' });
      await clockBy(5_000);
      await t.app.pvp.tick();
      const hand = (await hview()).hand!;
      const tokens = [a.token, b.token];
      const first = hand.holdem!.toAct!;
      expect((await act(tokens[first]!, hand.handId, 'raise', '1000')).statusCode).toBe(200);
      const leaving = await post('/pvp/leave', tokens[1 - first]!, { tableCode: HOLDEM });
      expect(leaving.json().value).toEqual({ cashedOut: null, leaving: true });
      await t.app.pvp.tick();
      const end = await hview();
      expect(end.hand!.status).toBe('settled');
      expect(end.hand!.holdem!.board).toEqual([]);
      expect(end.seats.map((x) => x.seat)).toEqual([first]);
      // The leaver lost its blind and nothing more; no flop, no rake.
      const leaver = 1 - first === 0 ? a : b;
      const blind = hand.holdem!.players.find((p) => p.seat === 1 - first)!.committed;
      expect(await balance(leaver.id)).toBe(50_000n - BigInt(blind));
      await clearHoldem([a.token, b.token]);
    });

    it('parallel duplicates: one action lands once, one leave cashes out once', async () => {
      const a = await newMember(t, { fundMinor: 50_000n });
      const b = await newMember(t, { fundMinor: 50_000n });
      await post('/pvp/seat', a.token, { tableCode: HOLDEM, buyIn: '5000', requestId: 'hold-a-00004' });
      await post('/pvp/seat', b.token, { tableCode: HOLDEM, buyIn: '5000', requestId: 'hold-b-00004' });
      await clockBy(5_000);
      await t.app.pvp.tick();
      const hand = (await hview()).hand!;
      const tokens = [a.token, b.token];
      const first = hand.holdem!.toAct!;
      const calls = await Promise.all([1, 2, 3].map(() => act(tokens[first]!, hand.handId, 'call')));
      expect(calls.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const after = (await hview()).hand!.holdem!;
      expect(after.players.map((p) => p.committed)).toEqual(['200', '200']);
      await clearHoldem(tokens);

      // Alone at the table (no hand runs): three leaves at once cash out once.
      const c = await newMember(t, { fundMinor: 50_000n });
      await post('/pvp/seat', c.token, { tableCode: HOLDEM, buyIn: '5000', requestId: 'hold-c-00004' });
      expect(await balance(c.id)).toBe(45_000n);
      const leaves = await Promise.all(
        [1, 2, 3].map(() => post('/pvp/leave', c.token, { tableCode: HOLDEM })),
      );
      const ok = leaves.filter((r) => r.statusCode === 200);
      expect(ok.map((r) => r.json().value)).toEqual([{ cashedOut: '5000', leaving: false }]);
      expect(leaves.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual([
        'pvp.not_seated',
        'pvp.not_seated',
      ]);
      expect(await balance(c.id)).toBe(50_000n);
      const cashOuts = await t.db
        .selectFrom('ledger_transaction')
        .select('id')
        .where('kind', '=', 'PVP_CASH_OUT')
        .where('member_id', '=', c.id)
        .execute();
      expect(cashOuts).toHaveLength(1);
    });

    /** Plays out or voids whatever is in play, then everyone leaves. */
    async function clearHoldem(tokens: string[]) {
      for (const token of tokens) await post('/pvp/leave', token, { tableCode: HOLDEM });
      for (let i = 0; i < 10; i++) {
        const h = (await hview()).hand;
        if (!h || h.status !== 'betting') break;
        await clockBy(20_010);
        await t.app.pvp.tick();
      }
      await clockBy(5_000);
      await t.app.pvp.tick();
      expect((await hview()).seats).toEqual([]);
    }
  });
});
