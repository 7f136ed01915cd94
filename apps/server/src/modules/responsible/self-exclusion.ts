import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import {
  type Db,
  endVendorSessions,
  exclusionsInForce,
  insertEvent,
  insertExclusion,
} from './responsible.repository.js';

/**
 * Breaks: cool-offs (hours) and self-exclusions (months, or for good) — docs/responsible-gaming.md.
 * While one is in force the member may not play (a game launch, a seat, a bet session) nor deposit
 * (the deposit guard checks it); withdrawals stay open. A break can only be made longer: never
 * shortened, never lifted. Taking one ends the games already open.
 */

/** The exclusion in force for a member at `now`, if any (the one that ends last). */
export async function activeExclusion(q: Db, memberId: string, now: Date) {
  const rows = await exclusionsInForce(q, memberId, now);
  if (rows.length === 0) return null;
  const permanent = rows.find((r) => r.ends_at === null);
  if (permanent) return { kind: permanent.kind, until: null };
  const last = rows.reduce((a, b) => (new Date(b.ends_at!) > new Date(a.ends_at!) ? b : a));
  return { kind: last.kind, until: new Date(last.ends_at!) };
}

/** Refuses play (a game launch, a seat, a bet session) while a member is on a break. */
export async function assertMayPlay(q: Db, memberId: string, now = new Date()) {
  const ex = await activeExclusion(q, memberId, now);
  if (ex) throw new AppError('rg.excluded', { until: ex.until?.toISOString() ?? null });
}

export type BreakRequest =
  { kind: 'cooloff'; hours: number } | { kind: 'self_exclusion'; months: number | null };

/** When a break taken at `now` ends: null for a self-exclusion for good. */
export function breakEnd(now: Date, body: BreakRequest) {
  if (body.kind === 'cooloff') return new Date(now.getTime() + body.hours * 3_600_000);
  if (body.months === null) return null;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + body.months);
  return end;
}

/**
 * Takes a break inside the caller's transaction (which holds the member's deposit lock): refused
 * when it would not end later than the one in force; the open games' launch sessions end now.
 */
export async function takeBreak(
  tx: Transaction<Database>,
  merchantId: number,
  memberId: string,
  body: BreakRequest,
  now: Date,
) {
  const ends = breakEnd(now, body);
  const current = await activeExclusion(tx, memberId, now);
  // A break can only be made longer: never shortened, never lifted.
  if (current && (current.until === null || (ends !== null && ends <= current.until)))
    throw new AppError('rg.exclusion_active', { until: current.until?.toISOString() ?? null });
  await insertExclusion(tx, {
    merchant_id: merchantId,
    member_id: memberId,
    kind: body.kind,
    starts_at: now,
    ends_at: ends,
  });
  // The games already open stop taking bets: their launch sessions end now.
  await endVendorSessions(tx, memberId, now);
  await insertEvent(tx, memberId, 'excluded', { kind: body.kind, until: ends?.toISOString() ?? null });
}
