import { type Kysely, sql } from 'kysely';

/**
 * Responsible gaming's reality check (docs/responsible-gaming.md): how often the site reminds a
 * member of the time played and the net result of the session (minutes; no row: never).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rg_setting (
      member_id bigint primary key references member (id),
      reality_check_minutes integer check (reality_check_minutes in (15, 30, 45, 60, 90, 120)),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rg_setting`.execute(db);
}
