import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * The risk desk (docs/back-office.md, "Risk"): flags raised on their own from what members do — a
 * large win, a large deposit or withdrawal, many accounts on one IP, a withdrawal right after a
 * deposit with no play between — and the review queue where risk (or admin) clears or escalates
 * each one with a reason. The same event never raises two flags.
 */

export const riskFlagKinds = [
  'large_win',
  'large_deposit',
  'large_withdrawal',
  'shared_ip',
  'withdraw_without_play',
] as const;
export type RiskFlagKind = (typeof riskFlagKinds)[number];
export const riskFlagStatuses = ['open', 'cleared', 'escalated'] as const;
export type RiskFlagStatus = (typeof riskFlagStatuses)[number];

const minorSchema = z.string().regex(/^-?(0|[1-9][0-9]{0,18})$/);
const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });
const reasonSchema = z.string().trim().min(3).max(500);

export const riskFlagSchema = z.object({
  id: z.string(),
  kind: z.enum(riskFlagKinds),
  memberId: z.string(),
  account: z.string(),
  /** The amount behind the flag (minor units): the win, the deposit, the withdrawal; null for shared IPs. */
  amount: minorSchema.nullable(),
  /** What raised it: the bet, request or IP, and the figures compared. */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
  status: z.enum(riskFlagStatuses),
  reviewer: z.string().nullable(),
  reason: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
});
export type RiskFlag = z.infer<typeof riskFlagSchema>;

/** The brand's thresholds. Amounts are major units, like the brand's other settings. */
export const riskSettingsSchema = z.object({
  /** A settled bet whose win (payout − stake) reaches this. */
  largeWin: z.number().positive().max(1e12),
  /** A paid deposit of at least this. */
  largeDeposit: z.number().positive().max(1e12),
  /** A withdrawal request of at least this. */
  largeWithdrawal: z.number().positive().max(1e12),
  /** This many accounts (or more) registered or last logged in from one IP. */
  sharedIpAccounts: z.number().int().min(2).max(1000),
  /** A withdrawal within this many hours of the member's last deposit, with no valid bet between. */
  noPlayWindowHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30),
});
export type RiskSettings = z.infer<typeof riskSettingsSchema>;
export const defaultRiskSettings: RiskSettings = {
  largeWin: 10_000,
  largeDeposit: 10_000,
  largeWithdrawal: 10_000,
  sharedIpAccounts: 3,
  noPlayWindowHours: 24,
};

export const riskFlagListQuerySchema = z.object({
  kind: z.enum(riskFlagKinds).optional(),
  status: z.enum(riskFlagStatuses).optional(),
  account: z.string().trim().min(1).max(64).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const riskReviewBodySchema = z.object({
  action: z.enum(['clear', 'escalate']),
  reason: reasonSchema,
});
export type RiskReviewBody = z.infer<typeof riskReviewBodySchema>;

export const riskSettingsUpdateBodySchema = riskSettingsSchema.extend({ reason: reasonSchema });
export type RiskSettingsUpdateBody = z.infer<typeof riskSettingsUpdateBodySchema>;

export const riskRoutes = {
  opsRiskFlagList: defineRoute({
    ...endpoints.opsRiskFlagList,
    tag: 'ops',
    summary:
      "The brand's risk flags, newest first, filtered by kind, status or account, with the open count of each kind. Reading catches the flags up with the latest deposits, withdrawals, bets and logins first.",
    params: merchantParams,
    query: riskFlagListQuerySchema,
    reply: z.object({
      list: z.array(riskFlagSchema),
      total: z.number().int(),
      open: z.record(z.enum(riskFlagKinds), z.number().int()),
    }),
  }),
  opsRiskFlagReview: defineRoute({
    ...endpoints.opsRiskFlagReview,
    tag: 'ops',
    summary:
      'Clears or escalates a flag with a required reason (audited). An open flag may be cleared or escalated, an escalated one cleared. Errors: `not.found`, `risk.flag_closed` (already cleared, or escalated twice).',
    params: merchantParams.extend({ flagId: z.string().regex(/^[1-9][0-9]{0,18}$/) }),
    body: riskReviewBodySchema,
    reply: riskFlagSchema,
  }),
  opsRiskSettings: defineRoute({
    ...endpoints.opsRiskSettings,
    tag: 'ops',
    summary: "The brand's risk thresholds (defaults where the brand has set none).",
    params: merchantParams,
    reply: riskSettingsSchema,
  }),
  opsRiskSettingsUpdate: defineRoute({
    ...endpoints.opsRiskSettingsUpdate,
    tag: 'ops',
    summary:
      "Replaces the brand's risk thresholds, with a required reason (audited with the values before and after). New events are judged by them; flags already raised stay.",
    params: merchantParams,
    body: riskSettingsUpdateBodySchema,
    reply: riskSettingsSchema,
  }),
} as const;
