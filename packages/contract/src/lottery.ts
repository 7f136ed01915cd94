import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * The house lottery (spec §1 lottery and electronic lottery, §2 /lott /elott /lottery /vnLottery
 * /seaLottery, §7 lottery calls; reference §2.5; docs/lottery.md). This file holds the draw side:
 * game menus on the original's gateway paths, the issue on sale with its commitment, opened
 * numbers with the revealed seeds, rules and odds at the brand's prize group, and the verifier.
 *
 * Field names follow the original where it had them: `gameId` is the game's code, `numero` an
 * issue number (`YYYYMMDD-NNN`), `gameGroupCode` a family, `gameMenus` a group's games.
 */

export const lotteryFamilySchema = z.enum([
  'ssc',
  '11x5',
  'pk10',
  'k3',
  'vn_north',
  'vn_south',
  'vn_fast',
  'sea_4d',
]);
export const lotteryKindSchema = z.enum(['LOTT', 'ELOTT', 'VN', 'SEA']);
const gameIdSchema = z.string().regex(/^[A-Z0-9_]{2,20}$/);
/** `YYYYMMDD-NNN`; four digits for games of more than 999 draws a day. */
export const numeroSchema = z.string().regex(/^\d{8}-\d{3,4}$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** An issue on sale: what a betting page counts down to. The seed stays secret until the draw. */
export const lotteryIssueSchema = z.object({
  gameId: gameIdSchema,
  numero: numeroSchema,
  /** Sales opened (the previous draw). */
  openTime: z.iso.datetime(),
  /** Sales close: `drawTime` less the brand's closing seconds. */
  closeTime: z.iso.datetime(),
  drawTime: z.iso.datetime(),
  /** SHA-256 of the server seed (hex), published before sales open. */
  commitment: hex64,
});
export type LotteryIssue = z.infer<typeof lotteryIssueSchema>;

export const lotteryGameMenuSchema = z.object({
  gameId: gameIdSchema,
  gameName: z.string(),
  family: lotteryFamilySchema,
  kind: lotteryKindSchema,
  /** The issue on sale now, or null while none is scheduled. */
  current: lotteryIssueSchema.nullable(),
});
export const lotteryMenuGroupSchema = z.object({
  gameGroupCode: lotteryFamilySchema,
  gameMenus: z.array(lotteryGameMenuSchema),
});
export type LotteryMenuGroup = z.infer<typeof lotteryMenuGroupSchema>;

/** A drawn issue: the numbers and the revealed seed that recomputes them. */
export const lotteryOpenedSchema = z.object({
  gameId: gameIdSchema,
  numero: numeroSchema,
  status: z.enum(['drawn', 'cancelled']),
  drawTime: z.iso.datetime(),
  commitment: hex64,
  /** Revealed at the draw; null for a cancelled issue and for an official result. */
  serverSeed: z.string().nullable(),
  /** Where the numbers came from: the seed (provably fair) or the real-world draw an operator entered. */
  source: z.enum(['fair', 'official']),
  numbers: z.array(z.string()),
  prizes: z.array(z.object({ tier: z.string(), numbers: z.array(z.string()) })).optional(),
});
export type LotteryOpened = z.infer<typeof lotteryOpenedSchema>;

/** A ratio as two decimal strings (exact), and the same as a display number. */
const payoutSchema = z.object({ num: z.string(), den: z.string(), value: z.number() });

export const lotteryRulesSchema = z.object({
  gameId: gameIdSchema,
  family: lotteryFamilySchema,
  /** The brand's prize group (of 2000): every unit's expected return is prizeGroup / 2000. */
  prizeGroup: z.number().int(),
  closeBeforeSeconds: z.number().int(),
  /** The operator marked the game official: its results are the real-world draw's, entered by an operator. */
  official: z.boolean(),
  betTypes: z.array(
    z.object({
      playId: z.string(),
      names: z.object({ en: z.string(), zh: z.string() }),
      pricing: z.enum(['unit', 'point']),
      picker: z.record(z.string(), z.unknown()),
      odds: z.array(z.object({ tier: z.string(), payout: payoutSchema })),
    }),
  ),
});
export type LotteryRules = z.infer<typeof lotteryRulesSchema>;

/** The longest chase: the same bet on this many issues at most. */
export const LOTTERY_MAX_CHASE = 10;
/** Bet orders in one betting request. */
export const LOTTERY_MAX_CONTENTS = 20;

/** A unit price in major units as the original sends it (`2`, `0.5`, `"1.00"`): at most 2 decimals. */
const priceSchema = z
  .union([z.number(), z.string()])
  .transform((v) => String(v))
  .pipe(z.string().regex(/^(0|[1-9][0-9]{0,6})(\.[0-9]{1,2})?$/, 'a price with at most 2 decimals'));

/**
 * One bet order of the original's betting body (reference §2.5): a bet type (`playId`) with its
 * selection (`bettingContent`) at a unit price, on one issue or — a chase — on several (`numero`,
 * each with its own multiple). `winStop` ends a chase at its first win; the unplayed issues' stakes
 * are refunded. `bettingSlip` is the client's count of units; when sent it must match the server's.
 */
export const lotteryBetContentSchema = z.object({
  gameId: gameIdSchema,
  playId: z.string().min(1).max(40),
  bettingContent: z.string().min(1).max(20_000),
  singleBetPrice: priceSchema,
  winStop: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
  bettingApproach: z.number().int().min(1).max(9).default(1),
  bettingSlip: z.number().int().min(1).optional(),
  numero: z
    .array(z.object({ numero: numeroSchema, multiple: z.number().int().min(1).max(1000) }))
    .min(1)
    .max(LOTTERY_MAX_CHASE)
    .refine((list) => new Set(list.map((n) => n.numero)).size === list.length, 'an issue appears twice'),
});
export type LotteryBetContent = z.input<typeof lotteryBetContentSchema>;

export const lotteryBetStatusSchema = z.enum(['placing', 'open', 'won', 'lost', 'refunded', 'refused']);

/** One bet: one order on one issue. Money in minor units as strings. */
export const lotteryBetSchema = z.object({
  betId: z.string(),
  orderId: z.string(),
  gameId: gameIdSchema,
  numero: numeroSchema,
  playId: z.string(),
  bettingContent: z.string(),
  units: z.number().int(),
  multiple: z.number().int(),
  /** The unit price in minor units. */
  unitStake: z.string(),
  stake: z.string(),
  payout: z.string(),
  status: lotteryBetStatusSchema,
  /** The chase this bet belongs to stops at its first win. */
  winStop: z.boolean(),
  /** The draw's numbers once drawn. */
  numbers: z.array(z.string()).nullable(),
  placedAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const lotteryRoutes = {
  lotteryMenus: defineRoute({
    ...endpoints.lotteryMenus,
    tag: 'lottery',
    summary: 'Lottery game menus (LOTT and ELOTT games), grouped by family, with the issue on sale.',
    query: z.object({ prizeMode: z.string().max(16).optional(), device: z.string().max(8).optional() }),
    reply: z.array(lotteryMenuGroupSchema),
  }),
  lotteryVnMenus: defineRoute({
    ...endpoints.lotteryVnMenus,
    tag: 'lottery',
    summary: 'Vietnamese and Southeast Asian lottery menus (TCG_LOTTO_VN, TCG_SEA), with the issue on sale.',
    query: z.object({ prizeMode: z.string().max(16).optional(), device: z.string().max(8).optional() }),
    reply: z.array(lotteryMenuGroupSchema),
  }),
  lotteryNear: defineRoute({
    ...endpoints.lotteryNear,
    tag: 'lottery',
    summary: 'The issue on sale (`currentNumero`) and the one after it. Errors: `lottery.game_unknown`.',
    query: z.object({ gameId: gameIdSchema }),
    reply: z.object({
      currentNumero: lotteryIssueSchema,
      nextNumero: lotteryIssueSchema.nullable(),
      /** The issues on sale from the current one on, as far as they are scheduled (a chase's choice). */
      upcoming: z.array(lotteryIssueSchema),
      /** The server's time: countdowns run on it, whatever the device's clock says. */
      serverTime: z.iso.datetime(),
    }),
  }),
  lotteryOpened: defineRoute({
    ...endpoints.lotteryOpened,
    tag: 'lottery',
    summary: 'Drawn issues of a game, newest first, with their numbers and revealed seeds.',
    query: z.object({ gameId: gameIdSchema, ...pageQuery }),
    reply: z.object({
      list: z.array(lotteryOpenedSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  lotteryVnOpened: defineRoute({
    ...endpoints.lotteryVnOpened,
    tag: 'lottery',
    summary: 'The latest drawn issue of every Vietnamese and Southeast Asian game.',
    reply: z.array(lotteryOpenedSchema),
  }),
  lotteryRules: defineRoute({
    ...endpoints.lotteryRules,
    tag: 'lottery',
    summary: "A game's bet types with their pickers and published odds at the brand's prize group.",
    query: z.object({ gameId: gameIdSchema }),
    reply: lotteryRulesSchema,
  }),
  lotteryQuote: defineRoute({
    ...endpoints.lotteryQuote,
    tag: 'lottery',
    summary:
      'How many units (combinations) a selection covers — what a bet slip shows before it is placed. Errors: `lottery.game_unknown`, `lottery.bet_type_unknown`, `lottery.content_invalid`, `lottery.too_many_units`.',
    query: z.object({
      gameId: gameIdSchema,
      playId: z.string().min(1).max(40),
      bettingContent: z.string().min(1).max(20_000),
    }),
    reply: z.object({ units: z.number().int() }),
  }),
  lotteryVerify: defineRoute({
    ...endpoints.lotteryVerify,
    tag: 'lottery',
    summary:
      'Recomputes a draw from a seed by the published algorithm (docs/lottery-fairness.md): anyone can check a past issue. Errors: `lottery.game_unknown`.',
    body: z.object({ gameId: gameIdSchema, numero: numeroSchema, serverSeed: z.string().min(1).max(200) }),
    reply: z.object({
      gameId: gameIdSchema,
      numero: numeroSchema,
      commitment: hex64,
      numbers: z.array(z.string()),
      prizes: z.array(z.object({ tier: z.string(), numbers: z.array(z.string()) })).optional(),
    }),
  }),
  lotteryBet: defineRoute({
    ...endpoints.lotteryBet,
    tag: 'lottery',
    summary:
      "Places bet orders (the original betting body): every issue of every order is paid for now through the house vendor's wallet callbacks, or none is. Errors: `lottery.game_unknown`, `lottery.issue_unknown`, `lottery.sales_closed`, `lottery.bet_type_unknown`, `lottery.content_invalid`, `lottery.too_many_units`, `lottery.stake_invalid`, `wallet.insufficient`.",
    body: z.object({
      prizeMode: z.string().max(16).optional(),
      device: z.string().max(8).optional(),
      contents: z.array(lotteryBetContentSchema).min(1).max(LOTTERY_MAX_CONTENTS),
    }),
    reply: z.object({ list: z.array(lotteryBetSchema), balance: z.string().nullable() }),
  }),
  lotteryMyBets: defineRoute({
    ...endpoints.lotteryMyBets,
    tag: 'lottery',
    summary: "The member's lottery bets, newest first; `status=open` for the bets awaiting their draw.",
    query: z.object({
      gameId: gameIdSchema.optional(),
      status: z.enum(['open', 'settled', 'all']).default('all'),
      ...pageQuery,
    }),
    reply: z.object({
      list: z.array(lotteryBetSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  lotteryCancelChase: defineRoute({
    ...endpoints.lotteryCancelChase,
    tag: 'lottery',
    summary:
      "Stops a chase: the order's issues not yet closed are refunded. Errors: `not.found` (not the member's order).",
    body: z.object({ orderId: z.string().regex(/^[1-9][0-9]{0,17}$/) }),
    reply: z.object({ refunded: z.number().int(), amount: z.string() }),
  }),
  lotteryPrizeGroups: defineRoute({
    ...endpoints.lotteryPrizeGroups,
    tag: 'lottery',
    summary:
      "The caller's lottery prize group and its direct downline's (docs/lottery.md): a downline plays at its own group, and the gap to the caller's is the caller's rebate on its bets.",
    query: z.object(pageQuery),
    reply: z.object({
      own: z.number().int(),
      min: z.number().int(),
      list: z.array(
        z.object({
          memberId: z.string(),
          account: z.string(),
          agent: z.boolean(),
          prizeGroup: z.number().int(),
          /** No group of its own: plays at the caller's. */
          inherited: z.boolean(),
        }),
      ),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  lotterySetPrizeGroup: defineRoute({
    ...endpoints.lotterySetPrizeGroup,
    tag: 'lottery',
    summary:
      "Sets a direct downline's prize group: at most the caller's own, at least the platform minimum and the highest group below it. Errors: `not.found` (not a direct downline), `lottery.prize_group_invalid`.",
    body: z.object({ memberId: z.string().regex(/^[1-9][0-9]{0,17}$/), prizeGroup: z.number().int() }),
    reply: z.object({ memberId: z.string(), prizeGroup: z.number().int() }),
  }),
  opsLotteryRun: defineRoute({
    ...endpoints.opsLotteryRun,
    tag: 'ops',
    summary:
      'Runs one pass of the draw schedule now (what the schedule does every second): draws what is due and settles it, schedules what is missing. Every drawn issue is listed with its settlement. All-brand admins only.',
    reply: z.object({
      scheduled: z.number().int(),
      drawn: z.array(
        z.object({
          gameId: gameIdSchema,
          numero: numeroSchema,
          settled: z.number().int(),
          won: z.number().int(),
          paid: z.number().int(),
          /** Agents' prize-group rebate postings made. */
          rebates: z.number().int(),
          ms: z.number(),
          /** Where the settlement's time went: reading and evaluating the bets, paying (the settle callbacks and their records). */
          phases: z.object({ readAndEvaluateMs: z.number(), payMs: z.number() }),
        }),
      ),
    }),
  }),
  opsLotteryCancel: defineRoute({
    ...endpoints.opsLotteryCancel,
    tag: 'ops',
    summary:
      'Cancels an issue not yet drawn (its result cannot be produced): every bet on it is refunded. Audited with the reason. All-brand admins only. Errors: `lottery.game_unknown`, `lottery.issue_unknown`.',
    body: z.object({ gameId: gameIdSchema, numero: numeroSchema, reason: z.string().trim().min(3).max(500) }),
    reply: z.object({ cancelled: z.boolean(), refunded: z.number().int() }),
  }),
  opsLotteryOfficial: defineRoute({
    ...endpoints.opsLotteryOfficial,
    tag: 'ops',
    summary:
      "Marks a game official (its results are the real-world draw's, entered through `/ops/lottery/result`; its issues are no longer drawn from the seed, and one whose result has not come within LOTTERY_OFFICIAL_GRACE_HOURS of its draw time is cancelled and refunded) or back to provably fair. Audited with the reason. All-brand admins only. Errors: `lottery.game_unknown`.",
    body: z.object({
      gameId: gameIdSchema,
      official: z.boolean(),
      reason: z.string().trim().min(3).max(500),
    }),
    reply: z.object({ gameId: gameIdSchema, official: z.boolean(), changed: z.boolean() }),
  }),
  opsLotteryResult: defineRoute({
    ...endpoints.opsLotteryResult,
    tag: 'ops',
    summary:
      "Enters the official result of an issue of an official game once its draw time has come: the numbers in the family's order (prize sheets in sheet order, as `/lgw/games/opened/numero` lists them). The issue is drawn, pushed and settled like a house draw. Audited with the reason. All-brand admins only. Errors: `lottery.game_unknown`, `lottery.not_official`, `lottery.issue_unknown` (not scheduled, or already drawn or cancelled), `lottery.draw_pending` (before the draw time), `lottery.result_invalid` (`value.problem`: count, format or duplicate).",
    body: z.object({
      gameId: gameIdSchema,
      numero: numeroSchema,
      numbers: z
        .array(
          z
            .string()
            .trim()
            .regex(/^\d{1,6}$/),
        )
        .min(3)
        .max(30),
      reason: z.string().trim().min(3).max(500),
    }),
    reply: z.object({
      opened: lotteryOpenedSchema,
      settled: z.number().int(),
      won: z.number().int(),
      paid: z.number().int(),
    }),
  }),
} as const;

/** How long an official game's issue waits for its result after the draw time before it is cancelled and refunded. */
export const LOTTERY_OFFICIAL_GRACE_HOURS = 6;

/** Socket events of the domain (docs/realtime.md): on the public topic `lottery:<gameId>`. */
export const lotteryEvents = {
  /** A new issue went on sale (its commitment published). */
  'lottery.issue': lotteryIssueSchema,
  /** An issue was drawn (or cancelled): numbers and the revealed seed. */
  'lottery.result': lotteryOpenedSchema,
  /** To the member: one of their bets was settled or refunded (a few per member and game of one draw). */
  'lottery.bet': lotteryBetSchema,
} as const;
