import { type Kysely, type Updateable, sql } from 'kysely';
import type { Database, ReferralStatus } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface RefereeRow {
  referee_id: string;
  referee: string;
  referrer: string;
  status: ReferralStatus;
  flag_reason: string | null;
  register_ip: string | null;
  reward: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  deposit: string;
  valid_bet: string;
}

/** The referee's deposits and valid bets since joining (minor units). */
const figuresSql = sql`
    coalesce((select sum(d.amount) from member_money_daily d
              where d.member_id = r.referee_id and d.kind = 'DEPOSIT'), 0) as deposit,
    coalesce((select sum(s.valid_bet) from member_stat_daily s where s.member_id = r.referee_id), 0) as valid_bet`;

/** An address the referee and the referrer were both seen at, when there is one. */
export async function sharedKnownIp(tx: Db, refereeId: string, referrerId: string) {
  const { rows: ip } = await sql<{ ip: string }>`
      select a.ip from member_known_ip a join member_known_ip b on b.ip = a.ip
      where a.member_id = ${refereeId} and b.member_id = ${referrerId} limit 1`.execute(tx);
  return ip[0];
}

/** The address both registered from, when it is the same. */
export async function sharedRegisterIp(tx: Db, refereeId: string, referrerId: string) {
  const { rows: reg } = await sql<{ ip: string }>`
      select m.created_ip as ip from member m, member me
      where m.id = ${referrerId} and me.id = ${refereeId} and m.created_ip = me.created_ip limit 1`.execute(
    tx,
  );
  return reg[0];
}

/** Another referee of the referrer on the same device, when there is one. */
export async function sharedDevice(tx: Db, refereeId: string, referrerId: string, deviceId: string) {
  const { rows: dev } = await sql<{ n: string }>`
        select 1 as n from referral o where o.referrer_id = ${referrerId} and o.device_id = ${deviceId}
          and o.referee_id <> ${refereeId} limit 1`.execute(tx);
  return dev[0];
}

export async function updateReferral(tx: Db, refereeId: string, values: Updateable<Database['referral']>) {
  await tx.updateTable('referral').set(values).where('referee_id', '=', refereeId).execute();
}

export function findCode(db: Db, memberId: string) {
  return db.selectFrom('referral_code').select('code').where('member_id', '=', memberId).executeTakeFirst();
}

/** Stores the member's code unless it has one (undefined then). */
export function insertCode(db: Db, merchantId: number, memberId: string, code: string) {
  return db
    .insertInto('referral_code')
    .values({ member_id: memberId, merchant_id: merchantId, code })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .returning('code')
    .executeTakeFirst();
}

export async function codeOf(db: Db, memberId: string) {
  return (
    await db
      .selectFrom('referral_code')
      .select('code')
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow()
  ).code;
}

/** The referrer's referrals: how many, how many paid, and what they earned. */
export async function referrerTotals(db: Db, memberId: string) {
  const { rows } = await sql<{ total: string; qualified: string; earned: string }>`
        select count(*) as total, count(*) filter (where status = 'paid') as qualified,
               coalesce(sum(reward) filter (where status = 'paid'), 0) as earned
        from referral where referrer_id = ${memberId}`.execute(db);
  return rows[0]!;
}

/** The brand member owning the code (trimmed, upper-cased by the caller). */
export function codeOwner(db: Db, merchantId: number, code: string) {
  return db
    .selectFrom('referral_code as c')
    .innerJoin('member as m', 'm.id', 'c.member_id')
    .select(['c.member_id', 'm.type'])
    .where('c.merchant_id', '=', merchantId)
    .where('c.code', '=', code)
    .executeTakeFirst();
}

/** Records the referral unless the referee has one (undefined then). */
export function insertReferral(
  db: Db,
  values: {
    referee_id: string;
    referrer_id: string;
    merchant_id: number;
    code: string;
    register_ip: string | null;
    device_id: string | null;
  },
) {
  return db
    .insertInto('referral')
    .values(values)
    .onConflict((oc) => oc.column('referee_id').doNothing())
    .returning('referee_id')
    .executeTakeFirst();
}

