import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { recordIdSchema } from './payments.js';
import { defineRoute } from './route.js';
import { amountInputSchema, idempotencyKeySchema, walletBalanceSchema } from './wallet.js';

/*
 * The agent centre (spec §2 "Agent centre pages", reference §4.3, domain notes D).
 *
 * Wire rules shared by every route below:
 * - The caller must be logged in as an agent (member type 1, 2, 41 or 42 — the brand's
 *   `agentTypes`); anyone else gets 403 `error_not_agent`. Trial accounts are refused first
 *   (`in_need_true_account`).
 * - A "team" is the agent and every member below it (any depth). Every id in a request
 *   (`rootId`, `memberId`, `affiliateId`, …) must belong to the caller's own team; anything else
 *   answers 404 `not.found`, exactly as if it did not exist.
 * - Days are UTC calendar days (`YYYY-MM-DD`); `from` and `to` are both inclusive. A range is at
 *   most 93 days and `from` may not be after `to`, else 400 `report.range.invalid`
 *   (`value.maxDays`). When both are absent the range is today.
 * - Amounts are major units (12.5 = 12.50) as JSON numbers, computed exactly from integer minor
 *   units. `profitLoss` is always the members' result: payout − stake (negative: the team lost).
 * - Lists page with `pageNo` (from 1) and `pageSize` (1–1000; the large sizes exist so the web
 *   can fetch a whole report for its CSV export — the server does not render CSV).
 * - `sortBy` / `sortOrder` pick the order; ties break on the id so pages never overlap.
 */

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
};
const sortOrder = z.enum(['asc', 'desc']).default('desc');
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
  });
const day = z.iso.date();
const rangeQuery = { from: day.optional(), to: day.optional() };
/** The range a report actually covered (after defaults). */
const rangeSchema = z.object({ from: day, to: day });
const time = z.string();
/** A member id in a query string: a decimal string. */
const memberIdQuery = recordIdSchema;
const accountSearch = z.string().trim().min(1).max(64);

/** Betting figures from the rollups kept by the bet path. */
export const betFiguresSchema = z.object({
  betCount: z.number().int(),
  stake: z.number(),
  validBet: z.number(),
  payout: z.number(),
  /** payout − stake: the members' result. */
  profitLoss: z.number(),
});
export type BetFigures = z.infer<typeof betFiguresSchema>;

/** Money figures from the ledger rollup (main wallets). */
export const moneyFiguresSchema = z.object({
  depositCount: z.number().int(),
  depositAmount: z.number(),
  withdrawCount: z.number().int(),
  /** Net amount withdrawn: withdrawal holds minus holds returned by an operator. */
  withdrawAmount: z.number(),
});

export const memberRefSchema = z.object({ id: recordIdSchema, account: z.string() });

// ---------------------------------------------------------------------------------------------
// Register centre

/**
 * Which member types an agent may create (directly or through an invitation link). The default
 * rule (brand setting `agent.createTypes`): a top agent (1) and an agent (2) create agents (2) and
 * members (0); a recruiting agent (41) creates sub-agents (42) and members; a sub-agent (42)
 * creates members only.
 */
export const agentRegisterSettingsSchema = z.object({
  creatableTypes: z.array(z.number().int()),
  /** The brand's agent types, so the client can label a type as an agent. */
  agentTypes: z.array(z.number().int()),
  /** Invitation links an agent may hold. */
  maxAffiliateCodes: z.number().int(),
  /** Whether the brand allows creating accounts directly (module AGEREGDOWN3) and links (CREATEAFF3). */
  canCreateDirectly: z.boolean(),
  canCreateLinks: z.boolean(),
  /**
   * Registration path for a link: the web builds `<origin><registerPath>?affiliateCode=<code>`,
   * which opens the register modal with the code filled in.
   */
  registerPath: z.string(),
});

export const affiliateCodeSchema = z
  .object({
    id: recordIdSchema,
    code: z.string(),
    /** Member type an account registered through this code gets. */
    memberType: z.number().int(),
    usageCount: z.number().int(),
    enabled: z.boolean(),
    createdAt: time,
  })
  .meta({ id: 'AffiliateCode' });
export type AffiliateCode = z.infer<typeof affiliateCodeSchema>;

const accountName = z
  .string()
  .trim()
  .min(4)
  .max(16)
  .regex(/^[A-Za-z][A-Za-z0-9]*$/, 'letters and digits, starting with a letter');

// ---------------------------------------------------------------------------------------------
// Team overview

export const teamOverviewDaySchema = betFiguresSchema.extend(moneyFiguresSchema.shape).extend({
  day,
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
});

