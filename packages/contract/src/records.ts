import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { recordIdSchema } from './payments.js';
import { defineRoute } from './route.js';

/*
 * The member's betting record and profit and loss (spec §2 member centre `personalHistoryCopy`,
 * `personalProfit`), and the public winner board (spec §1, reference `ODSFE2_getWinnerBoard`,
 * `GCSGAME_getRankList`). Every figure comes from real wagers: `bet` rows and the member rollups
 * written by the vendor wallet (docs/vendor-protocol.md).
 *
 * - Days are UTC calendar days (`YYYY-MM-DD`), `from` and `to` inclusive, at most 93 days, `from`
 *   not after `to` (else 400 `report.range.invalid`); absent means today.
 * - Amounts are major units as JSON numbers, exact from integer minor units.
 * - `profitLoss` is the member's result: payout − stake (negative: the member lost).
 */

const day = z.iso.date();
const rangeSchema = z.object({ from: day, to: day });
const categorySchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/)
  .transform((v) => v.toUpperCase());

export const betStatuses = ['open', 'settled', 'void'] as const;

export const recordFiguresSchema = z.object({
  betCount: z.number().int(),
  stake: z.number(),
  validBet: z.number(),
  payout: z.number(),
  profitLoss: z.number(),
});
export type RecordFigures = z.infer<typeof recordFiguresSchema>;

export const betRecordSchema = z
  .object({
    id: recordIdSchema,
    roundId: z.string(),
    gameType: z.string(),
    vassalage: z.string(),
    gameCode: z.string(),
    /** The catalogue name in the request's language; the game code when the catalogue lacks it. */
    gameName: z.string(),
    stake: z.number(),
    /** Stake of a settled round; 0 while open or when void. */
    validBet: z.number(),
    payout: z.number(),
    profitLoss: z.number(),
    status: z.enum(betStatuses),
    placedAt: z.string(),
    settledAt: z.string().nullable(),
    /** A house lottery bet: its issue, bet type, selection and the draw's numbers once drawn. */
    lottery: z
      .object({
        numero: z.string(),
        playId: z.string(),
        betType: z.string(),
        content: z.string(),
        multiple: z.number().int(),
        numbers: z.array(z.string()).nullable(),
      })
      .optional(),
    /** A house sportsbook bet: single or parlay, each leg's event, selection, accepted price and result. */
    sports: z
      .object({
        kind: z.enum(['single', 'parlay']),
        legs: z.array(
          z.object({
            event: z.string(),
            /** The selection as the member read it ("Harbour City −0.75", "Over 2.5", "2–1"). */
            pick: z.string(),
            /** Decimal odds, two decimals. */
            odds: z.string(),
            result: z.enum(['win', 'half_win', 'push', 'half_lose', 'lose', 'void']).nullable(),
          }),
        ),
      })
      .optional(),
  })
  .meta({ id: 'BetRecord' });
export type BetRecord = z.infer<typeof betRecordSchema>;

export const profitLossRowSchema = recordFiguresSchema.extend({ day, gameType: z.string() });

const languageSchema = z.preprocess(
  (v) => (typeof v === 'string' && v !== '' ? v.trim().toUpperCase() : undefined),
  z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
);

export const winnerSchema = z
  .object({
    vo: z.object({
      gameName: z.string(),
      /** The winner's account, masked (`de****er`). */
      customerName: z.string(),
      /** Major units. */
      winAmount: z.number(),
      /** Catalogue node id; null when the catalogue does not list the game. */
      nodeId: z.number().int().nullable(),
      gameType: z.string(),
      vendor: z.string(),
      iconUrl: z.string().nullable(),
    }),
  })
  .meta({ id: 'Winner' });
export type Winner = z.infer<typeof winnerSchema>;

const winnerQuery = z.object({
  /** `ALL` or a category (RNG, FISH, …). */
  gameCategory: categorySchema.default('ALL'),
  language: languageSchema,
  limitNum: z.coerce.number().int().min(1).max(50).default(20),
});
const winnerReply = z.object({ list: z.array(winnerSchema) });

export const recordRoutes = {
  memberBetRecord: defineRoute({
    ...endpoints.memberBetRecord,
    tag: 'records',
    summary:
      'Betting record (personalHistoryCopy): the member’s bets placed within the range, newest first, filtered by category (`gameType`), studio (`vassalage`) and `status`, paged. `totals` sum the same filtered bets.',
    query: z.object({
      from: day.optional(),
      to: day.optional(),
      gameType: categorySchema.optional(),
      vassalage: categorySchema.optional(),
      status: z.enum(betStatuses).optional(),
      language: languageSchema,
      pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    reply: z.object({
      list: z.array(betRecordSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
      range: rangeSchema,
      totals: recordFiguresSchema,
    }),
  }),
  memberProfitLoss: defineRoute({
    ...endpoints.memberProfitLoss,
    tag: 'records',
    summary:
      'Personal profit and loss (personalProfit) from the daily rollups: one row per day and category with bets (newest day first), the range by category, and the totals. Open rounds count their stake; valid bet counts settled rounds only.',
    query: z.object({ from: day.optional(), to: day.optional() }),
    reply: z.object({
      range: rangeSchema,
      days: z.array(profitLossRowSchema),
      byCategory: z.array(recordFiguresSchema.extend({ gameType: z.string() })),
      totals: recordFiguresSchema,
    }),
  }),
  winnerBoard: defineRoute({
    ...endpoints.winnerBoard,
    tag: 'records',
    summary:
      'Winner board: the largest payouts of winning settled rounds in the last 7 days (payout above stake), largest first, account names masked. Cached for 30 s per brand, category and language.',
    query: winnerQuery,
    reply: winnerReply,
  }),
  rankList: defineRoute({
    ...endpoints.rankList,
    tag: 'records',
    summary: 'Rank list: the same winners as the winner board.',
    query: winnerQuery,
    reply: winnerReply,
  }),
};
