import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SeedAnnouncement } from '../../seeds/brands/demo.catalogue.js';
import { artPaths } from '../catalogue/index.js';
import { createAnnouncementsRepository } from './announcements.repository.js';

const DAY_MS = 86_400_000;

/**
 * Seeds a brand's announcements once each (by `seed_key`): a restart adds only new ones, and an
 * announcement an operator edited or deleted stays as the operator left it.
 */
export async function seedAnnouncements(
  db: Kysely<Database>,
  merchantId: number,
  items: SeedAnnouncement[],
  now = new Date(),
): Promise<number> {
  if (items.length === 0) return 0;
  // One statement for all of them: this runs at every start.
  const rows = await createAnnouncementsRepository(db).insertSeeded(
    items.map((a, i) => {
      const at = new Date(now.getTime() - (a.ageDays ?? 0) * DAY_MS);
      return {
        merchant_id: merchantId,
        type: a.type,
        group_name: a.groupName ?? null,
        execution: a.execution ?? null,
        title: JSON.stringify(a.title),
        content: JSON.stringify(a.content ?? {}),
        image_url: a.art ? artPaths.banner(a.art) : null,
        linkage_type: a.linkageType ?? 0,
        link_url: a.linkUrl ?? null,
        promotion_type: a.promotionType ?? null,
        sort_order: (i + 1) * 10,
        seed_key: `demo:${a.seedKey}`,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  return rows.length;
}