export const teamOverviewSchema = betFiguresSchema
  .extend(moneyFiguresSchema.shape)
  .extend({
    range: rangeSchema,
    /** The member whose team this is (the caller, or a downline drilled into). */
    root: memberRefSchema,
    /**
     * When the team rollups this overview reads were last refreshed (the server refreshes them
     * every few minutes; docs/reports.md). Null before the first refresh.
     */
    asOf: time.nullable(),
    /** Team members, the root included, now. */
    teamSize: z.number().int(),
    directCount: z.number().int(),
    agentCount: z.number().int(),
    /** Members of the team registered within the range. */
    newMembers: z.number().int(),
    /** Members whose valid bets within the range reach the brand's threshold (`activeThreshold`). */
    activeMembers: z.number().int(),
    activeThreshold: z.number(),
    /** Main-wallet balances of the whole team now (root included), and the root's own. */
    teamBalance: z.number(),
    rootBalance: z.number(),
    /** One row per day of the range, oldest first, every day present (zeros when quiet). */
    series: z.array(teamOverviewDaySchema),
  })
  .meta({ id: 'AgentTeamOverview' });
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// Team management

export const downlineSchema = z
  .object({
    id: recordIdSchema,
    account: z.string(),
    nickname: z.string().nullable(),
    type: z.number().int(),
    isAgent: z.boolean(),
    /** Levels below the list's root (1: a direct downline). */
    level: z.number().int(),
    parent: memberRefSchema.nullable(),
    status: z.enum(['active', 'frozen', 'closed']),
    registeredAt: time,
    lastLoginAt: time.nullable(),
    /** Main wallet now. */
    balance: z.number(),
    /** Members below this one (any depth). */
    teamSize: z.number().int(),
    directCount: z.number().int(),
  })
  .meta({ id: 'AgentDownline' });
export type Downline = z.infer<typeof downlineSchema>;

// ---------------------------------------------------------------------------------------------
// Reports

export const teamBetSchema = z
  .object({
    id: recordIdSchema,
    member: memberRefSchema,
    gameType: z.string(),
    vassalage: z.string(),
    gameCode: z.string(),
    stake: z.number(),
    validBet: z.number(),
    payout: z.number(),
    profitLoss: z.number(),
    status: z.string(),
    placedAt: time,
    settledAt: time.nullable(),
  })
  .meta({ id: 'AgentTeamBet' });

export const pnlRowSchema = betFiguresSchema
  .extend(moneyFiguresSchema.shape)
  .extend({
    /** view=direct|member: the member; view=category: null. */
    member: memberRefSchema.nullable(),
    /** view=category: the game type; otherwise null. */
    gameType: z.string().nullable(),
    /** view=direct: levels below the root (0 = the root's own figures); view=member: same. */
    level: z.number().int().nullable(),
    isAgent: z.boolean().nullable(),
    /**
     * view=direct: true when the row sums the member's whole team (every direct downline);
     * false for the root's own row and in the other views.
     */
    team: z.boolean(),
  })
  .meta({ id: 'AgentPnlRow' });

export const incomeCategories = ['commission', 'salary', 'dividend', 'transfer', 'other'] as const;

export const incomeItemSchema = z.object({
  id: recordIdSchema,
  time,
  kind: z.string(),
  category: z.enum(incomeCategories),
  amount: z.number(),
  /** Who the money came from when it came from a member (transfers). */
  from: z.string().nullable(),
  reference: z.string().nullable(),
});

export const teamTransactionSchema = z.object({
  id: recordIdSchema,
  time,
  member: memberRefSchema,
  kind: z.string(),
  /** Signed: negative when money left the member's main wallet. */
  amount: z.number(),
  balanceAfter: z.number(),
  reference: z.string().nullable(),
});

export const agentAnnouncementSchema = z
  .object({
    id: recordIdSchema,
    title: z.string(),
    /** HTML written by the brand's operators. */
    content: z.string(),
    language: z.string().nullable(),
    pinned: z.boolean(),
    publishedAt: time,
  })
  .meta({ id: 'AgentAnnouncement' });

const announcementBody = z.object({
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(20_000),
  /** Null: every language. */
  language: z.string().trim().min(2).max(8).nullable().default(null),
  pinned: z.boolean().default(false),
  enabled: z.boolean().default(true),
  publishedAt: z.iso.datetime({ offset: true }).optional(),
});
const opsAnnouncementSchema = agentAnnouncementSchema.extend({ enabled: z.boolean(), updatedAt: time });

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });

