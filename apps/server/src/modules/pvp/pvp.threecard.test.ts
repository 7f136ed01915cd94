import { pvpTableSchema } from '@arcadia/contract';
import { FairStream, fullDeck, hashServerSeed, pvpTable } from '@arcadia/games';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { newMember } from '../../test/factories/payments.js';
import { expectRoomsBalanced } from '../../test/factories/pvp.js';

/**
 * Three-card rooms through the app: antes, cards unseen until the player looks, blind and seen
 * prices, comparisons that show the two hands only to the two players, timeouts that fold, the
 * pot paid with the house's rake — the escrow the sum of the stacks and the ledger checked after
 * every test.
 */
let t: TestApp;
const ROOM = 'PVP_ZJH_1';
const def = pvpTable(ROOM)!;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, config: { TEST_CLOCK: true } });
});
afterAll(() => t.close());
afterEach(() => expectRoomsBalanced(t));

const post = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload });
const clockBy = (ms: number) =>
  t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: ms } });
const act = (token: string, handId: string, action: string, extra: Record<string, unknown> = {}) =>
  post('/pvp/act', token, { tableCode: ROOM, handId, action, ...extra });

async function view(token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/pvp/table?tableCode=${ROOM}`,
    ...(token ? { headers: { authorization: token } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return pvpTableSchema.parse(res.json().value);
}

async function seatThree(tag: string) {
  const players = [];
  for (let i = 0; i < 3; i++) {
    const m = await newMember(t, { fundMinor: 50_000n });
    const sat = await post('/pvp/seat', m.token, {
      tableCode: ROOM,
      buyIn: '10000',
      requestId: `zjh-${tag}-${i}-0001`,
    });
    expect(sat.statusCode, sat.body).toBe(200);
    players.push(m);
  }
  return players;
}

/** Everyone leaves; whatever is in play times out first. */
async function clear(tokens: string[]) {
  for (const token of tokens) await post('/pvp/leave', token, { tableCode: ROOM });
  for (let i = 0; i < 12; i++) {
    const h = (await view()).hand;
    if (!h || h.status !== 'betting') break;
    await clockBy(def.actionMs! + 10);
    await t.app.pvp.tick();
  }
  await clockBy(def.pauseMs + 10);
  await t.app.pvp.tick();
  expect((await view()).seats).toEqual([]);
}

describe('three-card rooms', () => {
  it('looks, blind and seen prices, a comparison seen by its two players only, a fold, the pot paid', async () => {
    const [a, b, c] = await seatThree('play');
    await clockBy(def.pauseMs + 10);
    await t.app.pvp.tick();
    let va = await view(a!.token);
    const hand = va.hand!;
    // Everyone antes 100; the button is seat 0, so seat 1 acts first; nobody has seen a card.
    expect(hand.threecard).toMatchObject({ round: 1, stake: '100', pot: '300', button: 0, toAct: 1 });
    expect(hand.threecard!.players.every((p) => p.hole === null && !p.seen)).toBe(true);
    expect(hand.threecard!.canLook).toBe(true);
    const deadline = hand.threecard!.deadline;

    // Seat 0 looks off its turn: its cards, to it alone; the clock of the player to act is unchanged.
    expect((await act(a!.token, hand.handId, 'look')).statusCode).toBe(200);
    va = await view(a!.token);
    expect(va.hand!.threecard!.players[0]!.hole).toHaveLength(3);
    expect(va.hand!.threecard!.canLook).toBe(false);
    expect(va.hand!.threecard!.deadline).toBe(deadline);
    expect((await view(b!.token)).hand!.threecard!.players[0]).toMatchObject({ seen: true, hole: null });
    expect((await act(a!.token, hand.handId, 'look')).json().code).toBe('pvp.action_invalid');

    // Seat 1 calls blind (100), seat 2 raises the blind price to 300, seat 0 (seen) pays 600.
    expect((await act(a!.token, hand.handId, 'call')).json().code).toBe('pvp.not_your_turn');
    expect((await act(b!.token, hand.handId, 'check')).json().code).toBe('pvp.action_invalid');
    expect((await act(b!.token, hand.handId, 'call')).statusCode).toBe(200);
    expect((await act(c!.token, hand.handId, 'raise', { to: '250' })).json().code).toBe('pvp.action_invalid');
    expect((await act(c!.token, hand.handId, 'raise', { to: '300' })).statusCode).toBe(200);
    va = await view(a!.token);
    expect(va.hand!.threecard!.options).toEqual({
      price: '600',
      raises: [{ to: '500', price: '1000' }],
      compare: [],
    });
    expect((await act(a!.token, hand.handId, 'call')).statusCode).toBe(200);

    // Round 2: seat 1 compares with seat 2 (paying its blind 300); the two see each other's cards.
    const vb = await view(b!.token);
    expect(vb.hand!.threecard).toMatchObject({ round: 2, toAct: 1 });
    expect(vb.hand!.threecard!.options!.compare).toEqual([0, 2]);
    expect((await act(b!.token, hand.handId, 'compare', { against: 1 })).json().code).toBe(
      'pvp.action_invalid',
    );
    expect((await act(b!.token, hand.handId, 'compare', { against: 2 })).statusCode).toBe(200);
    const afterB = (await view(b!.token)).hand!.threecard!;
    const afterC = (await view(c!.token)).hand!.threecard!;
    const afterA = (await view(a!.token)).hand!.threecard!;
    expect(afterB.comparisons).toHaveLength(1);
    const { winner } = afterB.comparisons[0]!;
    const loser = winner === 1 ? 2 : 1;
    expect(afterB.players[2]!.hole).toHaveLength(3);
    expect(afterC.players[1]!.hole).toHaveLength(3);
    expect(afterA.players[1]!.hole).toBeNull();
    expect(afterA.players[2]!.hole).toBeNull();
    expect(afterA.players[loser]).toMatchObject({ folded: true, lost: true });
    // The comparison is decided by the dealt cards: the asker must beat the other hand.
    const deck = new FairStream({
      serverSeed: (
        await t.db
          .selectFrom('pvp_hand')
          .select('server_seed')
          .where('id', '=', hand.handId)
          .executeTakeFirstOrThrow()
      ).server_seed,
      clientSeed: ROOM,
      nonce: hand.handNo,
    }).shuffle(fullDeck());
    expect(afterB.players[1]!.hole).toEqual([deck[1], deck[4], deck[7]]);

    // Whoever is to act now: seat 0 folds on its turn, or the winner calls and seat 0 times out.
    const tokens = [a!.token, b!.token, c!.token];
    if (afterA.toAct === 0) expect((await act(a!.token, hand.handId, 'fold')).statusCode).toBe(200);
    else {
      expect((await act(tokens[afterA.toAct!]!, hand.handId, 'call')).statusCode).toBe(200);
      await clockBy(def.actionMs! + 10);
      await t.app.pvp.tick();
    }
    const end = await view();
    expect(end.hand!.status).toBe('settled');
    expect(hashServerSeed(end.hand!.serverSeed!)).toBe(end.hand!.seedHash);
    const state = end.hand!.threecard!;
    const pot = BigInt(state.pot);
    const committed = (seat: number) => BigInt(state.players[seat]!.committed);
    const rake = (pot * 500n) / 10_000n;
    const stacks = Object.fromEntries(end.seats.map((s) => [s.seat, BigInt(s.stack)]));
    expect(stacks[winner]).toBe(10_000n + pot - committed(winner) - rake);
    expect(stacks[loser]).toBe(10_000n - committed(loser));
    expect(stacks[0]).toBe(10_000n - committed(0));
    const lines = Object.fromEntries(end.hand!.result!.seats.map((s) => [s.seat, s]));
    expect(lines[loser]!.hand).toBe('lost_compare');
    expect(lines[0]!.hand).toBe('folded');
    expect(BigInt(lines[winner]!.rake)).toBe(rake);
    const posted = await t.db
      .selectFrom('ledger_transaction')
      .select('kind')
      .where('idempotency_key', '=', `pvp-rake:${hand.handId}`)
      .execute();
    expect(posted).toEqual([{ kind: 'PVP_RAKE' }]);
    await clear(tokens);
  });

  it('parallel duplicates of one action take effect once; players out of time fold', async () => {
    const [a, b, c] = await seatThree('dupe');
    await clockBy(def.pauseMs + 10);
    await t.app.pvp.tick();
    const hand = (await view()).hand!;
    const tokens = [a!.token, b!.token, c!.token];
    const first = hand.threecard!.toAct!;
    const replies = await Promise.all([1, 2, 3].map(() => act(tokens[first]!, hand.handId, 'call')));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(replies.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual([
      'pvp.not_your_turn',
      'pvp.not_your_turn',
    ]);
    const looks = await Promise.all([1, 2].map(() => act(tokens[0]!, hand.handId, 'look')));
    expect(looks.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    let v = await view();
    expect(v.hand!.threecard!.players[first]!.committed).toBe('200');
    // The next two to act run out of time and fold: the one who called takes the antes.
    await clockBy(def.actionMs! + 10);
    await t.app.pvp.tick();
    await clockBy(def.actionMs! + 10);
    await t.app.pvp.tick();
    v = await view();
    expect(v.hand!.status).toBe('settled');
    const lines = Object.fromEntries(v.hand!.result!.seats.map((s) => [s.seat, s]));
    // Pot 400 (three antes and the call); the winner nets 200, less 5 % of the pot (20).
    expect(lines[first]).toMatchObject({ net: '180', rake: '20', hand: 'uncalled', cards: [] });
    for (const seat of [0, 1, 2].filter((s) => s !== first))
      expect(lines[seat]).toMatchObject({ net: '-100', hand: 'folded' });
    await clear(tokens);
  });
});
