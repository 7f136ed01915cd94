import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Operator accounts: the back office's own people, separate from members. `merchant_id` null
  // means every brand; otherwise the operator acts on that brand only.
  await sql`
    create table operator (
      id bigint generated always as identity primary key,
      username text not null,
      password_hash text not null,
      role text not null check (role in ('admin', 'finance', 'support')),
      merchant_id integer references merchant (id),
      status text not null default 'active' check (status in ('active', 'disabled')),
      created_at timestamptz not null default now(),
      last_login_at timestamptz
    )`.execute(db);
  await sql`create unique index operator_username_uq on operator (lower(username))`.execute(db);

  // Operator sessions, like member sessions: only the token's SHA-256 is stored.
  await sql`
    create table operator_session (
      id bigint generated always as identity primary key,
      token_hash text not null unique,
      operator_id bigint not null references operator (id),
      ip text,
      user_agent text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoke_reason text
    )`.execute(db);
  await sql`create index operator_session_operator_idx on operator_session (operator_id) where revoked_at is null`.execute(
    db,
  );

  // Actions on no single brand (operator accounts of every brand) are audited without a brand.
  await sql`alter table operator_audit alter column merchant_id drop not null`.execute(db);
  await sql`create index operator_audit_deployment_idx on operator_audit (id desc) where merchant_id is null`.execute(
    db,
  );
}
