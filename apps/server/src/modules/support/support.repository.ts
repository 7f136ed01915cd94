import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type {
  Database,
  SupportCannedReplyTable,
  SupportConversationTable,
  SupportMessageTable,
} from '../../db/schema.js';
import { type AuditEntry, writeAudit } from '../operator/index.js';

type Db = Kysely<Database> | Transaction<Database>;

export type ConversationRow = Selectable<SupportConversationTable> & { account: string | null };
export type CannedRow = Selectable<SupportCannedReplyTable>;
export type MessageRow = Selectable<SupportMessageTable> & {
  mime: 'image/png' | 'image/jpeg' | null;
  width: number | null;
  height: number | null;
  size: number | null;
};

export interface NewMessage {
  conversationId: string;
  author: 'visitor' | 'member' | 'operator';
  operatorId: string | null;
  authorName: string;
  body: string | null;
  clientId: string;
  attachment: { mime: 'image/png' | 'image/jpeg'; width: number; height: number; bytes: Buffer } | null;
  /** The queue row's preview of this message. */
  preview: string;
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createSupportRepository(db: Kysely<Database>) {
  const conversations = (q: Db) =>
    q
      .selectFrom('support_conversation as c')
      .leftJoin('member as m', 'm.id', 'c.member_id')
      .selectAll('c')
      .select('m.account as account');

  const messages = (q: Db) =>
    q
      .selectFrom('support_message as s')
      .leftJoin('support_attachment as a', 'a.id', 's.attachment_id')
      .selectAll('s')
      .select(['a.mime', 'a.width', 'a.height', 'a.size']);

  return {
    transaction: <T>(fn: (tx: Transaction<Database>) => Promise<T>) => db.transaction().execute(fn),

    async insertConversation(input: {
      merchantId: number;
      memberId: string | null;
      tokenHash: string | null;
      name: string;
      contact: string | null;
      ip: string | null;
    }): Promise<string | undefined> {
      const row = await db
        .insertInto('support_conversation')
        .values({
          merchant_id: input.merchantId,
          member_id: input.memberId,
          visitor_token_hash: input.tokenHash,
          name: input.name,
          contact: input.contact,
          created_ip: input.ip,
        })
        // A member's second open conversation loses the race to the first (partial unique index).
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    byId: (merchantId: number, id: string, q: Db = db): Promise<ConversationRow | undefined> =>
      conversations(q).where('c.merchant_id', '=', merchantId).where('c.id', '=', id).executeTakeFirst(),

    /** The member's open conversation, else the latest closed one. */
    latestForMember: (merchantId: number, memberId: string): Promise<ConversationRow | undefined> =>
      conversations(db)
        .where('c.merchant_id', '=', merchantId)
        .where('c.member_id', '=', memberId)
        .orderBy(sql`c.status = 'open'`, 'desc')
        .orderBy('c.id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    openForMember: (merchantId: number, memberId: string): Promise<ConversationRow | undefined> =>
      conversations(db)
        .where('c.merchant_id', '=', merchantId)
        .where('c.member_id', '=', memberId)
        .where('c.status', '=', 'open')
        .executeTakeFirst(),

    byTokenHash: (merchantId: number, hash: string): Promise<ConversationRow | undefined> =>
      conversations(db)
        .where('c.merchant_id', '=', merchantId)
        .where('c.visitor_token_hash', '=', hash)
        .executeTakeFirst(),

    /** The brand's conversations of one status, one page; the open queue puts waiting ones first. */
    async list(
      merchantId: number,
      options: { status: 'open' | 'closed'; q?: string | undefined; offset: number; limit: number },
    ) {
      let base = db
        .selectFrom('support_conversation as c')
        .leftJoin('member as m', 'm.id', 'c.member_id')
        .where('c.merchant_id', '=', merchantId)
        .where('c.status', '=', options.status);
      if (options.q) {
        const pattern = `%${likeEscape(options.q.toLowerCase())}%`;
        base = base.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['c.name']), 'like', pattern),
            eb(eb.fn('lower', ['c.contact']), 'like', pattern),
            eb(eb.fn('lower', ['m.account']), 'like', pattern),
          ]),
        );
      }
      const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      let page = base.selectAll('c').select('m.account as account');
      page =
        options.status === 'open'
          ? page
              .orderBy(sql`c.assigned_operator_id is null`, 'desc')
              .orderBy(sql`c.unread_for_operators > 0`, 'desc')
              .orderBy('c.last_message_at', 'desc')
          : page.orderBy('c.closed_at', 'desc');
      const rows: ConversationRow[] = await page
        .orderBy('c.id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute();
      return { rows, total: Number(total.n) };
    },

