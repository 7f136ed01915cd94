import { trialTypes } from '@arcadia/contract';
import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import type { Database, PointRedemptionTable } from '../../db/schema.js';

type Db = Kysely<Database>;

export type RedemptionRow = Selectable<PointRedemptionTable>;

/** The member's account balance row of a kind (`points`, `main`), when it has one. */
export function accountBalance(db: Db, memberId: string, kind: 'points' | 'main') {
  return db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_id', '=', memberId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The redemption made under this request id, when there is one. */
export function findRedemptionByRequest(db: Db, memberId: string, requestId: string) {
  return db
    .selectFrom('point_redemption')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** How much of each stocked reward was taken. */
export function stockTaken(db: Db, merchantId: number) {
  return db
    .selectFrom('point_reward_stock')
    .select(['reward_id', 'taken'])
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** The database's UTC day. */
export async function databaseDay(db: Db) {
  const { rows: dbNow } = await sql<{ day: string }>`
        select (now() at time zone 'UTC')::date::text as day`.execute(db);
  return dbNow[0]!.day;
}

/** Members with valid bets of the rated types or deposits (when deposits earn) between the days. */
export async function earningCandidates(
  db: Db,
  merchantId: number,
  r: { types: string[]; deposit: string },
  from: string,
  today: string,
) {
  return (
    await sql<{ member_id: string }>`
        select s.member_id from member_stat_daily s
        where s.merchant_id = ${merchantId} and s.day between ${from}::date and ${today}::date and s.valid_bet > 0
          and s.game_type = any(${r.types}::text[])
        union
        select d.member_id from member_money_daily d
        where d.merchant_id = ${merchantId} and d.day between ${from}::date and ${today}::date and d.kind = 'DEPOSIT'
          and ${r.deposit}::bigint > 0
        order by 1`.execute(db)
  ).rows;
}

/** What the chunk's (non-trial) members earned per day, at the ratios (thousandths per `unit`). */
export async function earnedPoints(
  tx: Db,
  merchantId: number,
  r: { types: string[]; milli: string[]; deposit: string },
  unit: string,
  chunk: string,
  from: string,
  today: string,
) {
  const { rows: earned } = await sql<{ member_id: string; day: string; points: string }>`
            with bets as (
              select s.member_id, s.day,
                floor(sum(s.valid_bet)::numeric * r.milli / ${unit}::numeric)::bigint as points
              from member_stat_daily s
              join unnest(${r.types}::text[], ${r.milli}::bigint[]) as r(game_type, milli) on r.game_type = s.game_type
              where s.merchant_id = ${merchantId} and s.member_id = any(${chunk}::bigint[])
                and s.day between ${from}::date and ${today}::date
              group by s.member_id, s.day, s.game_type, r.milli),
            deposits as (
              select d.member_id, d.day, floor(sum(d.amount)::numeric * ${r.deposit}::bigint / ${unit}::numeric)::bigint as points
              from member_money_daily d
              where d.merchant_id = ${merchantId} and d.member_id = any(${chunk}::bigint[])
                and d.day between ${from}::date and ${today}::date and d.kind = 'DEPOSIT'
              group by d.member_id, d.day)
            select x.member_id, x.day::text as day, sum(x.points)::bigint as points
            from (select * from bets union all select * from deposits) x
            join member m on m.id = x.member_id and m.type <> all(${[...trialTypes]}::int[])
            group by x.member_id, x.day having sum(x.points) > 0
            order by 1, 2`.execute(tx);
  return earned;
}

export async function insertPointsDays(
  tx: Db,
  merchantId: number,
  earned: { member_id: string; day: string }[],
) {
  await sql`
            insert into points_day (member_id, day, merchant_id)
            select x.m, x.d, ${merchantId}
            from unnest(${earned.map((e) => e.member_id)}::bigint[], ${earned.map((e) => e.day)}::date[]) as x(m, d)
            on conflict do nothing`.execute(tx);
}

/** Locks the chunk's `points_day` rows between the days, in member and day order. */
export async function lockPointsDays(tx: Db, chunk: string, from: string, today: string) {
  const { rows: locked } = await sql<{ member_id: string; day: string; credited: string }>`
            select member_id, day::text as day, credited from points_day
            where member_id = any(${chunk}::bigint[]) and day between ${from}::date and ${today}::date
            order by member_id, day for update`.execute(tx);
  return locked;
}

/** Creates the members' points accounts that do not exist yet. */
export async function insertPointsAccounts(
  tx: Db,
  merchantId: number,
  memberIds: string[],
  currency: string,
) {
  await sql`
            insert into ledger_account (merchant_id, owner_id, kind, code, currency)
            select ${merchantId}, x, 'points', 'POINTS', ${currency}
            from unnest(${memberIds}::bigint[]) x
            on conflict do nothing`.execute(tx);
}

/** The members' points accounts. */
export async function pointsAccounts(tx: Db, merchantId: number, memberIds: string[]) {
  const { rows: accounts } = await sql<{ owner_id: string; id: string }>`
            select owner_id, id from ledger_account
            where merchant_id = ${merchantId} and kind = 'points' and code = 'POINTS'
              and owner_id = any(${`{${memberIds.join(',')}}`}::bigint[])`.execute(tx);
  return accounts;
}

export async function setCredited(tx: Db, dueDays: { member_id: string; day: string; points: string }[]) {
  await sql`
            update points_day p set credited = x.points
            from unnest(${dueDays.map((d) => d.member_id)}::bigint[], ${dueDays.map((d) => d.day)}::date[],
                        ${dueDays.map((d) => d.points)}::bigint[]) as x(m, d, points)
            where p.member_id = x.m and p.day = x.d`.execute(tx);
}

/** Takes `quantity` of a stocked reward; false when the stock has not that many left. */
export async function takeStock(
  tx: Db,
  merchantId: number,
  rewardId: string,
  quantity: number,
  stock: number,
) {
  await sql`insert into point_reward_stock (merchant_id, reward_id) values (${merchantId}, ${rewardId})
                    on conflict do nothing`.execute(tx);
  const { rows } = await sql`
            update point_reward_stock set taken = taken + ${quantity}
            where merchant_id = ${merchantId} and reward_id = ${rewardId} and taken + ${quantity} <= ${stock}
            returning taken`.execute(tx);
  return rows.length > 0;
}

/** Gives `quantity` of a reward back to its stock. */
export async function returnStock(tx: Db, merchantId: number, rewardId: string, quantity: number) {
  await sql`update point_reward_stock set taken = taken - ${quantity}
                    where merchant_id = ${merchantId} and reward_id = ${rewardId}`.execute(tx);
}

export function insertRedemption(tx: Db, values: Insertable<PointRedemptionTable>) {
  return tx.insertInto('point_redemption').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A page of the brand's redemptions (one member's; `process`: goods waiting, oldest first) and their count. */
export async function redemptionPage(
  db: Db,
  merchantId: number,
  memberId: string | null,
  page: { pageNo: number; pageSize: number; status?: string },
) {
  let q = db.selectFrom('point_redemption as r').where('r.merchant_id', '=', merchantId);
  if (memberId) q = q.where('r.member_id', '=', memberId);
  if (page.status === 'process') q = q.where('r.status', '=', 'process').where('r.kind', '=', 'goods');
  const count = Number((await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .innerJoin('member', 'member.id', 'r.member_id')
    .selectAll('r')
    .select('member.account')
    .orderBy('r.id', memberId || page.status !== 'process' ? 'desc' : 'asc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return { count, rows };
}

/** The member's points account id, when it has one. */
export function findPointsAccount(db: Db, memberId: string) {
  return db
    .selectFrom('ledger_account')
    .select('id')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'points')
    .executeTakeFirst();
}

/** A page of the account's entries, newest first, and their count. */
export async function entryPage(db: Db, accountId: string, page: { pageNo: number; pageSize: number }) {
  const q = db
    .selectFrom('ledger_entry as e')
    .innerJoin('ledger_transaction as t', 't.id', 'e.transaction_id')
    .where('e.account_id', '=', accountId);
  const count = Number((await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const rows = await q
    .select(['e.id', 't.created_at', 't.kind', 'e.amount', 'e.balance_after', 't.reference'])
    .orderBy('e.id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return { count, rows };
}

/** Locks the brand's redemption. */
export function lockRedemption(tx: Db, merchantId: number, id: string) {
  return tx
    .selectFrom('point_redemption')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateRedemption(tx: Db, id: string, values: Updateable<PointRedemptionTable>) {
  return tx
    .updateTable('point_redemption')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
