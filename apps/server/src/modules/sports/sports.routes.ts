import { sportsRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { writeAudit } from '../operator/index.js';
import type { OperatorIdentity } from '../operator/index.js';
import type { SportsBetting } from './sports.betting.js';
import { type SportsBook, marketOut } from './sports.book.js';

export function registerSportsRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: {
    db: Kysely<Database>;
    book: SportsBook;
    betting: SportsBetting;
    clock: Clock;
    /** Enters (or corrects) a result and settles what it decides. */
    result: (
      eventId: string,
      result: Parameters<SportsBook['setResult']>[1],
    ) => Promise<Awaited<ReturnType<SportsBetting['settleEvent']>>>;
    runPass: () => Promise<{ scheduled: number; started: number; finished: number; settled: number }>;
  },
) {
  const { book, betting, clock } = deps;
  /** The book is shared by every brand: only an operator of every brand may change it. */
  const allBrands = (operator: OperatorIdentity | null) => {
    if (!operator || operator.merchantId !== null)
      throw new AppError('forbidden', { reason: 'all_brands_only' });
    return operator;
  };
  const audit = (op: OperatorIdentity, action: string, target: string, payload: Record<string, unknown>) =>
    writeAudit(deps.db, { merchantId: null, actor: op.username, action, target, payload });

  registerRoute(app, hooks, sportsRoutes.sportsEvents, async ({ query }) => {
    const now = clock.now();
    return { list: await book.list(query.category, now), serverTime: now.toISOString() };
  });
  registerRoute(app, hooks, sportsRoutes.sportsBet, async ({ brand, session, body }) =>
    betting.place(brand, session!, body),
  );
  registerRoute(app, hooks, sportsRoutes.sportsMyBets, async ({ brand, session, query }) =>
    betting.myBets(brand, session!, query),
  );
  registerRoute(app, hooks, sportsRoutes.opsSportsFeed, async ({ operator, body }) => {
    const op = allBrands(operator);
    const out = await book.importFeed(body.events);
    await audit(op, 'sports.feed', `${body.events.length} events`, { reason: body.reason, ...out });
    return out;
  });
  registerRoute(app, hooks, sportsRoutes.opsSportsMarket, async ({ operator, body }) => {
    const op = allBrands(operator);
    const row = await book.updateMarket(body.marketId, { status: body.status, selections: body.selections });
    await audit(op, 'sports.market', body.marketId, {
      reason: body.reason,
      status: body.status ?? null,
      selections: body.selections ?? null,
    });
    return marketOut(row);
  });
  registerRoute(app, hooks, sportsRoutes.opsSportsResult, async ({ operator, body }) => {
    const op = allBrands(operator);
    const previous = await book.event(body.eventId);
    const out = await deps.result(body.eventId, body.result);
    await audit(op, previous?.result ? 'sports.result.correct' : 'sports.result', body.eventId, {
      reason: body.reason,
      result: body.result,
      previous: previous?.result ?? null,
      settled: out.settled,
      resettled: out.resettled,
      delta: out.delta.toString(),
    });
    return {
      eventId: body.eventId,
      settled: out.settled,
      resettled: out.resettled,
      delta: out.delta.toString(),
    };
  });
  registerRoute(app, hooks, sportsRoutes.opsSportsRun, async ({ operator }) => {
    allBrands(operator);
    return deps.runPass();
  });
}
