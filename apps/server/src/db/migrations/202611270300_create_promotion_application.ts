import { type Kysely, sql } from 'kysely';

/**
 * Activity applications (docs/rewards.md): a member's application to an `application` promotion —
 * a comment and up to three images (files under the data folder, listed here with their sniffed
 * type) — reviewed by an operator. One per member and promotion. Approval issues the bonus (the
 * amount); the member claims it like any promotion, so the money moves through the ledger then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promotion_application (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      promotion_id text not null,
      comment text not null default '' check (char_length(comment) <= 140),
      images jsonb not null default '[]',
      status text not null default 'applying' check (status in ('applying', 'rejected', 'issued')),
      amount bigint not null default 0 check (amount >= 0),
      reason text,
      reviewed_by text,
      reviewed_at timestamptz,
      created_at timestamptz not null default now(),
      unique (member_id, promotion_id)
    )`.execute(db);
  await sql`create index promotion_application_queue_idx on promotion_application (merchant_id, status, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table promotion_application`.execute(db);
}
