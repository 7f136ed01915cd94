import { type Kysely, sql } from 'kysely';

/**
 * Leases for background jobs: every instance runs the scheduler, and a job runs where its lease
 * was taken (one row per job; taking it is one conditional upsert). A crashed holder's lease
 * simply expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table job_lease (
      name text primary key,
      owner text not null,
      locked_until timestamptz not null,
      last_started_at timestamptz,
      last_finished_at timestamptz,
      last_error text,
      runs bigint not null default 0
    )`.execute(db);
}
