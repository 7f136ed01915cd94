import { type Kysely, sql } from 'kysely';

/**
 * VIP (docs/rewards.md): each member's tier (`member_vip`, absent means tier 0) with the month of
 * its last keep check, and the upgrade bonuses paid (`vip_bonus`: one row per member and tier ever,
 * so a tier lost and reached again pays nothing twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_vip (
      member_id bigint primary key references member (id),
      merchant_id integer not null references merchant (id),
      level integer not null default 0 check (level >= 0),
      reached_at timestamptz not null default now(),
      reviewed_month date not null
    )`.execute(db);
  await sql`create index member_vip_brand_idx on member_vip (merchant_id, level)`.execute(db);
  await sql`
    create table vip_bonus (
      member_id bigint not null references member (id),
      level integer not null,
      merchant_id integer not null references merchant (id),
      amount bigint not null,
      ledger_transaction_id bigint references ledger_transaction (id),
      paid_at timestamptz not null default now(),
      primary key (member_id, level)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table vip_bonus`.execute(db);
  await sql`drop table member_vip`.execute(db);
}
