import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member (
      id bigint generated always as identity (start with 100001) primary key,
      merchant_id integer not null references merchant (id),
      account text not null check (char_length(account) between 1 and 64),
      nickname text,
      type smallint not null,
      parent_id bigint references member (id),
      status text not null default 'active' check (status in ('active', 'frozen', 'closed')),
      password_hash text not null,
      payment_password_hash text,
      password_changed_at timestamptz not null default now(),
      mobile_dialing_code text,
      mobile_num text,
      email text,
      register_method text not null,
      register_url text,
      domain text,
      created_ip text,
      created_at timestamptz not null default now(),
      last_login_at timestamptz,
      last_login_ip text
    )`.execute(db);
  // Accounts are unique per brand regardless of case.
  await sql`create unique index member_account_uq on member (merchant_id, lower(account))`.execute(db);
  await sql`create unique index member_mobile_uq on member (merchant_id, mobile_dialing_code, mobile_num)
            where mobile_num is not null`.execute(db);
  await sql`create index member_parent_idx on member (parent_id)`.execute(db);

  // Closure table: one row per (ancestor, descendant), including each member with itself at
  // depth 0, so team queries are joins and never recursive scans.
  await sql`
    create table member_tree (
      ancestor_id bigint not null references member (id),
      descendant_id bigint not null references member (id),
      depth integer not null check (depth >= 0),
      primary key (ancestor_id, descendant_id)
    )`.execute(db);
  await sql`create index member_tree_descendant_idx on member_tree (descendant_id, depth)`.execute(db);
}
