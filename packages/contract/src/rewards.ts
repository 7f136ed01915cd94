import { z } from 'zod';
import { gameCategories } from './enums.js';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { idempotencyKeySchema } from './wallet.js';

/*
 * Rewards (docs/rewards.md; spec §1 manual rebate, §2 member pages bonusDetails and manualRebate,
 * reference §2.3 `getRebate` and §7 rebate; domain notes D.4 and I).
 *
 * Rebate (返水): the brand pays back a rate of every member's valid bets, per product type. A day's
 * rebate is Σ over its product types of ⌊valid bet × rate⌋ (minor units); a bet counts on the day
 * it was placed, once it is settled (its valid bet). The daily job pays each closed day's rebate
 * the next day; a manual claim pays what has accrued so far (today included) at once, and the job
 * then pays only the rest. Both settle a window of the last `REBATE_WINDOW_DAYS` days, so a bet
 * settled late (a chase, a sports bet on a later match) still earns, and a bet rolled back after
 * its rebate was paid is netted against the next rebates of the window.
 *
 * Amounts on the wire are major units; rates are fractions (`0.008` = 0.8 %).
 */

/** Days a rebate window spans (today or the day being settled, and the days before it). */
export const REBATE_WINDOW_DAYS = 7;

/** Product types a rebate rate can name: the game categories that hold games. */
export const rebateProductTypes = gameCategories.filter((c) => c !== 'HOME' && c !== 'PROMO');
export const rebateProductTypeSchema = z.enum(rebateProductTypes as [string, ...string[]]);

/** Rates per product type as the brand sets them: at most 5 %, four decimals. */
export const rebateRateSchema = z.number().min(0).max(0.05).multipleOf(0.0001);

/** A brand's rebate settings (`merchant.settings.rebate`). */
export const rebateSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  rates: z.partialRecord(rebateProductTypeSchema, rebateRateSchema).default({}),
  /** The smallest rebate a claim or the daily job pays, major units; less stays accrued. */
  minPayout: z.number().min(0).max(1_000_000).default(1),
});
export type RebateSettings = z.infer<typeof rebateSettingsSchema>;

const day = z.iso.date();

export const rebateProductSchema = z.object({
  productType: z.string(),
  rate: z.number(),
  /** Valid bets of the window in this product type. */
  validBet: z.number(),
  /** The rebate they earned. */
  amount: z.number(),
});

export const rebateKindSchema = z.enum(['daily', 'manual']);
export const rebatePaymentSchema = z.object({
  id: z.string(),
  kind: rebateKindSchema,
  /** The window the payment settled (inclusive days, UTC). */
  from: day,
  to: day,
  validBet: z.number(),
  amount: z.number(),
  createdAt: z.iso.datetime(),
});
export type RebatePayment = z.infer<typeof rebatePaymentSchema>;

/** The operator's "run the daily rebate" call: a closed day (default yesterday) and the reason for the audit. */
export const opsRebateRunBodySchema = z.object({
  day: day.optional(),
  reason: z.string().trim().min(3).max(500),
});
export type OpsRebateRunBody = z.infer<typeof opsRebateRunBodySchema>;

/*
 * VIP (domain notes I): tiers by total and monthly turnover (valid bets) and total deposits, a
 * monthly turnover to keep a tier, a one-time upgrade bonus per tier, and an extra rebate rate.
 * The review job (and the member's progress page) upgrades a member to the highest tier it
 * qualifies for, paying each tier's bonus once ever (`VIP_BONUS`); at the first review of a month,
 * a member whose last month's turnover is below its tier's `keepTurnover` goes down one tier.
 */
const major = z.number().min(0).max(1e12);
export const vipTierSchema = z.object({
  level: z.number().int().min(0).max(30),
  name: z.string().trim().min(1).max(16),
  /** Valid bets since joining, major units. */
  totalTurnover: major,
  /** Valid bets in the current calendar month (UTC) needed to reach the tier. */
  monthlyTurnover: major,
  /** Valid bets per month to keep the tier (checked for the month just ended). */
  keepTurnover: major,
  /** Deposits since joining. */
  minDeposit: major,
  /** Paid once, the first time the tier is reached. */
  upgradeBonus: major,
  /** Added to every product's rebate rate for members of the tier. */
  rebateExtra: z.number().min(0).max(0.02).multipleOf(0.0001).default(0),
});
export type VipTier = z.infer<typeof vipTierSchema>;

export const vipSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    tiers: z.array(vipTierSchema).max(31).default([]),
  })
  .refine((v) => v.tiers.every((t, i) => t.level === i), {
    message: 'tiers are listed by level from 0, one each',
    path: ['tiers'],
  })
  .refine(
    (v) =>
      !v.tiers[0] ||
      (v.tiers[0].totalTurnover === 0 && v.tiers[0].minDeposit === 0 && v.tiers[0].monthlyTurnover === 0),
    {
      message: 'tier 0 is where every member starts: no thresholds',
      path: ['tiers', 0],
    },
  );
export type VipSettings = z.infer<typeof vipSettingsSchema>;

const figure = z.object({ actual: z.number(), expected: z.number() });
export const vipProgressSchema = z.object({
  hasVip: z.boolean(),
  playerRankName: z.string(),
  playerRankLevel: z.number().int(),
  /** The next tier's name, null at the top. */
  nextRankName: z.string().nullable(),
  /** Toward the next tier (at the top: toward keeping this one). */
  monthlyTurnover: figure,
  totalTurnover: figure,
  totalDeposit: figure,
  /** This month's turnover against what keeps the current tier next month. */
  keepTurnover: figure,
  tiers: z.array(vipTierSchema),
});
export type VipProgress = z.infer<typeof vipProgressSchema>;

/*
 * Points mall (spec §1, §3, §4 redeem statuses, §7 points calls, §9 points never expire; reference
 * §2.6 PTSYS3). Points are whole numbers on a ledger of their own (a `points` account per member,
 * currency `PTS`): earned on valid bets per product type and on deposits at the brand's ratios,
 * spent on the catalogue (cash credited at once; goods reviewed by an operator, with stock and a
 * delivery address) or converted to cash at the brand's rate.
 */
export const pointRewardSchema = z.object({
  rewardId: z.string().regex(/^[a-z0-9_-]{1,32}$/),
  name: z.string().min(1).max(64),
  kind: z.enum(['cash', 'goods']),
  /** Points per unit. */
  points: z.number().int().min(1).max(100_000_000),
  /** Cash credited per unit (major units; `cash` only). */
  amount: z.number().min(0).max(1_000_000).nullable().default(null),
  /** Units the brand has in all (`goods`); null is unlimited. */
  stock: z.number().int().min(0).max(1_000_000).nullable().default(null),
  description: z.string().max(500).default(''),
});
export type PointReward = z.infer<typeof pointRewardSchema>;

