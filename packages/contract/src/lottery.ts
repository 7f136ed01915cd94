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
export const numeroSchema = z.string().regex(/^\d{8}-\d{3}$/);
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
  /** Revealed at the draw; null for a cancelled issue. */
  serverSeed: z.string().nullable(),
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
    reply: z.object({ currentNumero: lotteryIssueSchema, nextNumero: lotteryIssueSchema.nullable() }),
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
} as const;

/** Socket events of the domain (docs/realtime.md): on the public topic `lottery:<gameId>`. */
export const lotteryEvents = {
  /** A new issue went on sale (its commitment published). */
  'lottery.issue': lotteryIssueSchema,
  /** An issue was drawn (or cancelled): numbers and the revealed seed. */
  'lottery.result': lotteryOpenedSchema,
} as const;
