import type { SportsCategory } from '@arcadia/contract';
import { type Insertable, type Kysely, type Updateable, sql } from 'kysely';
import type { Database, SportEventTable, SportMarketTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The events' markets, by event then market id. */
export function marketsOfEvents(db: Db, eventIds: string[]) {
  return db
    .selectFrom('sport_market')
    .selectAll()
    .where('event_id', 'in', eventIds)
    .orderBy('event_id')
    .orderBy('id')
    .execute();
}

/** A category's events not finished and those ended after `endedAfter`, soonest first (at most 200). */
export function categoryEvents(db: Db, category: SportsCategory, endedAfter: Date) {
  return db
    .selectFrom('sport_event')
    .selectAll()
    .where('category', '=', category)
    .where((eb) => eb.or([eb('status', 'in', ['scheduled', 'live']), eb('ends_at', '>', endedAfter)]))
    .orderBy('starts_at')
    .orderBy('id')
    .limit(200)
    .execute();
}

export function eventById(db: Db, eventId: string) {
  return db.selectFrom('sport_event').selectAll().where('id', '=', eventId).executeTakeFirst();
}

/** The event with this external id, locked for the import. */
export function lockEventByExternalId(db: Db, externalId: string) {
  return db
    .selectFrom('sport_event')
    .selectAll()
    .where('external_id', '=', externalId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertEvent(db: Db, v: Insertable<SportEventTable>) {
  return db.insertInto('sport_event').values(v).returningAll().executeTakeFirstOrThrow();
}

/** A scheduled event's names and start time from the feed. */
export function updateEventFromFeed(db: Db, eventId: string, v: Updateable<SportEventTable>) {
  return db
    .updateTable('sport_event')
    .set(v)
    .where('id', '=', eventId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Creates a market, or reprices an open or suspended one whose prices changed (a new version); the row when written. */
export function upsertMarket(db: Db, v: Insertable<SportMarketTable> & { prices: string }) {
  const { prices } = v;
  return db
    .insertInto('sport_market')
    .values(v)
    .onConflict((oc) =>
      oc
        .expression(sql`event_id, kind, coalesce(line, -9999), coalesce(map, 0)`)
        .doUpdateSet({ prices, version: sql<number>`sport_market.version + 1` })
        .where(sql<boolean>`sport_market.prices <> excluded.prices`)
        .where('sport_market.status', 'in', ['open', 'suspended']),
    )
    .returningAll()
    .executeTakeFirst();
}

/** A market with its event's status and category, locked. */
export function lockMarket(db: Db, marketId: string) {
  return db
    .selectFrom('sport_market as m')
    .innerJoin('sport_event as e', 'e.id', 'm.event_id')
    .selectAll('m')
    .select(['e.status as event_status', 'e.category'])
    .where('m.id', '=', marketId)
    .forUpdate()
    .executeTakeFirst();
}

/** A market's new status and/or prices (a new version). */
export function updateMarket(
  db: Db,
  marketId: string,
  change: { status?: 'open' | 'suspended' | undefined; prices?: string | undefined },
) {
  return db
    .updateTable('sport_market')
    .set({
      ...(change.status ? { status: change.status } : {}),
      ...(change.prices ? { prices: change.prices } : {}),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', marketId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Scheduled events whose start has come become live; returns them. */
export function startDueEvents(db: Db, now: Date) {
  return db
    .updateTable('sport_event')
    .set({ status: 'live' })
    .where('status', '=', 'scheduled')
    .where('starts_at', '<=', now)
    .returningAll()
    .execute();
}

/** Closes the events' open and suspended markets (a new version); returns them. */
export function closeMarketsOf(db: Db, eventIds: string[]) {
  return db
    .updateTable('sport_market')
    .set({ status: 'closed', version: sql<number>`version + 1` })
    .where('event_id', 'in', eventIds)
    .where('status', 'in', ['open', 'suspended'])
    .returningAll()
    .execute();
}

export function lockEvent(db: Db, eventId: string) {
  return db.selectFrom('sport_event').selectAll().where('id', '=', eventId).forUpdate().executeTakeFirst();
}

/** The kinds of the event's markets. */
export function marketKindsOf(db: Db, eventId: string) {
  return db.selectFrom('sport_market').select('kind').distinct().where('event_id', '=', eventId).execute();
}

/** Records an event's result (a new result version); returns the event. */
export function recordEventResult(
  db: Db,
  eventId: string,
  v: { status: 'cancelled' | 'finished'; result: string; ends_at: Date | string },
) {
  return db
    .updateTable('sport_event')
    .set({
      status: v.status,
      result: v.result,
      result_version: sql<number>`result_version + 1`,
      ends_at: v.ends_at,
    })
    .where('id', '=', eventId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks the event's markets settled or voided (a new version). */
export async function closeEventMarkets(db: Db, eventId: string, status: 'voided' | 'settled') {
  await db
    .updateTable('sport_market')
    .set({ status, version: sql<number>`version + 1` })
    .where('event_id', '=', eventId)
    .execute();
}
