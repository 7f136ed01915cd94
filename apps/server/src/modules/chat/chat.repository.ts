import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import type { ChatMessageTable, ChatTipTable, Database } from '../../db/schema.js';

/**
 * The chat rooms' queries (docs/chat.md): hosts, messages, mutes, read marks and tips. Every
 * function takes the query runner to use; the services keep the transactions.
 */
type Db = Kysely<Database> | Transaction<Database>;

/** Appoints (or updates) a host of the brand. */
export const upsertHost = (
  db: Kysely<Database>,
  merchantId: number,
  memberId: string,
  values: { nickname: string; bio: string; commission_bp: number; active: boolean },
) =>
  db
    .insertInto('chat_host')
    .values({ merchant_id: merchantId, member_id: memberId, ...values })
    .onConflict((oc) => oc.columns(['merchant_id', 'member_id']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();

/** An active host's status; undefined when the member is not an active host of the brand. */
export const updateHostStatus = (
  db: Kysely<Database>,
  merchantId: number,
  memberId: string,
  status: 'online' | 'offline',
) =>
  db
    .updateTable('chat_host')
    .set({ status })
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('active', '=', true)
    .returningAll()
    .executeTakeFirst();

/** The brand's active host (a room) by id. */
export const activeHost = (db: Kysely<Database>, merchantId: number, modelId: string) =>
  db
    .selectFrom('chat_host')
    .selectAll()
    .where('id', '=', modelId)
    .where('merchant_id', '=', merchantId)
    .where('active', '=', true)
    .executeTakeFirst();

/** Whether the brand has this active host (the socket topic's check). */
export const activeHostId = (db: Kysely<Database>, merchantId: number, key: string) =>
  db
    .selectFrom('chat_host')
    .select('id')
    .where('id', '=', key)
    .where('merchant_id', '=', merchantId)
    .where('active', '=', true)
    .executeTakeFirst();

/** The brand's active hosts, those online first. */
export const activeHosts = (db: Kysely<Database>, merchantId: number) =>
  db
    .selectFrom('chat_host')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('active', '=', true)
    .orderBy(sql`status = 'online'`, 'desc')
    .orderBy('id')
    .execute();

export const insertMessage = (db: Db, values: Insertable<ChatMessageTable>) =>
  db.insertInto('chat_message').values(values).returningAll().executeTakeFirstOrThrow();

export const messageById = (db: Db, messageId: string) =>
  db.selectFrom('chat_message').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();

/** A page of a room's messages not removed, newest first. */
export const messagesPage = (
  db: Kysely<Database>,
  hostId: string,
  before: string | undefined,
  limit: number,
) =>
  db
    .selectFrom('chat_message')
    .selectAll()
    .where('host_id', '=', hostId)
    .where('removed_at', 'is', null)
    .$if(before !== undefined, (q) => q.where('id', '<', before!))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Removes a message of the brand (of one room when `hostId` is given); undefined when there is none to remove. */
export const markMessageRemoved = (
  db: Kysely<Database>,
  merchantId: number,
  messageId: string,
  by: string,
  hostId?: string,
) =>
  db
    .updateTable('chat_message')
    .set({ removed_at: new Date(), removed_by: by })
    .where('id', '=', messageId)
    .where('removed_at', 'is', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('chat_host as h')
          .select('h.id')
          .whereRef('h.id', '=', 'chat_message.host_id')
          .where('h.merchant_id', '=', merchantId),
      ),
    )
    .$if(hostId !== undefined, (q) => q.where('host_id', '=', hostId!))
    .returning(['id', 'host_id'])
    .executeTakeFirst();

/** The member's mute in a room, if still running. */
export const muteInForce = (db: Kysely<Database>, hostId: string, memberId: string) =>
  db
    .selectFrom('chat_mute')
    .select('until')
    .where('host_id', '=', hostId)
    .where('member_id', '=', memberId)
    .where('until', '>', new Date())
    .executeTakeFirst();

export const deleteMute = (db: Kysely<Database>, hostId: string, memberId: string) =>
  db.deleteFrom('chat_mute').where('host_id', '=', hostId).where('member_id', '=', memberId).execute();

export const upsertMute = (db: Kysely<Database>, hostId: string, memberId: string, until: Date) =>
  db
    .insertInto('chat_mute')
    .values({ host_id: hostId, member_id: memberId, until })
    .onConflict((oc) => oc.columns(['host_id', 'member_id']).doUpdateSet({ until }))
    .execute();

/** The last message a member has seen in a room (only ever moves forward). */
export const markRead = (db: Kysely<Database>, hostId: string, memberId: string, messageId: string) =>
  db
    .insertInto('chat_read')
    .values({ host_id: hostId, member_id: memberId, last_message_id: messageId })
    .onConflict((oc) =>
      oc.columns(['member_id', 'host_id']).doUpdateSet({
        last_message_id: sql`greatest(chat_read.last_message_id, excluded.last_message_id)`,
      }),
    )
    .execute();

/** The member's unread messages per room of the brand they have visited. */
export const unreadByRoom = (db: Kysely<Database>, merchantId: number, memberId: string) =>
  sql<{ host_id: string; unread: string }>`
          select r.host_id, (select count(*) from chat_message m
                             where m.host_id = r.host_id and m.id > r.last_message_id
                               and m.removed_at is null and m.member_id <> r.member_id) as unread
          from chat_read r join chat_host h on h.id = r.host_id
          where r.member_id = ${memberId} and h.merchant_id = ${merchantId} and h.active`.execute(db);

/** The tip a member already sent with this request id. */
export const tipByRequest = (
  tx: Transaction<Database>,
  merchantId: number,
  memberId: string,
  requestId: string,
) =>
  tx
    .selectFrom('chat_tip')
    .select('message_id')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();

export const insertTip = (tx: Transaction<Database>, values: Insertable<ChatTipTable>) =>
  tx.insertInto('chat_tip').values(values).execute();

/** The member's main wallet balance. */
export const mainBalance = (db: Kysely<Database>, memberId: string) =>
  db
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'main')
    .where('code', '=', 'MAIN')
    .executeTakeFirstOrThrow();

/** The brand's member with this id, if any. */
export const memberOfBrand = (db: Kysely<Database>, merchantId: number, memberId: string) =>
  db
    .selectFrom('member')
    .select('id')
    .where('id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();

/** The brand's member with this account, if any. */
export const memberByAccount = (db: Kysely<Database>, merchantId: number, account: string) =>
  db
    .selectFrom('member')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('account', '=', account)
    .executeTakeFirst();
