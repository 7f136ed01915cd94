import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Customer-service conversations (docs/support.md). A member's belongs to the member; a
  // visitor's is reached only through its token, of which only the SHA-256 is stored. A member has
  // at most one open conversation per brand. The unread counter is the queue's marker, kept by the
  // same statement that adds a message, so listing the queue never counts messages.
  await sql`
    create table support_conversation (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      member_id bigint references member (id),
      visitor_token_hash text unique,
      name text not null,
      contact text,
      status text not null default 'open' check (status in ('open', 'closed')),
      assigned_operator_id bigint references operator (id),
      assigned_name text,
      unread_for_operators integer not null default 0,
      last_message_at timestamptz not null default now(),
      last_message_preview text not null default '',
      created_ip text,
      created_at timestamptz not null default now(),
      closed_at timestamptz,
      closed_by text,
      check ((member_id is null) <> (visitor_token_hash is null)),
      check ((status = 'closed') = (closed_at is not null))
    )`.execute(db);
  await sql`
    create unique index support_conversation_member_open_uq on support_conversation (merchant_id, member_id)
    where status = 'open' and member_id is not null`.execute(db);
  await sql`
    create index support_conversation_queue_idx on support_conversation (merchant_id, status, last_message_at desc)`.execute(
    db,
  );
  await sql`
    create index support_conversation_member_idx on support_conversation (member_id, id desc)
    where member_id is not null`.execute(db);

  // Images live in the database beside their messages: every instance serves them, backups and
  // the brand's retention cover them, and access is the conversation's access (docs/support.md).
  await sql`
    create table support_attachment (
      id bigint generated always as identity primary key,
      conversation_id bigint not null references support_conversation (id),
      mime text not null check (mime in ('image/png', 'image/jpeg')),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      size integer not null check (size > 0 and size <= 5242880),
      bytes bytea not null check (octet_length(bytes) = size),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index support_attachment_conversation_idx on support_attachment (conversation_id)`.execute(
    db,
  );

  // Messages: plain text and/or one image. `client_id` is the sender's retry key.
  await sql`
    create table support_message (
      id bigint generated always as identity primary key,
      conversation_id bigint not null references support_conversation (id),
      author text not null check (author in ('visitor', 'member', 'operator')),
      operator_id bigint references operator (id),
      author_name text not null,
      body text check (char_length(body) <= 2000),
      attachment_id bigint references support_attachment (id),
      client_id text,
      created_at timestamptz not null default now(),
      check (body is not null or attachment_id is not null),
      -- Only operators' messages name an operator (null for the deployment key).
      check (author = 'operator' or operator_id is null)
    )`.execute(db);
  await sql`create index support_message_conversation_idx on support_message (conversation_id, id desc)`.execute(
    db,
  );
  await sql`
    create unique index support_message_client_uq on support_message (conversation_id, author, client_id)
    where client_id is not null`.execute(db);

  // Canned replies, per brand, edited by the brand's operators.
  await sql`
    create table support_canned_reply (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      title text not null,
      body text not null,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index support_canned_reply_merchant_idx on support_canned_reply (merchant_id, sort_order, id)`.execute(
    db,
  );
}
