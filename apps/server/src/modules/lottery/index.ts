import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { RealtimeHub } from '../realtime/index.js';
import { type IssueRow, createLotteryDraws, issueOut, openedOut } from './lottery.draws.js';
import { registerLotteryRoutes } from './lottery.routes.js';

/** How often the draw schedule runs: draws land within this of their time. */
export const DRAW_TICK_MS = 1000;

/**
 * The house lottery (docs/lottery.md): the draw schedule (issues with published commitments,
 * provably fair draws at their time, seeds revealed), the gateway's menus, issues, opened numbers,
 * rules and the verifier, and the `lottery:<gameId>` topics on the real-time channel.
 */
export function createLotteryModule(deps: {
  db: Kysely<Database>;
  hub: () => RealtimeHub | undefined;
  clock: Clock;
  /** Run the draw schedule on this instance (JOBS_ENABLED). Several may: a draw happens once. */
  schedule: boolean;
  log: { error(obj: object, msg: string): void };
}) {
  /** Every active brand hears a draw on its own topic room. */
  const publish = async (fn: (hub: RealtimeHub, merchantId: number, closeBeforeSeconds: number) => void) => {
    const hub = deps.hub();
    if (!hub) return;
    const merchants = await deps.db
      .selectFrom('merchant')
      .select(['id', 'settings'])
      .where('status', '=', 'active')
      .execute();
    for (const m of merchants) {
      const settings = m.settings as { lottery?: { closeBeforeSeconds?: number } } | null;
      fn(hub, m.id, settings?.lottery?.closeBeforeSeconds ?? 10);
    }
  };
  const draws = createLotteryDraws({
    db: deps.db,
    onIssue: (row: IssueRow) =>
      void publish((hub, id, close) =>
        hub.toTopic(id, `lottery:${row.game_code}`, 'lottery.issue', issueOut(row, close)),
      ).catch((err: unknown) => deps.log.error({ err }, 'lottery issue event failed')),
    onDrawn: (row: IssueRow) =>
      void publish((hub, id) =>
        hub.toTopic(id, `lottery:${row.game_code}`, 'lottery.result', openedOut(row)),
      ).catch((err: unknown) => deps.log.error({ err }, 'lottery result event failed')),
  });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const tick = () => {
    // A slow pass (many issues due after downtime) is not overlapped by the next one.
    if (busy) return running;
    busy = true;
    running = draws
      .tick(deps.clock.now())
      .catch((err: unknown) => deps.log.error({ err }, 'lottery draw tick failed'))
      .finally(() => (busy = false));
    return running;
  };

  return {
    draws,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerLotteryRoutes(app, hooks, { draws, clock: deps.clock });
      deps.hub()?.openTopics('lottery', () => true);
      if (deps.schedule) {
        app.addHook('onReady', async () => {
          // The first pass runs in the background: readiness does not wait for the schedule.
          void tick();
          timer = setInterval(() => void tick(), DRAW_TICK_MS);
          timer.unref();
        });
        app.addHook('onClose', async () => {
          if (timer) clearInterval(timer);
          await running;
        });
      }
    },
  };
}

export type LotteryModule = ReturnType<typeof createLotteryModule>;
