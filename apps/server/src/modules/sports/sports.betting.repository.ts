import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, SportBetLegTable, SportBetTable } from '../../db/schema.js';

export type BetRow = Selectable<SportBetTable>;
export type LegRow = Selectable<SportBetLegTable>;

type Db = Kysely<Database>;

/** The bets' legs, in bet and leg order; one array parameter however many bets. */
export function legsOfBets(db: Db, betIds: string[]) {
  return db
    .selectFrom('sport_bet_leg')
    .selectAll()
    .where(sql<boolean>`bet_id = any(${`{${betIds.join(',')}}`}::bigint[])`)
    .orderBy('bet_id')
    .orderBy('idx')
    .execute();
}

/** Records the refunds the platform applied. */
export async function markBetsPaid(db: Db, ids: string[]) {
  await db.updateTable('sport_bet').set({ paid: true }).where('id', 'in', ids).execute();
}

/** The markets a bet picks from, with their event's status, time and teams. */
export function marketsForBet(db: Db, marketIds: string[]) {
  return db
    .selectFrom('sport_market as m')
    .innerJoin('sport_event as e', 'e.id', 'm.event_id')
    .select([
      'm.id',
      'm.event_id',
      'm.kind',
      'm.line',
      'm.map',
      'm.status',
      'm.prices',
      'e.status as event_status',
      'e.starts_at',
      'e.category',
      'e.home',
      'e.away',
    ])
    .where('m.id', 'in', marketIds)
    .execute();
}

/** The member's open stakes on each of these markets, all bets together. */
export function openStakesByMarket(db: Db, memberId: string, marketIds: string[]) {
  return db
    .selectFrom('sport_bet as b')
    .innerJoin('sport_bet_leg as l', 'l.bet_id', 'b.id')
    .select(['l.market_id', sql<string>`sum(b.stake)`.as('staked')])
    .where('b.member_id', '=', memberId)
    .where('b.status', 'in', ['placing', 'open'])
    .where('l.market_id', 'in', marketIds)
    .groupBy('l.market_id')
    .execute();
}

export function insertBet(db: Db, values: Insertable<SportBetTable>) {
  return db.insertInto('sport_bet').values(values).returningAll().executeTakeFirstOrThrow();
}

export function insertLegs(db: Db, values: Insertable<SportBetLegTable>[]) {
  return db.insertInto('sport_bet_leg').values(values).returningAll().execute();
}

/** A placed bet whose stake was taken becomes open; the row, or undefined when it was not placing. */
export function openPlacedBet(db: Db, betId: string) {
  return db
    .updateTable('sport_bet')
    .set({ status: 'open' })
    .where('id', '=', betId)
    .where('status', '=', 'placing')
    .returningAll()
    .executeTakeFirst();
}

/** A bet the platform refused: done, nothing to refund. */
export async function refuseBet(db: Db, betId: string) {
  await db
    .updateTable('sport_bet')
    .set({ status: 'refused', paid: true, settled_at: sql<Date>`now()` })
    .where('id', '=', betId)
    .execute();
}

