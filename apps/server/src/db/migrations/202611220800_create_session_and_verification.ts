import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table member
      add column first_login_done boolean not null default false,
      add column must_change_password boolean not null default false,
      add column language text,
      add column avatar text not null default '0',
      add column profile jsonb not null default '{}'::jsonb`.execute(db);
  await sql`create index member_email_idx on member (merchant_id, lower(email)) where email is not null`.execute(
    db,
  );

  // Opaque tokens: only their SHA-256 is stored, so a database leak yields no usable session.
  await sql`
    create table session (
      id bigint generated always as identity primary key,
      token_hash text not null unique,
      member_id bigint not null references member (id),
      merchant_id integer not null references merchant (id),
      login_type text not null,
      must_change_password boolean not null default false,
      ip text,
      user_agent text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoke_reason text
    )`.execute(db);
  await sql`create index session_member_idx on session (member_id) where revoked_at is null`.execute(db);

  await sql`
    create table member_known_ip (
      member_id bigint not null references member (id),
      ip text not null,
      first_seen_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      primary key (member_id, ip)
    )`.execute(db);

  // A pending second factor for a login from an unregistered IP.
  await sql`
    create table login_challenge (
      token_hash text primary key,
      member_id bigint not null references member (id),
      login_type text not null,
      agent boolean not null,
      ip text,
      expires_at timestamptz not null,
      consumed_at timestamptz
    )`.execute(db);

  await sql`
    create table rsa_key (
      key_id text primary key,
      public_pem text not null,
      private_pem text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table captcha (
      id text primary key,
      answer_hash text not null,
      expires_at timestamptz not null,
      consumed_at timestamptz
    )`.execute(db);

  await sql`
    create table verification_code (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      purpose text not null check (purpose in ('login', 'register', 'reset', 'login_verify')),
      channel text not null check (channel in ('sms', 'email')),
      destination text not null,
      code_hash text not null,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      consumed_at timestamptz
    )`.execute(db);
  await sql`create index verification_code_lookup_idx
            on verification_code (merchant_id, purpose, destination, created_at desc)`.execute(db);

  // What the development SMS/email provider "sent"; also the audit trail of every message.
  await sql`
    create table outbox_message (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      channel text not null,
      destination text not null,
      body text not null,
      code text,
      created_at timestamptz not null default now()
    )`.execute(db);

  // Fixed-window counters shared by every instance: login failures, SMS sends, trial creation.
  await sql`
    create table throttle (
      key text primary key,
      hits integer not null,
      window_started_at timestamptz not null,
      blocked_until timestamptz
    )`.execute(db);

  await sql`
    create table affiliate_code (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      code text not null,
      member_id bigint not null references member (id),
      member_type smallint not null,
      usage_count integer not null default 0,
      enabled boolean not null default true,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index affiliate_code_uq on affiliate_code (merchant_id, lower(code))`.execute(db);
}
