import { type Kysely, sql } from 'kysely';

/**
 * Missions (docs/rewards.md): one row per task a member claimed in a period. The primary key makes
 * a claim once per member, task and period; the row and the reward's posting share a transaction.
 * The leaderboard sums the week's points by brand and claim time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mission_claim (
      member_id bigint not null references member (id),
      merchant_id integer not null references merchant (id),
      mission_id text not null,
      period_start date not null,
      reward bigint not null check (reward >= 0),
      points integer not null check (points >= 0),
      ledger_transaction_id bigint references ledger_transaction (id),
      claimed_at timestamptz not null default now(),
      primary key (member_id, mission_id, period_start)
    )`.execute(db);
  await sql`create index mission_claim_board_idx on mission_claim (merchant_id, claimed_at)`.execute(db);
  await sql`create index session_member_created_idx on session (member_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index session_member_created_idx`.execute(db);
  await sql`drop table mission_claim`.execute(db);
}