/** Points per major unit: at most three decimals. */
const pointRatio = z.number().min(0).max(1000).multipleOf(0.001);
export const pointsSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** Points per major unit of valid bet, per product type. */
  ratios: z.partialRecord(rebateProductTypeSchema, pointRatio).default({}),
  /** Points per major unit deposited. */
  depositRatio: pointRatio.default(0),
  /** Points per major unit of cash when converting; 0 turns conversion off. */
  convertRate: z.number().int().min(0).max(1_000_000).default(0),
  /** The fewest points one conversion takes. */
  minConvert: z.number().int().min(1).max(100_000_000).default(100),
  rewards: z.array(pointRewardSchema).max(100).default([]),
});
export type PointsSettings = z.infer<typeof pointsSettingsSchema>;

/** Redeem statuses of spec §4: in process (goods awaiting review), rejected, approved. */
export const redeemStatusSchema = z.enum(['process', 'rejected', 'approved']);
export const pointRedemptionSchema = z.object({
  id: z.string(),
  rewardId: z.string(),
  rewardName: z.string(),
  kind: z.enum(['cash', 'goods', 'convert']),
  quantity: z.number().int(),
  points: z.number().int(),
  /** Cash credited (major units), null for goods. */
  amount: z.number().nullable(),
  address: z.string().nullable(),
  status: redeemStatusSchema,
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type PointRedemption = z.infer<typeof pointRedemptionSchema>;

export const pointRedeemBodySchema = z.object({
  rewardId: z.string().min(1).max(32),
  quantity: z.number().int().min(1).max(100),
  /** Goods only: where to ship them. */
  address: z.string().trim().min(5).max(300).optional(),
  paymentPassword: z.string().min(1).max(128),
  requestId: idempotencyKeySchema,
});
export const pointConvertBodySchema = z.object({
  points: z.number().int().min(1).max(1_000_000_000),
  paymentPassword: z.string().min(1).max(128),
  requestId: idempotencyKeySchema,
});

export const pointMovementKinds = [
  'POINTS_EARN',
  'POINTS_REDEEM',
  'POINTS_CONVERT',
  'POINTS_REFUND',
] as const;

/*
 * Promotions and bonus money (spec §1 promotions, §2 /promotions, §4 activity statuses; domain
 * notes I). A promotion's bonus is credited to the main wallet (`BONUS`, from promotions expense)
 * with a turnover requirement (wagering × bonus, valid bets weighted per product type); while any
 * requirement is open a withdrawal is refused with the turnover left, and the member may forfeit
 * a bonus instead (its amount leaves the wallet, as far as the wallet holds it).
 * Automatic promotions: `first_deposit` (a share of the first deposit, within days of it),
 * `reload` (a share of the day's largest deposit after the first, once a day), `daily_signin` (a
 * fixed bonus once a day), `rescue` (a share of yesterday's net loss).
 */
const localized = z.record(z.string().regex(/^[A-Z]{2}$/), z.string().max(20_000));
export const promotionKindSchema = z.enum([
  'first_deposit',
  'reload',
  'daily_signin',
  'rescue',
  'application',
]);
export const promotionCategorySchema = z.enum(['deposit', 'daily', 'vip', 'other']);
export const promotionSettingSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,32}$/),
  kind: promotionKindSchema,
  category: promotionCategorySchema.default('other'),
  title: localized,
  summary: localized.default({}),
  /** HTML; sanitised on the server before it is sent. */
  content: localized.default({}),
  startsAt: z.iso.datetime().nullable().default(null),
  endsAt: z.iso.datetime().nullable().default(null),
  /** The lowest VIP tier that may claim it. */
  minVip: z.number().int().min(0).max(30).default(0),
  /** New members only: at most this many days since joining (0: anyone). */
  maxMemberDays: z.number().int().min(0).max(3650).default(0),
  /** At least this many deposits made before (0: no condition). */
  minDeposits: z.number().int().min(0).max(1000).default(0),
  /** `first_deposit`, `reload`, `rescue`: the bonus as a share of the deposit or the loss. */
  percent: z.number().min(0).max(5).multipleOf(0.0001).default(0),
  /** `daily_signin`: the bonus; `application`: the bonus an approval issues unless the operator says (major units). */
  amount: z.number().min(0).max(1_000_000).default(0),
  /** The largest bonus (0: no cap). */
  cap: z.number().min(0).max(1_000_000).default(0),
  /** `first_deposit`, `reload`: the smallest deposit; `rescue`: the smallest loss. */
  minBase: z.number().min(0).max(1_000_000).default(0),
  /** Turnover required, as a multiple of the bonus (at most 10×). */
  wagering: z.number().min(0).max(10).multipleOf(0.01).default(1),
  /** `first_deposit`: days after the first deposit in which it may be claimed. */
  withinDays: z.number().int().min(1).max(365).default(7),
});
export type Promotion = z.infer<typeof promotionSettingSchema>;
export const promotionsSettingsSchema = z.object({
  list: z.array(promotionSettingSchema).max(100).default([]),
  /** How much of a product type's valid bets counts toward turnover (missing: all of it). */
  weights: z.partialRecord(rebateProductTypeSchema, z.number().min(0).max(1).multipleOf(0.01)).default({}),
});
export type PromotionsSettings = z.infer<typeof promotionsSettingsSchema>;

/** Spec §4 activity statuses as this platform uses them (docs/rewards.md). */
export const promotionStatusSchema = z.enum([
  'join',
  'claim',
  'claimed',
  'process',
  'close',
  'coming soon',
  'applying',
  'rejected',
  'issued',
]);
export type PromotionStatus = z.infer<typeof promotionStatusSchema>;
export const promotionOutSchema = z.object({
  id: z.string(),
  kind: promotionKindSchema,
  category: promotionCategorySchema,
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  wagering: z.number(),
  status: promotionStatusSchema,
  /** What a claim would pay now (major units), when it can be claimed. */
  claimable: z.number().nullable(),
  /** Why it cannot be claimed yet (`process`): an error code to translate. */
  reason: z.string().nullable(),
});
export const bonusGrantSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  title: z.string(),
  amount: z.number(),
  /** Turnover this bonus asks for (major units). */
  required: z.number(),
  status: z.enum(['open', 'met', 'forfeited']),
  grantedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});

/*
 * Red envelopes (domain notes I; reference §7 `agentRedRain`, AGENTRANSMULTDOWN3): an agent puts a
 * total into an envelope of `count` shares for its direct downlines or its whole team — `equal`
 * shares, or `lucky` random shares that still sum to the total — paid from its wallet into escrow
 * at once. Each eligible member grabs one share; shares left when it expires go back to the sender.
 */
