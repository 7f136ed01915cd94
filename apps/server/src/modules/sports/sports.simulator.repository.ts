import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The simulator's fixtures that are live (their time may be up). */
export function liveSimulatedEvents(db: Kysely<Database>) {
  return db
    .selectFrom('sport_event')
    .select(['id', 'external_id', 'starts_at'])
    .where('source', '=', 'simulator')
    .where('status', '=', 'live')
    .execute();
}
