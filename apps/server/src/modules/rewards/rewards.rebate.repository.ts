import { trialTypes } from '@arcadia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Brand } from '../brand/index.js';

type Db = Kysely<Database>;

/** Rates are stored as fractions with four decimals; the maths runs on millionths. */
const PPM = 1_000_000n;

export type PaymentRow = {
  id: string;
  kind: 'daily' | 'manual';
  from_day: string;
  to_day: string;
  valid_bet: string;
  amount: string;
  created_at: Date | string;
};

/**
 * Rebates' reads and writes (rewards.rebate.service.ts): the earnings query, the locked window of
 * the members being paid (a temporary table), their state rows, payments and daily runs.
 */

/**
 * Earned rebate and valid bets per member and day of a window, each product type's day floored
 * on its own (⌊valid bet × rate⌋). Trial accounts earn nothing. `rates` are the product types with
 * their rates in millionths, `extras` the VIP tiers' extra rates.
 */
export function earnedQuery(
  brand: Brand,
  rates: { types: string[]; ppm: string[] },
  extras: { levels: number[]; ppm: string[] },
  from: string,
  to: string,
  ids: string | null,
) {
  const { types, ppm } = rates;
  return sql<{ member_id: string; day: string; earned: string; valid_bet: string }>`
      select t.member_id, t.day, sum(t.earned)::bigint as earned, sum(t.valid_bet)::bigint as valid_bet
      from (
        select s.member_id, s.day, s.game_type, sum(s.valid_bet) as valid_bet,
          floor(sum(s.valid_bet)::numeric * (r.ppm + coalesce(x.ppm, 0)) / ${PPM.toString()}::numeric)::bigint as earned
        from member_stat_daily s
        join unnest(${types}::text[], ${ppm}::bigint[]) as r(game_type, ppm) on r.game_type = s.game_type
        left join member_vip v on v.member_id = s.member_id
        left join unnest(${extras.levels}::int[], ${extras.ppm}::bigint[]) as x(level, ppm) on x.level = v.level
        where s.merchant_id = ${brand.id} and s.day between ${from}::date and ${to}::date
          ${ids ? sql`and s.member_id = any(${ids}::bigint[])` : sql``}
        group by s.member_id, s.day, s.game_type, r.ppm, x.ppm) t
      join member m on m.id = t.member_id and m.type <> all(${[...trialTypes]}::int[])
        ${ids ? sql`and m.id = any(${ids}::bigint[])` : sql``}
      group by t.member_id, t.day`;
}

export type EarnedQuery = ReturnType<typeof earnedQuery>;

/** Creates the members' main wallets that do not exist yet (`ids`: a bigint array literal). */
export async function insertMainWallets(tx: Db, brand: Brand, ids: string) {
  await sql`
      insert into ledger_account (merchant_id, owner_id, kind, code, currency)
      select ${brand.id}, x, 'main', 'MAIN', ${brand.currency}
      from unnest(${ids}::bigint[]) as x
      order by 2
      on conflict do nothing`.execute(tx);
}

/** Locks the members' main wallets in id order. */
export async function lockMainWallets(tx: Db, brand: Brand, ids: string) {
  const { rows } = await sql<{ owner_id: string; id: string }>`
      select owner_id, id from ledger_account
      where merchant_id = ${brand.id} and kind = 'main' and code = 'MAIN' and owner_id = any(${ids}::bigint[])
      order by id
      for update`.execute(tx);
  return rows;
}

/** The transaction's `rebate_window` table, created when missing and emptied. */
export async function resetRebateWindow(tx: Db) {
  await sql`
      create temp table if not exists rebate_window (
        member_id bigint, day date, earned bigint, valid bigint, paid bigint, valid_paid bigint
      ) on commit drop`.execute(tx);
  await sql`truncate rebate_window`.execute(tx);
}

/**
 * Each day of the window with earnings or a payment. A day paid before keeps counting when its
 * earnings fell since (a bet rolled back after it).
 */
export async function fillRebateWindow(tx: Db, earned: EarnedQuery, ids: string, from: string, to: string) {
  await sql`
      insert into rebate_window (member_id, day, earned, valid, paid, valid_paid)
      select coalesce(e.member_id, p.member_id), coalesce(e.day, p.day), coalesce(e.earned, 0), coalesce(e.valid_bet, 0),
             coalesce(p.paid, 0), coalesce(p.valid_paid, 0)
      from (${earned}) e
      full join (
        select s.member_id, u.day, u.paid, u.valid_paid
        from rebate_state s, unnest(s.days, s.paid, s.valid_paid) as u(day, paid, valid_paid)
        where s.member_id = any(${ids}::bigint[]) and u.day between ${from}::date and ${to}::date
      ) p on p.member_id = e.member_id and p.day = e.day`.execute(tx);
}

