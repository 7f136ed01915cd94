import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What the house products' wallet conversation reads (house-rounds.ts). */
export function createHouseRoundsRepository(db: Kysely<Database>) {
  return {
    /** The brand's code and currency (what a wallet callback names). */
    merchantById(merchantId: number) {
      return db
        .selectFrom('merchant')
        .select(['code', 'currency'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },
  };
}
