import type { RgPeriod } from '@arcadia/contract';
import { type Db, playUsed } from './responsible.repository.js';

/**
 * Loss and wager limits — the play limits — per rolling day, week and month
 * (docs/responsible-gaming.md). What a window has used is the stakes and the net loss of the bets
 * placed in it (an open bet: its whole stake) plus the money moved into transfer-wallet vendors
 * (each transfer out counts as staked; transfers out less transfers back count as lost).
 *
 * The database enforces them, under the lock of the member's main wallet, so that a member's bets
 * and transfers are decided one at a time:
 * - `rg_play_used(member, window)` counts a window's stakes and loss —
 *   apps/server/src/db/functions/rg_play_used.sql;
 * - `rg_play_check(member, errcode)` raises when a loss or wager limit in force (a pending change
 *   whose time has come included) is passed — apps/server/src/db/functions/rg_play_check.sql;
 * - `rg_bet_guard`, the trigger on `vendor_tx`: a bet over a limit fails with `VW001` and takes
 *   nothing — apps/server/src/db/functions/rg_bet_guard.sql;
 * - `rg_transfer_guard`, the trigger on `member_money_daily` for a `TRANSFER_OUT`: the posting
 *   fails with `RG001`, which the ledger turns into `rg.play_limit` —
 *   apps/server/src/db/functions/rg_transfer_guard.sql.
 * Changing a play limit follows the 24-hour rule (limit-changes.ts) under the member's play lock.
 */
export const PLAY_LIMIT_FUNCTIONS = {
  used: 'apps/server/src/db/functions/rg_play_used.sql',
  check: 'apps/server/src/db/functions/rg_play_check.sql',
  betGuard: 'apps/server/src/db/functions/rg_bet_guard.sql',
  transferGuard: 'apps/server/src/db/functions/rg_transfer_guard.sql',
} as const;

/** Per window, the stakes and the net loss as the guards in the database count them (never below 0). */
export async function playUsedByWindow(q: Db, memberId: string) {
  const { rows } = await playUsed(q, memberId);
  const n = (v: string) => (BigInt(v) > 0n ? BigInt(v) : 0n);
  const of = (p: RgPeriod) => rows.find((r) => r.period === p)!;
  return {
    wager: { day: n(of('day').wager), week: n(of('week').wager), month: n(of('month').wager) },
    loss: { day: n(of('day').loss), week: n(of('week').loss), month: n(of('month').loss) },
  };
}
