import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Two more operator roles: content (banners, notices, catalogue) and risk (flags and reviews).
  await sql`alter table operator drop constraint operator_role_check`.execute(db);
  await sql`
    alter table operator add constraint operator_role_check
      check (role in ('admin', 'finance', 'support', 'content', 'risk'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operator drop constraint operator_role_check`.execute(db);
  await sql`
    alter table operator add constraint operator_role_check
      check (role in ('admin', 'finance', 'support'))`.execute(db);
}
