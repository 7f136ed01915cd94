import { type Kysely, sql } from 'kysely';

/**
 * Points mall (docs/rewards.md). Points live on the ledger (a `points` account per member,
 * currency PTS, and the brand's `points_issued` system account); these tables hold the rest:
 * - `points_day`: per member and day, the points credited for that day's valid bets and deposits
 *   (the earning job credits what a day earned beyond it, in the transaction that posts them);
 * - `point_redemption`: every redemption and conversion with its status (spec §4: process,
 *   rejected, approved), one per member and request id;
 * - `point_reward_stock`: units of each goods reward taken, never beyond its stock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table points_day (
      member_id bigint not null references member (id),
      day date not null,
      merchant_id integer not null references merchant (id),
      credited bigint not null default 0,
      primary key (member_id, day)
    )`.execute(db);
  await sql`
    create table point_redemption (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      request_id text not null,
      reward_id text not null,
      reward_name text not null,
      kind text not null check (kind in ('cash', 'goods', 'convert')),
      quantity integer not null check (quantity > 0),
      points bigint not null check (points > 0),
      amount bigint,
      address text,
      status text not null check (status in ('process', 'rejected', 'approved')),
      note text,
      points_transaction_id bigint not null references ledger_transaction (id),
      cash_transaction_id bigint references ledger_transaction (id),
      refund_transaction_id bigint references ledger_transaction (id),
      created_at timestamptz not null default now(),
      reviewed_at timestamptz,
      reviewed_by text,
      unique (member_id, request_id)
    )`.execute(db);
  await sql`create index point_redemption_member_idx on point_redemption (member_id, id desc)`.execute(db);
  await sql`create index point_redemption_review_idx on point_redemption (merchant_id, status, id)`.execute(
    db,
  );
  await sql`
    create table point_reward_stock (
      merchant_id integer not null references merchant (id),
      reward_id text not null,
      taken integer not null default 0 check (taken >= 0),
      primary key (merchant_id, reward_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table point_reward_stock`.execute(db);
  await sql`drop table point_redemption`.execute(db);
  await sql`drop table points_day`.execute(db);
}
