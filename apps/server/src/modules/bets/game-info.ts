import { liveTable, lotteryGame } from '@arcadia/games';
import type { BetsRepository } from './bets.repository.js';

export interface GameInfo {
  /** Category (RNG, FISH, LIVE, …): the rollups' `game_type`. */
  gameType: string;
  /** Studio shown to players: the rollups' `vassalage`. */
  vassalage: string;
}

const TTL_MS = 60_000;
const houseBookCodes = new Set(['SPORTS', 'ESPORTS', 'COCKFIGHT']);

/**
 * Category and studio of a vendor's game, from the lobby catalogue (`game` rows carry `game_code`,
 * `game_type`, `vassalage`, `adapter`). A game the catalogue does not list is still a real wager:
 * it is booked as RNG (the house lottery's games as LOTT or ELOTT, the house sportsbook's bets by
 * their category) under the vendor's own code
 * rather than refused. Cached briefly: the bet
 * path asks for every wager, and a game's category practically never changes.
 */
export function createGameInfoResolver(repository: Pick<BetsRepository, 'catalogueGame'>) {
  const cache = new Map<string, { info: GameInfo; until: number }>();
  return {
    async resolve(merchantId: number, vendor: string, gameCode: string): Promise<GameInfo> {
      const key = `${merchantId}:${vendor}:${gameCode}`;
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return hit.info;
      // The house lottery's games are not catalogue rows: they book as lottery or e-lottery.
      const lottery = vendor === 'house' ? lotteryGame(gameCode) : undefined;
      // The house sportsbook's bets carry their category as the game code.
      const book = vendor === 'house' && houseBookCodes.has(gameCode) ? gameCode : undefined;
      // The house live tables' bets carry the table's code: live casino.
      const live = vendor === 'house' && liveTable(gameCode) ? 'LIVE' : undefined;
      let info: GameInfo = {
        gameType: lottery ? (lottery.kind === 'ELOTT' ? 'ELOTT' : 'LOTT') : (book ?? live ?? 'RNG'),
        vassalage: vendor.toUpperCase(),
      };
      try {
        const row = await repository.catalogueGame(vendor, gameCode);
        if (row) info = { gameType: row.game_type, vassalage: row.vassalage };
      } catch {
        // No catalogue in this database (yet): the fallback above.
      }
      cache.set(key, { info, until: Date.now() + TTL_MS });
      return info;
    },
  };
}
export type GameInfoResolver = ReturnType<typeof createGameInfoResolver>;
