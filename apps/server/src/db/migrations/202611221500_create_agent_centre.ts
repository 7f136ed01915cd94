import { type Kysely, sql } from 'kysely';

/**
 * Agent centre: the brand's announcements to its agents, and the indexes that keep team reports
 * to joins through `member_tree` (docs/reports.md has the plans).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_announcement (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      title text not null check (char_length(title) between 1 and 200),
      content text not null,
      language text,
      pinned boolean not null default false,
      enabled boolean not null default true,
      published_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index agent_announcement_list_idx on agent_announcement (merchant_id, published_at desc)`.execute(
    db,
  );

  // Team balances join member_tree to main accounts by owner; the unique index on ledger_account
  // is over coalesce(owner_id, 0) and cannot serve that join. Covering, so the sum reads the index.
  await sql`create index ledger_account_main_owner_idx on ledger_account (owner_id) include (balance, merchant_id)
            where kind = 'main'`.execute(db);

  // Team rollup sums: a covering index lets the per-member probe of a team read only the index
  // (the primary key has the dimensions but not the figures).
  await sql`create index member_stat_daily_member_day_idx on member_stat_daily (member_id, day)
            include (merchant_id, game_type, bet_count, stake, valid_bet, payout)`.execute(db);
  await sql`create index member_money_daily_member_day_idx on member_money_daily (member_id, day)
            include (merchant_id, kind, tx_count, amount)`.execute(db);

  // "New members" of a team within a range, and listings sorted by registration time.
  await sql`create index member_created_idx on member (merchant_id, created_at)`.execute(db);
}
