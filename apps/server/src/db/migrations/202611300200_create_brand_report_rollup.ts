import { type Kysely, sql } from 'kysely';

/**
 * Brand reports (docs/back-office.md "Reports"): per brand, UTC day and game, the bet sums of the
 * brand's rounds (`brand_game_day`), and per brand and day the number of members who placed a bet
 * (`brand_day`, whose row also says the day's game rows are there and when they were computed).
 *
 * Refreshed by `brand_report_refresh` (the `ops-reports.rollup` jobs), never by the bet path: one
 * row per brand and game would be a hot row that every bet of the brand waits on. A day is read
 * from these tables only once it was refreshed at least two days after it began, when bets settled
 * after midnight have landed; younger days are summed from `bet` at read time (a BRIN index on
 * `placed_at` keeps that to the day's pages, at almost no cost to the bet path).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index bet_placed_brin_idx on bet using brin (placed_at)`.execute(db);
  await sql`
    create table brand_game_day (
      merchant_id integer not null references merchant (id),
      day date not null,
      adapter text not null,
      game_code text not null,
      game_type text not null,
      vassalage text not null,
      bet_count bigint not null,
      stake bigint not null,
      valid_bet bigint not null,
      payout bigint not null,
      primary key (merchant_id, day, adapter, game_code, game_type, vassalage)
    )`.execute(db);
  await sql`
    create table brand_day (
      merchant_id integer not null references merchant (id),
      day date not null,
      active_members integer not null,
      refreshed_at timestamptz not null,
      primary key (merchant_id, day)
    )`.execute(db);

  // Recomputes both tables for one brand and the UTC days p_from .. p_to from the bet rows.
  await sql`
    create function brand_report_refresh(p_merchant integer, p_from date, p_to date)
    returns void language plpgsql as $$
    declare
      v_start timestamptz := p_from::timestamp at time zone 'UTC';
      v_end timestamptz := (p_to + 1)::timestamp at time zone 'UTC';
    begin
      delete from brand_game_day where merchant_id = p_merchant and day between p_from and p_to;
      delete from brand_day where merchant_id = p_merchant and day between p_from and p_to;
      insert into brand_game_day (merchant_id, day, adapter, game_code, game_type, vassalage,
                                  bet_count, stake, valid_bet, payout)
        select p_merchant, (b.placed_at at time zone 'UTC')::date, b.adapter, b.game_code, b.game_type, b.vassalage,
               count(*), sum(b.stake), sum(b.valid_bet), sum(b.payout)
        from bet b
        where b.merchant_id = p_merchant and b.placed_at >= v_start and b.placed_at < v_end and b.status <> 'void'
        group by 2, 3, 4, 5, 6;
      insert into brand_day (merchant_id, day, active_members, refreshed_at)
        select p_merchant, d::date, coalesce(a.n, 0), now()
        from generate_series(p_from, p_to, interval '1 day') d
        left join (
          select (b.placed_at at time zone 'UTC')::date as day, count(distinct b.member_id)::integer as n
          from bet b
          where b.merchant_id = p_merchant and b.placed_at >= v_start and b.placed_at < v_end and b.status <> 'void'
          group by 1
        ) a on a.day = d::date;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists brand_report_refresh(integer, date, date)`.execute(db);
  await sql`drop table if exists brand_day`.execute(db);
  await sql`drop table if exists brand_game_day`.execute(db);
  await sql`drop index if exists bet_placed_brin_idx`.execute(db);
}