export const RED_ENVELOPE_MAX_SHARES = 10_000;
export const redEnvelopeSendBodySchema = z.object({
  /** Major units. */
  total: z.number().positive().max(1_000_000),
  count: z.number().int().min(1).max(RED_ENVELOPE_MAX_SHARES),
  split: z.enum(['equal', 'lucky']),
  target: z.enum(['direct', 'team']),
  message: z.string().trim().max(60).default(''),
  expiresInHours: z.number().int().min(1).max(72).default(24),
  requestId: idempotencyKeySchema,
});
export type RedEnvelopeSendBody = z.infer<typeof redEnvelopeSendBodySchema>;
/**
 * The brand's red-envelope rain (`merchant.settings.redRain`): at each slot's time (UTC, every
 * day) an envelope of `total` in `shares` lucky shares for every member of the brand, open for
 * `minutes`; what is left goes back to the promotions expense.
 */
export const redRainSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  slots: z
    .array(
      z.object({
        at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
        total: z.number().positive().max(1_000_000),
        shares: z.number().int().min(1).max(RED_ENVELOPE_MAX_SHARES),
        minutes: z.number().int().min(1).max(720).default(30),
        message: z.string().trim().max(60).default(''),
      }),
    )
    .max(24)
    .default([]),
});
export type RedRainSettings = z.infer<typeof redRainSettingsSchema>;
export const redEnvelopeSchema = z.object({
  id: z.string(),
  sender: z.string(),
  message: z.string(),
  split: z.enum(['equal', 'lucky']),
  /** `brand`: the brand's rain, for every member. */
  target: z.enum(['direct', 'team', 'brand']),
  total: z.number(),
  count: z.number().int(),
  grabbed: z.number().int(),
  grabbedAmount: z.number(),
  status: z.enum(['open', 'empty', 'expired']),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** For a member: what it grabbed (null: not yet). */
  mine: z.number().nullable(),
});
export type RedEnvelope = z.infer<typeof redEnvelopeSchema>;

/*
 * Referral — invite friends (spec §1 referral programme, §2 member page `referral`, §3
 * availablePromo.REFERRAL.enabled; reference §2.6 `MCSFE_getReferralDetails`): each member has a
 * referral code and link; a friend who registers with it becomes its referee, and once the referee
 * has deposited `minDeposit` and placed `minValidBet` of valid bets within `windowDays` of joining,
 * the referrer is paid `reward` (`REFERRAL`, from the promotions expense). A referee sharing an IP
 * address with its referrer, or a device with another referee of the same referrer, is flagged for
 * an operator instead of paid.
 */
export const referralSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  /** What the referrer earns per qualified referee, major units. */
  reward: z.number().min(0).max(1_000_000).default(0),
  /** The referee's deposits needed, major units. */
  minDeposit: z.number().min(0).max(10_000_000).default(0),
  /** The referee's valid bets needed, major units. */
  minValidBet: z.number().min(0).max(100_000_000).default(0),
  /** Days after joining in which a referee may qualify. */
  windowDays: z.number().int().min(1).max(365).default(30),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
export const referralStatusSchema = z.enum(['pending', 'paid', 'flagged', 'rejected', 'expired']);
export const referralDetailsSchema = z.object({
  /** Null until generated (`autoGenerate=true` makes one). */
  referralCode: z.string().nullable(),
  totalInvitations: z.number().int(),
  /** Domains the link may use (the brand's main domain first). */
  promotionDomains: z.array(z.string()),
  enabled: z.boolean(),
  reward: z.number(),
  minDeposit: z.number(),
  minValidBet: z.number(),
  windowDays: z.number().int(),
  qualified: z.number().int(),
  /** What the member has earned from referrals, major units. */
  earned: z.number(),
});
export const refereeSchema = z.object({
  /** Masked (`ab***yz`). */
  account: z.string(),
  joinedAt: z.iso.datetime(),
  deposit: z.number(),
  validBet: z.number(),
  status: referralStatusSchema,
  reward: z.number(),
  paidAt: z.iso.datetime().nullable(),
});
export const opsReferralSchema = z.object({
  refereeId: z.string(),
  referee: z.string(),
  referrer: z.string(),
  status: referralStatusSchema,
  flagReason: z.string().nullable(),
  registerIp: z.string().nullable(),
  deposit: z.number(),
  validBet: z.number(),
  reward: z.number(),
  joinedAt: z.iso.datetime(),
});
/** Which member-facing promotions run (reference §2.6 `availablePromo`: REFERRAL, MISSION). */
export const availablePromoSchema = z.object({
  REFERRAL: z.object({ enabled: z.boolean() }),
  MISSION: z.object({ enabled: z.boolean(), count: z.number().int() }),
});
export type AvailablePromo = z.infer<typeof availablePromoSchema>;

/*
 * Missions and the leaderboard (spec §1 mission leaderboard, §2 member page missionLeaderboard with
 * its badge; reference §2.6 `MCSFE_getMissionSummaryDetails`, `MCSFE_getMissionLeaderboard`): daily
 * and weekly tasks — valid bets (on a product type or any), rounds played, deposits, days logged in
 * — measured from the day tables the bets and deposits write in their own transactions, so a task
 * moves as the member plays. A done task is claimed once per period: its cash reward
 * (`MISSION_REWARD`, from the promotions expense) and its mission points; the leaderboard ranks
 * the week's mission points.
 */
export const missionKindSchema = z.enum(['bet_amount', 'bet_count', 'deposit', 'login_days']);
export const missionPeriodSchema = z.enum(['daily', 'weekly']);
export const missionSettingSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,32}$/),
  period: missionPeriodSchema,
  kind: missionKindSchema,
  /** `bet_amount`, `bet_count`: only this product type's bets count (null: every product). */
  category: rebateProductTypeSchema.nullable().default(null),
  /** Major units for amounts; a count for rounds and days. */
  target: z.number().positive().max(1_000_000_000),
  /** Cash paid on claim, major units. */
  reward: z.number().min(0).max(1_000_000).default(0),
  /** Mission points for the leaderboard. */
  points: z.number().int().min(0).max(1_000_000).default(0),
  title: localized,
});
export type Mission = z.infer<typeof missionSettingSchema>;
export const missionsSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  list: z.array(missionSettingSchema).max(50).default([]),
});
export type MissionsSettings = z.infer<typeof missionsSettingsSchema>;
export const missionOutSchema = z.object({
  id: z.string(),
  period: missionPeriodSchema,
  kind: missionKindSchema,
  category: z.string().nullable(),
  title: z.string(),
  target: z.number(),
  progress: z.number(),
  reward: z.number(),
  points: z.number().int(),
  status: z.enum(['in_progress', 'claimable', 'claimed']),
  periodStart: day,
  /** The period's last day. */
  periodEnd: day,
});
export type MissionOut = z.infer<typeof missionOutSchema>;
export const missionSummarySchema = z.object({
  enabled: z.boolean(),
  list: z.array(missionOutSchema),
  /** Mission points this week. */
  weekPoints: z.number().int(),
  /** Tasks done and not yet claimed (the menu's badge). */
  claimable: z.number().int(),
});
export const missionLeaderboardSchema = z.object({
  from: day,
  to: day,
  list: z.array(z.object({ rank: z.number().int(), account: z.string(), points: z.number().int() })),
  me: z.object({ rank: z.number().int().nullable(), points: z.number().int() }),
});

