import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Agent contracts (docs/contracts.md): one row per version. A member holds at most one version
  // in force and one pending offer per kind (partial unique indexes), so two concurrent accepts or
  // offers cannot both win. `payer_id` is the upline who offered it, null for a top agent's
  // contract set by an operator (the platform pays). Terms are the tier table in minor units and
  // rate millionths, as strings, so nothing is rounded through JSON numbers.
  await sql`
    create table agent_contract (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      kind text not null check (kind in ('dividend', 'daily', 'hourly', 'realtime')),
      member_id bigint not null references member (id),
      payer_id bigint references member (id),
      version integer not null,
      status text not null check (status in ('P', 'E', 'V', 'R', 'T', 'S')),
      period text check (period in ('D', 'W', 'H', 'M')),
      terms jsonb not null,
      top_rate bigint not null default 0,
      offered_by text not null,
      offered_at timestamptz not null default now(),
      accepted_at timestamptz,
      ended_at timestamptz,
      unique (member_id, kind, version),
      check ((kind = 'dividend') = (period is not null))
    )`.execute(db);
  await sql`create unique index agent_contract_in_force_uq on agent_contract (member_id, kind) where status = 'V'`.execute(
    db,
  );
  await sql`create unique index agent_contract_pending_uq on agent_contract (member_id, kind) where status in ('P', 'E')`.execute(
    db,
  );
  await sql`create index agent_contract_payer_idx on agent_contract (payer_id, kind, status)`.execute(db);
  await sql`create index agent_contract_brand_idx on agent_contract (merchant_id, kind, status)`.execute(db);

  // Every transition, append-only: who, when, from which version to which.
  await sql`
    create table agent_contract_event (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      kind text not null,
      member_id bigint not null references member (id),
      contract_id bigint references agent_contract (id),
      action text not null,
      actor text not null,
      from_version integer,
      to_version integer,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index agent_contract_event_member_idx on agent_contract_event (member_id, kind, id)`.execute(
    db,
  );
  await sql`
    create function agent_contract_event_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'agent_contract_event is append-only' using errcode = '42501';
    end $$`.execute(db);
  await sql`
    create trigger agent_contract_event_no_change before update or delete on agent_contract_event
    for each statement execute function agent_contract_event_append_only()`.execute(db);

  // One bill per (contract version, period start): the settlement key. A rerun or a second
  // instance finds the row and computes nothing again; `paid` only grows, under the row lock.
  await sql`
    create table contract_bill (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      kind text not null,
      contract_id bigint not null references agent_contract (id),
      member_id bigint not null references member (id),
      payer_id bigint references member (id),
      depth integer not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      valid_bet bigint not null default 0,
      profit_loss bigint not null default 0,
      active_members integer not null default 0,
      tier integer not null default -1,
      amount bigint not null check (amount >= 0),
      paid bigint not null default 0 check (paid >= 0 and paid <= amount),
      carry_in bigint not null default 0,
      carry_out bigint not null default 0,
      status text not null check (status in ('issued', 'partial', 'insufficient', 'not_reached')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (contract_id, period_start)
    )`.execute(db);
  await sql`create index contract_bill_member_idx on contract_bill (member_id, kind, period_start desc)`.execute(
    db,
  );
  await sql`create index contract_bill_payer_idx on contract_bill (payer_id, kind, period_start desc)`.execute(
    db,
  );
  await sql`
    create index contract_bill_unpaid_idx on contract_bill (merchant_id, kind, period_start)
    where status in ('partial', 'insufficient')`.execute(db);

  // Periods a kind has been computed for (the bills of a period are written in the same
  // transaction as this row): a rerun skips a period already done.
  await sql`
    create table contract_period_done (
      merchant_id integer not null references merchant (id),
      kind text not null,
      period_start timestamptz not null,
      period_code text not null default '',
      done_at timestamptz not null default now(),
      primary key (merchant_id, kind, period_code, period_start)
    )`.execute(db);

  // Rounds a real-time salary window paid for, with the figures it used: a round rolled back
  // later (its bet turns void) is found here and reversed in the window that sees the rollback.
  await sql`
    create table contract_rt_round (
      bet_id bigint primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null,
      stake bigint not null,
      payout bigint not null,
      window_start timestamptz not null,
      reversed_in timestamptz
    )`.execute(db);
  await sql`create index contract_rt_round_window_idx on contract_rt_round (merchant_id, window_start)`.execute(
    db,
  );
  // A window also reads the rounds rolled back in it; only those rows are indexed by it.
  await sql`create index contract_rt_round_reversed_idx on contract_rt_round (merchant_id, reversed_in)
    where reversed_in is not null`.execute(db);
  // The real-time window reads the rounds settled in five minutes. A BRIN index on settled_at is a
  // few pages, costs the bet path next to nothing (and, being summarising, keeps settle updates
  // HOT), and narrows the window's scan to the blocks written in it.
  await sql`create index bet_settled_brin on bet using brin (settled_at)`.execute(db);
}
