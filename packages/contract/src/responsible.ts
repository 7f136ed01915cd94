import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * Responsible gaming in the wallet (docs/responsible-gaming.md): deposit limits per day, week and
 * month (rolling windows), cool-off and self-exclusion. A lower limit applies at once; a higher
 * one, or removing a limit, only after 24 hours. An exclusion cannot be shortened or lifted by the
 * player, nor lifted by an operator. Enforced where the money moves: a deposit above what is left
 * is refused with what is left; an excluded player cannot deposit or open a game (withdrawing stays
 * open).
 */

export const rgPeriods = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof rgPeriods)[number];
/** Limits on play: the net loss (stakes less payouts, an open bet counting its stake) and the total staked. */
export const rgPlayLimitKinds = ['loss', 'wager'] as const;
export type RgPlayLimitKind = (typeof rgPlayLimitKinds)[number];
/** Hours a changed limit waits before a higher amount (or no limit) applies. */
export const RG_RAISE_DELAY_HOURS = 24;
/** Cool-off: 24 hours to 6 weeks; self-exclusion: 6 to 60 months, or permanent. */
export const RG_COOLOFF_HOURS = { min: 24, max: 24 * 42 } as const;
export const RG_SELF_EXCLUSION_MONTHS = { min: 6, max: 60 } as const;
/** The session time limits a member may choose (minutes): a login ends when its limit is up. */
export const RG_SESSION_LIMIT_MINUTES = [30, 60, 90, 120, 180, 240, 360, 480] as const;
/** How often the reality check may remind the member (minutes). */
export const RG_REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

const minorSchema = z.string().regex(/^(0|[1-9][0-9]{0,15})$/);
const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });

const rgLimitSchema = z.object({
  period: z.enum(rgPeriods),
  /** The limit in force (minor units), null when none. */
  amount: minorSchema.nullable(),
  /** Deposits made or pending (a loss or wager limit: the loss or the stakes) in the window (the last 24 h, 7 days or 30 days). */
  used: minorSchema,
  /** What is left in the window under this limit; null when none. */
  remaining: minorSchema.nullable(),
  /** A raise or removal waiting its 24 hours: the amount (null: no limit) and when it applies. */
  pending: z.object({ amount: minorSchema.nullable(), from: z.iso.datetime() }).nullable(),
});

export const rgStatusSchema = z.object({
  depositLimits: z.array(rgLimitSchema),
  /** Loss and wager limits: a bet that would take the window's loss or stakes past one is refused. */
  playLimits: z.array(rgLimitSchema.extend({ kind: z.enum(rgPlayLimitKinds) })),
  /** The exclusion in force, if any (`until` null: permanent). */
  exclusion: z
    .object({ kind: z.enum(['cooloff', 'self_exclusion']), until: z.iso.datetime().nullable() })
    .nullable(),
  /** How often the site reminds the member of the session's time and result; null: never. */
  realityCheckMinutes: z.number().int().nullable(),
  /**
   * The session time limit: the longest a login lasts (minutes; null: none), a raise or removal
   * waiting its 24 hours, and (member routes) when the asking session ends under it.
   */
  sessionLimit: z.object({
    minutes: z.number().int().nullable(),
    pending: z.object({ minutes: z.number().int().nullable(), from: z.iso.datetime() }).nullable(),
    endsAt: z.iso.datetime().nullable(),
  }),
  /**
   * The session asking (member routes only): when it began, and the net result of the bets placed
   * since (payouts − stakes, minor units; an open bet counts its stake).
   */
  session: z.object({ startedAt: z.iso.datetime(), net: z.string() }).nullable(),
});
export type RgStatus = z.infer<typeof rgStatusSchema>;

export const rgExcludeBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cooloff'),
    hours: z.number().int().min(RG_COOLOFF_HOURS.min).max(RG_COOLOFF_HOURS.max),
    confirm: z.literal(true),
  }),
  z.object({
    kind: z.literal('self_exclusion'),
    /** Months, or null for a permanent exclusion. */
    months: z.number().int().min(RG_SELF_EXCLUSION_MONTHS.min).max(RG_SELF_EXCLUSION_MONTHS.max).nullable(),
    confirm: z.literal(true),
  }),
]);

