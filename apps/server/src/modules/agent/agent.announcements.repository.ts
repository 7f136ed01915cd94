import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The values of an announcement an operator writes. */
export interface AnnouncementValues {
  title: string;
  content: string;
  language: string | null;
  pinned: boolean;
  enabled: boolean;
  published_at?: Date;
}

/** The brand's agent announcements: the agent centre's published list and the operators' edits. */
export function createAgentAnnouncementRepository(db: Kysely<Database>) {
  return {
    /** The published, enabled announcements in `lang` (or for every language), pinned first. */
    async published(merchantId: number, lang: string, q: { pageNo: number; pageSize: number }) {
      const base = db
        .selectFrom('agent_announcement')
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .where('published_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('language', 'is', null), eb('language', '=', lang)]));
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('pinned', 'desc')
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    /** Every announcement of the brand, newest first (the operators' list). */
    async page(merchantId: number, q: { pageNo: number; pageSize: number }) {
      const base = db.selectFrom('agent_announcement').where('merchant_id', '=', merchantId);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    insert(trx: Kysely<Database>, merchantId: number, values: AnnouncementValues) {
      return trx
        .insertInto('agent_announcement')
        .values({ merchant_id: merchantId, ...values })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    update(trx: Kysely<Database>, merchantId: number, id: string, values: AnnouncementValues) {
      return trx
        .updateTable('agent_announcement')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .returningAll()
        .executeTakeFirst();
    },

    remove(trx: Kysely<Database>, merchantId: number, id: string) {
      return trx
        .deleteFrom('agent_announcement')
        .where('id', '=', id)
        .where('merchant_id', '=', merchantId)
        .returning(['id', 'title'])
        .executeTakeFirst();
    },
  };
}

export type AgentAnnouncementRepository = ReturnType<typeof createAgentAnnouncementRepository>;
