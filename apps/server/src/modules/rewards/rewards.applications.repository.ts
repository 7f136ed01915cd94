import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PromotionApplicationTable } from '../../db/schema.js';

type Db = Kysely<Database>;

export type ApplicationRow = Selectable<PromotionApplicationTable> & { account?: string };
type Status = ApplicationRow['status'];

/** The member's applications' statuses by promotion. */
export function statusesOf(db: Db, memberId: string) {
  return db
    .selectFrom('promotion_application')
    .select(['promotion_id', 'status', 'amount', 'reason'])
    .where('member_id', '=', memberId)
    .execute();
}

/** The member's application to the promotion, its status and amount. */
export function findStatus(tx: Db, memberId: string, promotionId: string) {
  return tx
    .selectFrom('promotion_application')
    .select(['status', 'amount'])
    .where('member_id', '=', memberId)
    .where('promotion_id', '=', promotionId)
    .executeTakeFirst();
}

/** A new application without its images yet. */
export function insertApplication(
  tx: Db,
  values: { merchant_id: number; member_id: string; promotion_id: string; comment: string },
) {
  return tx
    .insertInto('promotion_application')
    .values({ ...values, images: '[]' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Lists the application's image files (a JSON array). */
export function setImages(tx: Db, id: string, images: string) {
  return tx
    .updateTable('promotion_application')
    .set({ images })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The member's last 50 applications, newest first. */
export function latestOf(db: Db, memberId: string) {
  return db
    .selectFrom('promotion_application')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** The images of an application, of the member or of the brand. */
export function imagesOf(db: Db, id: string, owner: { memberId: string } | { merchantId: number }) {
  const q = db.selectFrom('promotion_application').select('images').where('id', '=', id);
  return (
    'memberId' in owner
      ? q.where('member_id', '=', owner.memberId)
      : q.where('merchant_id', '=', owner.merchantId)
  ).executeTakeFirst();
}

/** A page of the brand's applications in a status, newest first, with the members' accounts. */
export function opsPage(db: Db, merchantId: number, q: { status: Status; pageNo: number; pageSize: number }) {
  return db
    .selectFrom('promotion_application as a')
    .innerJoin('member as m', 'm.id', 'a.member_id')
    .selectAll('a')
    .select(['m.account', sql<string>`count(*) over ()`.as('total')])
    .where('a.merchant_id', '=', merchantId)
    .where('a.status', '=', q.status)
    .orderBy('a.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
}

export function findPromotionOf(db: Db, merchantId: number, id: string) {
  return db
    .selectFrom('promotion_application')
    .select(['promotion_id'])
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Decides an application still `applying` (undefined when it is not). */
export function decide(
  db: Db,
  merchantId: number,
  id: string,
  values: {
    status: 'issued' | 'rejected';
    amount: bigint;
    reason: string;
    reviewed_by: string;
    reviewed_at: Date;
  },
) {
  return db
    .updateTable('promotion_application')
    .set(values)
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'applying')
    .returningAll()
    .executeTakeFirst();
}

export function accountOf(db: Db, memberId: string) {
  return db.selectFrom('member').select('account').where('id', '=', memberId).executeTakeFirstOrThrow();
}
