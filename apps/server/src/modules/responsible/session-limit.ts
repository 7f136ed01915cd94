import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { RAISE_DELAY_MS } from './responsible.periods.js';
import {
  type Db,
  applyDueSessionLimit,
  capSessions,
  insertEvent,
  setPendingSessionLimit,
  settingsOf,
  upsertSessionLimit,
} from './responsible.repository.js';

/**
 * The session time limit (docs/responsible-gaming.md): a login lasts no longer than the member's
 * limit (the session service asks `sessionLimitMs` at login). A new or shorter limit applies at
 * once to the sessions already open — each ends once it has lasted the limit, at once for one
 * already older (`login.not.session`), and the games open end with the login; a longer limit or
 * its removal waits its 24 hours.
 */

/** The member's settings, with a session limit's raise or removal applied once its 24 hours are up. */
export async function settingsInForce(q: Db, memberId: string, now: Date) {
  await applyDueSessionLimit(q, memberId, now);
  return settingsOf(q, memberId);
}

/** The member's session time limit in milliseconds, or null: a new login lasts no longer. */
export async function sessionLimitMs(q: Db, memberId: string, now: Date): Promise<number | null> {
  const setting = await settingsInForce(q, memberId, now);
  return setting?.session_limit_minutes == null ? null : setting.session_limit_minutes * 60_000;
}

/** Sets the session limit inside the caller's transaction (which holds the member's play lock). */
export async function setSessionLimit(
  tx: Transaction<Database>,
  memberId: string,
  wanted: number | null,
  now: Date,
) {
  const current = (await settingsInForce(tx, memberId, now))?.session_limit_minutes ?? null;
  const lower = wanted !== null && (current === null || wanted < current);
  if (lower || wanted === current) {
    await upsertSessionLimit(tx, memberId, wanted, now);
    if (lower) {
      await capSessions(tx, memberId, wanted);
      await insertEvent(tx, memberId, 'limit_set', { kind: 'session', minutes: wanted });
    }
    return;
  }
  const from = new Date(now.getTime() + RAISE_DELAY_MS);
  await setPendingSessionLimit(tx, memberId, wanted, from, now);
  await insertEvent(tx, memberId, 'limit_pending', {
    kind: 'session',
    minutes: wanted,
    from: from.toISOString(),
  });
}
