import { type Kysely, sql } from 'kysely';

/**
 * Rebates (docs/rewards.md). A day's rebate is computed from `member_stat_daily` (valid bets per
 * product type) whenever it is paid; what is stored is what has been paid:
 * - `rebate_day`: per member and day, the rebate paid for that day so far. A payment locks the
 *   member's rows of its window, pays Σ(earned − paid) and sets paid = earned (and the valid bets
 *   it covered), in the transaction
 *   that posts the money, so a claim and the daily job (or two claims) never pay the same rebate.
 * - `rebate_payment`: every payment (daily or manual) with its window and ledger transaction —
 *   the member's bonus details.
 * - `rebate_run`: the days the daily job has settled per brand, with their totals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
    create table rebate_payment (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      kind text not null check (kind in ('daily', 'manual')),
      from_day date not null,
      to_day date not null,
      valid_bet bigint not null,
      amount bigint not null check (amount > 0),
      ledger_transaction_id bigint not null references ledger_transaction (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rebate_payment_member_idx on rebate_payment (member_id, id desc)`.execute(db);
  await sql`create index rebate_payment_brand_idx on rebate_payment (merchant_id, created_at)`.execute(db);
  await sql`
    create table rebate_run (
      merchant_id integer not null references merchant (id),
      day date not null,
      payments integer not null,
      amount bigint not null,
      settled_at timestamptz not null default now(),
      primary key (merchant_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rebate_run`.execute(db);
  await sql`drop table rebate_payment`.execute(db);
  await sql`drop table rebate_day`.execute(db);
}
