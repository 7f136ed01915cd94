import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, LotteryBetTable, LotteryOrderTable } from '../../db/schema.js';

/** A `lottery_bet` row as read. */
export type BetRow = Selectable<LotteryBetTable>;

type Db = Kysely<Database>;

/** Records the refunds the platform applied. */
export async function markBetsPaid(db: Db, ids: string[]) {
  await db.updateTable('lottery_bet').set({ paid: true }).where('id', 'in', ids).execute();
}

/** The orders' win-stop flags; `ids` is one array parameter (`{1,2,3}`), however many orders. */
export function orderWinStops(db: Db, ids: string) {
  return db
    .selectFrom('lottery_order')
    .select(['id', 'win_stop'])
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .execute();
}

/**
 * Records one `settle` batch the platform applied: status, payout and `paid` in one update (only
 * while the bet is still open). Only the ids of the rows it changed come back (one array, one row).
 * `b.id = any(…)` as well as the join: the rows are found through the primary key, not by hashing
 * every open bet of the table once per batch.
 */
export async function recordSettledBatch(db: Db, ids: string, payouts: string) {
  const { rows } = await sql<{ settled_at: Date; ids: string }>`
          with done as (
            update lottery_bet b
            set status = case when x.payout > 0 then 'won' else 'lost' end, payout = x.payout,
                settled_at = now(), paid = true
            from unnest(${`{${ids}}`}::bigint[], ${`{${payouts}}`}::bigint[]) as x(id, payout)
            where b.id = any(${`{${ids}}`}::bigint[]) and b.id = x.id and b.status = 'open'
            returning b.id
          )
          select now() as settled_at, coalesce(array_agg(id), '{}')::text as ids from done`.execute(db);
  return rows;
}

/** Records the bets of a batch that the platform voided as refunded (while still open). */
export async function recordVoidedBatch(db: Db, ids: string[]) {
  await db
    .updateTable('lottery_bet')
    .set({ status: 'refunded', payout: '0', paid: true, settled_at: sql<Date>`now()` })
    .where(sql<boolean>`id = any(${`{${ids.join(',')}}`}::bigint[])`)
    .where('status', '=', 'open')
    .execute();
}

/** Stops the orders (`ids` one array parameter) not yet stopped. */
export async function stopOrders(db: Db, ids: string) {
  await db
    .updateTable('lottery_order')
    .set({ stopped_at: sql<Date>`now()` })
    .where(sql<boolean>`id = any(${ids}::bigint[])`)
    .where('stopped_at', 'is', null)
    .execute();
}

