import { type Kysely, sql } from 'kysely';

/**
 * The house live tables (docs/live.md), shared by every brand like the lottery's games. The tables
 * themselves are code (packages/games live/tables.ts).
 * 1. `live_round`: a table's round. Its server seed is drawn and its hash published when betting
 *    opens; `result` is written when betting closes (the deal the players then watch) and the seed
 *    is shown once the round is settled or voided. `round_no` counts the table's rounds (the nonce).
 * 2. `live_bet`: one spot of one member on one round, paid for through the house vendor's `bet`
 *    callback (round `T<id>`). Status: placing, open, won / lost (settled once the platform applied
 *    the result), refunded (rolled back: a voided round or a placement whose answer was lost), refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table live_round (
      id bigint generated always as identity primary key,
      table_code text not null,
      round_no integer not null,
      server_seed text not null,
      seed_hash text not null,
      status text not null default 'betting' check (status in ('betting', 'dealing', 'settled', 'voided')),
      opens_at timestamptz not null,
      closes_at timestamptz not null,
      result_at timestamptz not null,
      result jsonb,
      settled_at timestamptz,
      unique (table_code, round_no),
      check ((status = 'betting') = (result is null) or status = 'voided')
    )`.execute(db);
  await sql`create index live_round_open_idx on live_round (table_code) where status in ('betting', 'dealing')`.execute(
    db,
  );
  await sql`
    create table live_bet (
      id bigint generated always as identity primary key,
      round_id bigint not null references live_round (id),
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      table_code text not null,
      spot text not null,
      stake bigint not null check (stake > 0),
      payout bigint not null default 0 check (payout >= 0),
      status text not null default 'placing'
        check (status in ('placing', 'open', 'won', 'lost', 'refunded', 'refused')),
      paid boolean not null default false,
      placed_at timestamptz not null default now(),
      settled_at timestamptz
    )`.execute(db);
  await sql`create index live_bet_round_idx on live_bet (round_id, merchant_id)`.execute(db);
  await sql`create index live_bet_member_idx on live_bet (member_id, id desc)`.execute(db);
  await sql`create index live_bet_open_idx on live_bet (id) where status in ('open', 'placing')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table live_bet`.execute(db);
  await sql`drop table live_round`.execute(db);
}
