import { type Kysely, sql } from 'kysely';

/**
 * The house vendor's own records (docs/house-vendor.md). It is a vendor like any other: these
 * tables hold only what a game server keeps (launch sessions, fairness seeds, rounds, the outbox of
 * wallet callbacks); the platform's money lives in the ledger and is reached through the signed
 * `/vendor/house/*` callbacks alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A launched game. Real sessions are keyed by the platform's launch token (only its SHA-256 is
  // kept; the client sends the token with every call, which the `bet` callback needs anyway); trial
  // sessions by a house token, with their play-money balance here, never in the ledger.
  await sql`
    create table house_session (
      id bigint generated always as identity primary key,
      token_hash text not null unique,
      mode text not null check (mode in ('real', 'trial')),
      merchant_id integer not null references merchant (id),
      member_id bigint references member (id),
      player_key text not null,
      player_id text,
      game_code text not null,
      engine text not null,
      currency text not null,
      language text not null,
      trial_balance bigint check (trial_balance >= 0),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      check ((mode = 'trial') = (trial_balance is not null))
    )`.execute(db);

  // Fairness seeds per player and brand: one active pair; retired ones keep their (then revealed)
  // server seed for history. `lease_until` serialises one player's bets, so each nonce is used
  // once and a refused bet leaves it unchanged, on every instance.
  await sql`
    create table house_seed (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      player_key text not null,
      server_seed text not null,
      server_seed_hash text not null,
      client_seed text not null,
      nonce bigint not null default 0 check (nonce >= 0),
      active boolean not null default true,
      lease_until timestamptz,
      created_at timestamptz not null default now(),
      rotated_at timestamptz
    )`.execute(db);
  await sql`create unique index house_seed_active_uq on house_seed (merchant_id, player_key) where active`.execute(
    db,
  );

  // Rounds. status: betting (bet sent, answer not yet recorded), open (mines/blackjack waiting
  // for the player), closed, void (refunded by rollback), refused (the platform declined the bet).
  // `state` is the engine's internal state (it holds secrets such as mine positions); `outcome`
  // is what the player may see.
  await sql`
    create table house_round (
      id bigint generated always as identity primary key,
      round_id text not null unique,
      session_id bigint not null references house_session (id),
      merchant_id integer not null references merchant (id),
      player_key text not null,
      mode text not null check (mode in ('real', 'trial')),
      game_code text not null,
      engine text not null,
      seed_id bigint not null references house_seed (id),
      nonce bigint not null,
      client_seed text not null,
      params jsonb not null,
      state jsonb,
      outcome jsonb,
      stake bigint not null default 0 check (stake >= 0),
      payout bigint not null default 0 check (payout >= 0),
      bets integer not null default 0,
      status text not null check (status in ('betting', 'open', 'closed', 'void', 'refused')),
      created_at timestamptz not null default now(),
      settled_at timestamptz
    )`.execute(db);
  await sql`create index house_round_player_idx on house_round (merchant_id, player_key, game_code, id desc)`.execute(
    db,
  );
  await sql`create index house_round_betting_idx on house_round (created_at) where status = 'betting'`.execute(
    db,
  );

  // Outbox of wallet callbacks: the exact body sent, so a retry (after a timeout or a restart)
  // repeats the same request_id and transaction_id byte for byte and the platform applies it once.
  await sql`
    create table house_callback (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      round_id text not null,
      op text not null check (op in ('bet', 'win', 'rollback')),
      request_id text not null unique,
      transaction_id text not null,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'done', 'refused')),
      reply text,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index house_callback_pending_idx on house_callback (id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index house_callback_round_idx on house_callback (round_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['house_callback', 'house_round', 'house_seed', 'house_session']) {
    await sql`drop table if exists ${sql.raw(t)}`.execute(db);
  }
}
