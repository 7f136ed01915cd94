import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The first instant of a UTC day, whatever the connection's time zone. */
const utcStart = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/** The member's valid bets and bet counts per day and product type between the days. */
export async function betsByDay(tx: Db, memberId: string, week: { from: string; to: string }) {
  return (
    await sql<{ day: string; game_type: string; valid_bet: string; bet_count: string }>`
        select day::text as day, game_type, sum(valid_bet) as valid_bet, sum(bet_count) as bet_count
        from member_stat_daily where member_id = ${memberId} and day between ${week.from}::date and ${week.to}::date
        group by day, game_type`.execute(tx)
  ).rows;
}

/** The member's deposits per day between the days. */
export async function depositsByDay(tx: Db, memberId: string, week: { from: string; to: string }) {
  return (
    await sql<{ day: string; amount: string }>`
        select day::text as day, sum(amount) as amount from member_money_daily
        where member_id = ${memberId} and kind = 'DEPOSIT' and day between ${week.from}::date and ${week.to}::date
        group by day`.execute(tx)
  ).rows;
}

/** The UTC days the member logged in since the start of `from`. */
export async function loginDays(tx: Db, memberId: string, from: string) {
  return (
    await sql<{ day: string }>`
        select distinct (created_at at time zone 'UTC')::date::text as day from session
        where member_id = ${memberId} and created_at >= ${utcStart(from)}`.execute(tx)
  ).rows;
}

/** The member's claims of periods starting on or after `from`. */
export function claimsSince(tx: Db, memberId: string, from: string) {
  return tx
    .selectFrom('mission_claim')
    .select(['mission_id', sql<string>`period_start::text`.as('period_start')])
    .where('member_id', '=', memberId)
    .where('period_start', '>=', from)
    .execute();
}

/** The points the member's claims made since the start of `from`. */
export async function pointsSince(tx: Db, memberId: string, from: string) {
  const { rows } = await sql<{ points: string }>`
      select coalesce(sum(points), 0) as points from mission_claim
      where member_id = ${memberId} and claimed_at >= ${utcStart(from)}`.execute(tx);
  return rows[0]!.points;
}

/** Records the claim unless the member has one for the task and period (undefined then). */
export function insertClaim(
  tx: Db,
  values: {
    member_id: string;
    merchant_id: number;
    mission_id: string;
    period_start: string;
    reward: bigint;
    points: number;
  },
) {
  return tx
    .insertInto('mission_claim')
    .values(values)
    .onConflict((oc) => oc.columns(['member_id', 'mission_id', 'period_start']).doNothing())
    .returning('member_id')
    .executeTakeFirst();
}

export function accountBalance(tx: Db, accountId: string) {
  return tx.selectFrom('ledger_account').select('balance').where('id', '=', accountId).executeTakeFirst();
}

export async function setClaimTransaction(
  tx: Db,
  memberId: string,
  missionId: string,
  periodStart: string,
  transactionId: string,
) {
  await tx
    .updateTable('mission_claim')
    .set({ ledger_transaction_id: transactionId })
    .where('member_id', '=', memberId)
    .where('mission_id', '=', missionId)
    .where('period_start', '=', periodStart)
    .execute();
}

/** The week's best members by points (ranked), at most `size`. */
export async function weekBoard(
  db: Db,
  merchantId: number,
  week: { from: string; to: string },
  toExclusive: string,
  size: number,
) {
  const { rows } = await sql<{ member_id: string; account: string; points: string; rank: string }>`
        select c.member_id, m.account, sum(c.points) as points,
               rank() over (order by sum(c.points) desc) as rank
        from mission_claim c join member m on m.id = c.member_id
        where c.merchant_id = ${merchantId} and c.claimed_at >= ${utcStart(week.from)}
          and c.claimed_at < ${utcStart(toExclusive)}
        group by c.member_id, m.account
        having sum(c.points) > 0
        order by points desc, min(c.claimed_at) asc
        limit ${size}`.execute(db);
  return rows;
}

/** How many members made more than `points` in the week. */
export async function membersAbove(
  db: Db,
  merchantId: number,
  from: string,
  toExclusive: string,
  points: number,
) {
  const { rows: above } = await sql<{ n: string }>`
            select count(*) as n from (
              select member_id from mission_claim
              where merchant_id = ${merchantId} and claimed_at >= ${utcStart(from)}
                and claimed_at < ${utcStart(toExclusive)}
              group by member_id having sum(points) > ${points}) t`.execute(db);
  return Number(above[0]!.n);
}
