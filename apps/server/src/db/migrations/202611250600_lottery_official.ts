import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Games an operator marks "official" (docs/lottery.md): their results are the real-world
  // draw's, entered by an operator, instead of the seed's. A row per game that was ever switched;
  // no row is a provably fair house game.
  await sql`
    create table lottery_game_setting (
      game_code text primary key,
      official boolean not null default false,
      updated_at timestamptz not null default now(),
      updated_by text not null
    )`.execute(db);
  // Where a drawn issue's numbers came from, and who entered an official one.
  await sql`
    alter table lottery_issue
      add column source text not null default 'fair' check (source in ('fair', 'official')),
      add column entered_by text,
      add check (source = 'fair' or entered_by is not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lottery_issue drop column source, drop column entered_by`.execute(db);
  await sql`drop table lottery_game_setting`.execute(db);
}