/*
 * Activity applications (spec §3 activity application, §5: a comment of at most 140 characters and
 * at most 3 images, PNG or JPEG, 5 MB each): a member applies to an `application` promotion; an
 * operator approves (the bonus is issued: the member claims it in the reward centre) or rejects.
 */
export const APPLICATION_COMMENT_MAX = 140;
export const APPLICATION_IMAGES_MAX = 3;
export const APPLICATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const applicationBodySchema = z.object({
  promotionId: z.string().min(1).max(32),
  comment: z.string().trim().max(APPLICATION_COMMENT_MAX).default(''),
  /** Base64 (or `data:image/...;base64,` URLs); PNG or JPEG by content. */
  images: z
    .array(
      z
        .string()
        .min(1)
        .max(Math.ceil((APPLICATION_IMAGE_MAX_BYTES * 4) / 3) + 64),
    )
    .max(APPLICATION_IMAGES_MAX)
    .default([]),
});
export type ApplicationBody = z.infer<typeof applicationBodySchema>;
export const applicationSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  title: z.string(),
  comment: z.string(),
  images: z.array(
    z.object({
      mime: z.enum(['image/png', 'image/jpeg']),
      width: z.number().int(),
      height: z.number().int(),
    }),
  ),
  status: z.enum(['applying', 'rejected', 'issued']),
  amount: z.number(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});
export const opsApplicationSchema = applicationSchema.extend({ account: z.string() });
export const applicationImageSchema = z.object({
  mime: z.enum(['image/png', 'image/jpeg']),
  data: z.string(),
});

/*
 * Raffles (抽奖, docs/rewards.md "Raffles"; the original's `MCS2_claimRafflePromotion`,
 * `MCSFE_claimRafflePromotion` and `MCSFE_getRafflePromotionStatus`): a promotion whose members
 * earn tickets during a window — one per `turnoverPerTicket` of settled valid bets placed in it
 * and `ticketsPerDeposit` per deposit of at least `minDeposit`, at most `maxTickets` each (trial
 * accounts none) — and whose prizes are drawn at `drawAt` by the fair stream from a server seed
 * committed (SHA-256) when the raffle was created and revealed at the draw. A prize is claimed
 * from the reward centre (`BONUS`, from the promotions expense) before it expires.
 */
export const RAFFLE_MAX_PRIZES = 1_000;
export const raffleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9_-]{1,32}$/),
    title: localized.refine((t) => Object.keys(t).length > 0, {
      message: 'a title in one language at least',
    }),
    summary: localized.default({}),
    /** Tickets are earned from `startsAt` (inclusive) to `endsAt` (exclusive). */
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    /** When the prizes are drawn (at or after `endsAt`). */
    drawAt: z.iso.datetime(),
    /** Valid bets (major units) per ticket; 0: bets earn none. */
    turnoverPerTicket: z.number().min(0).max(1_000_000).default(0),
    /** Only these product types' bets count (empty: every product). */
    productTypes: z.array(rebateProductTypeSchema).max(20).default([]),
    /** Tickets per deposit of at least `minDeposit`; 0: deposits earn none. */
    ticketsPerDeposit: z.number().int().min(0).max(100).default(0),
    minDeposit: z.number().min(0).max(1_000_000).default(0),
    /** The most tickets one member holds. */
    maxTickets: z.number().int().min(1).max(1_000_000).default(100),
    /** Prize tiers, first prize first: `count` winners of `amount` each (major units). */
    prizes: z
      .array(
        z.object({
          count: z.number().int().min(1).max(RAFFLE_MAX_PRIZES),
          amount: z.number().positive().max(1_000_000),
        }),
      )
      .min(1)
      .max(20),
    /** No member wins two prizes (else each ticket may win once). */
    distinctWinners: z.boolean().default(true),
    /** Days a prize may be claimed after the draw. */
    claimDays: z.number().int().min(1).max(90).default(7),
  })
  .refine((r) => Date.parse(r.endsAt) > Date.parse(r.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  })
  .refine((r) => Date.parse(r.drawAt) >= Date.parse(r.endsAt), {
    message: 'the draw is at or after the end of the window',
    path: ['drawAt'],
  })
  .refine((r) => r.turnoverPerTicket > 0 || r.ticketsPerDeposit > 0, {
    message: 'tickets must be earned by bets, deposits or both',
    path: ['turnoverPerTicket'],
  })
  .refine((r) => r.prizes.reduce((n, p) => n + p.count, 0) <= RAFFLE_MAX_PRIZES, {
    message: `at most ${RAFFLE_MAX_PRIZES} prizes`,
    path: ['prizes'],
  });
export type Raffle = z.infer<typeof raffleSchema>;
/**
 * A brand's raffles as the operator writes them (`feature: 'raffles'` of the rewards settings):
 * the whole list. A new id creates a raffle (its seed committed at once); one not started yet may
 * change or go; a started one may change only its texts; a drawn one not at all.
 */
export const rafflesSettingsSchema = z.object({
  list: z
    .array(raffleSchema)
    .max(50)
    .default([])
    .refine((l) => new Set(l.map((r) => r.id)).size === l.length, { message: 'raffle ids must be unique' }),
});
export type RafflesSettings = z.infer<typeof rafflesSettingsSchema>;

