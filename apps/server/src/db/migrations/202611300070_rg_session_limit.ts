import { type Kysely, sql } from 'kysely';

/**
 * Responsible gaming's session time limit (docs/responsible-gaming.md): the longest a login lasts
 * (minutes; null: the deployment's own maximum), and a raise or removal waiting its 24 hours
 * (`session_limit_pending_from`; a null pending value with a time: the limit goes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rg_setting
    add column session_limit_minutes integer check (session_limit_minutes between 15 and 1440),
    add column session_limit_pending integer check (session_limit_pending between 15 and 1440),
    add column session_limit_pending_from timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rg_setting
    drop column session_limit_minutes,
    drop column session_limit_pending,
    drop column session_limit_pending_from`.execute(db);
}
