import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, InboxMessageTable } from '../../db/schema.js';
import { type AuditEntry, writeAudit } from '../operator/index.js';

type Db = Kysely<Database> | Transaction<Database>;
export type MessageRow = Selectable<InboxMessageTable>;

/** A message as a member sees it: the row, whether they read it, and the sender's name. */
export type InboxRow = MessageRow & { read_at: Date | null; sender_name: string | null };

export interface NewMessage {
  merchantId: number;
  kind: MessageRow['kind'];
  target: MessageRow['target'];
  targetMemberId: string | null;
  senderMemberId: string | null;
  createdBy: string;
  title: string;
  content: string;
  notice: { code: string; params: Record<string, string> } | null;
  /** Null: deliver now (the caller delivers in the same transaction). */
  sendAt: Date | null;
}

/**
 * Responsible gaming: a broadcast other than a system notice is marketing, and a member does not
 * get the ones sent while they were on a break (a cool-off or self-exclusion in force at sending).
 */
const notOnBreak = (memberId: ReturnType<typeof sql.ref> | string) => sql`
  (m.kind = 'system' or not exists (
     select 1 from rg_exclusion x
      where x.member_id = ${memberId} and x.starts_at <= m.sent_at
        and (x.ends_at is null or x.ends_at > m.sent_at)))`;

/**
 * The messages visible to a member, newest first, as `(id, sent_at, read_at)`: their `members`
 * rows not deleted, plus the brand's broadcasts sent since they registered and not deleted by
 * them. Two index-backed halves (a member's rows; the brand's broadcasts), never a scan of every
 * message of the brand.
 */
const visible = (merchantId: number, memberId: string) => sql`
  select m.id, m.sent_at, r.read_at
    from inbox_recipient r join inbox_message m on m.id = r.message_id
   where r.member_id = ${memberId} and r.deleted_at is null and m.audience = 'members'
  union all
  select m.id, m.sent_at, r.read_at
    from inbox_message m
    left join inbox_recipient r on r.message_id = m.id and r.member_id = ${memberId}
   where m.merchant_id = ${merchantId} and m.audience = 'brand' and m.status = 'sent'
     and m.sent_at >= (select created_at from member where id = ${memberId})
     and ${notOnBreak(memberId)}
     and r.deleted_at is null`;

/**
 * Unread messages of each member: unread `members` rows, plus broadcasts since registration that
 * have no row of theirs (a broadcast's row exists only once read or deleted).
 */
const unreadOf = (merchantId: number, memberIdColumn: ReturnType<typeof sql.ref>) => sql<string>`
  (select count(*) from inbox_recipient r
    where r.member_id = ${memberIdColumn} and r.read_at is null and r.deleted_at is null)
  + (select count(*) from inbox_message m
      where m.merchant_id = ${merchantId} and m.audience = 'brand' and m.status = 'sent'
        and m.sent_at >= (select created_at from member where id = ${memberIdColumn})
        and ${notOnBreak(memberIdColumn)}
        and not exists (select 1 from inbox_recipient r
                         where r.message_id = m.id and r.member_id = ${memberIdColumn}))`;

