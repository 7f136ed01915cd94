import type { RgPeriod } from '@arcadia/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { RAISE_DELAY_MS } from './responsible.periods.js';
import {
  type Db,
  type LimitKind,
  applyDueLimits,
  insertEvent,
  limitsOf,
  setPendingLimit,
  upsertLimit,
} from './responsible.repository.js';

/**
 * The 24-hour rule for deposit, loss and wager limits (docs/responsible-gaming.md): a new or lower
 * limit applies at once; a raise or a removal waits `RG_RAISE_DELAY_HOURS`, the limit in force
 * staying until then. Every change is an `rg_event`.
 */

/** The member's limits of every kind, with any raise or removal whose 24 hours are up applied first. */
export async function limitsInForce(q: Db, memberId: string, now: Date) {
  const due = await applyDueLimits(q, memberId, now);
  for (const d of due)
    await insertEvent(q, memberId, 'limit_applied', { kind: d.kind, period: d.period, amount: d.amount });
  return limitsOf(q, memberId);
}

export type LimitRow = Awaited<ReturnType<typeof limitsInForce>>[number];

/** Sets one limit by the 24-hour rule, inside the caller's transaction (which holds the member's lock). */
export async function setLimit(
  tx: Transaction<Database>,
  memberId: string,
  kind: LimitKind,
  period: RgPeriod,
  wanted: bigint | null,
  now: Date,
  by = 'member',
) {
  const current = (await limitsInForce(tx, memberId, now)).find(
    (r) => r.kind === kind && r.period === period,
  );
  const inForce = current?.amount ? BigInt(current.amount) : null;
  const lower = wanted !== null && (inForce === null || wanted < inForce);
  const same = wanted === inForce;
  if (lower || same) {
    await upsertLimit(tx, memberId, kind, period, wanted?.toString() ?? null, now);
    if (lower) await insertEvent(tx, memberId, 'limit_set', { kind, period, amount: wanted!.toString(), by });
    return;
  }
  // A raise, or removing the limit: it waits its 24 hours; the limit in force stays until then.
  const from = new Date(now.getTime() + RAISE_DELAY_MS);
  await setPendingLimit(tx, memberId, kind, period, wanted?.toString() ?? null, from, now);
  await insertEvent(tx, memberId, 'limit_pending', {
    kind,
    period,
    amount: wanted?.toString() ?? null,
    from: from.toISOString(),
    by,
  });
}
