import type { Kysely, Selectable } from 'kysely';
import type { AgentAnnouncementTable, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Brand } from '../brand/index.js';
import { writeAudit } from '../operator/index.js';
import type { AgentAnnouncementRepository } from './agent.announcements.repository.js';

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
export function createAgentAnnouncementOps(deps: {
  db: Kysely<Database>;
  repository: AgentAnnouncementRepository;
}) {
  const { db, repository } = deps;
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
      const { total, rows } = await repository.page(brand.id, q);
      return {
        list: rows.map(view),
        pageNo: q.pageNo,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
        totalCount: total,
      };
    },

    create(brand: Brand, body: AnnouncementInput, actor: string) {
      return db.transaction().execute(async (trx) => {
        const row = await repository.insert(trx, brand.id, {
          ...normalise(body),
          ...(body.publishedAt ? { published_at: new Date(body.publishedAt) } : {}),
        });
        await audit(trx, brand, actor, 'agent_announcement.create', row.id, { title: row.title });
        return view(row);
      });
    },

    update(brand: Brand, id: string, body: AnnouncementInput, actor: string) {
      return db.transaction().execute(async (trx) => {
        const row = await repository.update(trx, brand.id, id, {
          ...normalise(body),
          ...(body.publishedAt ? { published_at: new Date(body.publishedAt) } : {}),
        });
        if (!row) throw new AppError('not.found', { announcementId: id });
        await audit(trx, brand, actor, 'agent_announcement.update', row.id, { title: row.title });
        return view(row);
      });
    },

    remove(brand: Brand, id: string, actor: string) {
      return db.transaction().execute(async (trx) => {
        const row = await repository.remove(trx, brand.id, id);
        if (!row) throw new AppError('not.found', { announcementId: id });
        await audit(trx, brand, actor, 'agent_announcement.delete', row.id, { title: row.title });
        return { deleted: true as const };
      });
    },
  };
}

export type AgentAnnouncementOps = ReturnType<typeof createAgentAnnouncementOps>;