/** Per member of the window: Σ(earned − paid), the valid bets not yet rebated, and what was paid. */
export async function owedInWindow(tx: Db) {
  const { rows } = await sql<{ member_id: string; amount: string; valid_bet: string; paid: string }>`
      select member_id, sum(earned - paid) as amount, greatest(sum(valid - valid_paid), 0) as valid_bet, sum(paid) as paid
      from rebate_window group by member_id`.execute(tx);
  return rows;
}

/**
 * Rewrites the paid members' state rows once from `rebate_window`, their days outside the window
 * as they were and those before `keepFrom` dropped.
 */
export async function upsertRebateState(
  tx: Db,
  brand: Brand,
  ids: string,
  keepFrom: string,
  from: string,
  to: string,
) {
  await sql`
      insert into rebate_state as s (member_id, merchant_id, days, paid, valid_paid)
      select x.member_id, ${brand.id}, array_agg(x.day order by x.day), array_agg(x.paid order by x.day),
             array_agg(x.valid order by x.day)
      from (
        select w.member_id, w.day, w.earned as paid, w.valid
        from rebate_window w
        where w.member_id = any(${ids}::bigint[]) and (w.earned <> 0 or w.valid <> 0)
        union all
        select o.member_id, u.day, u.paid, u.valid_paid
        from rebate_state o, unnest(o.days, o.paid, o.valid_paid) as u(day, paid, valid_paid)
        where o.member_id = any(${ids}::bigint[]) and u.day >= ${keepFrom}::date
          and (u.day < ${from}::date or u.day > ${to}::date)
      ) x
      group by x.member_id
      order by 1
      on conflict (member_id) do update
        set days = excluded.days, paid = excluded.paid, valid_paid = excluded.valid_paid, updated_at = now()`.execute(
    tx,
  );
}

/** Records the payments (one row each, in the order given). */
export async function insertPayments(
  tx: Db,
  brand: Brand,
  kind: 'daily' | 'manual',
  from: string,
  to: string,
  paid: { memberId: string; amount: bigint; validBet: bigint; ledgerTx: string }[],
) {
  const { rows } = await sql<PaymentRow>`
      insert into rebate_payment (merchant_id, member_id, kind, from_day, to_day, valid_bet, amount, ledger_transaction_id)
      select ${brand.id}, x.member_id, ${kind}, ${from}::date, ${to}::date, x.valid_bet, x.amount, x.ledger_tx
      from unnest(${paid.map((p) => p.memberId)}::bigint[], ${paid.map((p) => p.validBet.toString())}::bigint[],
                  ${paid.map((p) => p.amount.toString())}::bigint[], ${paid.map((p) => p.ledgerTx)}::bigint[])
        as x(member_id, valid_bet, amount, ledger_tx)
      returning id, kind, from_day::text as from_day, to_day::text as to_day, valid_bet, amount, created_at`.execute(
    tx,
  );
  return rows;
}

/** The member's VIP level (undefined without a VIP row). */
export async function memberVipLevel(db: Db, memberId: string) {
  return (
    await db.selectFrom('member_vip').select('level').where('member_id', '=', memberId).executeTakeFirst()
  )?.level;
}

/** One member's valid bets and earnings per product type over a window, at its rates plus `extraPpm`. */
export async function accruedPerType(
  db: Db,
  brand: Brand,
  memberId: string,
  rates: { types: string[]; ppm: string[] },
  extraPpm: number,
  from: string,
  to: string,
) {
  const { types, ppm } = rates;
  const extra = sql.lit(extraPpm);
  return (
    await sql<{ game_type: string; valid_bet: string; earned: string }>`
                select t.game_type, sum(t.valid_bet)::bigint as valid_bet, sum(t.earned)::bigint as earned
                from (
                  select s.day, s.game_type, sum(s.valid_bet) as valid_bet,
                    floor(sum(s.valid_bet)::numeric * (r.ppm + ${extra}) / ${PPM.toString()}::numeric)::bigint as earned
                  from member_stat_daily s
                  join unnest(${types}::text[], ${ppm}::bigint[]) as r(game_type, ppm) on r.game_type = s.game_type
                  where s.merchant_id = ${brand.id} and s.member_id = ${memberId}
                    and s.day between ${from}::date and ${to}::date
                  group by s.day, s.game_type, r.ppm) t
                group by t.game_type`.execute(db)
  ).rows;
}

