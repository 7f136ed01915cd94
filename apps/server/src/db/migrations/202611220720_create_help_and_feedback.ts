import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table help_topic (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      language text not null,
      term text not null check (term ~ '^[a-z0-9_-]{1,64}$'),
      title text not null,
      content text not null,
      sort integer not null default 0,
      unique (merchant_id, language, term)
    )`.execute(db);
  await sql`
    create table feedback (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint references member (id),
      question_type text not null,
      content text not null,
      contact text,
      ip text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index feedback_merchant_created_idx on feedback (merchant_id, created_at desc)`.execute(
    db,
  );
}
