import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The house lottery's issues (docs/lottery.md): one row per game and issue number, platform-wide
  // (every brand sells the same draws). The server seed is created with the row and kept here
  // secret while the issue is open: only its SHA-256 (`commitment`) is served until the draw.
  // Drawing sets the numbers and `status = 'drawn'` once, guarded by `status = 'open'`, so two
  // instances drawing at the same moment draw once.
  await sql`
    create table lottery_issue (
      game_code text not null,
      issue text not null check (issue ~ '^[0-9]{8}-[0-9]{3}$'),
      opens_at timestamptz not null,
      draw_at timestamptz not null,
      server_seed text not null,
      commitment text not null,
      status text not null default 'open' check (status in ('open', 'drawn', 'cancelled')),
      numbers jsonb,
      prizes jsonb,
      drawn_at timestamptz,
      primary key (game_code, issue),
      check ((status = 'drawn') = (numbers is not null))
    )`.execute(db);
  await sql`create index lottery_issue_game_draw_idx on lottery_issue (game_code, draw_at desc)`.execute(db);
  await sql`create index lottery_issue_due_idx on lottery_issue (draw_at) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lottery_issue`.execute(db);
}
