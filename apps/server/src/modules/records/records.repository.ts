import type { RouteQuery, Routes } from '@arcadia/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The records' queries (docs/records.md): the member's bets, daily figures, the winner board. */
export function createRecordsRepository(db: Kysely<Database>) {
  return {
    /** Catalogue rows of these games (throws when the database has no catalogue table). */
    async catalogueGames(merchantId: number, codes: string[]) {
      const { rows } = await sql<{
        game_code: string;
        node_id: number;
        names: Record<string, string>;
        engine: string | null;
      }>`select game_code, node_id, names, engine from game
         where merchant_id = ${merchantId} and game_code in (${sql.join([...new Set(codes)])})`.execute(db);
      return rows;
    },

    /** The house lottery's bets with their issue's numbers and status. */
    lotteryBets(ids: string[]) {
      return db
        .selectFrom('lottery_bet as b')
        .leftJoin('lottery_issue as i', (j) =>
          j.onRef('i.game_code', '=', 'b.game_code').onRef('i.issue', '=', 'b.issue'),
        )
        .select([
          'b.id',
          'b.game_code',
          'b.issue',
          'b.play_id',
          'b.content',
          'b.multiple',
          'i.numbers',
          'i.status',
        ])
        .where('b.id', 'in', ids)
        .execute();
    },

    /** The house sportsbook's bets' legs, in order. */
    sportsLegs(ids: string[]) {
      return db
        .selectFrom('sport_bet_leg')
        .selectAll()
        .where('bet_id', 'in', ids)
        .orderBy('bet_id')
        .orderBy('idx')
        .execute();
    },

    /** A page of the member's bets placed in the range, and the count and sums of all of them. */
    betPage(
      merchantId: number,
      memberId: string,
      range: { start: Date; end: Date },
      q: RouteQuery<Routes['memberBetRecord']>,
    ) {
      let base = db
        .selectFrom('bet')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('placed_at', '>=', range.start)
        .where('placed_at', '<', range.end);
      if (q.gameType) base = base.where('game_type', '=', q.gameType);
      if (q.vassalage) base = base.where('vassalage', '=', q.vassalage);
      if (q.status) base = base.where('status', '=', q.status);
      return Promise.all([
        base
          .selectAll()
          .orderBy('placed_at', 'desc')
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
        base
          .select((eb) => [
            eb.fn.countAll<string>().as('n'),
            sql<string>`coalesce(sum(stake), 0)`.as('stake'),
            sql<string>`coalesce(sum(valid_bet), 0)`.as('valid'),
            sql<string>`coalesce(sum(payout), 0)`.as('payout'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
    },

    /** The member's figures per day and category, newest day first. */
    dailyFigures(merchantId: number, memberId: string, range: { from: string; to: string }) {
      return db
        .selectFrom('member_stat_daily')
        .select([
          sql<string>`day::text`.as('day'),
          'game_type',
          sql<string>`sum(bet_count)`.as('n'),
          sql<string>`sum(stake)`.as('stake'),
          sql<string>`sum(valid_bet)`.as('valid'),
          sql<string>`sum(payout)`.as('payout'),
        ])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy(['day', 'game_type'])
        .orderBy('day', 'desc')
        .orderBy('game_type')
        .execute();
    },

    /** The largest payouts of winning rounds settled since `since`. */
    biggestWins(
      merchantId: number,
      since: Date,
      gameCategory: RouteQuery<Routes['winnerBoard']>['gameCategory'],
      limit: number,
    ) {
      let query = db
        .selectFrom('bet as b')
        .innerJoin('member as m', 'm.id', 'b.member_id')
        .select(['m.account', 'b.game_code', 'b.game_type', 'b.vassalage', 'b.payout'])
        .where('b.merchant_id', '=', merchantId)
        .where('b.status', '=', 'settled')
        .where('b.settled_at', '>', since)
        .where(sql<boolean>`b.payout > b.stake`);
      if (gameCategory !== 'ALL') query = query.where('b.game_type', '=', gameCategory);
      return query.orderBy('b.payout', 'desc').orderBy('b.id', 'desc').limit(limit).execute();
    },
  };
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;
