import { LOTTERY_OFFICIAL_GRACE_HOURS } from '@arcadia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { createSerialSchedule } from '../../lib/serial-schedule.js';
import { writeAudit } from '../operator/index.js';
import type { LotteryDraws } from './lottery.draws.js';
import type { LotterySelling } from './lottery.selling.js';

/** How often the draw schedule runs: draws land within this of their time. */
export const DRAW_TICK_MS = 1000;
/** Every this many ticks the recovery pass runs (lost replies, undelivered refunds, unsettled draws). */
const RECOVERY_EVERY_TICKS = 30;

/**
 * The draw schedule's pass (docs/lottery.md): draws what is due and schedules what is missing,
 * settles each drawn issue at once, and every few passes runs the recovery (official issues whose
 * result never came cancelled, lost answers refunded, unsettled draws settled). One pass at a time
 * on this instance (`createSerialSchedule`); the module runs it as a local job.
 */
export function createLotterySchedule(deps: {
  db: Kysely<Database>;
  draws: LotteryDraws;
  /** Selling, once the module is registered. */
  selling: () => LotterySelling | null;
  clock: Clock;
  log: {
    info?(obj: unknown, msg?: string): void;
    warn(obj: unknown, msg?: string): void;
    error(obj: unknown, msg?: string): void;
  };
}) {
  const { draws } = deps;
  type Pass = Awaited<ReturnType<typeof pass>>;
  let ticks = 0;
  const pass = async () => {
    const { drawnRows, scheduled } = await draws.tick(deps.clock.now());
    const drawn: ({ gameId: string; numero: string } & Awaited<ReturnType<LotterySelling['settleIssue']>>)[] =
      [];
    // Each drawn issue settles at once; a failure is picked up by the recovery pass.
    for (const row of drawnRows) {
      try {
        const r = await deps.selling()!.settleIssue(row.game_code, row.issue);
        drawn.push({ gameId: row.game_code, numero: row.issue, ...r });
        if (r.settled > 0)
          deps.log.info?.({ gameId: row.game_code, numero: row.issue, ...r }, 'lottery draw settled');
      } catch (err) {
        deps.log.error({ err, issue: row.issue }, 'lottery settlement failed');
      }
    }
    if (++ticks % RECOVERY_EVERY_TICKS === 0) {
      await cancelOverdueOfficial();
      await deps.selling()?.recover();
    }
    return { scheduled, drawn };
  };
  /** An official game's issue whose result has not come within the grace period is cancelled: every bet refunded. */
  const cancelOverdueOfficial = async () => {
    const before = new Date(deps.clock.now().getTime() - LOTTERY_OFFICIAL_GRACE_HOURS * 3_600_000);
    for (const d of await draws.overdueOfficial(before)) {
      const out = await deps.selling()!.cancelIssue(d.game_code, d.issue);
      if (!out.cancelled) continue;
      deps.log.warn(
        { gameId: d.game_code, numero: d.issue, ...out },
        'official lottery result missing: issue cancelled',
      );
      await writeAudit(deps.db, {
        merchantId: null,
        actor: 'system',
        action: 'lottery.cancel',
        target: `${d.game_code}/${d.issue}`,
        payload: {
          reason: `no official result within ${LOTTERY_OFFICIAL_GRACE_HOURS} hours of the draw time`,
          ...out,
        },
      });
    }
  };
  const schedule = createSerialSchedule<Pass>({
    pass,
    empty: { scheduled: 0, drawn: [] },
    onError: (err) => deps.log.error({ err }, 'lottery draw tick failed'),
  });
  return { schedule, cancelOverdueOfficial };
}
