import { type Kysely, sql } from 'kysely';

/**
 * Referral — invite friends (docs/rewards.md): each member's referral code, and one row per
 * referee (a member who registered with a code) carrying the reward's state. The reward is paid
 * once: the row is locked and moved from `pending` (or `flagged`) to `paid` in the transaction
 * that posts it, under the idempotency key `referral:<referee>`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table referral_code (
      member_id bigint primary key references member (id),
      merchant_id integer not null references merchant (id),
      code text not null,
      created_at timestamptz not null default now(),
      unique (merchant_id, code)
    )`.execute(db);
  await sql`
    create table referral (
      referee_id bigint primary key references member (id),
      referrer_id bigint not null references member (id),
      merchant_id integer not null references merchant (id),
      code text not null,
      status text not null default 'pending'
        check (status in ('pending', 'paid', 'flagged', 'rejected', 'expired')),
      flag_reason text,
      register_ip text,
      device_id text,
      reward bigint not null default 0 check (reward >= 0),
      ledger_transaction_id bigint references ledger_transaction (id),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      check (referee_id <> referrer_id)
    )`.execute(db);
  await sql`create index referral_referrer_idx on referral (referrer_id, created_at desc)`.execute(db);
  await sql`create index referral_status_idx on referral (merchant_id, status, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table referral`.execute(db);
  await sql`drop table referral_code`.execute(db);
}