/** What one member's window was paid. */
export async function memberPaidInWindow(db: Db, memberId: string, from: string, to: string) {
  const { rows } = await sql<{ paid: string }>`
        select coalesce(sum(u.paid), 0) as paid
        from rebate_state s, unnest(s.days, s.paid) as u(day, paid)
        where s.member_id = ${memberId} and u.day between ${from}::date and ${to}::date`.execute(db);
  return rows[0];
}

/** The member's latest rebate payment. */
export function lastPayment(db: Db, memberId: string) {
  return db
    .selectFrom('rebate_payment')
    .select(['id', 'kind', 'valid_bet', 'amount', 'created_at'])
    .select([sql<string>`from_day::text`.as('from_day'), sql<string>`to_day::text`.as('to_day')])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Members with valid bets of the rated product types in the window, in id order. */
export async function membersWithValidBets(db: Db, brand: Brand, from: string, to: string, types: string[]) {
  const { rows } = await sql<{ member_id: string }>`
          select distinct s.member_id from member_stat_daily s
          where s.merchant_id = ${brand.id} and s.day between ${from}::date and ${to}::date
            and s.valid_bet > 0 and s.game_type = any(${types}::text[])
          order by 1`.execute(db);
  return rows;
}

/** Adds a run of the daily job to the day's row. */
export async function recordRun(db: Db, brand: Brand, day: string, payments: number, amount: bigint) {
  await sql`
        insert into rebate_run (merchant_id, day, payments, amount) values (${brand.id}, ${day}::date, ${payments}, ${amount.toString()})
        on conflict (merchant_id, day) do update
          set payments = rebate_run.payments + excluded.payments, amount = rebate_run.amount + excluded.amount,
              settled_at = now()`.execute(db);
}

/** The day's run row, when the daily job settled it. */
export function findRun(db: Db, brand: Brand, day: string) {
  return db
    .selectFrom('rebate_run')
    .select('merchant_id')
    .where('merchant_id', '=', brand.id)
    .where(sql<boolean>`day = ${day}::date`)
    .executeTakeFirst();
}

/** The member's payments: how many and their sum. */
export function paymentTotals(db: Db, memberId: string) {
  return db
    .selectFrom('rebate_payment')
    .select([sql<string>`count(*)`.as('n'), sql<string>`coalesce(sum(amount), 0)`.as('total')])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/** A page of the member's payments, newest first. */
export function paymentPage(db: Db, memberId: string, page: { pageNo: number; pageSize: number }) {
  return db
    .selectFrom('rebate_payment')
    .select(['id', 'kind', 'valid_bet', 'amount', 'created_at'])
    .select([sql<string>`from_day::text`.as('from_day'), sql<string>`to_day::text`.as('to_day')])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
}

/** The brand's last 14 runs, newest first. */
export function recentRuns(db: Db, brand: Brand) {
  return db
    .selectFrom('rebate_run')
    .select(['payments', 'amount', 'settled_at'])
    .select(sql<string>`day::text`.as('day'))
    .where('merchant_id', '=', brand.id)
    .orderBy('day', 'desc')
    .limit(14)
    .execute();
}

/** What the brand's members were paid for the window's days. */
export async function brandPaidInWindow(db: Db, brand: Brand, from: string, to: string) {
  const {
    rows: [paid],
  } = await sql<{ paid: string }>`
        select coalesce(sum(u.paid), 0) as paid
        from rebate_state s, unnest(s.days, s.paid) as u(day, paid)
        where s.merchant_id = ${brand.id} and u.day between ${from}::date and ${to}::date`.execute(db);
  return paid;
}

/** The brand's manual claims since the start of `today`. */
export function manualPaidSince(db: Db, brand: Brand, today: string) {
  return db
    .selectFrom('rebate_payment')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('amount'))
    .where('merchant_id', '=', brand.id)
    .where('kind', '=', 'manual')
    .where(sql<boolean>`created_at >= ${today}::date`)
    .executeTakeFirstOrThrow();
}
