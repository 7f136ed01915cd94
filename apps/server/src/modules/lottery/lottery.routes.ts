import { LOTTERY_MAX_CHASE, type LotteryMenuGroup, lotteryRoutes } from '@arcadia/contract';
import {
  type LotteryGameDef,
  drawLottery,
  officialDraw,
  lotteryBetTypes,
  lotteryCommitment,
  lotteryGame,
  lotteryGames,
  lotteryOdds,
  quoteLotteryBet,
} from '@arcadia/games';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { writeAudit } from '../operator/index.js';
import type { OperatorIdentity } from '../operator/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { Brand } from '../brand/brand.service.js';
import { type LotteryDraws, issueOut, openedOut } from './lottery.draws.js';
import type { LotteryRebates } from './lottery.rebates.js';
import type { LotterySelling } from './lottery.selling.js';

/** The brand's lottery settings with their defaults (docs/lottery.md). */
export function lotterySettings(brand: Brand) {
  return {
    prizeGroup: brand.settings.lottery?.prizeGroup ?? 1960,
    closeBeforeSeconds: brand.settings.lottery?.closeBeforeSeconds ?? 10,
  };
}

function gameOrThrow(code: string): LotteryGameDef {
  const game = lotteryGame(code);
  if (!game) throw new AppError('lottery.game_unknown', { gameId: code });
  return game;
}

