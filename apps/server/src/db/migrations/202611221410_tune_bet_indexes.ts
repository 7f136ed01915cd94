import { type Kysely, sql } from 'kysely';

/**
 * Fewer index writes on the bet path (measured with bench/bets): every index on a hot table costs
 * each bet and win an index insert.
 * - `vendor_tx`: only tombstones are ever looked up by round (a win whose round has no bet row), so
 *   only they are indexed by round.
 * - `bet`: the winner board reads winning settled rounds only; losing rounds stay out of its index.
 * - Rollup rows are updated in place many times a minute: free space on each page lets PostgreSQL
 *   keep those updates on the page (HOT) instead of touching the primary key index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index vendor_tx_round_idx`.execute(db);
  await sql`create index vendor_tx_tombstone_idx on vendor_tx (merchant_id, vendor_code, member_id, round_id)
            where type = 'tombstone'`.execute(db);
  await sql`drop index bet_settled_idx`.execute(db);
  await sql`create index bet_winners_idx on bet (merchant_id, settled_at desc)
            where status = 'settled' and payout > stake`.execute(db);
  await sql`alter table member_stat_hourly set (fillfactor = 80)`.execute(db);
  await sql`alter table member_stat_daily set (fillfactor = 80)`.execute(db);
}
