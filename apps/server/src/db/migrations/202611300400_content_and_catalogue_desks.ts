import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A game's own artwork (an uploaded image); null keeps the generated icon.
  await sql`alter table game add column icon_url text`.execute(db);
  // A studio's API credential for the brand, sealed with AES-256-GCM (key outside the database):
  // never read back to an operator, only replaced.
  await sql`
    create table vendor_credential (
      merchant_id integer not null references merchant (id),
      vassalage text not null,
      sealed text not null,
      updated_by text not null,
      updated_at timestamptz not null default now(),
      primary key (merchant_id, vassalage)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table vendor_credential`.execute(db);
  await sql`alter table game drop column icon_url`.execute(db);
}
