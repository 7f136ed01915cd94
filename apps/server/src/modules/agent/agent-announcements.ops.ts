import type { Kysely, Selectable } from 'kysely';
import type { AgentAnnouncementTable, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Brand } from '../brand/brand.service.js';
import { writeAudit } from '../operator/operator-audit.js';

interface AnnouncementInput {
  title: string;
  content: string;
  language: string | null;
  pinned: boolean;
  enabled: boolean;
  publishedAt?: string | undefined;
}

function view(r: Selectable<AgentAnnouncementTable>) {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    language: r.language,
    pinned: r.pinned,
    enabled: r.enabled,
    publishedAt: new Date(r.published_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/**
 * Operators manage the brand's agent announcements; each change is written to the operator audit
 * log in the same transaction.
 */
export function createAgentAnnouncementOps(db: Kysely<Database>) {
  async function audit(
    trx: Kysely<Database>,
    brand: Brand,
    actor: string,
    action: string,
    target: string,
    payload: Record<string, unknown>,
  ) {
    await writeAudit(trx, { merchantId: brand.id, actor, action, target, payload });
  }

  const normalise = (body: AnnouncementInput) => ({
    title: body.title,
    content: body.content,
    language: body.language ? body.language.toUpperCase() : null,
    pinned: body.pinned,
    enabled: body.enabled,
  });

  return {
    async list(brand: Brand, q: { pageNo: number; pageSize: number }) {
      const base = db.selectFrom('agent_announcement').where('merchant_id', '=', brand.id);
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
      const total = Number(n);
      return {
        list: rows.map(view),
        pageNo: q.pageNo,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
        totalCount: total,
      };
    },

    create(brand: Brand, body: AnnouncementInput, actor: string) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('agent_announcement')
          .values({
            merchant_id: brand.id,
            ...normalise(body),
            ...(body.publishedAt ? { published_at: new Date(body.publishedAt) } : {}),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, brand, actor, 'agent_announcement.create', row.id, { title: row.title });
        return view(row);
      });
    },

    update(brand: Brand, id: string, body: AnnouncementInput, actor: string) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('agent_announcement')
          .set({
            ...normalise(body),
            ...(body.publishedAt ? { published_at: new Date(body.publishedAt) } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .where('merchant_id', '=', brand.id)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('not.found', { announcementId: id });
        await audit(trx, brand, actor, 'agent_announcement.update', row.id, { title: row.title });
        return view(row);
      });
    },

    remove(brand: Brand, id: string, actor: string) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('agent_announcement')
          .where('id', '=', id)
          .where('merchant_id', '=', brand.id)
          .returning(['id', 'title'])
          .executeTakeFirst();
        if (!row) throw new AppError('not.found', { announcementId: id });
        await audit(trx, brand, actor, 'agent_announcement.delete', row.id, { title: row.title });
        return { deleted: true as const };
      });
    },
  };
}

export type AgentAnnouncementOps = ReturnType<typeof createAgentAnnouncementOps>;
