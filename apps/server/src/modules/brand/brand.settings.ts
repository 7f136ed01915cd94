import { z } from 'zod';
import {
  brandAvailabilitySchema,
  brandPresentationSchema,
  brandThemeSchema,
  customerServiceEntrySchema,
  languageCodeSchema,
  rebateSettingsSchema,
  vipSettingsSchema,
  pointsSettingsSchema,
  promotionsSettingsSchema,
  referralSettingsSchema,
  missionsSettingsSchema,
  redRainSettingsSchema,
  registerRulesSchema,
  resourceSchema,
} from '@arcadia/contract';

/** A way to pay in. Amounts are major units (12.5 = 12.50 in a 2-decimal currency). */
export const paymentChannelSchema = z
  .object({
    /** Stable id the client sends back (`channel` of a deposit request). */
    code: z.string().regex(/^[A-Z0-9_]{1,32}$/),
    /** BANK_TRANSFER: the member transfers, an operator approves. DEMO_GATEWAY: the built-in gateway. */
    kind: z.enum(['BANK_TRANSFER', 'DEMO_GATEWAY']),
    name: z.string().min(1).max(64),
    min: z.number().positive(),
    max: z.number().positive(),
    /** Where a bank transfer goes (BANK_TRANSFER only). */
    bank: z
      .object({
        bankName: z.string().min(1).max(100),
        accountName: z.string().min(1).max(100),
        accountNumber: z.string().min(1).max(64),
      })
      .optional(),
  })
  .refine((c) => c.min <= c.max, { message: 'min must not exceed max', path: ['max'] })
  .refine((c) => c.kind !== 'BANK_TRANSFER' || c.bank !== undefined, {
    message: 'a bank transfer channel needs bank details',
    path: ['bank'],
  });
export type PaymentChannel = z.infer<typeof paymentChannelSchema>;

