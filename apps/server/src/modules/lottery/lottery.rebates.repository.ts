import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The member's own prize group, if one was set. */
export function memberPrizeGroup(db: Db, merchantId: number, memberId: string) {
  return db
    .selectFrom('lottery_prize_group')
    .select('prize_group')
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** A page of the member's direct downline with their own groups, and its count. */
export async function downlineGroups(
  db: Db,
  merchantId: number,
  parentId: string,
  pageNo: number,
  pageSize: number,
) {
  const base = db
    .selectFrom('member as m')
    .leftJoin('lottery_prize_group as g', 'g.member_id', 'm.id')
    .where('m.merchant_id', '=', merchantId)
    .where('m.parent_id', '=', parentId);
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['m.id', 'm.account', 'm.type', 'g.prize_group'])
    .orderBy('m.id')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  return { count, rows };
}

export function memberParent(db: Db, merchantId: number, memberId: string) {
  return db
    .selectFrom('member')
    .select(['id', 'parent_id'])
    .where('id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** The highest group given to the member's direct downline. */
export function highestGroupBelow(db: Db, memberId: string) {
  return db
    .selectFrom('lottery_prize_group as g')
    .innerJoin('member as m', 'm.id', 'g.member_id')
    .select((eb) => eb.fn.max('g.prize_group').as('top'))
    .where('m.parent_id', '=', memberId)
    .executeTakeFirst();
}

export async function upsertPrizeGroup(
  db: Db,
  v: { memberId: string; merchantId: number; prizeGroup: number; setBy: string },
) {
  await db
    .insertInto('lottery_prize_group')
    .values({
      member_id: v.memberId,
      merchant_id: v.merchantId,
      prize_group: v.prizeGroup,
      set_by: v.setBy,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        prize_group: v.prizeGroup,
        set_by: v.setBy,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export function merchantSettings(db: Db, merchantId: number) {
  return db
    .selectFrom('merchant')
    .select(['settings', 'currency'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}

/** The members' (`members` one array parameter) uplines, nearest first, with their own groups. */
export async function uplineChains(db: Db, members: string) {
  const { rows } = await sql<{
    descendant_id: string;
    ancestor_id: string;
    prize_group: number | null;
  }>`
          select t.descendant_id, t.ancestor_id, g.prize_group
          from member_tree t left join lottery_prize_group g on g.member_id = t.ancestor_id
          where t.descendant_id = any(${members}::bigint[]) and t.depth > 0
          order by t.descendant_id, t.depth`.execute(db);
  return rows;
}

/** Marks the bets rebated, once; returns the ids it marked. */
export async function markRebated(db: Db, ids: string[]) {
  const { rows } = await sql<{ id: string }>`
            update lottery_bet set rebated = true
            where id = any(${`{${ids.join(',')}}`}::bigint[]) and not rebated
            returning id`.execute(db);
  return rows;
}
