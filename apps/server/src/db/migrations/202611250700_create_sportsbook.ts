import { type Kysely, sql } from 'kysely';

/**
 * The house sportsbook (docs/sportsbook.md), shared by every brand like the lottery's issues:
 * 1. `sport_event`: a fixture, a map series or a cockfight, from the simulator, a feed import or
 *    an operator (`external_id` is the feed's id: a second import updates). `result` is what the
 *    settlement reads; `result_version` counts corrections and `settled_version` the last one
 *    whose settlement finished.
 * 2. `sport_market`: a market of an event with its prices (`prices`: [{key, odds}], decimal odds in
 *    thousandths) and a `version` bumped by every change; one market per kind, line and map.
 * 3. `sport_bet`: a single or a parlay, paid for through the house vendor's `bet` callback (round
 *    `S<id>`). Status: placing, open, won / lost / void (settled once the platform applied the
 *    result; void returned the stake), refunded (rolled back: a placement whose answer was lost),
 *    refused. `resettled`: Σ of the resettlement differences posted after corrections.
 * 4. `sport_bet_leg`: a bet's selections with the accepted price and, once known, their result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sport_event (
      id bigint generated always as identity primary key,
      external_id text not null unique,
      category text not null check (category in ('SPORTS', 'ESPORTS', 'COCKFIGHT')),
      sport text not null,
      league text not null,
      home text not null,
      away text not null,
      starts_at timestamptz not null,
      status text not null default 'scheduled' check (status in ('scheduled', 'live', 'finished', 'cancelled')),
      result jsonb,
      result_version integer not null default 0,
      settled_version integer not null default 0,
      ends_at timestamptz,
      source text not null check (source in ('simulator', 'feed')),
      created_at timestamptz not null default now(),
      check ((status in ('finished', 'cancelled')) = (result is not null))
    )`.execute(db);
  await sql`create index sport_event_book_idx on sport_event (category, starts_at)`.execute(db);
  await sql`create index sport_event_due_idx on sport_event (starts_at) where status in ('scheduled', 'live')`.execute(
    db,
  );
  await sql`
    create table sport_market (
      id bigint generated always as identity primary key,
      event_id bigint not null references sport_event (id),
      kind text not null,
      line integer,
      map integer,
      status text not null default 'open' check (status in ('open', 'suspended', 'closed', 'settled', 'voided')),
      version integer not null default 1,
      prices jsonb not null
    )`.execute(db);
  await sql`create unique index sport_market_key_idx on sport_market (event_id, kind, coalesce(line, -9999), coalesce(map, 0))`.execute(
    db,
  );
  await sql`
    create table sport_bet (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      game_code text not null check (game_code in ('SPORTS', 'ESPORTS', 'COCKFIGHT')),
      stake bigint not null check (stake > 0),
      potential_return bigint not null check (potential_return >= stake),
      payout bigint not null default 0 check (payout >= 0),
      status text not null default 'placing'
        check (status in ('placing', 'open', 'won', 'lost', 'void', 'refunded', 'refused')),
      paid boolean not null default false,
      resettled bigint not null default 0,
      placed_at timestamptz not null default now(),
      settled_at timestamptz
    )`.execute(db);
  await sql`create index sport_bet_member_idx on sport_bet (member_id, id desc)`.execute(db);
  await sql`create index sport_bet_open_idx on sport_bet (id) where status in ('open', 'placing')`.execute(
    db,
  );
  await sql`
    create table sport_bet_leg (
      bet_id bigint not null references sport_bet (id),
      idx smallint not null,
      event_id bigint not null references sport_event (id),
      market_id bigint not null references sport_market (id),
      category text not null,
      event_label text not null,
      kind text not null,
      line integer,
      map integer,
      key text not null,
      odds integer not null check (odds > 1000),
      result text check (result in ('win', 'half_win', 'push', 'half_lose', 'lose', 'void')),
      primary key (bet_id, idx)
    )`.execute(db);
  await sql`create index sport_bet_leg_event_idx on sport_bet_leg (event_id, bet_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sport_bet_leg`.execute(db);
  await sql`drop table sport_bet`.execute(db);
  await sql`drop table sport_market`.execute(db);
  await sql`drop table sport_event`.execute(db);
}
