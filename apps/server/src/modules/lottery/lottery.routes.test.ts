import { createHash } from 'node:crypto';
import { lotteryMenuGroupSchema, lotteryOpenedSchema } from '@arcadia/contract';
import { drawLottery, lotteryGame } from '@arcadia/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../test/build-test-app.js';
import { type LotteryDraws, createLotteryDraws } from './lottery.draws.js';

let t: TestApp;
let draws: LotteryDraws;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  draws = createLotteryDraws({ db: t.db });
  await draws.tick(new Date());
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};
const DAY = 86_400_000;

describe('lottery gateway', () => {
  it('menus list every game by family with the issue on sale and its commitment', async () => {
    const lott = await get('/lgw/games/game_menus?prizeMode=Lott');
    expect(lott.status).toBe(200);
    const groups = lott.body.value.map((g: unknown) => lotteryMenuGroupSchema.parse(g));
    expect(groups.map((g: { gameGroupCode: string }) => g.gameGroupCode).sort()).toEqual([
      '11x5',
      'k3',
      'pk10',
      'ssc',
    ]);
    const ssc5 = groups
      .flatMap((g: { gameMenus: unknown[] }) => g.gameMenus)
      .find((m: { gameId: string }) => m.gameId === 'SSC5');
    expect(ssc5.current.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(ssc5.current.drawTime)).toBeGreaterThan(Date.now());
    const vn = await get('/lgw/vn/games/game_menu');
    expect(vn.body.value.map((g: { gameGroupCode: string }) => g.gameGroupCode).sort()).toEqual([
      'sea_4d',
      'vn_fast',
      'vn_north',
      'vn_south',
    ]);
  });

  it('the issue on sale publishes the seed’s hash and never the seed; sales close before the draw', async () => {
    const near = await get('/lgw/numeros/near?gameId=SSC1');
    expect(near.status).toBe(200);
    const { currentNumero, nextNumero } = near.body.value;
    expect(Date.parse(currentNumero.drawTime) - Date.parse(currentNumero.closeTime)).toBe(10_000);
    expect(nextNumero.openTime).toBe(currentNumero.drawTime);
    const row = await t.db
      .selectFrom('lottery_issue')
      .select(['server_seed', 'commitment'])
      .where('game_code', '=', 'SSC1')
      .where('issue', '=', currentNumero.numero)
      .executeTakeFirstOrThrow();
    expect(currentNumero.commitment).toBe(createHash('sha256').update(row.server_seed).digest('hex'));
    expect(JSON.stringify(near.body)).not.toContain(row.server_seed);
    // Nothing drawn yet for this issue: the opened list does not reveal it either.
    const opened = await get('/lgw/games/opened/numero?gameId=SSC1');
    expect(JSON.stringify(opened.body)).not.toContain(row.server_seed);
  });

  it('refuses an unknown game and a malformed issue with clear codes', async () => {
    const unknown = await get('/lgw/numeros/near?gameId=NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('lottery.game_unknown');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/lgw/draw/verify',
      payload: { gameId: 'SSC1', numero: '2026-11-25', serverSeed: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request_param_err');
  });

  it('draws every due issue once — even with two schedulers at the same moment — and reveals its seed', async () => {
    const later = new Date(Date.now() + 2 * DAY);
    const [a, b] = await Promise.all([draws.tick(later), createLotteryDraws({ db: t.db }).tick(later)]);
    expect(a.drawn + b.drawn).toBeGreaterThan(0);
    const drawnRows = await t.db
      .selectFrom('lottery_issue')
      .selectAll()
      .where('status', '=', 'drawn')
      .execute();
    expect(drawnRows).toHaveLength(a.drawn + b.drawn);
    // Again: nothing left to draw.
    expect((await draws.tick(later)).drawn).toBe(0);

    const opened = await get('/lgw/games/opened/numero?gameId=SSC5&pageSize=5');
    expect(opened.status).toBe(200);
    const first = lotteryOpenedSchema.parse(opened.body.value.list[0]);
    expect(first.status).toBe('drawn');
    expect(first.serverSeed).not.toBeNull();
    // The numbers are the published algorithm's on the revealed seed, and the seed is the one
    // committed to before sales opened.
    expect(first.numbers).toEqual(drawLottery(lotteryGame('SSC5')!, first.serverSeed!, first.numero).numbers);
    expect(createHash('sha256').update(first.serverSeed!).digest('hex')).toBe(first.commitment);

    const verify = await t.app.inject({
      method: 'POST',
      url: '/lgw/draw/verify',
      payload: { gameId: 'SSC5', numero: first.numero, serverSeed: first.serverSeed },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().value).toMatchObject({ numbers: first.numbers, commitment: first.commitment });

    const vn = await get('/lgw/vn/numeros/opened/game');
    const north = vn.body.value.find((o: { gameId: string }) => o.gameId === 'VN_NORTH');
    expect(north.prizes.find((p: { tier: string }) => p.tier === 'special').numbers[0]).toMatch(/^\d{5}$/);
    expect(north.numbers).toHaveLength(27);
  });

  it('rules publish every bet type with odds at the brand’s prize group', async () => {
    const rules = await get('/lgw/games/rules?gameId=SSC5');
    expect(rules.status).toBe(200);
    expect(rules.body.value.prizeGroup).toBe(1960);
    const pos = rules.body.value.betTypes.find((b: { playId: string }) => b.playId === 'ssc.pos');
    // One digit in ten: 0.98 ÷ 0.1 = 9.8 per unit, stake included.
    expect(pos.odds[0].payout).toEqual({ num: '49', den: '5', value: 9.8 });
    const k3 = await get('/lgw/games/rules?gameId=K3_2');
    expect(k3.body.value.betTypes.map((b: { playId: string }) => b.playId)).toContain('k3.sum');
  });
});

describe('the draw schedule on a running server', () => {
  it('schedules every game as the server starts (JOBS_ENABLED), without holding up readiness', async () => {
    const running = await buildTestApp({ config: { JOBS_ENABLED: true, JOBS_TICK_MS: 3_600_000 } });
    try {
      const deadline = Date.now() + 10_000;
      let games = 0;
      while (Date.now() < deadline) {
        const rows = await running.db
          .selectFrom('lottery_issue')
          .select((eb) => eb.fn.count<string>('game_code').distinct().as('n'))
          .executeTakeFirst();
        games = Number(rows?.n ?? 0);
        if (games === 9) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(games).toBe(9);
      const near = await running.app.inject({ method: 'GET', url: '/lgw/numeros/near?gameId=K3_2' });
      expect(near.statusCode).toBe(200);
    } finally {
      await running.close();
    }
  });
});
