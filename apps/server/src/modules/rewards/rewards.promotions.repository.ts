import { type Insertable, type Kysely, sql } from 'kysely';
import type { BonusGrantTable, Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export function memberVipLevel(tx: Db, memberId: string) {
  return tx.selectFrom('member_vip').select('level').where('member_id', '=', memberId).executeTakeFirst();
}

/** When the member joined and how many deposits it made. */
export async function memberAgeAndDeposits(tx: Db, memberId: string) {
  const { rows } = await sql<{ created_at: Date | string; deposits: string }>`
        select m.created_at,
          (select count(*) from ledger_transaction t where t.member_id = m.id and t.kind = 'DEPOSIT') as deposits
        from member m where m.id = ${memberId}`.execute(tx);
  return rows[0];
}

/** The member's first deposit (its time and the amount its main wallet received). */
export function firstDeposit(tx: Db, memberId: string) {
  return tx
    .selectFrom('ledger_transaction as t')
    .innerJoin('ledger_entry as e', 'e.transaction_id', 't.id')
    .innerJoin('ledger_account as a', (j) => j.onRef('a.id', '=', 'e.account_id').on('a.kind', '=', 'main'))
    .select(['t.created_at', 'e.amount'])
    .where('t.member_id', '=', memberId)
    .where('t.kind', '=', 'DEPOSIT')
    .orderBy('t.id')
    .limit(1)
    .executeTakeFirst();
}

/** The largest deposit since the start of `today` that was not the member's first ever. */
export async function largestReload(tx: Db, memberId: string, today: string) {
  const { rows } = await sql<{ amount: string | null }>`
        select max(e.amount) as amount
        from ledger_transaction t
        join ledger_entry e on e.transaction_id = t.id
        join ledger_account a on a.id = e.account_id and a.kind = 'main'
        where t.member_id = ${memberId} and t.kind = 'DEPOSIT'
          and t.created_at >= (${today}::date::timestamp at time zone 'UTC')
          and t.id > (select min(f.id) from ledger_transaction f where f.member_id = ${memberId} and f.kind = 'DEPOSIT')`.execute(
    tx,
  );
  return rows[0];
}

/** The member's net loss on settled bets of the day. */
export function dayLoss(tx: Db, memberId: string, day: string) {
  return tx
    .selectFrom('member_stat_daily')
    .select(sql<string>`coalesce(sum(valid_bet - payout), 0)`.as('loss'))
    .where('member_id', '=', memberId)
    .where(sql<boolean>`day = ${day}::date`)
    .executeTakeFirst();
}

/** The member's open bonuses, oldest first. */
export function openGrants(tx: Db, memberId: string) {
  return tx
    .selectFrom('bonus_grant')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'open')
    .orderBy('granted_at')
    .execute();
}

/** The member's settled valid bets placed since `since`, weighted per product type (hundredths). */
export async function weightedValidBets(
  tx: Db,
  memberId: string,
  w: { types: string[]; weights: string[] },
  since: Date | string,
) {
  const { types, weights } = w;
  const { rows } = await sql<{ done: string }>`
      select coalesce(floor(sum(b.valid_bet * w.weight / 100.0)), 0)::bigint as done
      from bet b join unnest(${types}::text[], ${weights}::int[]) as w(game_type, weight) on w.game_type = b.game_type
      where b.member_id = ${memberId} and b.status = 'settled' and b.placed_at >= ${since}`.execute(tx);
  return rows[0]?.done;
}

/** Marks the bonuses met when still open. */
export async function markGrantsMet(db: Db, ids: string[]) {
  await db
    .updateTable('bonus_grant')
    .set({ status: 'met', closed_at: new Date() })
    .where('id', 'in', ids)
    .where('status', '=', 'open')
    .execute();
}

/** The member's main-wallet balance row, when it has one. */
export function mainBalance(tx: Db, memberId: string) {
  return tx
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'main')
    .executeTakeFirst();
}

/** The member's claims that are once-only or were granted since `since`. */
export function recentClaims(db: Db, memberId: string, since: Date) {
  return db
    .selectFrom('bonus_grant')
    .select(['promotion_id', 'period'])
    .where('member_id', '=', memberId)
    .where((w) => w.or([w('period', '=', 'once'), w('granted_at', '>=', since)]))
    .execute();
}

export function insertGrant(tx: Db, values: Insertable<BonusGrantTable>) {
  return tx.insertInto('bonus_grant').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The member's last 50 bonuses, newest first. */
export function latestGrants(db: Db, memberId: string) {
  return db
    .selectFrom('bonus_grant')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export function lockGrant(tx: Db, memberId: string, grantId: string) {
  return tx
    .selectFrom('bonus_grant')
    .selectAll()
    .where('id', '=', grantId)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export function markForfeited(tx: Db, id: string) {
  return tx
    .updateTable('bonus_grant')
    .set({ status: 'forfeited', closed_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
