import { type Kysely, sql } from 'kysely';

/**
 * Raffles (docs/rewards.md "Raffles"): a brand's raffle with its terms (minor units), the server
 * seed and its commitment (SHA-256, published from creation; the seed is shown once drawn); the
 * entries frozen at the draw (tickets per member); and the prizes drawn — one row per prize, its
 * winner, its ticket, and its claim (the ledger posting) or expiry.
 *
 * The draw is one transaction that starts by moving the raffle from `open` to `drawn` (a second
 * instance's draw finds it drawn and does nothing); `(raffle_id, idx)` is unique besides.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table raffle (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      code text not null,
      title jsonb not null,
      summary jsonb not null default '{}',
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      draw_at timestamptz not null,
      turnover_per_ticket bigint not null check (turnover_per_ticket >= 0),
      product_types text[] not null default '{}',
      tickets_per_deposit integer not null check (tickets_per_deposit >= 0),
      min_deposit bigint not null check (min_deposit >= 0),
      max_tickets integer not null check (max_tickets > 0),
      prizes jsonb not null,
      distinct_winners boolean not null default true,
      claim_days integer not null check (claim_days > 0),
      server_seed text not null,
      commitment text not null,
      status text not null default 'open' check (status in ('open', 'drawn')),
      total_tickets bigint,
      entry_count integer,
      drawn_at timestamptz,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (merchant_id, code),
      check (ends_at > starts_at and draw_at >= ends_at)
    )`.execute(db);
  await sql`create index raffle_due_idx on raffle (draw_at) where status = 'open'`.execute(db);

  await sql`
    create table raffle_entry (
      raffle_id bigint not null references raffle (id),
      member_id bigint not null references member (id),
      tickets bigint not null check (tickets > 0),
      valid_bet bigint not null default 0,
      deposits integer not null default 0,
      primary key (raffle_id, member_id)
    )`.execute(db);

  await sql`
    create table raffle_prize (
      id bigserial primary key,
      raffle_id bigint not null references raffle (id),
      merchant_id integer not null references merchant (id),
      idx integer not null,
      rank integer not null,
      member_id bigint not null references member (id),
      ticket bigint not null,
      amount bigint not null check (amount > 0),
      status text not null default 'unclaimed' check (status in ('unclaimed', 'claimed', 'expired')),
      expires_at timestamptz not null,
      claimed_at timestamptz,
      ledger_transaction_id bigint references ledger_transaction (id),
      unique (raffle_id, idx),
      check ((status = 'claimed') = (ledger_transaction_id is not null))
    )`.execute(db);
  await sql`create index raffle_prize_member_idx on raffle_prize (member_id, status)`.execute(db);
  await sql`create index raffle_prize_unclaimed_idx on raffle_prize (merchant_id, expires_at)
            where status = 'unclaimed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table raffle_prize`.execute(db);
  await sql`drop table raffle_entry`.execute(db);
  await sql`drop table raffle`.execute(db);
}
