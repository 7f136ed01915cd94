import type { RgPeriod } from '@arcadia/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { limitsInForce } from './limit-changes.js';
import { WINDOW_MS } from './responsible.periods.js';
import { type Db, depositsSince, lockDeposits } from './responsible.repository.js';
import { assertMayPlay } from './self-exclusion.js';

/**
 * Deposit limits per rolling day, week and month (docs/responsible-gaming.md): the deposits made
 * or waiting in a window (failed, cancelled and rejected ones do not count) plus a new one may not
 * pass the limit of the moment. Checked by the payments inside the deposit's own transaction.
 */

/** Deposits made or waiting in each window (failed, cancelled and rejected ones do not count). */
export async function depositsUsed(q: Db, memberId: string, now: Date) {
  const since = (p: RgPeriod) => new Date(now.getTime() - WINDOW_MS[p]);
  const row = await depositsSince(q, memberId, {
    day: since('day'),
    week: since('week'),
    month: since('month'),
  });
  return { day: BigInt(row.day), week: BigInt(row.week), month: BigInt(row.month) };
}

/**
 * The deposit guard: inside a deposit's transaction, before it is recorded — one deposit decision
 * at a time per member (an advisory lock), refused while on a break or above what a limit leaves.
 */
export function createDepositGuard(now: () => Date) {
  return async function depositGuard(tx: Transaction<Database>, memberId: string, amount: bigint) {
    await lockDeposits(tx, memberId);
    const at = now();
    await assertMayPlay(tx, memberId, at);
    const rows = (await limitsInForce(tx, memberId, at)).filter((r) => r.kind === 'deposit');
    if (!rows.some((r) => r.amount)) return;
    const sums = await depositsUsed(tx, memberId, at);
    for (const r of rows) {
      if (!r.amount) continue;
      const left = BigInt(r.amount) - sums[r.period];
      if (amount > left)
        throw new AppError('rg.deposit_limit', {
          period: r.period,
          remaining: (left > 0n ? left : 0n).toString(),
        });
    }
  };
}
