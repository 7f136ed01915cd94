import { trialTypes } from '@arcadia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** The members' valid bets: in all, since `monthStart`, and in the month before it. */
export async function betFigures(
  tx: Db,
  merchantId: number,
  list: string,
  monthStart: string,
  previousMonthStart: string,
) {
  const { rows: bets } = await sql<{ member_id: string; total: string; month: string; last_month: string }>`
      select s.member_id, sum(s.valid_bet) as total,
        coalesce(sum(s.valid_bet) filter (where s.day >= ${monthStart}::date), 0) as month,
        coalesce(sum(s.valid_bet) filter (where s.day >= ${previousMonthStart}::date
                                           and s.day < ${monthStart}::date), 0) as last_month
      from member_stat_daily s where s.merchant_id = ${merchantId} and s.member_id = any(${list}::bigint[])
      group by s.member_id`.execute(tx);
  return bets;
}

/** The members' deposits in all. */
export async function depositFigures(tx: Db, merchantId: number, list: string) {
  const { rows: deposits } = await sql<{ member_id: string; amount: string }>`
      select d.member_id, sum(d.amount) as amount from member_money_daily d
      where d.merchant_id = ${merchantId} and d.member_id = any(${list}::bigint[]) and d.kind = 'DEPOSIT'
      group by d.member_id`.execute(tx);
  return deposits;
}

/** Creates the members' `member_vip` rows that do not exist yet (tier 0, reviewed this month). */
export async function insertVipRows(tx: Db, merchantId: number, list: string, thisMonth: string) {
  await sql`
        insert into member_vip (member_id, merchant_id, level, reviewed_month)
        select x, ${merchantId}, 0, ${thisMonth}::date from unnest(${list}::bigint[]) x order by 1
        on conflict do nothing`.execute(tx);
}

/** Locks the members' `member_vip` rows in member order. */
export async function lockVipRows(tx: Db, list: string) {
  const { rows: current } = await sql<{ member_id: string; level: number; reviewed_month: string }>`
        select member_id, level, reviewed_month::text as reviewed_month from member_vip
        where member_id = any(${list}::bigint[]) order by member_id for update`.execute(tx);
  return current;
}

/** The tiers whose bonus the members were paid. */
export async function reachedTiers(tx: Db, list: string) {
  const { rows: reached } = await sql<{ member_id: string; level: number }>`
        select member_id, level from vip_bonus where member_id = any(${list}::bigint[])`.execute(tx);
  return reached;
}

export async function updateVipRows(
  tx: Db,
  thisMonth: string,
  updates: { memberId: string; level: number; changed: boolean }[],
) {
  await sql`
          update member_vip v set level = x.level, reviewed_month = ${thisMonth}::date,
            reached_at = case when x.changed then now() else v.reached_at end
          from unnest(${updates.map((u) => u.memberId)}::bigint[], ${updates.map((u) => u.level)}::int[],
                      ${updates.map((u) => u.changed)}::boolean[]) as x(member_id, level, changed)
          where v.member_id = x.member_id`.execute(tx);
}

/** Creates the members' main wallets that do not exist yet. */
export async function insertMainWallets(tx: Db, merchantId: number, currency: string, memberIds: string[]) {
  await sql`
          insert into ledger_account (merchant_id, owner_id, kind, code, currency)
          select ${merchantId}, x, 'main', 'MAIN', ${currency} from unnest(${memberIds}::bigint[]) x
          on conflict do nothing`.execute(tx);
}

/** The members' main wallets. */
export async function mainWallets(tx: Db, merchantId: number, memberIds: string[]) {
  const { rows: mains } = await sql<{ owner_id: string; id: string }>`
          select owner_id, id from ledger_account
          where merchant_id = ${merchantId} and kind = 'main' and code = 'MAIN'
            and owner_id = any(${`{${memberIds.join(',')}}`}::bigint[])`.execute(tx);
  return mains;
}

export async function insertBonuses(
  tx: Db,
  merchantId: number,
  bonusRows: { memberId: string; level: number; amount: bigint }[],
  txOf: Map<string, string>,
) {
  await sql`
          insert into vip_bonus (member_id, level, merchant_id, amount, ledger_transaction_id)
          select x.member_id, x.level, ${merchantId}, x.amount, x.tx
          from unnest(${bonusRows.map((b) => b.memberId)}::bigint[], ${bonusRows.map((b) => b.level)}::int[],
                      ${bonusRows.map((b) => b.amount.toString())}::bigint[],
                      ${bonusRows.map((b) => (b.amount > 0n ? (txOf.get(b.memberId) ?? null) : null))}::bigint[])
            as x(member_id, level, amount, tx)`.execute(tx);
}

/** The brand's non-trial members with bets, deposits or a tier, in id order. */
export async function membersToReview(db: Db, merchantId: number) {
  const { rows } = await sql<{ id: string }>`
        select m.id from member m
        where m.merchant_id = ${merchantId} and m.type <> all(${[...trialTypes]}::int[])
          and (exists (select 1 from member_stat_daily s where s.merchant_id = m.merchant_id and s.member_id = m.id)
               or exists (select 1 from member_money_daily d where d.merchant_id = m.merchant_id and d.member_id = m.id
                          and d.kind = 'DEPOSIT')
               or exists (select 1 from member_vip v where v.member_id = m.id and v.level > 0))
        order by m.id`.execute(db);
  return rows;
}

export function memberLevel(db: Db, memberId: string) {
  return db.selectFrom('member_vip').select('level').where('member_id', '=', memberId).executeTakeFirst();
}
