import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per message, whoever it goes to (docs/inbox.md). `audience` says how recipients are
  // known: `members` messages get one inbox_recipient row per member when delivered; a `brand`
  // message (everyone of the brand) gets none at send time — a member's row appears only when they
  // read or delete it, and every member who registered before `sent_at` sees it.
  // `target` and `target_member_id` record what the sender asked for: the member (`member`), the
  // agent whose team it is (`team`, `direct`), or nothing (`brand`).
  await sql`
    create table inbox_message (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      kind text not null check (kind in ('system', 'operator', 'agent')),
      audience text not null check (audience in ('members', 'brand')),
      target text not null check (target in ('member', 'team', 'direct', 'brand')),
      target_member_id bigint references member (id),
      sender_member_id bigint references member (id),
      created_by text not null,
      title text not null,
      content text not null,
      notice_code text,
      notice_params jsonb,
      status text not null check (status in ('scheduled', 'sent', 'cancelled')),
      send_at timestamptz not null default now(),
      sent_at timestamptz,
      recipient_count integer,
      created_at timestamptz not null default now(),
      check ((status = 'sent') = (sent_at is not null)),
      check ((audience = 'brand') = (target = 'brand')),
      check (target = 'brand' or target_member_id is not null)
    )`.execute(db);
  // The brand-wide messages a member may see, by delivery time.
  await sql`
    create index inbox_message_broadcast on inbox_message (merchant_id, sent_at)
      where audience = 'brand' and status = 'sent'`.execute(db);
  // The delivery job's queue.
  await sql`create index inbox_message_due on inbox_message (send_at) where status = 'scheduled'`.execute(db);
  // The operator's list (system notices are not in it) and an agent's sent list.
  await sql`create index inbox_message_ops on inbox_message (merchant_id, id) where kind <> 'system'`.execute(
    db,
  );
  await sql`
    create index inbox_message_sender on inbox_message (sender_member_id, id)
      where sender_member_id is not null`.execute(db);

  // A member's state of one message. For `members` messages the row is written at delivery (both
  // times null: unread); for `brand` messages only on read or delete, so a row of a brand message
  // always has one of the two times.
  await sql`
    create table inbox_recipient (
      member_id bigint not null references member (id),
      message_id bigint not null references inbox_message (id),
      read_at timestamptz,
      deleted_at timestamptz,
      primary key (member_id, message_id)
    )`.execute(db);
  await sql`create index inbox_recipient_message on inbox_recipient (message_id)`.execute(db);
  await sql`
    create index inbox_recipient_unread on inbox_recipient (member_id)
      where read_at is null and deleted_at is null`.execute(db);
}