export const responsibleRoutes = {
  rgStatus: defineRoute({
    ...endpoints.rgStatus,
    tag: 'responsible',
    summary:
      "The member's deposit limits with what is used and left in each window, any pending raise, and any exclusion.",
    reply: rgStatusSchema,
  }),
  rgDepositLimit: defineRoute({
    ...endpoints.rgDepositLimit,
    tag: 'responsible',
    summary:
      'Sets (or, with `amount: null`, removes) the deposit limit of a period. Lower than the limit in force: at once. Higher, or removing it: after 24 hours (shown as `pending`; a later lower setting replaces it).',
    body: z.object({ period: z.enum(rgPeriods), amount: minorSchema.refine((v) => v !== '0').nullable() }),
    reply: rgStatusSchema,
  }),
  rgPlayLimit: defineRoute({
    ...endpoints.rgPlayLimit,
    tag: 'responsible',
    summary:
      'Sets (or, with `amount: null`, removes) a loss or wager limit of a period, by the same rule as deposit limits: lower at once, higher or removed after 24 hours. A bet (any game, the lottery, the sportsbook) that would take the loss or the stakes of the window past the limit is refused with `rg.play_limit`.',
    body: z.object({
      kind: z.enum(rgPlayLimitKinds),
      period: z.enum(rgPeriods),
      amount: minorSchema.refine((v) => v !== '0').nullable(),
    }),
    reply: rgStatusSchema,
  }),
  rgSessionLimit: defineRoute({
    ...endpoints.rgSessionLimit,
    tag: 'responsible',
    summary:
      'Sets (or, with `minutes: null`, removes) the session time limit: a login ends once it has lasted that long, and play with it. Shorter: at once, for the sessions already open too. Longer, or removing it: after 24 hours.',
    body: z.object({
      minutes: z
        .number()
        .int()
        .refine(
          (m) => (RG_SESSION_LIMIT_MINUTES as readonly number[]).includes(m),
          'one of 30, 60, 90, 120, 180, 240, 360, 480',
        )
        .nullable(),
    }),
    reply: rgStatusSchema,
  }),
  rgRealityCheck: defineRoute({
    ...endpoints.rgRealityCheck,
    tag: 'responsible',
    summary:
      'Sets how often the site shows the reality check (time played this session and its net result), or turns it off with `minutes: null`. Applies at once.',
    body: z.object({
      minutes: z
        .number()
        .int()
        .refine(
          (m) => (RG_REALITY_CHECK_MINUTES as readonly number[]).includes(m),
          'one of 15, 30, 45, 60, 90, 120',
        )
        .nullable(),
    }),
    reply: rgStatusSchema,
  }),
  rgExclude: defineRoute({
    ...endpoints.rgExclude,
    tag: 'responsible',
    summary:
      'Starts a cool-off (24 h to 6 weeks) or a self-exclusion (6 to 60 months, or permanent): no deposits and no games until it ends; withdrawals stay open; the member cannot lift or shorten it. A longer one may replace a shorter one. Errors: `rg.exclusion_active` (one at least as long is in force).',
    body: rgExcludeBodySchema,
    reply: rgStatusSchema,
  }),
  opsRgStatus: defineRoute({
    ...endpoints.opsRgStatus,
    tag: 'ops',
    summary:
      "A member's limits and exclusion as the member sees them, and the history of every change. Errors: `not.found`.",
    params: merchantParams.extend({ account: z.string().min(1).max(64) }),
    reply: rgStatusSchema.extend({
      history: z.array(
        z.object({
          at: z.iso.datetime(),
          action: z.enum(['limit_set', 'limit_pending', 'limit_applied', 'excluded']),
          detail: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  }),
  opsRgDepositLimit: defineRoute({
    ...endpoints.opsRgDepositLimit,
    tag: 'ops',
    summary:
      "An operator imposes (or changes) a member's deposit limit, by the member's own rule: lower at once, higher or removed after 24 hours. Audited with its reason. No operator route lifts a break. Errors: `not.found`.",
    params: merchantParams.extend({ account: z.string().min(1).max(64) }),
    body: z.object({
      period: z.enum(rgPeriods),
      amount: minorSchema.refine((v) => v !== '0').nullable(),
      reason: z.string().trim().min(3).max(500),
    }),
    reply: rgStatusSchema,
  }),
  opsRgPlayLimit: defineRoute({
    ...endpoints.opsRgPlayLimit,
    tag: 'ops',
    summary:
      "An operator imposes (or changes) a member's loss or wager limit, by the member's own rule: lower at once, higher or removed after 24 hours. Audited with its reason. Errors: `not.found`.",
    params: merchantParams.extend({ account: z.string().min(1).max(64) }),
    body: z.object({
      kind: z.enum(rgPlayLimitKinds),
      period: z.enum(rgPeriods),
      amount: minorSchema.refine((v) => v !== '0').nullable(),
      reason: z.string().trim().min(3).max(500),
    }),
    reply: rgStatusSchema,
  }),
} as const;
