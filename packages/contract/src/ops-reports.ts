import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * Brand reports in the back office (docs/back-office.md "Reports"): gross and net gaming revenue
 * per day, vendor, game or category; deposits and withdrawals per day; new, active and depositing
 * players per day; the members who won and lost the most. One brand, a range of UTC days (at most
 * OPS_REPORT_MAX_DAYS). Money is in minor units as strings (int8); every report also comes as CSV.
 */

export const OPS_REPORT_MAX_DAYS = 92;
export const opsReportGroupings = ['day', 'vendor', 'game', 'category'] as const;
export type OpsReportGrouping = (typeof opsReportGroupings)[number];
export const opsReportKinds = ['ggr', 'payments', 'players', 'winners', 'losers'] as const;
export type OpsReportKind = (typeof opsReportKinds)[number];
/** How many members the winners and losers lists hold at most. */
export const OPS_REPORT_TOP_MAX = 100;

const minor = z.string().regex(/^-?(0|[1-9][0-9]{0,18})$/);
const day = z.iso.date();
const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });

/** A range of UTC days, both ends included ('YYYY-MM-DD'). */
export const opsReportRangeQuery = z.object({ from: day, to: day });

export const opsReportGgrQuery = opsReportRangeQuery.extend({
  groupBy: z.enum(opsReportGroupings).default('day'),
});

const betFigures = {
  betCount: z.number().int(),
  /** Stakes placed (bets). */
  stake: minor,
  validBet: minor,
  payout: minor,
  /** Gross gaming revenue: stake − payout. */
  ggr: minor,
};

export const opsGgrRowSchema = z.object({
  /** The day ('YYYY-MM-DD'), vendor code, `vendor/game` code or category. */
  key: z.string(),
  /** The vendor of a game row, else null. */
  vendor: z.string().nullable(),
  ...betFigures,
  /** Day rows only (bonuses are not spent per game): bonuses and rebates paid, net of take-backs. */
  bonus: minor.nullable(),
  /** Net gaming revenue: ggr − bonus (day rows only). */
  ngr: minor.nullable(),
});
export type OpsGgrRow = z.infer<typeof opsGgrRowSchema>;

export const opsGgrReportSchema = z.object({
  from: day,
  to: day,
  groupBy: z.enum(opsReportGroupings),
  currency: z.string(),
  rows: z.array(opsGgrRowSchema),
  totals: z.object({ ...betFigures, bonus: minor, ngr: minor }),
  /** Days summed from the raw bets at read time (the rest came from the daily rollup). */
  liveDays: z.number().int(),
});
export type OpsGgrReport = z.infer<typeof opsGgrReportSchema>;

export const opsPaymentsRowSchema = z.object({
  day,
  depositCount: z.number().int(),
  depositAmount: minor,
  withdrawCount: z.number().int(),
  /** Withdrawals requested, less those returned (a positive amount). */
  withdrawAmount: minor,
  /** depositAmount − withdrawAmount. */
  net: minor,
});
export const opsPaymentsReportSchema = z.object({
  from: day,
  to: day,
  currency: z.string(),
  rows: z.array(opsPaymentsRowSchema),
  totals: opsPaymentsRowSchema.omit({ day: true }),
});
export type OpsPaymentsReport = z.infer<typeof opsPaymentsReportSchema>;

export const opsPlayersRowSchema = z.object({
  day,
  /** Members who registered that day. */
  newPlayers: z.number().int(),
  /** Members who placed a bet that day. */
  activePlayers: z.number().int(),
  /** Members who deposited that day. */
  depositingPlayers: z.number().int(),
});
export const opsPlayersReportSchema = z.object({
  from: day,
  to: day,
  rows: z.array(opsPlayersRowSchema),
  /** Over the whole range: registrations, and distinct members who bet or deposited. */
  totals: opsPlayersRowSchema.omit({ day: true }),
});
export type OpsPlayersReport = z.infer<typeof opsPlayersReportSchema>;

export const opsTopPlayerSchema = z.object({
  account: z.string(),
  betCount: z.number().int(),
  stake: minor,
  payout: minor,
  /** The member's result: payout − stake (positive: the member won). */
  net: minor,
});
export type OpsTopPlayer = z.infer<typeof opsTopPlayerSchema>;
export const opsTopPlayersQuery = opsReportRangeQuery.extend({
  limit: z.coerce.number().int().min(1).max(OPS_REPORT_TOP_MAX).default(20),
});
export const opsTopPlayersReportSchema = z.object({
  from: day,
  to: day,
  currency: z.string(),
  winners: z.array(opsTopPlayerSchema),
  losers: z.array(opsTopPlayerSchema),
});
export type OpsTopPlayersReport = z.infer<typeof opsTopPlayersReportSchema>;

export const opsReportsRoutes = {
  opsReportGgr: defineRoute({
    ...endpoints.opsReportGgr,
    tag: 'ops',
    summary:
      "The brand's gross gaming revenue (stakes − payouts) over a range of UTC days, per day, vendor, game or category; per day also the bonuses and rebates paid and the net gaming revenue. Errors: `report.range.invalid` (start after end, or more than 92 days).",
    params: merchantParams,
    query: opsReportGgrQuery,
    reply: opsGgrReportSchema,
  }),
  opsReportPayments: defineRoute({
    ...endpoints.opsReportPayments,
    tag: 'ops',
    summary:
      'Deposits and withdrawals of the brand per UTC day: count and amount. Errors: `report.range.invalid`.',
    params: merchantParams,
    query: opsReportRangeQuery,
    reply: opsPaymentsReportSchema,
  }),
  opsReportPlayers: defineRoute({
    ...endpoints.opsReportPlayers,
    tag: 'ops',
    summary:
      'New, active (placed a bet) and depositing members of the brand per UTC day. Errors: `report.range.invalid`.',
    params: merchantParams,
    query: opsReportRangeQuery,
    reply: opsPlayersReportSchema,
  }),
  opsReportTopPlayers: defineRoute({
    ...endpoints.opsReportTopPlayers,
    tag: 'ops',
    summary:
      'The members with the best and the worst result (payout − stake) over the range. Errors: `report.range.invalid`.',
    params: merchantParams,
    query: opsTopPlayersQuery,
    reply: opsTopPlayersReportSchema,
  }),
  opsReportCsv: defineRoute({
    ...endpoints.opsReportCsv,
    tag: 'ops',
    summary:
      'One report as a CSV file (text/csv, an attachment named after the brand, report and range); amounts in major units. Cells that a spreadsheet would read as a formula are prefixed with an apostrophe. Errors: `report.range.invalid`.',
    params: merchantParams.extend({ report: z.enum(opsReportKinds) }),
    query: opsReportGgrQuery.extend({
      limit: z.coerce.number().int().min(1).max(OPS_REPORT_TOP_MAX).default(OPS_REPORT_TOP_MAX),
    }),
    /** Sent as text/csv, not in the JSON envelope. */
    reply: z.string(),
  }),
} as const;
