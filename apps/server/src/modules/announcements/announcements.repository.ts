import { type Kysely, sql } from 'kysely';
import type { AnnouncementTable, Database } from '../../db/schema.js';
import type { Insertable, Selectable } from 'kysely';
import { type AuditEntry, writeAudit } from '../operator/index.js';

type Db = Kysely<Database>;

export interface AnnouncementRow {
  id: string;
  type: 'B' | 'PL' | 'PU' | 'PR';
  groupName: string | null;
  execution: 'A' | 'B' | 'F' | null;
  title: Record<string, string>;
  content: Record<string, string>;
  imageUrl: string | null;
  linkageType: number;
  linkUrl: string | null;
  promotionType: string | null;
  sortOrder: number;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AnnouncementInput {
  type: 'B' | 'PL' | 'PU' | 'PR';
  groupName: string | null;
  execution: 'A' | 'B' | 'F' | null;
  title: Record<string, string>;
  content: Record<string, string>;
  imageUrl: string | null;
  linkageType: number;
  linkUrl: string | null;
  promotionType: string | null;
  sortOrder: number;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const date = (v: Date | string | null) => (v === null ? null : new Date(v));

function toRow(r: Selectable<AnnouncementTable>): AnnouncementRow {
  return {
    id: String(r.id),
    type: r.type,
    groupName: r.group_name,
    execution: r.execution,
    title: json(r.title),
    content: json(r.content),
    imageUrl: r.image_url,
    linkageType: r.linkage_type,
    linkUrl: r.link_url,
    promotionType: r.promotion_type,
    sortOrder: r.sort_order,
    enabled: r.enabled,
    startsAt: date(r.starts_at),
    endsAt: date(r.ends_at),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

const columns = (a: AnnouncementInput) => ({
  type: a.type,
  group_name: a.groupName,
  execution: a.execution,
  title: JSON.stringify(a.title),
  content: JSON.stringify(a.content),
  image_url: a.imageUrl,
  linkage_type: a.linkageType,
  link_url: a.linkUrl,
  promotion_type: a.promotionType,
  sort_order: a.sortOrder,
  enabled: a.enabled,
  starts_at: a.startsAt,
  ends_at: a.endsAt,
});

function announcementQueries(db: Db) {
  return {
    /** Every enabled, not deleted announcement of the brand (live or scheduled). */
    async active(merchantId: number): Promise<AnnouncementRow[]> {
      const rows = await db
        .selectFrom('announcement')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null)
        .where('enabled', '=', true)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    async page(merchantId: number, q: { type?: string | undefined; pageNo: number; pageSize: number }) {
      let base = db
        .selectFrom('announcement')
        .where('merchant_id', '=', merchantId)
        .where('deleted_at', 'is', null);
      if (q.type) base = base.where('type', '=', q.type as AnnouncementRow['type']);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('type')
          .orderBy('sort_order')
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { totalCount: Number(n), list: rows.map(toRow) };
    },

    async insert(merchantId: number, a: AnnouncementInput, seedKey: string | null = null, createdAt?: Date) {
      const row = await db
        .insertInto('announcement')
        .values({
          merchant_id: merchantId,
          ...columns(a),
          seed_key: seedKey,
          ...(createdAt ? { created_at: createdAt, updated_at: createdAt } : {}),
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'seed_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    async update(merchantId: number, id: string, a: AnnouncementInput) {
      const row = await db
        .updateTable('announcement')
        .set({ ...columns(a), updated_at: sql`now()` })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** Soft delete: a seeded row an operator removed must not come back at the next start. */
    async remove(merchantId: number, id: string): Promise<boolean> {
      const res = await db
        .updateTable('announcement')
        .set({ deleted_at: sql`now()`, enabled: false })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    audit: (row: AuditEntry & { merchantId: number }) => writeAudit(db, row),

    /**
     * Inserts seeded announcements in one statement, each once (by `seed_key`); returns the ids of
     * those that were new.
     */
    insertSeeded(rows: Insertable<AnnouncementTable>[]) {
      return db
        .insertInto('announcement')
        .values(rows)
        .onConflict((oc) => oc.columns(['merchant_id', 'seed_key']).doNothing())
        .returning('id')
        .execute();
    },
  };
}

/** The queries, plus `transaction`: the same queries bound to one transaction (a change and its audit entry together). */
export function createAnnouncementsRepository(db: Db) {
  return {
    ...announcementQueries(db),
    transaction<T>(fn: (repo: ReturnType<typeof announcementQueries>) => Promise<T>): Promise<T> {
      return db.transaction().execute((tx) => fn(announcementQueries(tx)));
    },
  };
}

export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
