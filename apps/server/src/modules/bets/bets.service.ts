import type { BetsRepository } from './bets.repository.js';

/**
 * Reads over `bet` rows for other modules: the lobby's open-round check (adapters with
 * `singleOpenRound`) and recent games fed by real wagers.
 */
export function createBetQueries(repository: BetsRepository) {
  return {
    /** Whether the member has a round still open with this adapter (a bet without its closing win). */
    async hasOpenRound(input: { merchantId: number; memberId: string; adapter: string }): Promise<boolean> {
      const row = await repository.openBet(input);
      return row !== undefined;
    },

    /**
     * Game codes the member really played (any vendor), most recent wager first: one per game,
     * at most `limit`. Uses `bet_member_placed_idx`; the lobby maps codes to catalogue games.
     */
    async recentGameCodes(merchantId: number, memberId: string, limit = 24): Promise<string[]> {
      const rows = await repository.recentGames(merchantId, memberId, limit);
      return rows.map((r) => r.game_code);
    },
  };
}
export type BetQueries = ReturnType<typeof createBetQueries>;
