import { type Kysely, sql } from 'kysely';

/**
 * The risk desk (docs/back-office.md, "Risk"): flags raised by the `risk.scan` job from new rows
 * since a cursor per brand and check, and the indexes those scans read. `source_key` names the
 * event (a bet, a deposit, a withdrawal, an IP): unique per brand and kind, so an event flags once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table risk_flag (
      id bigserial primary key,
      merchant_id integer not null references merchant (id),
      kind text not null check (kind in ('large_win', 'large_deposit', 'large_withdrawal', 'shared_ip',
        'withdraw_without_play')),
      source_key text not null,
      member_id bigint not null references member (id),
      amount bigint,
      details jsonb not null default '{}',
      status text not null default 'open' check (status in ('open', 'cleared', 'escalated')),
      reviewer text,
      reason text,
      reviewed_at timestamptz,
      created_at timestamptz not null default now(),
      unique (merchant_id, kind, source_key)
    )`.execute(db);
  await sql`create index risk_flag_queue_idx on risk_flag (merchant_id, status, id desc)`.execute(db);
  await sql`create index risk_flag_member_idx on risk_flag (member_id, id desc)`.execute(db);
  // Where each check of each brand has read up to (the newest row time it saw).
  await sql`
    create table risk_scan (
      merchant_id integer not null references merchant (id),
      scanner text not null,
      scanned_to timestamptz not null,
      primary key (merchant_id, scanner)
    )`.execute(db);
  // The scans' reads: paid deposits by the time they changed, withdrawals by request time,
  // members by IP and by login time.
  await sql`create index deposit_request_paid_updated_idx on deposit_request (merchant_id, updated_at)
    where status = 'paid'`.execute(db);
  await sql`create index withdraw_request_created_idx on withdraw_request (merchant_id, created_at)`.execute(
    db,
  );
  await sql`create index member_created_ip_idx on member (merchant_id, created_ip) where created_ip is not null`.execute(
    db,
  );
  await sql`create index member_login_ip_idx on member (merchant_id, last_login_ip)
    where last_login_ip is not null`.execute(db);
  await sql`create index member_last_login_idx on member (merchant_id, last_login_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_last_login_idx`.execute(db);
  await sql`drop index member_login_ip_idx`.execute(db);
  await sql`drop index member_created_ip_idx`.execute(db);
  await sql`drop index withdraw_request_created_idx`.execute(db);
  await sql`drop index deposit_request_paid_updated_idx`.execute(db);
  await sql`drop table risk_scan`.execute(db);
  await sql`drop table risk_flag`.execute(db);
}
