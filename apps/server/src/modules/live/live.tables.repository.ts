import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, LiveBetTable, LiveRoundTable } from '../../db/schema.js';

export type RoundRow = Selectable<LiveRoundTable>;
export type BetRow = Selectable<LiveBetTable>;

type Db = Kysely<Database>;

/** Every table's latest round. */
export async function latestRounds(db: Db) {
  const { rows } = await sql<RoundRow>`
      select distinct on (table_code) * from live_round
      order by table_code, round_no desc`.execute(db);
  return rows;
}

/** Opens a round unless that round number exists; the row, or undefined. */
export function insertRound(db: Db, values: Insertable<LiveRoundTable>) {
  return db
    .insertInto('live_round')
    .values(values)
    .onConflict((oc) => oc.columns(['table_code', 'round_no']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Closes a round still taking bets, with its result; the row, or undefined. */
export function closeBettingRound(db: Db, roundId: string, result: string) {
  return db
    .updateTable('live_round')
    .set({ status: 'dealing', result })
    .where('id', '=', roundId)
    .where('status', '=', 'betting')
    .returningAll()
    .executeTakeFirst();
}

/** Records the refunds the platform applied. */
export async function markBetsPaid(db: Db, ids: string[]) {
  await db.updateTable('live_bet').set({ paid: true }).where('id', 'in', ids).execute();
}

export function roundNumbers(db: Db, roundIds: string[]) {
  return db.selectFrom('live_round').select(['id', 'round_no']).where('id', 'in', roundIds).execute();
}

export function roundById(db: Db, roundId: string) {
  return db.selectFrom('live_round').selectAll().where('id', '=', roundId).executeTakeFirst();
}

export async function openBetsOfRound(db: Db, roundId: string) {
  return (await db
    .selectFrom('live_bet')
    .selectAll()
    .where('round_id', '=', roundId)
    .where('status', '=', 'open')
    .execute()) as BetRow[];
}

/** Records one `settle` batch the platform applied (only while each bet is still open); the rows changed. */
export async function recordSettledBatch(db: Db, ok: { id: string; payout: string }[]) {
  const { rows } = await sql<BetRow>`
          update live_bet b
          set status = case when x.payout > 0 then 'won' else 'lost' end, payout = x.payout,
              settled_at = now(), paid = true
          from unnest(${`{${ok.map((b) => b.id).join(',')}}`}::bigint[],
                      ${`{${ok.map((b) => b.payout).join(',')}}`}::bigint[]) as x(id, payout)
          where b.id = x.id and b.status = 'open'
          returning b.*`.execute(db);
  return rows;
}

/** Records the bets of a batch that the platform voided as refunded (while still open). */
export async function recordVoidedBatch(db: Db, ids: string[]) {
  await db
    .updateTable('live_bet')
    .set({ status: 'refunded', paid: true, settled_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}

/** Marks a dealt round settled; the row, or undefined. */
export function markRoundSettled(db: Db, roundId: string) {
  return db
    .updateTable('live_round')
    .set({ status: 'settled', settled_at: sql<Date>`now()` })
    .where('id', '=', roundId)
    .where('status', '=', 'dealing')
    .returningAll()
    .executeTakeFirst();
}

/** Voids a round not yet settled; the row, or undefined. */
export function markRoundVoided(db: Db, roundId: string) {
  return db
    .updateTable('live_round')
    .set({ status: 'voided', settled_at: sql<Date>`now()` })
    .where('id', '=', roundId)
    .where('status', 'in', ['betting', 'dealing'])
    .returningAll()
    .executeTakeFirst();
}

/** Marks a round's open and placing bets refunded; returns them. */
export async function refundBetsOfRound(db: Db, roundId: string) {
  return (await db
    .updateTable('live_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('round_id', '=', roundId)
    .where('status', 'in', ['open', 'placing'])
    .returningAll()
    .execute()) as BetRow[];
}

/** A brand's stakes per spot on a round, and its players. */
export async function roundTotals(db: Db, merchantId: number, roundId: string) {
  const rows = await db
    .selectFrom('live_bet')
    .select(['spot', sql<string>`sum(stake)`.as('amount'), sql<string>`count(*)`.as('bets')])
    .where('round_id', '=', roundId)
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', ['placing', 'open', 'won', 'lost'])
    .groupBy('spot')
    .execute();
  const players = await db
    .selectFrom('live_bet')
    .select(sql<string>`count(distinct member_id)`.as('n'))
    .where('round_id', '=', roundId)
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', ['placing', 'open', 'won', 'lost'])
    .executeTakeFirst();
  return { rows, players };
}

/** The rounds settled last on a table, newest first. */
export function settledRounds(db: Db, tableCode: string, limit: number) {
  return db
    .selectFrom('live_round')
    .select(['id', 'round_no', 'result', 'seed_hash', 'server_seed'])
    .where('table_code', '=', tableCode)
    .where('status', '=', 'settled')
    .orderBy('round_no', 'desc')
    .limit(limit)
    .execute();
}

/** The round a bet names, on its table. */
export function roundForBet(db: Db, roundId: string, tableCode: string) {
  return db
    .selectFrom('live_round')
    .select(['id', 'round_no', 'status', 'closes_at'])
    .where('id', '=', roundId)
    .where('table_code', '=', tableCode)
    .executeTakeFirst();
}

/** One placement of a member on a round at a time (a transaction lock). */
export async function lockMemberRound(db: Db, roundId: string, memberId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`live:${roundId}:${memberId}`}))`.execute(db);
}

/** The member's stakes per spot on the round, placing or open. */
export function memberStakesBySpot(db: Db, roundId: string, memberId: string) {
  return db
    .selectFrom('live_bet')
    .select(['spot', sql<string>`sum(stake)`.as('staked')])
    .where('round_id', '=', roundId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['placing', 'open'])
    .groupBy('spot')
    .execute();
}

export async function insertBets(db: Db, values: Insertable<LiveBetTable>[]) {
  return (await db.insertInto('live_bet').values(values).returningAll().execute()) as BetRow[];
}

/** Placed bets whose stakes were all taken become open. */
export async function openPlacedBets(db: Db, ids: string[]) {
  await db
    .updateTable('live_bet')
    .set({ status: 'open' })
    .where('id', 'in', ids)
    .where('status', '=', 'placing')
    .execute();
}

export function roundStatus(db: Db, roundId: string) {
  return db.selectFrom('live_round').select('status').where('id', '=', roundId).executeTakeFirst();
}

/** Bets the platform refused: done, nothing to refund. */
export async function refuseBets(db: Db, ids: string[]) {
  await db
    .updateTable('live_bet')
    .set({ status: 'refused', paid: true, settled_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
}

/** Bets to refund (their refund not yet applied). */
export async function markBetsRefunded(db: Db, ids: string[]) {
  await db
    .updateTable('live_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
}

/** A page of the member's bets with their round numbers, newest first, and their count. */
export async function memberBets(
  db: Db,
  q: {
    merchantId: number;
    memberId: string;
    tableCode?: string | undefined;
    roundId?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  let base = db
    .selectFrom('live_bet as b')
    .innerJoin('live_round as r', 'r.id', 'b.round_id')
    .where('b.merchant_id', '=', q.merchantId)
    .where('b.member_id', '=', q.memberId)
    .where('b.status', '!=', 'refused');
  if (q.tableCode) base = base.where('b.table_code', '=', q.tableCode);
  if (q.roundId) base = base.where('b.round_id', '=', q.roundId);
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('b')
    .select('r.round_no')
    .orderBy('b.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { count, rows };
}

/** Placements older than `cutoff` whose answers never came, marked refunded; returns them. */
export async function refundStalePlacing(db: Db, cutoff: Date) {
  return (await db
    .updateTable('live_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('status', '=', 'placing')
    .where('placed_at', '<', cutoff)
    .returningAll()
    .execute()) as BetRow[];
}

/** Refunds recorded before `cutoff` the platform has not applied yet (a batch). */
export async function unpaidRefunds(db: Db, cutoff: Date) {
  return (await db
    .selectFrom('live_bet')
    .selectAll()
    .where('status', '=', 'refunded')
    .where('paid', '=', false)
    .where('settled_at', '<', cutoff)
    .limit(1000)
    .execute()) as BetRow[];
}

/** Rounds with open bets that are settled, or dealt with their result time come at `now` (a batch). */
export function dealtRoundsWithOpenBets(db: Db, now: Date) {
  return db
    .selectFrom('live_bet as b')
    .innerJoin('live_round as r', 'r.id', 'b.round_id')
    .select('b.round_id')
    .where('b.status', '=', 'open')
    .where((eb) =>
      eb.or([
        eb('r.status', '=', 'settled'),
        eb.and([eb('r.status', '=', 'dealing'), eb('r.result_at', '<=', now)]),
      ]),
    )
    .groupBy('b.round_id')
    .limit(50)
    .execute();
}

/** A round of a table, for an operator's void. */
export function roundOfTable(db: Db, roundId: string, tableCode: string) {
  return db
    .selectFrom('live_round')
    .select(['id', 'status'])
    .where('id', '=', roundId)
    .where('table_code', '=', tableCode)
    .executeTakeFirst();
}