/** `upcoming` (window not open), `open` (earning), `closed` (waiting for the draw), `drawn`. */
export const raffleStatusSchema = z.enum(['upcoming', 'open', 'closed', 'drawn']);
export const rafflePrizeStatusSchema = z.enum(['unclaimed', 'claimed', 'expired']);
export const raffleMyPrizeSchema = z.object({
  prizeId: z.string(),
  raffleId: z.string(),
  /** The prize tier, 1 for the first prize. */
  rank: z.number().int(),
  amount: z.number(),
  ticket: z.number().int(),
  status: rafflePrizeStatusSchema,
  expiresAt: z.iso.datetime(),
  claimedAt: z.iso.datetime().nullable(),
});
export const raffleOutSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  status: raffleStatusSchema,
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  drawAt: z.iso.datetime(),
  turnoverPerTicket: z.number(),
  productTypes: z.array(z.string()),
  ticketsPerDeposit: z.number().int(),
  minDeposit: z.number(),
  maxTickets: z.number().int(),
  distinctWinners: z.boolean(),
  claimDays: z.number().int(),
  prizes: z.array(z.object({ rank: z.number().int(), count: z.number().int(), amount: z.number() })),
  /** SHA-256 (hex) of the server seed, published from the start. */
  commitment: z.string(),
  /** The server seed, revealed at the draw (null before). */
  serverSeed: z.string().nullable(),
  /** After the draw: every ticket and how many members held them. */
  totalTickets: z.number().int().nullable(),
  entries: z.number().int().nullable(),
  /** The member's tickets (live until the draw, then as drawn); null for visitors and trial accounts. */
  tickets: z.number().int().nullable(),
  /** The member's valid bets counted so far (major units), null for visitors. */
  validBet: z.number().nullable(),
  /** The winners in draw order, masked accounts (after the draw). */
  winners: z.array(
    z.object({ rank: z.number().int(), account: z.string(), amount: z.number(), ticket: z.number().int() }),
  ),
  mine: z.array(raffleMyPrizeSchema),
});
export type RaffleOut = z.infer<typeof raffleOutSchema>;
export const raffleClaimBodySchema = z.object({ prizeId: z.string().regex(/^\d{1,18}$/) });

