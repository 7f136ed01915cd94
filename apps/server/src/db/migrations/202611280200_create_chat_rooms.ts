import { type Kysely, sql } from 'kysely';

/**
 * Live chat rooms with hosts (docs/chat.md).
 * 1. `chat_host`: a member an operator appointed as a host; its room is the host's id (`modelId`).
 * 2. `chat_message`: a room's messages and tips; a removed message keeps its row (who removed it, when).
 * 3. `chat_mute`: a member muted in a room until a time.
 * 4. `chat_read`: the last message a member read in a room (unread counts).
 * 5. `chat_tip`: a tip, once per member and request id, with its ledger transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chat_host (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint not null references member (id),
      nickname text not null,
      bio text not null default '',
      status text not null default 'offline' check (status in ('online', 'offline')),
      commission_bp integer not null check (commission_bp between 0 and 9000),
      active boolean not null default true,
      created_at timestamptz not null default now(),
      unique (merchant_id, member_id)
    )`.execute(db);
  await sql`
    create table chat_message (
      id bigint generated always as identity primary key,
      host_id bigint not null references chat_host (id),
      member_id bigint not null references member (id),
      sender text not null,
      kind text not null default 'text' check (kind in ('text', 'tip')),
      body text not null,
      amount bigint,
      removed_at timestamptz,
      removed_by text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index chat_message_room_idx on chat_message (host_id, id desc)`.execute(db);
  await sql`
    create table chat_mute (
      host_id bigint not null references chat_host (id),
      member_id bigint not null references member (id),
      until timestamptz not null,
      primary key (host_id, member_id)
    )`.execute(db);
  await sql`
    create table chat_read (
      host_id bigint not null references chat_host (id),
      member_id bigint not null references member (id),
      last_message_id bigint not null,
      primary key (member_id, host_id)
    )`.execute(db);
  await sql`
    create table chat_tip (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      host_id bigint not null references chat_host (id),
      member_id bigint not null references member (id),
      request_id text not null,
      amount bigint not null check (amount > 0),
      commission bigint not null check (commission >= 0),
      ledger_transaction_id bigint not null,
      message_id bigint references chat_message (id),
      created_at timestamptz not null default now(),
      unique (merchant_id, member_id, request_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table chat_tip`.execute(db);
  await sql`drop table chat_read`.execute(db);
  await sql`drop table chat_mute`.execute(db);
  await sql`drop table chat_message`.execute(db);
  await sql`drop table chat_host`.execute(db);
}