/** A page of the referrer's referees with their figures, newest first (`total`: all of them). */
export async function refereePage(db: Db, memberId: string, q: { pageNo: number; pageSize: number }) {
  const { rows } = await sql<RefereeRow & { total: string }>`
        select r.*, m.account as referee, '' as referrer, ${figuresSql}, count(*) over () as total
        from referral r join member m on m.id = r.referee_id
        where r.referrer_id = ${memberId}
        order by r.created_at desc, r.referee_id desc
        limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(db);
  return rows;
}

/** Expires the brand's pending referrals made before `since`; how many. */
export async function expirePending(db: Db, merchantId: number, since: Date, now: Date) {
  const expired = await db
    .updateTable('referral')
    .set({ status: 'expired', decided_at: now })
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'pending')
    .where('created_at', '<', since)
    .executeTakeFirst();
  return Number(expired.numUpdatedRows);
}

/** Pending referrals whose referee met the terms, oldest first, at most `limit`. */
export async function qualifiedPending(
  db: Db,
  merchantId: number,
  minDeposit: bigint,
  minBet: bigint,
  limit: number,
) {
  const { rows } = await sql<{ referee_id: string }>`
        select r.referee_id from referral r
        where r.merchant_id = ${merchantId} and r.status = 'pending'
          and coalesce((select sum(d.amount) from member_money_daily d
                        where d.member_id = r.referee_id and d.kind = 'DEPOSIT'), 0) >= ${minDeposit.toString()}::bigint
          and coalesce((select sum(st.valid_bet) from member_stat_daily st
                        where st.member_id = r.referee_id), 0) >= ${minBet.toString()}::bigint
        order by r.created_at limit ${limit}`.execute(db);
  return rows;
}

/** Locks a referral (with its referee's account) for the settlement. */
export function lockForSettle(tx: Db, refereeId: string) {
  return tx
    .selectFrom('referral as r')
    .innerJoin('member as m', 'm.id', 'r.referee_id')
    .select(['r.referee_id', 'r.referrer_id', 'r.device_id', 'r.status', 'm.account'])
    .where('r.referee_id', '=', refereeId)
    .forUpdate('r')
    .executeTakeFirst();
}

/** Locks a brand's referral (with its referee's account) for an operator's review. */
export function lockForReview(tx: Db, merchantId: number, refereeId: string) {
  return tx
    .selectFrom('referral as r')
    .innerJoin('member as m', 'm.id', 'r.referee_id')
    .select(['r.referee_id', 'r.referrer_id', 'r.status', 'm.account'])
    .where('r.referee_id', '=', refereeId)
    .where('r.merchant_id', '=', merchantId)
    .forUpdate('r')
    .executeTakeFirst();
}

/** A page of the brand's referrals in a status, newest first (`total`: all of them). */
export async function opsPage(
  db: Db,
  merchantId: number,
  q: { status: ReferralStatus; pageNo: number; pageSize: number },
) {
  const { rows } = await sql<RefereeRow & { total: string }>`
        select r.*, m.account as referee, p.account as referrer, ${figuresSql}, count(*) over () as total
        from referral r join member m on m.id = r.referee_id join member p on p.id = r.referrer_id
        where r.merchant_id = ${merchantId} and r.status = ${q.status}
        order by r.created_at desc, r.referee_id desc
        limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(db);
  return rows;
}

/** One referral with its figures and both accounts. */
export async function opsOne(db: Db, refereeId: string) {
  const { rows } = await sql<RefereeRow>`
        select r.*, m.account as referee, p.account as referrer, ${figuresSql}
        from referral r join member m on m.id = r.referee_id join member p on p.id = r.referrer_id
        where r.referee_id = ${refereeId}`.execute(db);
  return rows[0];
}
