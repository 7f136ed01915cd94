import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { memberId } from '../../test/factories.js';
import { vendorCaller } from '../../test/factories/bets.js';
import { maskAccount } from './records.service.js';

let t: TestApp;
let token: string;
let player: string;
const today = () => new Date().toISOString().slice(0, 10);

/** One round: a bet, then (unless left open) a closing win. */
async function play(
  v: Awaited<ReturnType<typeof vendorCaller>>,
  member: string,
  session: string,
  stake: number,
  payout: number | null,
  game = 'dice',
) {
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
  if (payout !== null) {
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
  return round;
}

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  token = await t.login('demoplayer', 'demo1234');
  player = await memberId(t.db, 'demoplayer');
  const house = await vendorCaller(t, 'house');
  const acme = await vendorCaller(t, 'acme');
  const hs = await house.session(player);
  const as = await acme.session(player);
  // 25 house rounds (stake 1.00, payout 0.00 or 3.00), 2 open house rounds, 3 acme rounds.
  // Concurrently: the rounds meet in the same batches, and the setup stays quick on a busy machine.
  await Promise.all([
    ...Array.from({ length: 25 }, (_, i) => play(house, player, hs, 100, i % 5 === 0 ? 300 : 0)),
    ...Array.from({ length: 2 }, () => play(house, player, hs, 50, null)),
    ...Array.from({ length: 3 }, () => play(acme, player, as, 1000, 2500, 'slot')),
  ]);
  // Another member's big win, for the board.
  const agent = await memberId(t.db, 'demoagent');
  const { fundMain } = await import('../../test/factories.js');
  await fundMain(t.db, agent, 100_000n);
  await play(house, agent, await house.session(agent), 1000, 50_000);
  // A fresh database, the demo seed and 31 rounds: slow on a machine busy with other work.
}, 180_000);
afterAll(() => t.close());

const get = (url: string, auth: string | null = token) =>
  t.app.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });

describe('betting record', () => {
  it('pages the member’s own bets, newest first, with totals over the filter', async () => {
    const res = await get('/wps/member/bets?pageSize=10');
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.totalCount).toBe(30);
    expect(v.totalPages).toBe(3);
    expect(v.list).toHaveLength(10);
    expect(v.range).toEqual({ from: today(), to: today() });
    const times = v.list.map((b: { placedAt: string }) => b.placedAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Totals: stake 25×1 + 2×0.5 + 3×10 = 56; payout 5×3 + 3×25 = 90; valid = settled stakes 55.
    expect(v.totals).toEqual({ betCount: 30, stake: 56, validBet: 55, payout: 90, profitLoss: 34 });
    const page3 = (await get('/wps/member/bets?pageSize=10&pageNo=3')).json().value;
    expect(page3.list).toHaveLength(10);
    const ids = new Set([...v.list, ...page3.list].map((b: { id: string }) => b.id));
    expect(ids.size).toBe(20);
  });

  it('filters by status, category and vendor', async () => {
    const open = (await get('/wps/member/bets?status=open')).json().value;
    expect(open.totalCount).toBe(2);
    expect(open.list[0]).toMatchObject({
      status: 'open',
      stake: 0.5,
      validBet: 0,
      payout: 0,
      settledAt: null,
    });
    const acme = (await get('/wps/member/bets?vassalage=acme')).json().value;
    expect(acme.totalCount).toBe(3);
    expect(acme.totals).toMatchObject({ stake: 30, payout: 75, profitLoss: 45 });
    expect(acme.list[0]).toMatchObject({ vassalage: 'ACME', gameCode: 'slot', gameType: 'RNG' });
    expect((await get('/wps/member/bets?gameType=FISH')).json().value.totalCount).toBe(0);
  });

  it('refuses bad ranges, bad paging and anonymous callers', async () => {
    expect((await get('/wps/member/bets?from=2026-01-10&to=2026-01-01')).json().code).toBe(
      'report.range.invalid',
    );
    expect((await get('/wps/member/bets?from=2025-01-01&to=2026-01-01')).json().code).toBe(
      'report.range.invalid',
    );
    expect((await get('/wps/member/bets?pageSize=0')).statusCode).toBe(400);
    expect((await get('/wps/member/bets?status=won')).statusCode).toBe(400);
    expect((await get('/wps/member/bets', null)).statusCode).toBe(401);
    const past = (await get('/wps/member/bets?from=2026-01-01&to=2026-01-02')).json().value;
    expect(past.totalCount).toBe(0);
  });
});

