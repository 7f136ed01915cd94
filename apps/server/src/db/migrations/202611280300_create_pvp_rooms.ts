import { type Kysely, sql } from 'kysely';

/**
 * Card rooms (docs/pvp.md), one set per brand (a brand's currency is its rooms' chips).
 * 1. `pvp_seat`: a member at a table with its chips (`stack`), bought in from the main wallet into
 *    the brand's `pvp_escrow` account; `leaving` waits for the hand being dealt, `left` is cashed out.
 *    The escrow account's balance is the sum of the stacks of seats not yet left.
 * 2. `pvp_hand`: a hand: seed committed when it opens, the deal at the close (`result` holds every
 *    participant's cards and bet), the chips moved and the rake posted at the result time.
 * 3. `pvp_bet`: a player's chosen multiple for a hand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pvp_seat (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      table_code text not null,
      seat_no integer not null,
      member_id bigint not null references member (id),
      stack bigint not null check (stack >= 0),
      status text not null default 'seated' check (status in ('seated', 'leaving', 'left')),
      buy_in_transaction_id bigint not null,
      joined_at timestamptz not null default now(),
      left_at timestamptz
    )`.execute(db);
  await sql`create unique index pvp_seat_taken_idx on pvp_seat (merchant_id, table_code, seat_no) where status <> 'left'`.execute(
    db,
  );
  await sql`create unique index pvp_seat_member_idx on pvp_seat (merchant_id, table_code, member_id) where status <> 'left'`.execute(
    db,
  );
  await sql`
    create table pvp_hand (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      table_code text not null,
      hand_no integer not null,
      banker_seat integer not null,
      server_seed text not null,
      seed_hash text not null,
      status text not null default 'betting' check (status in ('betting', 'dealing', 'settled', 'voided')),
      opens_at timestamptz not null,
      closes_at timestamptz not null,
      result_at timestamptz not null,
      result jsonb,
      settled_at timestamptz,
      unique (merchant_id, table_code, hand_no)
    )`.execute(db);
  await sql`
    create table pvp_bet (
      hand_id bigint not null references pvp_hand (id),
      seat_no integer not null,
      member_id bigint not null references member (id),
      multiple integer not null check (multiple between 1 and 5),
      primary key (hand_id, seat_no)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table pvp_bet`.execute(db);
  await sql`drop table pvp_hand`.execute(db);
  await sql`drop table pvp_seat`.execute(db);
}
