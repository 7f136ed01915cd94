import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Reads over `bet` rows for other modules: the lobby's open-round check (adapters with
 * `singleOpenRound`) and recent games fed by real wagers.
 */
export function createBetQueries(db: Kysely<Database>) {
  return {
    /** Whether the member has a round still open with this adapter (a bet without its closing win). */
    async hasOpenRound(input: { merchantId: number; memberId: string; adapter: string }): Promise<boolean> {
      const row = await db
        .selectFrom('bet')
        .select('id')
        .where('member_id', '=', input.memberId)
        .where('merchant_id', '=', input.merchantId)
        .where('adapter', '=', input.adapter)
        .where('status', '=', 'open')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Game codes the member really played (any vendor), most recent wager first: one per game,
     * at most `limit`. Uses `bet_member_placed_idx`; the lobby maps codes to catalogue games.
     */
    async recentGameCodes(merchantId: number, memberId: string, limit = 24): Promise<string[]> {
      const rows = await db
        .selectFrom('bet')
        .select(['game_code'])
        .select((eb) => eb.fn.max('placed_at').as('last'))
        .where('member_id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .groupBy('game_code')
        .orderBy('last', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.game_code);
    },
  };
}
export type BetQueries = ReturnType<typeof createBetQueries>;
