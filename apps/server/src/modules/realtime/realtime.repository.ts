import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The ids of the active brands (for a fan-out not given the brand service). */
export async function activeBrandIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('merchant').select('id').where('status', '=', 'active').execute();
  return rows.map((r) => r.id);
}