describe('profit and loss', () => {
  it('sums the daily rollups by day and category', async () => {
    const v = (await get('/wps/member/profitLoss')).json().value;
    expect(v.totals).toEqual({ betCount: 30, stake: 56, validBet: 55, payout: 90, profitLoss: 34 });
    expect(v.days).toEqual([
      { day: today(), gameType: 'RNG', betCount: 30, stake: 56, validBet: 55, payout: 90, profitLoss: 34 },
    ]);
    expect(v.byCategory).toEqual([
      { gameType: 'RNG', betCount: 30, stake: 56, validBet: 55, payout: 90, profitLoss: 34 },
    ]);
  });
});

describe('winner board', () => {
  it('lists winning settled rounds, largest first, names masked; rank list is the same', async () => {
    const board = await get(
      '/wps/relay/ODSFE2_getWinnerBoard?gameCategory=ALL&language=en&limitNum=20',
      null,
    );
    expect(board.statusCode).toBe(200);
    const list = board.json().value.list as {
      vo: { winAmount: number; customerName: string; vendor: string };
    }[];
    // 5 house wins of 3.00, 3 acme wins of 25.00, the agent's 500.00; losing rounds are not winners.
    expect(list).toHaveLength(9);
    expect(list[0]!.vo).toMatchObject({ winAmount: 500, customerName: 'de*****nt', vendor: 'HOUSE' });
    const amounts = list.map((w) => w.vo.winAmount);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    expect(list.every((w) => !w.vo.customerName.includes('demo'))).toBe(true);
    const limited = (await get('/wps/relay/GCSGAME_getRankList?limitNum=3', null)).json().value.list;
    expect(limited).toHaveLength(3);
    expect((await get('/wps/relay/ODSFE2_getWinnerBoard?gameCategory=FISH', null)).json().value.list).toEqual(
      [],
    );
    expect((await get('/wps/relay/ODSFE2_getWinnerBoard?limitNum=500', null)).statusCode).toBe(400);
  });

  it('masks accounts of every length', () => {
    expect(maskAccount('demoplayer')).toBe('de******er');
    expect(maskAccount('abcd')).toBe('a***');
    expect(maskAccount('ab')).toBe('a*');
  });
});

describe('catalogue games', () => {
  it('book a catalogue game under its category and studio, with its name and icon', async () => {
    const { fundedMember } = await import('../../test/factories/bets.js');
    const fisher = await fundedMember(t, 10_000n, 'bigfisher');
    const house = await vendorCaller(t, 'house');
    await play(house, fisher, await house.session(fisher), 500, 4000, 'ORC_OCEAN_HUNTER');
    const row = await t.db
      .selectFrom('bet')
      .select(['game_type', 'vassalage'])
      .where('member_id', '=', fisher)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ game_type: 'FISH', vassalage: 'ORC' });
    const board = (
      await get('/wps/relay/ODSFE2_getWinnerBoard?gameCategory=fish&limitNum=5&language=zh', null)
    ).json().value.list;
    expect(board).toHaveLength(1);
    expect(board[0].vo).toMatchObject({
      gameName: '海洋猎手',
      customerName: 'bi*****er',
      winAmount: 40,
      gameType: 'FISH',
      vendor: 'ORC',
    });
    expect(board[0].vo.nodeId).toEqual(expect.any(Number));
    expect(board[0].vo.iconUrl).toMatch(/^\/assets\/art\/game\/fishing\/ORC_OCEAN_HUNTER\.svg$/);
  });
});