/** A bet to refund (its refund not yet applied); returns it. */
export function markBetRefunded(db: Db, betId: string) {
  return db
    .updateTable('sport_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('id', '=', betId)
    .returningAll()
    .execute();
}

/** A page of the member's bets, newest first, and their count. */
export async function memberBets(
  db: Db,
  q: {
    merchantId: number;
    memberId: string;
    status: 'open' | 'settled' | 'all';
    pageNo: number;
    pageSize: number;
  },
) {
  let base = db
    .selectFrom('sport_bet')
    .where('merchant_id', '=', q.merchantId)
    .where('member_id', '=', q.memberId)
    .where('status', '!=', 'refused');
  if (q.status === 'open') base = base.where('status', 'in', ['open', 'placing']);
  if (q.status === 'settled') base = base.where('status', 'in', ['won', 'lost', 'void', 'refunded']);
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { count, rows };
}

export function eventById(db: Db, eventId: string) {
  return db.selectFrom('sport_event').selectAll().where('id', '=', eventId).executeTakeFirst();
}

/** The bets with a leg on the event that are open or settled (a correction may change them). */
export function betsOnEvent(db: Db, eventId: string) {
  return db
    .selectFrom('sport_bet_leg as l')
    .innerJoin('sport_bet as b', 'b.id', 'l.bet_id')
    .selectAll('b')
    .where('l.event_id', '=', eventId)
    .where('b.status', 'in', ['open', 'won', 'lost', 'void'])
    .execute();
}

/** Records the event's result version as settled. */
export async function markEventSettled(db: Db, eventId: string, version: number) {
  await db.updateTable('sport_event').set({ settled_version: version }).where('id', '=', eventId).execute();
}

/** Records the event's result version as settled, unless a later one already is. */
export async function markEventSettledUpTo(db: Db, eventId: string, version: number) {
  await db
    .updateTable('sport_event')
    .set({ settled_version: version })
    .where('id', '=', eventId)
    .where('settled_version', '<', version)
    .execute();
}

/** The results of those of these events that have one. */
export function decidedEvents(db: Db, eventIds: string[]) {
  return db
    .selectFrom('sport_event')
    .select(['id', 'result'])
    .where('id', 'in', eventIds)
    .where('result', 'is not', null)
    .execute();
}

/** Records legs' results, one statement for all. */
export async function updateLegResults(db: Db, updates: { bet: string; idx: number; result: string }[]) {
  await sql`
          update sport_bet_leg l set result = x.result
          from unnest(${`{${updates.map((u) => u.bet).join(',')}}`}::bigint[],
                      ${`{${updates.map((u) => u.idx).join(',')}}`}::smallint[],
                      ${`{${updates.map((u) => u.result).join(',')}}`}::text[]) as x(bet_id, idx, result)
          where l.bet_id = x.bet_id and l.idx = x.idx`.execute(db);
}

/**
 * Records one `settle` batch the platform applied (only while each bet is still open). Only the
 * ids of the rows it changed come back (one array, one row). `b.id = any(…)` as well as the join:
 * the rows are found through the primary key, not by hashing every open bet of the table once per
 * batch.
 */
export async function recordSettledBatch(db: Db, ok: { id: string; payout: string }[], statuses: string[]) {
  const ids = `{${ok.map((b) => b.id).join(',')}}`;
  const { rows } = await sql<{ settled_at: Date; ids: string }>`
            with done as (
              update sport_bet b
              set status = x.status, payout = x.payout, settled_at = now(), paid = true
              from unnest(${ids}::bigint[],
                          ${`{${ok.map((b) => b.payout).join(',')}}`}::bigint[],
                          ${`{${statuses.join(',')}}`}::text[]) as x(id, payout, status)
              where b.id = any(${ids}::bigint[]) and b.id = x.id and b.status = 'open'
              returning b.id
            )
            select now() as settled_at, coalesce(array_agg(id), '{}')::text as ids from done`.execute(db);
  return rows;
}

/** Records the bets of a batch that the platform voided as refunded (while still open). */
export async function recordVoidedBatch(db: Db, ids: string[]) {
  await db
    .updateTable('sport_bet')
    .set({ status: 'refunded', payout: '0', paid: true, settled_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}

/** Records a correction on a settled bet whose payout is still the one read; the row, or undefined. */
export function recordResettlement(
  db: Db,
  bet: { id: string; payout: string },
  v: { payout: bigint; status: 'won' | 'lost' | 'void'; moved: bigint },
) {
  return db
    .updateTable('sport_bet')
    .set({
      payout: v.payout,
      status: v.status,
      resettled: sql<string>`resettled + ${v.moved.toString()}::bigint`,
    })
    .where('id', '=', bet.id)
    .where('payout', '=', bet.payout)
    .returningAll()
    .executeTakeFirst();
}

/** Placements older than `cutoff` whose answers never came, marked refunded. */
export async function refundStalePlacing(db: Db, cutoff: Date) {
  await db
    .updateTable('sport_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('status', '=', 'placing')
    .where('placed_at', '<', cutoff)
    .execute();
}

/** Refunds recorded before `cutoff` the platform has not applied yet (a batch). */
export function unpaidRefunds(db: Db, cutoff: Date) {
  return db
    .selectFrom('sport_bet')
    .selectAll()
    .where('status', '=', 'refunded')
    .where('paid', '=', false)
    .where('settled_at', '<', cutoff)
    .limit(1000)
    .execute();
}

/** Events with a result whose settlement did not finish (a batch). */
export function unsettledEvents(db: Db) {
  return db
    .selectFrom('sport_event')
    .select('id')
    .where('result', 'is not', null)
    .whereRef('settled_version', '<', 'result_version')
    .limit(50)
    .execute();
}
