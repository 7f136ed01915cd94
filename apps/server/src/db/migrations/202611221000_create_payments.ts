import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A member's deposit request. Idempotent per member and client key (`request_id`); the credit
  // itself is one ledger transaction (idempotency key `deposit:<id>`), linked once paid.
  await sql`
    create table deposit_request (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      request_id text not null,
      request_hash text not null,
      channel text not null,
      channel_kind text not null check (channel_kind in ('BANK_TRANSFER', 'DEMO_GATEWAY')),
      amount bigint not null check (amount > 0),
      status text not null default 'pending'
        check (status in ('pending', 'paid', 'failed', 'cancelled', 'rejected')),
      gateway_ref text,
      payer_note text,
      decision_note text,
      ledger_transaction_id bigint references ledger_transaction (id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (member_id, request_id)
    )`.execute(db);
  await sql`create index deposit_request_member_idx on deposit_request (member_id, id desc)`.execute(db);
  await sql`create index deposit_request_queue_idx on deposit_request (merchant_id, status, id desc)`.execute(
    db,
  );

  // A withdrawal: the amount is held (member main → withdrawals clearing) when requested, then
  // either paid out (clearing → payments clearing) or returned (clearing → member main).
  await sql`
    create table withdraw_request (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      request_id text not null,
      request_hash text not null,
      amount bigint not null check (amount > 0),
      status text not null default 'pending' check (status in ('pending', 'paid', 'rejected')),
      payee_name text,
      bank_name text,
      account_number text,
      account_name text,
      decision_note text,
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      paid_at timestamptz,
      confirm_status text not null default 'none'
        check (confirm_status in ('none', 'received', 'partial', 'not_received', 'auto_received')),
      remaining_amount bigint,
      proof bytea,
      proof_mime text check (proof_mime in ('image/png', 'image/jpeg')),
      confirmed_at timestamptz,
      hold_tx_id bigint references ledger_transaction (id),
      settle_tx_id bigint references ledger_transaction (id),
      unique (member_id, request_id),
      check (status <> 'paid' or paid_at is not null),
      check (confirm_status = 'none' or status = 'paid'),
      check (remaining_amount is null or (confirm_status = 'partial' and remaining_amount > 0 and remaining_amount < amount)),
      check (confirm_status <> 'partial' or remaining_amount is not null),
      check (confirm_status <> 'not_received' or proof is not null),
      check (proof is null or (octet_length(proof) <= 5242880 and proof_mime is not null))
    )`.execute(db);
  await sql`create index withdraw_request_member_idx on withdraw_request (member_id, id desc)`.execute(db);
  await sql`create index withdraw_request_queue_idx on withdraw_request (merchant_id, status, id desc)`.execute(
    db,
  );

  // Every operator action, append-only: the database refuses UPDATE and DELETE, whatever code runs.
  await sql`
    create table operator_audit (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      actor text not null,
      action text not null,
      target text not null,
      payload jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index operator_audit_merchant_idx on operator_audit (merchant_id, id desc)`.execute(db);
  await sql`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the operator audit log is append-only' using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger operator_audit_append_only before update or delete on operator_audit
            for each statement execute function operator_audit_append_only()`.execute(db);
  await sql`create trigger operator_audit_no_truncate before truncate on operator_audit
            for each statement execute function operator_audit_append_only()`.execute(db);
}
