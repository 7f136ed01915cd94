import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table merchant (
      id integer generated always as identity primary key,
      code text not null unique check (code ~ '^[a-z0-9][a-z0-9_-]{0,31}$'),
      name text not null,
      status text not null default 'active' check (status in ('active', 'suspended')),
      currency char(3) not null,
      currency_symbol text not null,
      currency_scale smallint not null check (currency_scale between 0 and 4),
      default_language text not null,
      settings jsonb not null,
      modules jsonb not null,
      register_rules jsonb not null,
      availability jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
}