export const agentRoutes = {
  agentRegisterSettings: defineRoute({
    ...endpoints.agentRegisterSettings,
    tag: 'agent',
    summary: 'Register centre settings: which member types the caller may create, link limits.',
    reply: agentRegisterSettingsSchema,
  }),
  agentCreateDownline: defineRoute({
    ...endpoints.agentCreateDownline,
    tag: 'agent',
    summary:
      'Create a direct downline account (member or agent, within `creatableTypes`). Password rules are the brand’s registration rules. Errors: `agent.type.not.allowed`, `account.exists`, `password.confirmation`, `request_param_err`.',
    body: z.object({
      account: accountName,
      password: z.string().min(1).max(64),
      confirmPassword: z.string().min(1).max(64),
      nickname: z.string().trim().min(1).max(32).optional(),
      type: z.number().int().min(0).max(99),
    }),
    reply: downlineSchema,
  }),
  agentAffiliateList: defineRoute({
    ...endpoints.agentAffiliateList,
    tag: 'agent',
    summary: 'The caller’s invitation links (affiliate codes), newest first.',
    query: z.object({ ...pageQuery }),
    reply: page(affiliateCodeSchema),
  }),
  agentAffiliateCreate: defineRoute({
    ...endpoints.agentAffiliateCreate,
    tag: 'agent',
    summary:
      'Create an invitation link. Without `code` the server picks one (8 letters and digits). Errors: `agent.type.not.allowed`, `affiliate.code.exists`, `affiliate.limit`.',
    body: z.object({
      memberType: z.number().int().min(0).max(99),
      code: z
        .string()
        .trim()
        .min(4)
        .max(16)
        .regex(/^[A-Za-z0-9]+$/, 'letters and digits')
        .optional(),
    }),
    reply: affiliateCodeSchema,
  }),
  agentAffiliateUpdate: defineRoute({
    ...endpoints.agentAffiliateUpdate,
    tag: 'agent',
    summary:
      'Enable or disable one of the caller’s invitation links (a disabled code is refused at registration).',
    params: z.object({ affiliateId: recordIdSchema }),
    body: z.object({ enabled: z.boolean() }),
    reply: affiliateCodeSchema,
  }),
  agentTeamOverview: defineRoute({
    ...endpoints.agentTeamOverview,
    tag: 'agent',
    summary:
      'Team overview for a period (`today`, `week` = Monday to today, `month` = the 1st to today, or `custom` with from/to), with a daily series. `rootId` drills into a downline’s team.',
    query: z.object({
      period: z.enum(['today', 'week', 'month', 'custom']).default('today'),
      ...rangeQuery,
      rootId: memberIdQuery.optional(),
    }),
    reply: teamOverviewSchema,
  }),
  agentDownlineList: defineRoute({
    ...endpoints.agentDownlineList,
    tag: 'agent',
    summary:
      'Downlines of `rootId` (default the caller): `scope=direct` or `all`; search by account (contains, case-insensitive), `level` (1 = direct), `kind` agent/member, `status`; sorted and paged. `path` is the chain from the caller to the root (breadcrumb).',
    query: z.object({
      rootId: memberIdQuery.optional(),
      scope: z.enum(['direct', 'all']).default('all'),
      account: accountSearch.optional(),
      level: z.coerce.number().int().min(1).max(100).optional(),
      kind: z.enum(['agent', 'member']).optional(),
      status: z.enum(['active', 'frozen', 'closed']).optional(),
      sortBy: z.enum(['registeredAt', 'lastLoginAt', 'account', 'balance', 'level']).default('registeredAt'),
      sortOrder,
      ...pageQuery,
    }),
    reply: page(downlineSchema).extend({ root: memberRefSchema, path: z.array(memberRefSchema) }),
  }),
  agentDownlineDetail: defineRoute({
    ...endpoints.agentDownlineDetail,
    tag: 'agent',
    summary: 'One member of the caller’s team (level relative to the caller).',
    params: z.object({ memberId: recordIdSchema }),
    reply: downlineSchema,
  }),
  agentDownlineTransfer: defineRoute({
    ...endpoints.agentDownlineTransfer,
    tag: 'agent',
    summary:
      'Transfer from the caller’s main wallet to a member of its team (ledger kind TRANSFER_DOWNLINE). Needs the payment password; idempotent by `requestId`. Errors: `payment.password.required`, `payment.password.invalid`, `wallet.insufficient`, `not.found`, `duplicate.request`.',
    body: z.object({
      memberId: recordIdSchema,
      amount: amountInputSchema,
      paymentPassword: z.string().min(1).max(128),
      requestId: idempotencyKeySchema,
    }),
    reply: z.object({
      transactionId: z.string(),
      amount: z.number(),
      target: memberRefSchema,
      replayed: z.boolean(),
      balance: walletBalanceSchema,
    }),
  }),
  agentTeamBets: defineRoute({
    ...endpoints.agentTeamBets,
    tag: 'agent',
    summary:
      'Team betting: bets of the team (or of one member with `memberId`, or by exact `account`) placed within the range, paged. `totals` come from the daily rollups for the same range, member and game filters (settled figures; the `status` filter narrows the list only).',
    query: z.object({
      ...rangeQuery,
      memberId: memberIdQuery.optional(),
      account: accountSearch.optional(),
      gameType: z.string().trim().min(1).max(32).optional(),
      vassalage: z.string().trim().min(1).max(32).optional(),
      status: z.enum(['open', 'settled', 'void']).optional(),
      sortBy: z.enum(['placedAt', 'stake', 'payout']).default('placedAt'),
      sortOrder,
      ...pageQuery,
    }),
    reply: page(teamBetSchema).extend({ range: rangeSchema, totals: betFiguresSchema }),
  }),
  agentTeamProfitLoss: defineRoute({
    ...endpoints.agentTeamProfitLoss,
    tag: 'agent',
    summary:
      'User profit and loss for the range. `view=direct`: the root’s own row (level 0) and one row per direct downline with that downline’s whole team; `view=member`: every member of the team with its own figures; `view=category`: the team by game type. `totals` is the whole team.',
    query: z.object({
      ...rangeQuery,
      rootId: memberIdQuery.optional(),
      view: z.enum(['direct', 'member', 'category']).default('direct'),
      account: accountSearch.optional(),
      sortBy: z
        .enum(['account', 'stake', 'validBet', 'payout', 'profitLoss', 'betCount'])
        .default('validBet'),
      sortOrder,
      ...pageQuery,
    }),
    reply: page(pnlRowSchema).extend({
      range: rangeSchema,
      root: memberRefSchema,
      path: z.array(memberRefSchema),
      /** When the team rollups behind `view=direct|category` and `totals` were last refreshed. */
      asOf: time.nullable(),
      totals: betFiguresSchema.extend(moneyFiguresSchema.shape),
    }),
  }),
  agentIncome: defineRoute({
    ...endpoints.agentIncome,
    tag: 'agent',
    summary:
      'My income: every credit to the caller’s main wallet that is income (commission, salary, dividend, transfers from others; not deposits, wins or own-wallet moves), newest first, with totals per category.',
    query: z.object({
      ...rangeQuery,
      category: z.enum(incomeCategories).optional(),
      sortOrder,
      ...pageQuery,
    }),
    reply: page(incomeItemSchema).extend({
      range: rangeSchema,
      totals: z.object({
        commission: z.number(),
        salary: z.number(),
        dividend: z.number(),
        transfer: z.number(),
        other: z.number(),
        total: z.number(),
      }),
    }),
  }),
  agentTeamTransactions: defineRoute({
    ...endpoints.agentTeamTransactions,
    tag: 'agent',
    summary:
      'Account details: main-wallet ledger movements of the team (or of `memberId` / exact `account`) within the range, paged; `kind` filters by ledger kind (DEPOSIT, WITHDRAW, TRANSFER_DOWNLINE, …).',
    query: z.object({
      ...rangeQuery,
      memberId: memberIdQuery.optional(),
      account: accountSearch.optional(),
      kind: z
        .string()
        .trim()
        .regex(/^[A-Z_]{2,32}$/)
        .optional(),
      sortOrder,
      ...pageQuery,
    }),
    reply: page(teamTransactionSchema).extend({ range: rangeSchema }),
  }),
  agentAnnouncements: defineRoute({
    ...endpoints.agentAnnouncements,
    tag: 'agent',
    summary:
      'Announcements the brand publishes to its agents (published, enabled, in the `Language` header’s language or for every language), pinned first, newest first.',
    query: z.object({ ...pageQuery }),
    reply: page(agentAnnouncementSchema),
  }),
  opsAgentAnnouncementList: defineRoute({
    ...endpoints.opsAgentAnnouncementList,
    tag: 'ops',
    summary: 'Every agent announcement of the brand, newest first.',
    params: merchantParams,
    query: z.object({ ...pageQuery }),
    reply: page(opsAnnouncementSchema),
  }),
  opsAgentAnnouncementCreate: defineRoute({
    ...endpoints.opsAgentAnnouncementCreate,
    tag: 'ops',
    summary: 'Publish an agent announcement (`publishedAt` defaults to now; a future time schedules it).',
    params: merchantParams,
    body: announcementBody,
    reply: opsAnnouncementSchema,
  }),
  opsAgentAnnouncementUpdate: defineRoute({
    ...endpoints.opsAgentAnnouncementUpdate,
    tag: 'ops',
    summary: 'Replace an agent announcement.',
    params: merchantParams.extend({ announcementId: recordIdSchema }),
    body: announcementBody,
    reply: opsAnnouncementSchema,
  }),
  opsAgentAnnouncementDelete: defineRoute({
    ...endpoints.opsAgentAnnouncementDelete,
    tag: 'ops',
    summary: 'Delete an agent announcement.',
    params: merchantParams.extend({ announcementId: recordIdSchema }),
    reply: z.object({ deleted: z.literal(true) }),
  }),
} as const;