export function registerLotteryRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: {
    draws: LotteryDraws;
    selling: LotterySelling;
    rebates: LotteryRebates;
    clock: Clock;
    db: Kysely<Database>;
    runPass: () => Promise<{
      scheduled: number;
      drawn: ({ gameId: string; numero: string } & Awaited<ReturnType<LotterySelling['settleIssue']>>)[];
    }>;
  },
) {
  const { draws, selling, clock } = deps;
  /** Issues are shared by every brand: only an operator of every brand may act on them. */
  const allBrands = (operator: OperatorIdentity | null) => {
    if (!operator || operator.merchantId !== null)
      throw new AppError('forbidden', { reason: 'all_brands_only' });
    return operator;
  };

  /** Menus of the games of some kinds, grouped by family, each with its issue on sale. */
  async function menus(brand: Brand, kinds: string[], language: 'en' | 'zh'): Promise<LotteryMenuGroup[]> {
    const { closeBeforeSeconds } = lotterySettings(brand);
    const now = clock.now();
    const groups = new Map<string, LotteryMenuGroup>();
    for (const game of lotteryGames.filter((g) => kinds.includes(g.kind))) {
      const [current] = await draws.upcoming(game.code, now, 1);
      const group = groups.get(game.family) ?? { gameGroupCode: game.family, gameMenus: [] };
      group.gameMenus.push({
        gameId: game.code,
        gameName: game.names[language],
        family: game.family,
        kind: game.kind,
        current: current ? issueOut(current, closeBeforeSeconds) : null,
      });
      groups.set(game.family, group);
    }
    return [...groups.values()];
  }
  const languageOf = (header: unknown): 'en' | 'zh' =>
    typeof header === 'string' && header.toUpperCase() === 'ZH' ? 'zh' : 'en';

  registerRoute(app, hooks, lotteryRoutes.lotteryMenus, async ({ brand, request }) =>
    menus(brand, ['LOTT', 'ELOTT'], languageOf(request.headers.language)),
  );
  registerRoute(app, hooks, lotteryRoutes.lotteryVnMenus, async ({ brand, request }) =>
    menus(brand, ['VN', 'SEA'], languageOf(request.headers.language)),
  );
  registerRoute(app, hooks, lotteryRoutes.lotteryNear, async ({ brand, query }) => {
    const game = gameOrThrow(query.gameId);
    const { closeBeforeSeconds } = lotterySettings(brand);
    const ahead = await draws.upcoming(game.code, clock.now(), LOTTERY_MAX_CHASE);
    const [current, next] = ahead;
    // Scheduled on start and every second after; a game with nothing ahead is not on sale.
    if (!current) throw new AppError('not.found', { gameId: game.code });
    return {
      currentNumero: issueOut(current, closeBeforeSeconds),
      nextNumero: next ? issueOut(next, closeBeforeSeconds) : null,
      upcoming: ahead.map((row) => issueOut(row, closeBeforeSeconds)),
      serverTime: clock.now().toISOString(),
    };
  });
  registerRoute(app, hooks, lotteryRoutes.lotteryOpened, async ({ query }) => {
    const game = gameOrThrow(query.gameId);
    const { list, total } = await draws.opened(game.code, query.pageNo, query.pageSize);
    return {
      list: list.map(openedOut),
      pageNo: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
      totalCount: total,
    };
  });
  registerRoute(app, hooks, lotteryRoutes.lotteryVnOpened, async () => {
    const out = [];
    for (const game of lotteryGames.filter((g) => g.kind === 'VN' || g.kind === 'SEA')) {
      const { list } = await draws.opened(game.code, 1, 1);
      if (list[0]) out.push(openedOut(list[0]));
    }
    return out;
  });
  registerRoute(app, hooks, lotteryRoutes.lotteryRules, async ({ brand, query, session }) => {
    const game = gameOrThrow(query.gameId);
    const settings = lotterySettings(brand);
    const { closeBeforeSeconds } = settings;
    // A member sees the odds it plays at: its own prize group when its upline set one.
    const prizeGroup = session
      ? await deps.rebates.groupOf(brand.id, session.member.id, settings.prizeGroup)
      : settings.prizeGroup;
    return {
      gameId: game.code,
      family: game.family,
      prizeGroup,
      closeBeforeSeconds,
      official: (await deps.draws.officialGames()).has(game.code),
      betTypes: lotteryBetTypes(game.family).map((t) => ({
        playId: t.code,
        names: t.names,
        pricing: t.pricing,
        picker: t.picker as unknown as Record<string, unknown>,
        odds: lotteryOdds(game.family, t.code, prizeGroup).map((o) => ({
          tier: o.tier,
          payout: {
            num: o.payout.num.toString(),
            den: o.payout.den.toString(),
            value: Number(o.payout.num) / Number(o.payout.den),
          },
        })),
      })),
    };
  });
  registerRoute(app, hooks, lotteryRoutes.lotteryQuote, ({ query }) => {
    const game = gameOrThrow(query.gameId);
    const quote = quoteLotteryBet(game.family, query.playId, query.bettingContent);
    if (!quote.ok) throw new AppError(quote.code, { gameId: game.code, playId: query.playId });
    return { units: quote.units };
  });
  registerRoute(app, hooks, lotteryRoutes.lotteryVerify, async ({ body }) => {
    const game = gameOrThrow(body.gameId);
    const draw = drawLottery(game, body.serverSeed, body.numero);
    return {
      gameId: game.code,
      numero: body.numero,
      commitment: lotteryCommitment(body.serverSeed),
      numbers: draw.numbers,
      ...(draw.prizes ? { prizes: draw.prizes } : {}),
    };
  });
  registerRoute(app, hooks, lotteryRoutes.lotteryBet, async ({ brand, session, body }) =>
    selling.place(brand, session!, body.contents),
  );
  registerRoute(app, hooks, lotteryRoutes.lotteryMyBets, async ({ brand, session, query }) =>
    selling.myBets(brand, session!, query),
  );
  registerRoute(app, hooks, lotteryRoutes.lotteryCancelChase, async ({ brand, session, body }) =>
    selling.cancelChase(brand, session!, body.orderId),
  );
  registerRoute(app, hooks, lotteryRoutes.lotteryPrizeGroups, async ({ brand, session, query }) =>
    deps.rebates.downline(brand, session!, query.pageNo, query.pageSize),
  );
  registerRoute(app, hooks, lotteryRoutes.lotterySetPrizeGroup, async ({ brand, session, body }) =>
    deps.rebates.setGroup(brand, session!, body.memberId, body.prizeGroup),
  );
  registerRoute(app, hooks, lotteryRoutes.opsLotteryRun, async ({ operator }) => {
    allBrands(operator);
    return deps.runPass();
  });
  registerRoute(app, hooks, lotteryRoutes.opsLotteryCancel, async ({ operator, body }) => {
    const op = allBrands(operator);
    gameOrThrow(body.gameId);
    const out = await selling.cancelIssue(body.gameId, body.numero);
    // Not scheduled, already drawn or already cancelled: nothing to cancel.
    if (!out.cancelled)
      throw new AppError('lottery.issue_unknown', { gameId: body.gameId, numero: body.numero });
    await writeAudit(deps.db, {
      merchantId: null,
      actor: op.username,
      action: 'lottery.cancel',
      target: `${body.gameId}/${body.numero}`,
      payload: { reason: body.reason, ...out },
    });
    return out;
  });
  registerRoute(app, hooks, lotteryRoutes.opsLotteryOfficial, async ({ operator, body }) => {
    const op = allBrands(operator);
    gameOrThrow(body.gameId);
    const changed = await deps.draws.setOfficial(body.gameId, body.official, op.username);
    await writeAudit(deps.db, {
      merchantId: null,
      actor: op.username,
      action: 'lottery.official',
      target: body.gameId,
      payload: { reason: body.reason, official: body.official, changed },
    });
    return { gameId: body.gameId, official: body.official, changed };
  });
  registerRoute(app, hooks, lotteryRoutes.opsLotteryResult, async ({ operator, body }) => {
    const op = allBrands(operator);
    const game = gameOrThrow(body.gameId);
    if (!(await deps.draws.officialGames()).has(game.code))
      throw new AppError('lottery.not_official', { gameId: game.code });
    const checked = officialDraw(game, body.numbers);
    if (!checked.ok) throw new AppError('lottery.result_invalid', { problem: checked.problem });
    const now = deps.clock.now();
    const row = await deps.draws.enterResult(game.code, body.numero, checked.draw, op.username, now);
    if (!row) {
      const known = await deps.draws.issue(game.code, body.numero);
      if (known?.status === 'open') throw new AppError('lottery.draw_pending', { drawTime: known.draw_at });
      throw new AppError('lottery.issue_unknown', { gameId: game.code, numero: body.numero });
    }
    await writeAudit(deps.db, {
      merchantId: null,
      actor: op.username,
      action: 'lottery.result',
      target: `${game.code}/${body.numero}`,
      payload: { reason: body.reason, numbers: checked.draw.numbers },
    });
    // Settled at once like a house draw; a failure here is finished by the recovery pass.
    const settlement = await selling.settleIssue(game.code, body.numero).catch((err: unknown) => {
      app.log.error({ err, gameId: game.code, numero: body.numero }, 'official result settlement failed');
      return { settled: 0, won: 0, paid: 0 };
    });
    return {
      opened: openedOut(row),
      settled: settlement.settled,
      won: settlement.won,
      paid: settlement.paid,
    };
  });
}