/** The rewards' settings an operator edits per brand (each part of `merchant.settings`). */
export const rewardsSettingsSchema = z.object({
  rebate: rebateSettingsSchema,
  vip: vipSettingsSchema,
  points: pointsSettingsSchema,
  promotions: promotionsSettingsSchema,
  referral: referralSettingsSchema,
  missions: missionsSettingsSchema,
  redRain: redRainSettingsSchema,
  /** The brand's raffles as written (read from their own tables; written as `feature: 'raffles'`). */
  raffles: rafflesSettingsSchema.default({ list: [] }),
});
export type RewardsSettings = z.infer<typeof rewardsSettingsSchema>;
export const rewardsFeatures = Object.keys(rewardsSettingsSchema.shape) as (keyof RewardsSettings)[];
const opsReason = z.string().trim().min(3).max(200);
export const rewardsSettingsUpdateSchema = z.discriminatedUnion('feature', [
  z.object({ feature: z.literal('rebate'), value: rebateSettingsSchema, reason: opsReason }),
  z.object({ feature: z.literal('vip'), value: vipSettingsSchema, reason: opsReason }),
  z.object({ feature: z.literal('points'), value: pointsSettingsSchema, reason: opsReason }),
  z.object({ feature: z.literal('promotions'), value: promotionsSettingsSchema, reason: opsReason }),
  z.object({ feature: z.literal('referral'), value: referralSettingsSchema, reason: opsReason }),
  z.object({ feature: z.literal('missions'), value: missionsSettingsSchema, reason: opsReason }),
  z.object({ feature: z.literal('redRain'), value: redRainSettingsSchema, reason: opsReason }),
  // Raffles live in tables of their own (seeds, tickets, prizes): written here, read on the
  // liabilities and the members' raffle status.
  z.object({ feature: z.literal('raffles'), value: rafflesSettingsSchema, reason: opsReason }),
]);
export type RewardsSettingsUpdate = z.infer<typeof rewardsSettingsUpdateSchema>;

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });
const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const rewardsRoutes = {
  rebateSettings: defineRoute({
    ...endpoints.rebateSettings,
    tag: 'rewards',
    summary:
      "The brand's rebate rates per product type (the original's `getRebate`), whether rebates are on, and the smallest payout.",
    reply: z.object({
      enabled: z.boolean(),
      list: z.array(z.object({ productType: z.string(), rate: z.number() })),
      minPayout: z.number(),
      windowDays: z.number().int(),
    }),
  }),
  rebateAccrued: defineRoute({
    ...endpoints.rebateAccrued,
    tag: 'rewards',
    summary:
      "The manual-rebate page: the member's valid bets and the rebate they earned over the window (today and the days before it) per product type, what of it has been paid, and what a claim would pay now. `function.disabled` when the brand's rebate is off.",
    reply: z.object({
      from: day,
      to: day,
      list: z.array(rebateProductSchema),
      /** Earned over the window. */
      accrued: z.number(),
      /** Already paid for the window's days. */
      paid: z.number(),
      /** What a claim pays now (0 below the minimum payout). */
      claimable: z.number(),
      minPayout: z.number(),
      lastPayment: rebatePaymentSchema.nullable(),
    }),
  }),
  rebateClaim: defineRoute({
    ...endpoints.rebateClaim,
    tag: 'rewards',
    summary:
      "Claims the accrued rebate now (a `REBATE` ledger posting from the brand's promotions expense). Parallel claims pay once. Errors: `rebate.nothing_to_claim` (nothing accrued, or less than the minimum payout), `function.disabled`.",
    reply: z.object({ payment: rebatePaymentSchema, balance: z.number() }),
  }),
  rebateRecords: defineRoute({
    ...endpoints.rebateRecords,
    tag: 'rewards',
    summary: "Bonus details: the member's rebate payments, daily and manual, newest first.",
    query: z.object({ ...pageQuery }),
    reply: z.object({
      list: z.array(rebatePaymentSchema),
      /** Everything paid, all time. */
      total: z.number(),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  vipProgress: defineRoute({
    ...endpoints.vipProgress,
    tag: 'rewards',
    summary:
      "The member's VIP tier and the progress to the next (the original's rank progress: monthly and total turnover, actual against expected, and deposits), with the brand's tier table. Reviews the member first, so a tier just reached shows (and its bonus is paid) at once. `hasVip` false when the brand runs no VIP.",
    reply: vipProgressSchema,
  }),
  opsVipRun: defineRoute({
    ...endpoints.opsVipRun,
    tag: 'ops',
    summary:
      "Runs the VIP review of a brand now: upgrades, the month's keep check, upgrade bonuses paid once per tier. Idempotent. Audited.",
    params: merchantParams,
    body: z.object({ reason: z.string().trim().min(3).max(500) }),
    reply: z.object({
      reviewed: z.number().int(),
      upgraded: z.number().int(),
      downgraded: z.number().int(),
      bonuses: z.number(),
      ms: z.number(),
    }),
  }),
  pointBalance: defineRoute({
    ...endpoints.pointBalance,
    tag: 'rewards',
    summary: "The member's points (they never expire).",
    reply: z.object({ balance: z.number().int() }),
  }),
  pointConfig: defineRoute({
    ...endpoints.pointConfig,
    tag: 'rewards',
    summary:
      'The points table: points per unit of valid bet per product type and per unit deposited, and the conversion rate.',
    reply: z.object({
      enabled: z.boolean(),
      ratios: z.array(z.object({ productType: z.string(), points: z.number() })),
      depositRatio: z.number(),
      convertRate: z.number().int(),
      minConvert: z.number().int(),
    }),
  }),
  pointRewards: defineRoute({
    ...endpoints.pointRewards,
    tag: 'rewards',
    summary: "The brand's catalogue with what is left in stock.",
    reply: z.object({ list: z.array(pointRewardSchema.extend({ left: z.number().int().nullable() })) }),
  }),
  pointRedeemList: defineRoute({
    ...endpoints.pointRedeemList,
    tag: 'rewards',
    summary: "Redeem history: the member's redemptions and conversions, newest first, with their statuses.",
    query: z.object({ ...pageQuery }),
    reply: z.object({
      list: z.array(pointRedemptionSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  pointDetails: defineRoute({
    ...endpoints.pointDetails,
    tag: 'rewards',
    summary: "Points details: every movement of the member's points, newest first.",
    query: z.object({ ...pageQuery }),
    reply: z.object({
      list: z.array(
        z.object({
          id: z.string(),
          time: z.iso.datetime(),
          kind: z.enum(pointMovementKinds),
          points: z.number().int(),
          balanceAfter: z.number().int(),
          reference: z.string().nullable(),
        }),
      ),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  pointRedeem: defineRoute({
    ...endpoints.pointRedeem,
    tag: 'rewards',
    summary:
      'Redeems a catalogue reward (encrypted body, payment password): the points are taken at once; cash is credited at once (`approved`), goods wait for an operator (`process`, with the delivery address). Idempotent by `requestId`. Errors: `points.reward_unknown`, `points.insufficient`, `points.out_of_stock`, `points.address_required`, `payment.password.invalid`, `function.disabled`.',
    body: pointRedeemBodySchema,
    reply: z.object({
      redemption: pointRedemptionSchema,
      pointBalance: z.number().int(),
      balance: z.number(),
    }),
  }),
  pointConvert: defineRoute({
    ...endpoints.pointConvert,
    tag: 'rewards',
    summary:
      "Converts points to cash at the brand's rate (encrypted body, payment password); the cash is ⌊points ÷ rate⌋ in minor units. Idempotent by `requestId`. Errors: `points.convert_off`, `points.convert_min`, `points.insufficient`, `payment.password.invalid`.",
    body: pointConvertBodySchema,
    reply: z.object({
      redemption: pointRedemptionSchema,
      pointBalance: z.number().int(),
      balance: z.number(),
    }),
  }),
  opsPointRedemptions: defineRoute({
    ...endpoints.opsPointRedemptions,
    tag: 'ops',
    summary: "A brand's goods redemptions, oldest waiting first (`status=process`) or all.",
    params: merchantParams,
    query: z.object({ status: z.enum(['process', 'all']).default('process'), ...pageQuery }),
    reply: z.object({
      list: z.array(pointRedemptionSchema.extend({ account: z.string() })),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  opsPointReview: defineRoute({
    ...endpoints.opsPointReview,
    tag: 'ops',
    summary:
      'Approves a goods redemption (shipped) or rejects it: the points come back (`POINTS_REFUND`) and the stock is returned. Audited. `request.state` when it was already decided.',
    params: merchantParams.extend({ id: z.string().regex(/^\d{1,18}$/) }),
    body: z.object({ decision: z.enum(['approve', 'reject']), note: z.string().trim().min(3).max(300) }),
    reply: pointRedemptionSchema,
  }),
  promotionCategories: defineRoute({
    ...endpoints.promotionCategories,
    tag: 'rewards',
    summary:
      "The promotions' categories (the original's `getPromotionAnnouncementCategory`), with how many each holds.",
    reply: z.object({
      list: z.array(z.object({ category: promotionCategorySchema, count: z.number().int() })),
    }),
  }),
  promotionList: defineRoute({
    ...endpoints.promotionList,
    tag: 'rewards',
    summary:
      "The brand's promotions in the caller's language with their content (sanitised HTML) and, for a member, each one's status: `claim` with what it pays now, `claimed` for this period, `process` (not yet: `reason`), `close`, `coming soon`; visitors see `join`.",
    reply: z.object({ list: z.array(promotionOutSchema) }),
  }),
  promotionClaim: defineRoute({
    ...endpoints.promotionClaim,
    tag: 'rewards',
    summary:
      'Claims a promotion: its bonus is credited (`BONUS`) with its turnover requirement. Once per period (first deposit: once; sign-in and rescue: once a day) — parallel claims pay once. Errors: `promotion.unknown`, `promotion.not_eligible` (with `reason`), `promotion.claimed`, `in_need_true_account`.',
    body: z.object({ promotionId: z.string().min(1).max(32) }),
    reply: z.object({ grant: bonusGrantSchema, balance: z.number(), turnoverLeft: z.number() }),
  }),
  bonusStatus: defineRoute({
    ...endpoints.bonusStatus,
    tag: 'rewards',
    summary:
      "The member's bonuses and the turnover still needed before a withdrawal (valid bets since the oldest open bonus, weighted per product type).",
    reply: z.object({
      list: z.array(bonusGrantSchema),
      turnoverLeft: z.number(),
      turnoverDone: z.number(),
      turnoverRequired: z.number(),
    }),
  }),
  bonusForfeit: defineRoute({
    ...endpoints.bonusForfeit,
    tag: 'rewards',
    summary:
      'Gives up an open bonus: its amount leaves the main wallet (`BONUS_FORFEIT`, at most what the wallet holds) and its turnover is no longer asked. `request.state` when it is not open.',
    body: z.object({ grantId: z.string().regex(/^\d{1,18}$/) }),
    reply: z.object({ grant: bonusGrantSchema, balance: z.number(), turnoverLeft: z.number() }),
  }),
  rewardCenter: defineRoute({
    ...endpoints.rewardCenter,
    tag: 'rewards',
    summary:
      "The reward centre (the original's `getPromotionClaimList`): everything the member can claim now — promotions with their amount, the accrued manual rebate, red envelopes to open — and how many (the menu badge). Each item is claimed through its own call (`MCSFE_claimIssuedPromotion`, `/wps/rebate/claim`, `/wps/redEnvelopes/grab`, `MCS2_claimRafflePromotion`).",
    reply: z.object({
      list: z.array(
        z.object({
          kind: z.enum(['promotion', 'rebate', 'red_envelope', 'mission', 'raffle']),
          /** The promotion's id; `rebate` for the manual rebate; the red envelope's id; a raffle prize's id. */
          id: z.string(),
          title: z.string(),
          /** What a claim pays; null for a red envelope (its share shows when opened). */
          amount: z.number().nullable(),
          /** When it can no longer be claimed (raffle prizes). */
          expiresAt: z.iso.datetime().nullable().optional(),
        }),
      ),
      count: z.number().int(),
    }),
  }),
  redEnvelopeSend: defineRoute({
    ...endpoints.redEnvelopeSend,
    tag: 'rewards',
    summary:
      'An agent sends a red envelope to its direct downlines or its team: the total leaves its wallet into escrow (`RED_ENVELOPE_SEND`), split into `count` shares (at least one minor unit each). Idempotent by `requestId`. Errors: `wallet.insufficient`, `red_envelope.too_small` (fewer minor units than shares), `red_envelope.no_recipients`, `error_not_agent`.',
    body: redEnvelopeSendBodySchema,
    reply: z.object({ envelope: redEnvelopeSchema, balance: z.number() }),
  }),
  redEnvelopeSent: defineRoute({
    ...endpoints.redEnvelopeSent,
    tag: 'rewards',
    summary: "The agent's envelopes, newest first, with how many shares were grabbed and what went back.",
    reply: z.object({ list: z.array(redEnvelopeSchema) }),
  }),
  redEnvelopeList: defineRoute({
    ...endpoints.redEnvelopeList,
    tag: 'rewards',
    summary: 'Envelopes the member may grab (from its uplines, not expired) and those it grabbed lately.',
    reply: z.object({ list: z.array(redEnvelopeSchema) }),
  }),
  redEnvelopeGrab: defineRoute({
    ...endpoints.redEnvelopeGrab,
    tag: 'rewards',
    summary:
      'Grabs one share of an envelope (`RED_ENVELOPE_GRAB`, from escrow). Once per member and envelope; parallel grabs take distinct shares and never more than there are. Errors: `red_envelope.unknown` (not for this member), `red_envelope.grabbed`, `red_envelope.empty`, `red_envelope.expired`.',
    body: z.object({ envelopeId: z.string().regex(/^\d{1,18}$/) }),
    reply: z.object({ amount: z.number(), balance: z.number(), envelope: redEnvelopeSchema }),
  }),
  referralDetails: defineRoute({
    ...endpoints.referralDetails,
    tag: 'rewards',
    summary:
      "The member's referral code (made on first ask with `autoGenerate=true`), how many friends joined with it, the domains its link may use, the programme's terms and what it has earned.",
    query: z.object({ autoGenerate: z.enum(['true', 'false']).default('false') }),
    reply: referralDetailsSchema,
  }),
  referees: defineRoute({
    ...endpoints.referees,
    tag: 'rewards',
    summary:
      "The member's referees, newest first: masked account, deposits and valid bets toward the terms, and the status of the reward (`pending`, `paid`, `flagged` for review, `rejected`, `expired`).",
    query: z.object(pageQuery),
    reply: z.object({ list: z.array(refereeSchema), total: z.number().int() }),
  }),
  availablePromo: defineRoute({
    ...endpoints.availablePromo,
    tag: 'rewards',
    summary:
      "Which member-facing programmes the brand runs (`REFERRAL`, `MISSION` with the member's count of mission rewards to collect); visitors see the brand's switches.",
    reply: availablePromoSchema,
  }),
  opsReferrals: defineRoute({
    ...endpoints.opsReferrals,
    tag: 'ops',
    summary: "A brand's referrals by status (default `flagged`: those waiting for a decision), newest first.",
    params: merchantParams,
    query: z.object({ status: referralStatusSchema.default('flagged'), ...pageQuery }),
    reply: z.object({ list: z.array(opsReferralSchema), total: z.number().int() }),
  }),
  opsReferralReview: defineRoute({
    ...endpoints.opsReferralReview,
    tag: 'ops',
    summary:
      'Decides a flagged referral: `pay` pays the referrer its reward (`REFERRAL`), `reject` closes it unpaid. Audited with the reason. `request.state` when it is not flagged.',
    params: merchantParams.extend({ refereeId: z.string().regex(/^\d{1,18}$/) }),
    body: z.object({ action: z.enum(['pay', 'reject']), reason: z.string().trim().min(3).max(200) }),
    reply: opsReferralSchema,
  }),
  missionSummary: defineRoute({
    ...endpoints.missionSummary,
    tag: 'rewards',
    summary:
      "The brand's missions for the member: each task's progress in its current period (today, or this ISO week from Monday, UTC), its reward and points and whether it is done, claimable or claimed; the week's mission points.",
    reply: missionSummarySchema,
  }),
  missionClaim: defineRoute({
    ...endpoints.missionClaim,
    tag: 'rewards',
    summary:
      'Claims a done task for its current period: the reward (`MISSION_REWARD`) and the points, once. Errors: `not.found`, `mission.not_done`, `mission.claimed`.',
    body: z.object({ missionId: z.string().min(1).max(32) }),
    reply: z.object({ mission: missionOutSchema, balance: z.number(), weekPoints: z.number().int() }),
  }),
  missionLeaderboard: defineRoute({
    ...endpoints.missionLeaderboard,
    tag: 'rewards',
    summary: "This week's top members by mission points (masked accounts), and the member's own rank.",
    reply: missionLeaderboardSchema,
  }),
  applicationSubmit: defineRoute({
    ...endpoints.applicationSubmit,
    tag: 'rewards',
    summary:
      'Applies to an `application` promotion with a comment (≤ 140 characters) and up to 3 PNG or JPEG images of at most 5 MB (checked by their bytes, not their names). Once per member and promotion. Errors: `promotion.unknown`, `promotion.not_eligible`, `promotion.applied`, `upload.invalid`.',
    body: applicationBodySchema,
    reply: applicationSchema,
  }),
  applicationList: defineRoute({
    ...endpoints.applicationList,
    tag: 'rewards',
    summary: "The member's applications, newest first, with their review.",
    reply: z.object({ list: z.array(applicationSchema) }),
  }),
  applicationImage: defineRoute({
    ...endpoints.applicationImage,
    tag: 'rewards',
    summary: "An image of the member's own application (404 for any other), as base64 with its sniffed type.",
    params: z.object({ id: z.string().regex(/^\d{1,18}$/), n: z.coerce.number().int().min(0).max(2) }),
    reply: applicationImageSchema,
  }),
  opsApplications: defineRoute({
    ...endpoints.opsApplications,
    tag: 'ops',
    summary:
      "A brand's activity applications by status (default `applying`: the review queue), newest first.",
    params: merchantParams,
    query: z.object({ status: z.enum(['applying', 'rejected', 'issued']).default('applying'), ...pageQuery }),
    reply: z.object({ list: z.array(opsApplicationSchema), total: z.number().int() }),
  }),
  opsApplicationImage: defineRoute({
    ...endpoints.opsApplicationImage,
    tag: 'ops',
    summary: 'An image of an application of the brand, as base64 with its sniffed type.',
    params: merchantParams.extend({
      id: z.string().regex(/^\d{1,18}$/),
      n: z.coerce.number().int().min(0).max(2),
    }),
    reply: applicationImageSchema,
  }),
  opsApplicationReview: defineRoute({
    ...endpoints.opsApplicationReview,
    tag: 'ops',
    summary:
      "Decides an application: `approve` issues the bonus (`amount`, default the promotion's, at most its cap) for the member to claim; `reject` closes it with the reason the member sees. Audited. `request.state` once decided.",
    params: merchantParams.extend({ id: z.string().regex(/^\d{1,18}$/) }),
    body: z.object({
      action: z.enum(['approve', 'reject']),
      amount: z.number().positive().max(1_000_000).optional(),
      reason: z.string().trim().min(3).max(200),
    }),
    reply: opsApplicationSchema,
  }),
  opsRewardsLiabilities: defineRoute({
    ...endpoints.opsRewardsLiabilities,
    tag: 'ops',
    summary:
      "What a brand's rewards owe or hold: open bonuses (amount and turnover still asked), points outstanding, red-envelope money in escrow, and the decisions waiting (applications, goods, flagged referrals). Accrued rebate is on the rebate summary.",
    params: merchantParams,
    reply: z.object({
      openBonuses: z.object({ count: z.number().int(), amount: z.number() }),
      pointsOutstanding: z.number().int(),
      escrow: z.number(),
      waiting: z.object({
        applications: z.number().int(),
        goods: z.number().int(),
        referrals: z.number().int(),
      }),
      /** Raffle prizes drawn and not yet claimed (nor expired): what the brand still owes. */
      raffles: z.object({
        outstanding: z.object({ count: z.number().int(), amount: z.number() }),
        list: z.array(
          z.object({
            id: z.string(),
            status: raffleStatusSchema,
            drawAt: z.iso.datetime(),
            commitment: z.string(),
            /** Tickets issued: live before the draw, as drawn after. */
            tickets: z.number().int(),
            entries: z.number().int(),
            claimed: z.object({ count: z.number().int(), amount: z.number() }),
            outstanding: z.object({ count: z.number().int(), amount: z.number() }),
            expired: z.object({ count: z.number().int(), amount: z.number() }),
          }),
        ),
      }),
    }),
  }),
  raffleStatus: defineRoute({
    ...endpoints.raffleStatus,
    tag: 'rewards',
    summary:
      "The brand's raffles (open, coming and drawn in the last 30 days) in the caller's language: the window, how tickets are earned, the prizes, the commitment (SHA-256 of the server seed), and after the draw the revealed seed and the winners (masked). For a member: its tickets and valid bets counted, and its prizes with their claim status.",
    reply: z.object({
      list: z.array(raffleOutSchema),
      /** The server's time: countdowns run on it, not on the device's clock. */
      serverTime: z.iso.datetime(),
    }),
  }),
  raffleClaim: defineRoute({
    ...endpoints.raffleClaim,
    tag: 'rewards',
    summary:
      'Claims a raffle prize the member won: its amount is credited (`BONUS`, from the promotions expense), once. Errors: `not.found` (no such prize of this member), `promotion.claimed`, `promotion.not_eligible` (`reason` `raffle.expired`), `in_need_true_account`.',
    body: raffleClaimBodySchema,
    reply: z.object({ prize: raffleMyPrizeSchema, balance: z.number() }),
  }),
  raffleClaimMcs2: defineRoute({
    ...endpoints.raffleClaimMcs2,
    tag: 'rewards',
    summary: "The same claim under the original's `MCS2_` name.",
    body: raffleClaimBodySchema,
    reply: z.object({ prize: raffleMyPrizeSchema, balance: z.number() }),
  }),
  opsRewardsSettings: defineRoute({
    ...endpoints.opsRewardsSettings,
    tag: 'ops',
    summary: "A brand's rewards settings, each feature with its defaults filled in.",
    params: merchantParams,
    reply: rewardsSettingsSchema,
  }),
  opsRewardsSettingsUpdate: defineRoute({
    ...endpoints.opsRewardsSettingsUpdate,
    tag: 'ops',
    summary:
      "Replaces one feature's settings of a brand (validated by the feature's schema); every instance applies it at once. Audited with the reason and the previous value. `raffles` writes the brand's raffle list into the raffles' own tables (a new id is created with its seed committed; `request.state` with `reason` `raffle.started` or `raffle.drawn` when a change would touch a raffle past its start).",
    params: merchantParams,
    body: rewardsSettingsUpdateSchema,
    reply: rewardsSettingsSchema,
  }),
  opsRebateRun: defineRoute({
    ...endpoints.opsRebateRun,
    tag: 'ops',
    summary:
      'Runs the daily rebate of a brand now for a closed day (default yesterday, UTC): pays every member what the window up to that day has earned and not been paid. Idempotent: a second run pays nothing. Audited. `rebate.day_open` for today or a later day; `rebate.day_too_old` for a day more than 49 days ago (what was paid is kept for the windows of the last 56 days).',
    params: merchantParams,
    body: opsRebateRunBodySchema,
    reply: z.object({ day, payments: z.number().int(), amount: z.number(), ms: z.number() }),
  }),
  opsRebateSummary: defineRoute({
    ...endpoints.opsRebateSummary,
    tag: 'ops',
    summary:
      "A brand's rebate at a glance: the settings, the days the daily job has settled, what it paid, and the rebate accrued and not yet paid over the current window (the liability).",
    params: merchantParams,
    reply: z.object({
      settings: rebateSettingsSchema,
      days: z.array(
        z.object({ day, payments: z.number().int(), amount: z.number(), settledAt: z.iso.datetime() }),
      ),
      outstanding: z.number(),
      manualToday: z.number(),
    }),
  }),
};

export const rewardsEvents = {
  /** To the member: a rebate was paid (a manual claim in another tab, or the daily job). */
  'rebate.paid': rebatePaymentSchema,
  /** To the member: its VIP tier changed (with the upgrade bonus paid, major units, 0 if none). */
  'vip.changed': z.object({ level: z.number().int(), name: z.string(), bonus: z.number() }),
  /** To each member an envelope is for: a new red envelope to grab. */
  'envelope.new': redEnvelopeSchema,
  /** To the referrer: a referee qualified and its reward was paid (major units). */
  'referral.paid': z.object({ referee: z.string(), reward: z.number() }),
  /** To the whole brand: a raffle was drawn (its seed revealed; winners read the status). */
  'raffle.drawn': z.object({ raffleId: z.string() }),
} as const;
