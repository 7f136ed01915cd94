import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Reads over `bet` rows and the catalogue's game categories. */
export function createBetsRepository(db: Kysely<Database>) {
  return {
    /** One open bet of the member with this adapter, if any. */
    openBet(input: { merchantId: number; memberId: string; adapter: string }) {
      return db
        .selectFrom('bet')
        .select('id')
        .where('member_id', '=', input.memberId)
        .where('merchant_id', '=', input.merchantId)
        .where('adapter', '=', input.adapter)
        .where('status', '=', 'open')
        .limit(1)
        .executeTakeFirst();
    },

    /** The member's game codes with their last wager, most recent first (`bet_member_placed_idx`). */
    recentGames(merchantId: number, memberId: string, limit: number) {
      return db
        .selectFrom('bet')
        .select(['game_code'])
        .select((eb) => eb.fn.max('placed_at').as('last'))
        .where('member_id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .groupBy('game_code')
        .orderBy('last', 'desc')
        .limit(limit)
        .execute();
    },

    /** The catalogue's category and studio of a vendor's game, if listed. */
    async catalogueGame(vendor: string, gameCode: string) {
      const { rows } = await sql<{ game_type: string; vassalage: string }>`
          select game_type, vassalage from game where game_code = ${gameCode} and adapter = ${vendor} limit 1`.execute(
        db,
      );
      return rows[0];
    },
  };
}

export type BetsRepository = ReturnType<typeof createBetsRepository>;