    /**
     * Adds a message (and its image) and moves the queue row on, in one transaction. A second call
     * with the same sender key returns the first message and writes nothing.
     */
    async insertMessage(
      tx: Transaction<Database>,
      input: NewMessage,
    ): Promise<{ id: string; created: boolean }> {
      const existing = await tx
        .selectFrom('support_message')
        .select('id')
        .where('conversation_id', '=', input.conversationId)
        .where('author', '=', input.author)
        .where('client_id', '=', input.clientId)
        .executeTakeFirst();
      if (existing) return { id: existing.id, created: false };
      let attachmentId: string | null = null;
      if (input.attachment) {
        const a = await tx
          .insertInto('support_attachment')
          .values({
            conversation_id: input.conversationId,
            mime: input.attachment.mime,
            width: input.attachment.width,
            height: input.attachment.height,
            size: input.attachment.bytes.length,
            bytes: input.attachment.bytes,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        attachmentId = a.id;
      }
      const inserted = await tx
        .insertInto('support_message')
        .values({
          conversation_id: input.conversationId,
          author: input.author,
          operator_id: input.operatorId,
          author_name: input.authorName,
          body: input.body,
          attachment_id: attachmentId,
          client_id: input.clientId,
        })
        .onConflict((oc) =>
          oc
            .columns(['conversation_id', 'author', 'client_id'])
            .where('client_id', 'is not', null)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        // The same key arrived twice at once: the other request stored it.
        const other = await tx
          .selectFrom('support_message')
          .select('id')
          .where('conversation_id', '=', input.conversationId)
          .where('author', '=', input.author)
          .where('client_id', '=', input.clientId)
          .executeTakeFirstOrThrow();
        return { id: other.id, created: false };
      }
      const fromParticipant = input.author !== 'operator';
      await tx
        .updateTable('support_conversation')
        .set({
          last_message_at: sql`now()`,
          last_message_preview: input.preview,
          unread_for_operators: fromParticipant ? sql`unread_for_operators + 1` : sql`unread_for_operators`,
        })
        .where('id', '=', input.conversationId)
        .execute();
      return { id: inserted.id, created: true };
    },

    /** Locks the conversation row for a change (sends, assignment, closing). */
    lock: (tx: Transaction<Database>, merchantId: number, id: string) =>
      tx
        .selectFrom('support_conversation')
        .select(['id', 'status', 'assigned_operator_id'])
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    message: (q: Db, id: string): Promise<MessageRow | undefined> =>
      messages(q).where('s.id', '=', id).executeTakeFirst(),

    /** Up to `limit` messages older than `before` (newest first), plus one to tell whether more remain. */
    page: (conversationId: string, before: string | undefined, limit: number): Promise<MessageRow[]> => {
      let q = messages(db).where('s.conversation_id', '=', conversationId);
      if (before !== undefined) q = q.where('s.id', '<', before);
      return q
        .orderBy('s.id', 'desc')
        .limit(limit + 1)
        .execute();
    },

    attachment: (conversationId: string | null, merchantId: number, attachmentId: string) => {
      let q = db
        .selectFrom('support_attachment as a')
        .innerJoin('support_conversation as c', 'c.id', 'a.conversation_id')
        .select(['a.mime', 'a.bytes'])
        .where('a.id', '=', attachmentId)
        .where('c.merchant_id', '=', merchantId);
      if (conversationId !== null) q = q.where('a.conversation_id', '=', conversationId);
      return q.executeTakeFirst();
    },

    assign: (tx: Db, id: string, operatorId: string | null, name: string) =>
      tx
        .updateTable('support_conversation')
        .set({ assigned_operator_id: operatorId, assigned_name: name })
        .where('id', '=', id)
        .execute(),

    close: (tx: Db, id: string, by: string) =>
      tx
        .updateTable('support_conversation')
        .set({ status: 'closed', closed_at: sql`now()`, closed_by: by })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute(),

    markRead: (merchantId: number, id: string) =>
      db
        .updateTable('support_conversation')
        .set({ unread_for_operators: 0 })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('unread_for_operators', '>', 0)
        .execute(),

    audit: (tx: Db, entry: AuditEntry & { merchantId: number }) => writeAudit(tx, entry),

    // ── canned replies ──
    cannedList: (merchantId: number): Promise<CannedRow[]> =>
      db
        .selectFrom('support_canned_reply')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),

    async cannedCount(tx: Db, merchantId: number) {
      const row = await tx
        .selectFrom('support_canned_reply')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    cannedInsert: (tx: Db, merchantId: number, input: { title: string; body: string; sortOrder: number }) =>
      tx
        .insertInto('support_canned_reply')
        .values({
          merchant_id: merchantId,
          title: input.title,
          body: input.body,
          sort_order: input.sortOrder,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    cannedUpdate: (
      tx: Db,
      merchantId: number,
      id: string,
      input: { title: string; body: string; sortOrder: number },
    ) =>
      tx
        .updateTable('support_canned_reply')
        .set({ title: input.title, body: input.body, sort_order: input.sortOrder, updated_at: sql`now()` })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    cannedDelete: (tx: Db, merchantId: number, id: string) =>
      tx
        .deleteFrom('support_canned_reply')
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returning(['id', 'title'])
        .executeTakeFirst(),
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