/** Marks the open bets of the orders (`ids` one array parameter) refunded; returns them. */
export function refundOpenBetsOfOrders(db: Db, ids: string) {
  return db
    .updateTable('lottery_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where(sql<boolean>`order_id = any(${ids}::bigint[])`)
    .where('status', '=', 'open')
    .returningAll()
    .execute();
}

/** The game's issues among these numbers, with their draw time and status. */
export function issuesOf(db: Db, gameCode: string, wanted: string[]) {
  return db
    .selectFrom('lottery_issue')
    .select(['issue', 'draw_at', 'status'])
    .where('game_code', '=', gameCode)
    .where('issue', 'in', wanted)
    .execute();
}

export function insertOrder(db: Db, values: Insertable<LotteryOrderTable>) {
  return db
    .insertInto('lottery_order')
    .values(values)
    .returning(['id', 'win_stop'])
    .executeTakeFirstOrThrow();
}

export function insertBets(db: Db, values: Insertable<LotteryBetTable>[]) {
  return db.insertInto('lottery_bet').values(values).returningAll().execute();
}

/** Placed bets whose stakes were all taken become open. */
export async function openPlacedBets(db: Db, ids: string[]) {
  await db
    .updateTable('lottery_bet')
    .set({ status: 'open' })
    .where('id', 'in', ids)
    .where('status', '=', 'placing')
    .execute();
}

/** Bets the platform refused: done, nothing to refund. */
export async function refuseBets(db: Db, ids: string[]) {
  await db
    .updateTable('lottery_bet')
    .set({ status: 'refused', paid: true, settled_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
}

/** Bets to refund (their refund not yet applied). */
export async function markBetsRefunded(db: Db, ids: string[]) {
  await db
    .updateTable('lottery_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('id', 'in', ids)
    .execute();
}

/** An issue's status and stored result. */
export function issueResult(db: Db, gameCode: string, issue: string) {
  return db
    .selectFrom('lottery_issue')
    .select(['status', 'numbers', 'prizes'])
    .where('game_code', '=', gameCode)
    .where('issue', '=', issue)
    .executeTakeFirst();
}

/** Every open bet of an issue. */
export async function openBetsOfIssue(db: Db, gameCode: string, issue: string) {
  return (await db
    .selectFrom('lottery_bet')
    .selectAll()
    .where('game_code', '=', gameCode)
    .where('issue', '=', issue)
    .where('status', '=', 'open')
    .execute()) as BetRow[];
}

/** Cancels an open issue; undefined when it was not open. */
export function cancelOpenIssue(db: Db, gameCode: string, issue: string) {
  return db
    .updateTable('lottery_issue')
    .set({ status: 'cancelled' })
    .where('game_code', '=', gameCode)
    .where('issue', '=', issue)
    .where('status', '=', 'open')
    .returning(['game_code'])
    .executeTakeFirst();
}

/** Marks every open or placing bet of an issue refunded; returns them. */
export async function refundBetsOfIssue(db: Db, gameCode: string, issue: string) {
  return (await db
    .updateTable('lottery_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('game_code', '=', gameCode)
    .where('issue', '=', issue)
    .where('status', 'in', ['open', 'placing'])
    .returningAll()
    .execute()) as BetRow[];
}

/** The member's order, or undefined. */
export function memberOrder(db: Db, orderId: string, merchantId: number, memberId: string) {
  return db
    .selectFrom('lottery_order')
    .select(['id', 'game_code'])
    .where('id', '=', orderId)
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Marks the order's open bets on issues still on sale (drawn after `closeAfter`) refunded; returns them. */
export async function refundChaseBets(db: Db, orderId: string, closeAfter: Date) {
  return (await db
    .updateTable('lottery_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('order_id', '=', orderId)
    .where('status', '=', 'open')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lottery_issue as i')
          .select('i.issue')
          .whereRef('i.game_code', '=', 'lottery_bet.game_code')
          .whereRef('i.issue', '=', 'lottery_bet.issue')
          .where('i.status', '=', 'open')
          .where('i.draw_at', '>', closeAfter),
      ),
    )
    .returningAll()
    .execute()) as BetRow[];
}

/** Stops an order. */
export async function stopOrder(db: Db, orderId: string) {
  await db
    .updateTable('lottery_order')
    .set({ stopped_at: sql<Date>`now()` })
    .where('id', '=', orderId)
    .execute();
}

/** A page of the member's bets, newest first, with their order's win-stop and the issue's result. */
export async function memberBets(
  db: Db,
  q: {
    merchantId: number;
    memberId: string;
    gameId?: string | undefined;
    status: 'open' | 'settled' | 'all';
    pageNo: number;
    pageSize: number;
  },
) {
  let base = db
    .selectFrom('lottery_bet as b')
    .innerJoin('lottery_order as o', 'o.id', 'b.order_id')
    .leftJoin('lottery_issue as i', (j) =>
      j.onRef('i.game_code', '=', 'b.game_code').onRef('i.issue', '=', 'b.issue'),
    )
    .where('b.merchant_id', '=', q.merchantId)
    .where('b.member_id', '=', q.memberId)
    .where('b.status', '!=', 'refused');
  if (q.gameId) base = base.where('b.game_code', '=', q.gameId);
  if (q.status === 'open') base = base.where('b.status', 'in', ['open', 'placing']);
  if (q.status === 'settled') base = base.where('b.status', 'in', ['won', 'lost', 'refunded']);
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('b')
    .select(['o.win_stop', 'i.numbers', 'i.status as issue_status'])
    .orderBy('b.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { count, rows };
}

/** Placements older than `cutoff` whose answers never came, marked refunded; returns them. */
export async function refundStalePlacing(db: Db, cutoff: Date) {
  return (await db
    .updateTable('lottery_bet')
    .set({ status: 'refunded', settled_at: sql<Date>`now()` })
    .where('status', '=', 'placing')
    .where('placed_at', '<', cutoff)
    .returningAll()
    .execute()) as BetRow[];
}

/** Refunds recorded before `cutoff` the platform has not applied yet (a batch). */
export async function unpaidRefunds(db: Db, cutoff: Date) {
  return (await db
    .selectFrom('lottery_bet')
    .selectAll()
    .where('status', '=', 'refunded')
    .where('paid', '=', false)
    .where('settled_at', '<', cutoff)
    .limit(1000)
    .execute()) as BetRow[];
}

/** Drawn issues that still have open bets (a batch). */
export function drawnIssuesWithOpenBets(db: Db) {
  return db
    .selectFrom('lottery_bet as b')
    .innerJoin('lottery_issue as i', (j) =>
      j.onRef('i.game_code', '=', 'b.game_code').onRef('i.issue', '=', 'b.issue'),
    )
    .select(['b.game_code', 'b.issue'])
    .where('b.status', '=', 'open')
    .where('i.status', '=', 'drawn')
    .groupBy(['b.game_code', 'b.issue'])
    .limit(50)
    .execute();
}
