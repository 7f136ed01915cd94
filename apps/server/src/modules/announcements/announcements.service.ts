import type { Announcements, LanguageCode, opsAnnouncementBodySchema } from '@arcadia/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import { paginate, pick } from '../catalogue/index.js';
import { sanitizeMessageHtml } from '../inbox/index.js';
import type {
  AnnouncementInput,
  AnnouncementRow,
  AnnouncementsRepository,
} from './announcements.repository.js';

export const ANNOUNCEMENTS_TOPIC = 'announcements';

type OpsBody = z.infer<typeof opsAnnouncementBodySchema>;

const live = (a: AnnouncementRow, at: number) =>
  (a.startsAt === null || a.startsAt.getTime() <= at) && (a.endsAt === null || a.endsAt.getTime() > at);

/** When a notice counts as published: its start, else its creation. */
const publishedAt = (a: AnnouncementRow) => a.startsAt ?? a.createdAt;

/** Operator input → row, refusing combinations the lobby could not show. */
function toInput(body: OpsBody): AnnouncementInput {
  const fields: Record<string, string> = {};
  if (body.type === 'B' && !body.groupName) fields.groupName = 'a banner needs a group (w_home, w_rng, …)';
  if (body.type === 'B' && !body.imageUrl) fields.imageUrl = 'a banner needs an image';
  if (body.type === 'PU' && !body.execution) fields.execution = 'a popup needs an execution (A, B or F)';
  if (body.linkageType !== 0 && !body.linkUrl) fields.linkUrl = 'a linked announcement needs a link';
  const startsAt = body.startsAt ? new Date(body.startsAt) : null;
  const endsAt = body.endsAt ? new Date(body.endsAt) : null;
  if (startsAt && endsAt && endsAt <= startsAt) fields.endsAt = 'must be after startsAt';
  if (Object.keys(fields).length > 0) throw new AppError('request_param_err', { fields });
  return {
    type: body.type,
    groupName: body.type === 'B' ? (body.groupName ?? null) : null,
    execution: body.type === 'PU' ? (body.execution ?? null) : null,
    title: body.title,
    // Stored as players receive it: sanitised HTML (plain text keeps its line breaks).
    content: Object.fromEntries(
      Object.entries(body.content ?? {}).map(([lang, html]) => [lang, sanitizeMessageHtml(html)]),
    ),
    imageUrl: body.imageUrl ?? null,
    linkageType: body.linkageType,
    linkUrl: body.linkUrl ?? null,
    promotionType: body.promotionType ?? null,
    sortOrder: body.sortOrder,
    enabled: body.enabled,
    startsAt,
    endsAt,
  };
}

