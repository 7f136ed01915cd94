import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per account. Member accounts keep a running balance that can never go below zero
  // (a database constraint, not only code). System accounts (clearing, expense, settlement) keep
  // no running balance: updating one row per bet would serialise every bet on it, so their
  // balance is the sum of their entries.
  await sql`
    create table ledger_account (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      owner_id bigint references member (id),
      kind text not null check (kind in ('main', 'vendor', 'points', 'system')),
      code text not null,
      currency char(3) not null,
      balance bigint not null default 0,
      created_at timestamptz not null default now(),
      check (kind = 'system' or balance >= 0),
      check ((kind = 'system') = (owner_id is null))
    )`.execute(db);
  await sql`create unique index ledger_account_owner_uq on ledger_account (merchant_id, coalesce(owner_id, 0), kind, code)`.execute(
    db,
  );

  await sql`
    create table ledger_transaction (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      kind text not null,
      idempotency_key text not null,
      request_hash text not null,
      member_id bigint references member (id),
      reference text,
      metadata jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      unique (merchant_id, idempotency_key)
    )`.execute(db);
  await sql`create index ledger_transaction_member_idx on ledger_transaction (member_id, created_at desc)`.execute(
    db,
  );

  await sql`
    create table ledger_entry (
      id bigint generated always as identity primary key,
      transaction_id bigint not null references ledger_transaction (id),
      account_id bigint not null references ledger_account (id),
      amount bigint not null check (amount <> 0),
      balance_after bigint,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ledger_entry_account_idx on ledger_entry (account_id, id)`.execute(db);
  await sql`create index ledger_entry_transaction_idx on ledger_entry (transaction_id)`.execute(db);

  // Double entry, enforced by the database: at commit, the entries of every transaction touched
  // must sum to zero, whatever code wrote them.
  await sql`
    create function ledger_transaction_balanced() returns trigger language plpgsql as $$
    begin
      if (select coalesce(sum(amount), 0) from ledger_entry where transaction_id = new.transaction_id) <> 0 then
        raise exception 'ledger transaction % does not sum to zero', new.transaction_id using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_entry_balanced after insert on ledger_entry
      deferrable initially deferred for each row execute function ledger_transaction_balanced()`.execute(db);

  // The ledger is append-only.
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the ledger is append-only' using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger ledger_entry_append_only before update or delete on ledger_entry
            for each statement execute function ledger_append_only()`.execute(db);
  await sql`create trigger ledger_transaction_append_only before update or delete on ledger_transaction
            for each statement execute function ledger_append_only()`.execute(db);
}
