import { type Kysely, sql } from 'kysely';

/**
 * Responsible gaming (docs/responsible-gaming.md).
 * 1. `rg_deposit_limit`: a member's deposit limit per period (minor units; null: none), and a
 *    raise or removal waiting its 24 hours (`pending_from`; `pending_amount` null with a
 *    `pending_from`: the limit goes).
 * 2. `rg_exclusion`: cool-offs and self-exclusions (`ends_at` null: permanent). Never updated or
 *    deleted: a longer break is a new row, and the one in force is the latest to end.
 * 3. `rg_event`: every change, for the member's history on the operator site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rg_deposit_limit (
      member_id bigint not null references member (id),
      period text not null check (period in ('day', 'week', 'month')),
      amount bigint check (amount > 0),
      pending_amount bigint check (pending_amount > 0),
      pending_from timestamptz,
      updated_at timestamptz not null default now(),
      primary key (member_id, period)
    )`.execute(db);
  await sql`
    create table rg_exclusion (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      kind text not null check (kind in ('cooloff', 'self_exclusion')),
      starts_at timestamptz not null,
      ends_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rg_exclusion_member_idx on rg_exclusion (member_id)`.execute(db);
  await sql`
    create table rg_event (
      id bigint generated always as identity primary key,
      member_id bigint not null references member (id),
      action text not null,
      detail jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rg_event_member_idx on rg_event (member_id, id)`.execute(db);
  // The window sums of a member's deposits.
  await sql`create index if not exists deposit_request_member_created_idx on deposit_request (member_id, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists deposit_request_member_created_idx`.execute(db);
  await sql`drop table rg_event`.execute(db);
  await sql`drop table rg_exclusion`.execute(db);
  await sql`drop table rg_deposit_limit`.execute(db);
}
