import { type Kysely, sql } from 'kysely';

/**
 * What has been paid of each member's rebate, in one row per member instead of one per member and
 * day (docs/rewards.md): `rebate_state.days` lists the member's days with a payment, in order, and
 * `paid` / `valid_paid` what was paid for each and the valid bets it covered. The days of the last
 * `REBATE_KEEP_DAYS` (56) are kept; a payment rewrites its member's row once, where the daily job
 * used to upsert five to seven day rows per member (each with its foreign-key checks).
 * The merchant is the member's (the member's key is checked): no second foreign key.
 * `down` recreates the day rows from the arrays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rebate_state (
      member_id bigint primary key references member (id),
      merchant_id integer not null,
      days date[] not null,
      paid bigint[] not null,
      valid_paid bigint[] not null,
      updated_at timestamptz not null default now(),
      check (cardinality(days) = cardinality(paid) and cardinality(days) = cardinality(valid_paid))
    )`.execute(db);
  await sql`create index rebate_state_brand_idx on rebate_state (merchant_id)`.execute(db);
  await sql`
    insert into rebate_state (member_id, merchant_id, days, paid, valid_paid)
    select member_id, min(merchant_id), array_agg(day order by day), array_agg(paid order by day),
           array_agg(valid_bet_paid order by day)
    from rebate_day
    where day >= (now() at time zone 'UTC')::date - 55
    group by member_id`.execute(db);
  await sql`drop table rebate_day`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rebate_day (
      member_id bigint not null references member (id),
      day date not null,
      merchant_id integer not null references merchant (id),
      paid bigint not null default 0,
      valid_bet_paid bigint not null default 0,
      primary key (member_id, day)
    )`.execute(db);
  await sql`
    insert into rebate_day (member_id, day, merchant_id, paid, valid_bet_paid)
    select s.member_id, u.day, s.merchant_id, u.paid, u.valid
    from rebate_state s, unnest(s.days, s.paid, s.valid_paid) as u(day, paid, valid)`.execute(db);
  await sql`drop table rebate_state`.execute(db);
}
