import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What demo mode's players read (house.demo-play.ts); they write nothing themselves. */
export function createDemoPlayRepository(db: Kysely<Database>) {
  return {
    /** The brand's active demo players, by account. */
    players(merchantId: number, accounts: string[]) {
      return db
        .selectFrom('member')
        .select(['id', 'account'])
        .where('merchant_id', '=', merchantId)
        .where('account', 'in', accounts)
        .where('status', '=', 'active')
        .orderBy('account')
        .execute();
    },

    /** The brand's house games on these engines. */
    houseGames(merchantId: number, engines: string[]) {
      return db
        .selectFrom('game')
        .select(['game_code', 'engine'])
        .where('merchant_id', '=', merchantId)
        .where('adapter', '=', 'house')
        .where('engine', 'in', engines)
        .orderBy('game_code')
        .execute();
    },

    /** Real-money rounds the player has played at the house. */
    realRoundCount(merchantId: number, playerKey: string) {
      return db
        .selectFrom('house_round')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('player_key', '=', playerKey)
        .where('mode', '=', 'real')
        .executeTakeFirstOrThrow();
    },
  };
}
