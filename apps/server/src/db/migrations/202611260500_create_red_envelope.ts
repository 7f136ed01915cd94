import { type Kysely, sql } from 'kysely';

/**
 * Red envelopes (docs/rewards.md): the envelope (its total held in the brand's escrow account) and
 * its shares, split when it is sent. A grab takes the next free share with `for update skip
 * locked`; one share per member and envelope (a unique index), never more shares than there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table red_envelope (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchant (id),
      sender_id bigint not null references member (id),
      request_id text not null,
      target text not null check (target in ('direct', 'team')),
      split text not null check (split in ('equal', 'lucky')),
      message text not null default '',
      total bigint not null check (total > 0),
      share_count integer not null check (share_count > 0),
      status text not null default 'open' check (status in ('open', 'empty', 'expired')),
      send_transaction_id bigint not null references ledger_transaction (id),
      refund_transaction_id bigint references ledger_transaction (id),
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      unique (sender_id, request_id)
    )`.execute(db);
  await sql`create index red_envelope_open_idx on red_envelope (merchant_id, expires_at) where status = 'open'`.execute(
    db,
  );
  await sql`create index red_envelope_sender_idx on red_envelope (sender_id, id desc)`.execute(db);
  await sql`
    create table red_envelope_share (
      envelope_id bigint not null references red_envelope (id),
      idx integer not null,
      amount bigint not null check (amount > 0),
      member_id bigint references member (id),
      grabbed_at timestamptz,
      ledger_transaction_id bigint references ledger_transaction (id),
      primary key (envelope_id, idx)
    )`.execute(db);
  await sql`create unique index red_envelope_share_member_uq on red_envelope_share (envelope_id, member_id)
            where member_id is not null`.execute(db);
  await sql`create index red_envelope_share_free_idx on red_envelope_share (envelope_id, idx) where member_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table red_envelope_share`.execute(db);
  await sql`drop table red_envelope`.execute(db);
}
