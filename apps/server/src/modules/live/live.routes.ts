import { LIVE_HISTORY, liveRoutes } from '@arcadia/contract';
import { livePays, liveSpots, liveTable, liveTables } from '@arcadia/games';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { writeAudit } from '../operator/index.js';
import { type LiveTables, roundOut } from './live.tables.js';
import { roundOfTable } from './live.tables.repository.js';

/** The live tables' routes (docs/live.md): the tables with their rounds, totals, bets, and an operator's void. */
export function registerLiveRoutes(
  app: FastifyInstance,
  hooks: RouteHooks,
  deps: { db: Kysely<Database>; tables: LiveTables; clock: Clock },
) {
  const live = deps.tables;

  registerRoute(app, hooks, liveRoutes.liveTables, async ({ brand, query }) => {
    const wanted = query.tableCode ? [liveTable(query.tableCode)] : liveTables;
    if (wanted.some((t) => !t)) throw new AppError('live.table_unknown', { tableCode: query.tableCode });
    const latest = await live.latestRounds();
    const unit = 10n ** BigInt(brand.currencyScale);
    const list = [];
    for (const t of wanted) {
      const table = t!;
      const round = latest.get(table.code);
      list.push({
        tableCode: table.code,
        kind: table.kind,
        minBet: (BigInt(table.minBet) * unit).toString(),
        maxBet: (BigInt(table.maxBet) * unit).toString(),
        betSeconds: Math.round(table.betMs / 1000),
        spots: [...liveSpots[table.kind]],
        pays: livePays[table.kind],
        round: round ? roundOut(round) : null,
        // The list's cards show a short strip; one table's page, the whole road.
        history: await live.history(table.code, query.tableCode ? LIVE_HISTORY : 12),
      });
    }
    return { list, serverTime: deps.clock.now().toISOString() };
  });
  registerRoute(app, hooks, liveRoutes.liveTotals, async ({ brand, query }) => {
    if (!liveTable(query.tableCode)) throw new AppError('live.table_unknown', { tableCode: query.tableCode });
    const round = (await live.latestRounds()).get(query.tableCode);
    return round ? live.totals(brand.id, query.tableCode, String(round.id)) : null;
  });
  registerRoute(app, hooks, liveRoutes.liveBet, async ({ brand, session, body }) =>
    live.place(brand, session!, body),
  );
  registerRoute(app, hooks, liveRoutes.liveMyBets, async ({ brand, session, query }) =>
    live.myBets(brand, session!, query),
  );
  registerRoute(app, hooks, liveRoutes.opsLiveVoid, async ({ operator, body }) => {
    // The tables are shared by every brand: only an operator of every brand may void a round.
    if (!operator || operator.merchantId !== null)
      throw new AppError('forbidden', { reason: 'all_brands_only' });
    if (!liveTable(body.tableCode)) throw new AppError('live.table_unknown', { tableCode: body.tableCode });
    const round = await roundOfTable(deps.db, body.roundId, body.tableCode);
    if (!round) throw new AppError('not.found', { value: body.roundId });
    const out = await live.voidRound(body.roundId);
    if (!out) throw new AppError('live.round_settled', { roundId: body.roundId });
    await writeAudit(deps.db, {
      merchantId: null,
      actor: operator.username,
      action: 'live.void',
      target: `${body.tableCode}/${body.roundId}`,
      payload: { reason: body.reason, refunded: out.refunded },
    });
    return { roundId: body.roundId, refunded: out.refunded };
  });
}