export const paymentSettingsSchema = z.object({
  channels: z
    .array(paymentChannelSchema)
    .default([])
    .refine((list) => new Set(list.map((c) => c.code)).size === list.length, {
      message: 'channel codes must be unique',
    }),
  withdraw: z
    .object({
      /** Major units per request. */
      min: z.number().positive().default(10),
      max: z.number().positive().default(50_000),
      /** Withdrawals a member may request per UTC day (rejected ones do not count). */
      dailyCount: z.number().int().min(0).default(5),
    })
    .refine((w) => w.min <= w.max, { message: 'min must not exceed max', path: ['max'] })
    .prefault({}),
  /** A paid withdrawal the member has not confirmed within this many minutes counts as received. */
  confirmMinutes: z.number().int().min(1).max(43_200).default(60),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** Agent centre rules (docs/reports.md). Amounts are major units. */
export const agentSettingsSchema = z.object({
  /** A team member counts as active in a period when its valid bets reach this amount (and are above zero). */
  activeMinValidBet: z.number().min(0).default(1),
  /**
   * Member types an agent of each type may create, directly or through an invitation link. The
   * default: top agents (1) and agents (2) create agents (2) and members (0); recruiting agents (41)
   * create sub-agents (42) and members; sub-agents (42) create members only.
   */
  createTypes: z
    .record(z.string().regex(/^\d+$/), z.array(z.number().int().min(0)))
    .default({ '1': [2, 0], '2': [2, 0], '41': [42, 0], '42': [0] }),
  /** Invitation links one agent may hold. */
  maxAffiliateCodes: z.number().int().min(0).max(1000).default(20),
  /** The longest date range a report accepts, in days. */
  maxRangeDays: z.number().int().min(1).max(3660).default(93),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

/** What `merchant.settings` holds. Validated on every read so a bad edit fails loudly, not later. */
export const brandSettingsSchema = brandPresentationSchema.extend({
  domains: z.array(z.string()),
  mainDomain: z.string(),
  customerService: z.array(customerServiceEntrySchema),
  resources: z.array(resourceSchema),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  /** ISO 3166 codes accepted for mobile numbers; empty means every country. */
  countries: z.array(z.string().length(2)),
  /** Passwords older than this count as expired (0: never); PWDEXPFORCECHANGE3 forces the change. */
  passwordMaxAgeDays: z.number().int().min(0).default(0),
  /** Transfer-mode vendors: each gives every member a sub-wallet beside the main one. */
  transferWallets: z.array(z.string().regex(/^[A-Z0-9_]{1,32}$/)).default([]),
  /** One wallet only: My Wallet is hidden and transfers are refused. */
  singleWallet: z.boolean().default(false),
  /** Deposit channels, withdrawal limits and the receipt-confirmation window. */
  payments: paymentSettingsSchema.prefault({}),
  /**
   * Agent centre: active-member threshold, creatable types, link limit, report range. Optional so
   * brand files need not spell it out; `agentSettingsSchema.parse(settings.agent ?? {})` fills the
   * defaults.
   */
  agent: agentSettingsSchema.optional(),
  /**
   * Agent contracts (docs/contracts.md): `enableContract` switches dividends, `enableSalary` the
   * daily, hourly and real-time salaries (beside their whitelabel modules); `dividendCarry`
   * `profit` carries a period the team won into the next periods' losses.
   */
  contracts: z
    .object({
      enableContract: z.boolean().default(true),
      enableSalary: z.boolean().default(true),
      dividendCarry: z.enum(['none', 'profit']).default('none'),
    })
    .optional(),
  /**
   * The house lottery (docs/lottery.md): the brand's prize group of 2000 (every unit's expected
   * return is prizeGroup / 2000) and how many seconds before a draw its sales close.
   */
  lottery: z
    .object({
      prizeGroup: z.number().int().min(1700).max(1980).default(1960),
      closeBeforeSeconds: z.number().int().min(0).max(3600).default(10),
    })
    .optional(),
  /**
   * The house sportsbook's limits (docs/sportsbook.md), major units: one bet's stake, what one bet
   * may return, and a member's open stakes on one market.
   */
  sports: z
    .object({
      maxStake: z.number().int().min(1).max(10_000_000).optional(),
      maxReturn: z.number().int().min(1).max(100_000_000).optional(),
      maxMarketStake: z.number().int().min(1).max(100_000_000).optional(),
    })
    .optional(),
  /** Rebates (docs/rewards.md): on or off, the rate per product type, the smallest payout. */
  rebate: rebateSettingsSchema.optional(),
  /** VIP tiers (docs/rewards.md): thresholds, keep turnover, upgrade bonus, extra rebate rate. */
  vip: vipSettingsSchema.optional(),
  /** Points mall (docs/rewards.md): earning ratios, conversion, the catalogue. */
  points: pointsSettingsSchema.optional(),
  /** Promotions (docs/rewards.md): the automatic promotions and the products' turnover weights. */
  promotions: promotionsSettingsSchema.optional(),
  /** Referral — invite friends (docs/rewards.md): the referrer's reward and the referee's terms. */
  referral: referralSettingsSchema.optional(),
  /** Missions (docs/rewards.md): daily and weekly tasks with their rewards and leaderboard points. */
  missions: missionsSettingsSchema.optional(),
  /** The red-envelope rain (docs/rewards.md): daily slots of brand envelopes for every member. */
  redRain: redRainSettingsSchema.optional(),
  /** Theme colours chosen on the Brand page (docs/back-office.md "Brand"); the defaults until then. */
  theme: brandThemeSchema.optional(),
  /** The uploaded logo: its upload-store file name (`<brand id>-<hex>.<png|jpg|webp>`). */
  logo: z
    .object({ file: z.string().regex(/^\d+-[a-f0-9]{16}\.(png|jpg|webp)$/) })
    .nullable()
    .optional(),
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;

const helpTopicSeedSchema = z.object({
  term: z.string().regex(/^[a-z0-9_-]{1,64}$/),
  title: z.string(),
  content: z.string(),
});

/** A brand file: everything needed to create a brand on first start. */
export const brandFileSchema = z.object({
  code: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/),
  name: z.string(),
  currency: z.string().length(3),
  currencySymbol: z.string(),
  currencyScale: z.number().int().min(0).max(4),
  defaultLanguage: languageCodeSchema,
  settings: brandSettingsSchema,
  modules: z.record(z.string(), z.boolean()),
  registerRules: registerRulesSchema,
  availability: brandAvailabilitySchema,
  helpTopics: z.partialRecord(languageCodeSchema, z.array(helpTopicSeedSchema)),
});
export type BrandFile = z.infer<typeof brandFileSchema>;
