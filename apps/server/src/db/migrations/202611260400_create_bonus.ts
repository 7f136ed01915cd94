import { type Kysely, sql } from 'kysely';

/**
 * Bonus money (docs/rewards.md): one row per bonus a member claimed, with the turnover it asks
 * for. `period` makes a promotion claimable once per period (`once`, or the day it belongs to):
 * the unique key is what stops a second, parallel claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bonus_grant (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      promotion_id text not null,
      period text not null,
      amount bigint not null check (amount > 0),
      required bigint not null check (required >= 0),
      status text not null default 'open' check (status in ('open', 'met', 'forfeited')),
      ledger_transaction_id bigint not null references ledger_transaction (id),
      granted_at timestamptz not null default now(),
      closed_at timestamptz,
      unique (member_id, promotion_id, period)
    )`.execute(db);
  await sql`create index bonus_grant_open_idx on bonus_grant (member_id, granted_at) where status = 'open'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table bonus_grant`.execute(db);
}