export function createInboxRepository(db: Kysely<Database>) {
  return {
    db,
    transaction<T>(work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async insertMessage(q: Db, m: NewMessage): Promise<MessageRow> {
      return q
        .insertInto('inbox_message')
        .values({
          merchant_id: m.merchantId,
          kind: m.kind,
          audience: m.target === 'brand' ? 'brand' : 'members',
          target: m.target,
          target_member_id: m.targetMemberId,
          sender_member_id: m.senderMemberId,
          created_by: m.createdBy,
          title: m.title,
          content: m.content,
          notice_code: m.notice?.code ?? null,
          notice_params: m.notice ? JSON.stringify(m.notice.params) : null,
          status: 'scheduled',
          send_at: m.sendAt ?? sql<Date>`now()`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Marks a scheduled message sent, once: null when it was already delivered or cancelled (a
     * second run of the job, or a cancel that came first). Callers write recipients next, in the
     * same transaction.
     */
    async markSent(tx: Transaction<Database>, id: string): Promise<MessageRow | null> {
      const row = await tx
        .updateTable('inbox_message')
        .set({ status: 'sent', sent_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'scheduled')
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    /** Writes the recipients of a `members` message from its target; returns their ids. */
    async addRecipients(
      tx: Transaction<Database>,
      m: MessageRow,
      trialTypes: readonly number[],
    ): Promise<string[]> {
      if (m.target === 'member') {
        await sql`insert into inbox_recipient (member_id, message_id) values (${m.target_member_id}, ${m.id})`.execute(
          tx,
        );
        return [m.target_member_id!];
      }
      // `team`: the agent and everyone below it; `direct`: its direct downlines. Agent messages
      // (`kind = 'agent'`) never include the sending agent itself.
      const minDepth = m.kind === 'agent' ? 1 : 0;
      const maxDepth = m.target === 'direct' ? 1 : 1_000_000;
      const { rows } = await sql<{ member_id: string }>`
        insert into inbox_recipient (member_id, message_id)
        select t.descendant_id, ${m.id}::bigint
          from member_tree t join member x on x.id = t.descendant_id
         where t.ancestor_id = ${m.target_member_id} and t.depth between ${minDepth} and ${maxDepth}
           and x.merchant_id = ${m.merchant_id} and x.type <> all(${[...trialTypes]}::int[])
           -- A team message is marketing: not to a member on a break (a personal one still is sent).
           and not exists (select 1 from rg_exclusion e
                            where e.member_id = x.id and e.starts_at <= now()
                              and (e.ends_at is null or e.ends_at > now()))
        returning member_id::text`.execute(tx);
      return rows.map((r) => r.member_id);
    },

    /** Members of the brand a broadcast sent now reaches (trial accounts never read messages). */
    async brandMemberCount(tx: Db, merchantId: number, trialTypes: readonly number[]): Promise<number> {
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from member
         where merchant_id = ${merchantId} and type <> all(${[...trialTypes]}::int[])`.execute(tx);
      return Number(rows[0]!.n);
    },

    async setRecipientCount(tx: Db, id: string, count: number) {
      await tx.updateTable('inbox_message').set({ recipient_count: count }).where('id', '=', id).execute();
    },

    /** Scheduled messages whose time has come, oldest first. */
    async due(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('inbox_message')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('send_at', '<=', sql<Date>`now()`)
        .orderBy('send_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    async cancel(tx: Db, merchantId: number, id: string): Promise<MessageRow | null> {
      const row = await tx
        .updateTable('inbox_message')
        .set({ status: 'cancelled' })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'scheduled')
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async message(q: Db, merchantId: number, id: string): Promise<MessageRow | undefined> {
      return q
        .selectFrom('inbox_message')
        .selectAll()
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },

    // ── a member's inbox ────────────────────────────────────────────────────────────────────

    async inboxPage(merchantId: number, memberId: string, limit: number, offset: number) {
      const { rows } = await sql<InboxRow & { total: string }>`
        with v as (${visible(merchantId, memberId)}),
        p as (select v.*, count(*) over () as total from v order by v.sent_at desc, v.id desc
              limit ${limit} offset ${offset})
        select m.*, p.read_at, p.total::text as total, coalesce(s.nickname, s.account) as sender_name
          from p join inbox_message m on m.id = p.id
          left join member s on s.id = m.sender_member_id
         order by p.sent_at desc, p.id desc`.execute(db);
      let total = rows[0] ? Number(rows[0].total) : 0;
      // Past the last page the window count is absent: count on its own.
      if (rows.length === 0 && offset > 0) {
        const { rows: c } = await sql<{ n: string }>`
          select count(*)::text as n from (${visible(merchantId, memberId)}) v`.execute(db);
        total = Number(c[0]!.n);
      }
      return { rows: rows as InboxRow[], total };
    },

    async inboxMessage(merchantId: number, memberId: string, id: string): Promise<InboxRow | undefined> {
      const { rows } = await sql<InboxRow>`
        select m.*, v.read_at, coalesce(s.nickname, s.account) as sender_name
          from (${visible(merchantId, memberId)}) v join inbox_message m on m.id = v.id
          left join member s on s.id = m.sender_member_id
         where v.id = ${id}`.execute(db);
      return rows[0];
    },

    async unreadCount(merchantId: number, memberId: string): Promise<number> {
      const { rows } = await sql<{ n: string }>`
        select (${unreadOf(merchantId, sql.ref('u.id'))})::text as n
          from (select ${memberId}::bigint as id) u`.execute(db);
      return Number(rows[0]!.n);
    },

    /** Unread counts of many members of one brand in one statement (after a team delivery). */
    async unreadCounts(merchantId: number, memberIds: string[]): Promise<Map<string, number>> {
      if (memberIds.length === 0) return new Map();
      const { rows } = await sql<{ id: string; n: string }>`
        select u.id::text as id, (${unreadOf(merchantId, sql.ref('u.id'))})::text as n
          from unnest(${memberIds}::bigint[]) as u(id)`.execute(db);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

    /** Marks the given messages (or, with null, all) read for the member; returns how many changed. */
    async markRead(merchantId: number, memberId: string, ids: string[] | null): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const only = ids === null ? sql`true` : sql`r.message_id = any(${ids}::bigint[])`;
        const updated = await sql`
          update inbox_recipient r set read_at = now()
           where r.member_id = ${memberId} and r.read_at is null and r.deleted_at is null and ${only}`.execute(
          tx,
        );
        const onlyBrand = ids === null ? sql`true` : sql`m.id = any(${ids}::bigint[])`;
        const inserted = await sql`
          insert into inbox_recipient (member_id, message_id, read_at)
          select ${memberId}::bigint, m.id, now() from inbox_message m
           where m.merchant_id = ${merchantId} and m.audience = 'brand' and m.status = 'sent'
             and m.sent_at >= (select created_at from member where id = ${memberId}) and ${onlyBrand}
          on conflict (member_id, message_id) do nothing`.execute(tx);
        return Number(updated.numAffectedRows ?? 0n) + Number(inserted.numAffectedRows ?? 0n);
      });
    },

    /** Hides the given messages from the member's inbox; returns how many were hidden. */
    async markDeleted(merchantId: number, memberId: string, ids: string[]): Promise<number> {
      return db.transaction().execute(async (tx) => {
        const updated = await sql`
          update inbox_recipient r set deleted_at = now()
           where r.member_id = ${memberId} and r.deleted_at is null
             and r.message_id = any(${ids}::bigint[])
             and exists (select 1 from inbox_message m where m.id = r.message_id and m.audience = 'members')`.execute(
          tx,
        );
        // A broadcast: a new row deleted at once, or the row its reading left behind.
        const brand = await sql`
          insert into inbox_recipient (member_id, message_id, deleted_at)
          select ${memberId}::bigint, m.id, now() from inbox_message m
           where m.merchant_id = ${merchantId} and m.audience = 'brand' and m.status = 'sent'
             and m.sent_at >= (select created_at from member where id = ${memberId})
             and m.id = any(${ids}::bigint[])
          on conflict (member_id, message_id) do update set deleted_at = excluded.deleted_at
            where inbox_recipient.deleted_at is null`.execute(tx);
        return Number(updated.numAffectedRows ?? 0n) + Number(brand.numAffectedRows ?? 0n);
      });
    },

    // ── senders' lists ──────────────────────────────────────────────────────────────────────

    /** Operator and agent messages of the brand, newest first, with the target's account. */
    async opsPage(
      merchantId: number,
      q: { status?: MessageRow['status'] | undefined; id?: string; limit: number; offset: number },
    ) {
      let base = db
        .selectFrom('inbox_message as m')
        .where('m.merchant_id', '=', merchantId)
        .where('m.kind', '<>', 'system');
      if (q.status) base = base.where('m.status', '=', q.status);
      if (q.id) base = base.where('m.id', '=', q.id);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .leftJoin('member as t', 't.id', 'm.target_member_id')
          .leftJoin('member as s', 's.id', 'm.sender_member_id')
          .selectAll('m')
          .select(['t.account as target_account', 's.account as sender_account'])
          .orderBy('m.id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
      ]);
      return { rows, total: Number(n) };
    },

    /** The messages an agent sent, newest first, with the target's account. */
    async sentByMember(merchantId: number, memberId: string, limit: number, offset: number) {
      const base = db
        .selectFrom('inbox_message as m')
        .where('m.merchant_id', '=', merchantId)
        .where('m.sender_member_id', '=', memberId);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .leftJoin('member as t', 't.id', 'm.target_member_id')
          .selectAll('m')
          .select('t.account as target_account')
          .orderBy('m.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return { rows, total: Number(n) };
    },

    /** How many members read each message. */
    async readCounts(ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('inbox_recipient')
        .select(['message_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('message_id', 'in', ids)
        .where('read_at', 'is not', null)
        .groupBy('message_id')
        .execute();
      return new Map(rows.map((r) => [String(r.message_id), Number(r.n)]));
    },

    // ── lookups ─────────────────────────────────────────────────────────────────────────────

    /** A member of the brand by account (case-insensitive). */
    async memberByAccount(merchantId: number, account: string) {
      return db
        .selectFrom('member')
        .select(['id', 'account', 'type'])
        .where('merchant_id', '=', merchantId)
        .where(sql<string>`lower(account)`, '=', account.toLowerCase())
        .executeTakeFirst();
    },

    /** A member below the agent (depth ≥ 1) by account, or undefined: the team boundary. */
    async downlineByAccount(merchantId: number, agentId: string, account: string) {
      const { rows } = await sql<{ id: string; account: string; depth: number }>`
        select m.id::text, m.account, t.depth from member m
          join member_tree t on t.ancestor_id = ${agentId} and t.descendant_id = m.id and t.depth >= 1
         where m.merchant_id = ${merchantId} and lower(m.account) = ${account.toLowerCase()}`.execute(db);
      return rows[0];
    },

    audit: (tx: Db, row: AuditEntry) => writeAudit(tx, row),
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
