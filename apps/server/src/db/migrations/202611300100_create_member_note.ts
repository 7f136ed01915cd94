import { type Kysely, sql } from 'kysely';

/**
 * Operators' notes on a member (docs/back-office.md, "Players"): append-only, each with its
 * author; the brand is kept so a note is read only through its own brand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_note (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      author text not null,
      text text not null check (length(text) between 1 and 2000),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index member_note_member_idx on member_note (member_id, id desc)`.execute(db);
  // Linked accounts and the IP search look members up by the IPs they logged in from.
  await sql`create index member_known_ip_ip_idx on member_known_ip (ip)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_known_ip_ip_idx`.execute(db);
  await sql`drop table member_note`.execute(db);
}