function opsView(a: AnnouncementRow) {
  return {
    id: a.id,
    type: a.type,
    title: a.title,
    content: a.content,
    groupName: a.groupName,
    execution: a.execution,
    imageUrl: a.imageUrl,
    linkageType: a.linkageType,
    linkUrl: a.linkUrl,
    promotionType: a.promotionType,
    sortOrder: a.sortOrder,
    enabled: a.enabled,
    startsAt: a.startsAt?.toISOString() ?? null,
    endsAt: a.endsAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export interface AnnouncementsServiceOptions {
  repository: AnnouncementsRepository;
  bus: InvalidationBus;
  ttlMs: number;
  now?: () => number;
  /** Told when an enabled announcement goes live at creation (the real-time `announcement.new`). */
  onPublished?: (
    merchantId: number,
    announcement: { id: string; type: string; title: Record<string, string> },
  ) => void;
}

export function createAnnouncementsService({
  repository,
  bus,
  ttlMs,
  now = Date.now,
  onPublished,
}: AnnouncementsServiceOptions) {
  // Enabled rows per brand; which of them are live is decided at each read, so a scheduled
  // announcement appears on time without an invalidation.
  const cache = new Map<number, { at: number; rows: Promise<AnnouncementRow[]> }>();
  bus.subscribe(ANNOUNCEMENTS_TOPIC, (key) => cache.delete(Number(key)));

  function rows(merchantId: number): Promise<AnnouncementRow[]> {
    const hit = cache.get(merchantId);
    if (hit && now() - hit.at < ttlMs) return hit.rows;
    const entry = { at: now(), rows: repository.active(merchantId) };
    cache.set(merchantId, entry);
    entry.rows.catch(() => {
      if (cache.get(merchantId) === entry) cache.delete(merchantId);
    });
    return entry.rows;
  }

  async function invalidate(merchantId: number) {
    cache.delete(merchantId);
    await bus.publish(ANNOUNCEMENTS_TOPIC, String(merchantId));
  }

  const liveRows = async (merchantId: number) => {
    const at = now();
    return (await rows(merchantId)).filter((a) => live(a, at));
  };

  const notice = (a: AnnouncementRow, lang: string) => ({
    id: a.id,
    title: pick(a.title, lang),
    content: pick(a.content, lang),
    publishedAt: publishedAt(a).toISOString(),
  });

  const newestFirst = (a: AnnouncementRow, b: AnnouncementRow) =>
    publishedAt(b).getTime() - publishedAt(a).getTime() || Number(b.id) - Number(a.id);

  return {
    invalidate,

    async list(
      merchantId: number,
      lang: LanguageCode,
      q: { types?: string | undefined; execution?: string | undefined; groupName?: string | undefined },
    ): Promise<Announcements> {
      // `types` is the original's comma list (B,PL,PU,PR,H); absent means all. Unknown letters are ignored.
      const types = new Set((q.types ?? 'B,PL,PU,PR').split(',').map((t) => t.trim().toUpperCase()));
      const all = await liveRows(merchantId);
      const of = (t: AnnouncementRow['type']) => (types.has(t) ? all.filter((a) => a.type === t) : []);
      return {
        banners: of('B')
          .filter((a) => !q.groupName || a.groupName === q.groupName)
          .map((a) => ({
            id: a.id,
            title: pick(a.title, lang),
            url: a.imageUrl ?? '',
            groupName: a.groupName ?? '',
            linkageType: a.linkageType,
            linkUrl: a.linkUrl,
            sort: a.sortOrder,
          })),
        player: of('PL')
          .sort(newestFirst)
          .map((a) => notice(a, lang)),
        popup: of('PU')
          .filter((a) => !q.execution || a.execution === q.execution)
          .map((a) => ({
            id: a.id,
            title: pick(a.title, lang),
            content: pick(a.content, lang),
            execution: a.execution ?? 'B',
            promotionType: a.promotionType,
          })),
        promotion: of('PR').map((a) => ({
          id: a.id,
          title: pick(a.title, lang),
          content: pick(a.content, lang),
          image: a.imageUrl,
          promotionType: a.promotionType,
          startsAt: a.startsAt?.toISOString() ?? null,
          endsAt: a.endsAt?.toISOString() ?? null,
        })),
      };
    },

    async notices(merchantId: number, lang: LanguageCode, q: { pageNo: number; pageSize: number }) {
      const all = (await liveRows(merchantId)).filter((a) => a.type === 'PL').sort(newestFirst);
      const page = paginate(all, q.pageNo, q.pageSize);
      return {
        list: page.items.map((a) => notice(a, lang)),
        pageNo: page.pageNo,
        totalPages: page.totalPages,
        totalCount: page.totalCount,
      };
    },

    // ── operator ───────────────────────────────────────────────────────────────────────────

    async opsList(merchantId: number, q: { type?: string | undefined; pageNo: number; pageSize: number }) {
      const { totalCount, list } = await repository.page(merchantId, q);
      return {
        list: list.map(opsView),
        pageNo: q.pageNo,
        totalPages: Math.ceil(totalCount / q.pageSize),
        totalCount,
      };
    },

    async opsCreate(merchantId: number, body: OpsBody, actor: string) {
      const input = toInput(body);
      const row = await repository.transaction(async (repo) => {
        const created = await repo.insert(merchantId, input);
        if (!created) throw new AppError('system.error');
        await repo.audit({
          merchantId,
          actor,
          action: 'announcement.create',
          target: created.id,
          payload: body,
        });
        return created;
      });
      await invalidate(merchantId);
      if (row.enabled && live(row, now()))
        onPublished?.(merchantId, { id: row.id, type: row.type, title: row.title });
      return opsView(row);
    },

    async opsUpdate(merchantId: number, id: string, body: OpsBody, actor: string) {
      const input = toInput(body);
      const row = await repository.transaction(async (repo) => {
        const updated = await repo.update(merchantId, id, input);
        if (!updated) throw new AppError('not.found', { announcementId: id });
        await repo.audit({ merchantId, actor, action: 'announcement.update', target: id, payload: body });
        return updated;
      });
      await invalidate(merchantId);
      return opsView(row);
    },

    async opsDelete(merchantId: number, id: string, actor: string) {
      await repository.transaction(async (repo) => {
        if (!(await repo.remove(merchantId, id))) throw new AppError('not.found', { announcementId: id });
        await repo.audit({ merchantId, actor, action: 'announcement.delete', target: id, payload: {} });
      });
      await invalidate(merchantId);
      return { deleted: true as const };
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
