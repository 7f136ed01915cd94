import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { recordIdSchema } from './payments.js';
import { defineRoute } from './route.js';

/*
 * Agent contracts (docs/contracts.md; spec §1–§4, §6, §9; reference §2.3 and §7): dividends,
 * daily wages, hourly and real-time salaries on one engine.
 *
 * - An upline offers a contract to a DIRECT downline agent; the operator sets the contracts of top
 *   agents (the platform pays those). An offer is a versioned tier table (real-time: three rates).
 * - Version statuses (the original's letters where it has them): `P` new offer awaiting the
 *   downline, `E` renewal offer (a new version while another is in force), `V` in force,
 *   `R` rejected, `T` terminated, `S` superseded by a newer accepted version.
 * - Process calls: `status` `A` accept, `R` reject, `C` terminate (the contract in force).
 * - Rates on the wire are fractions (`0.015` = 1.5 %, at most 6 decimals) for `rateType` `P`, and
 *   major-unit amounts for `F`; thresholds and figures are major units.
 * - A kind is on when `AGENTPOLICY3` and its module (`SIGNCONDIV3`, `DAILYSALCONT3`, `HOURSAL3`,
 *   `RTSALARY3`) are on and the brand's `contracts.enableContract` (dividends) or
 *   `contracts.enableSalary` (the three salaries) is true; otherwise `function.disabled`.
 * - Every member id must be a direct downline of the caller (offers, terminations) or in the
 *   caller's team; anything else is 404 `not.found`.
 */

export const contractKindNames = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export const contractKindSchema = z.enum(contractKindNames);
export type ContractKindName = z.infer<typeof contractKindSchema>;

/** Dividend periods: daily, weekly (Monday), semi-monthly (1st and 16th), monthly. */
export const contractPeriodSchema = z.enum(['D', 'W', 'H', 'M']);
export const contractStatusSchema = z.enum(['P', 'E', 'V', 'R', 'T', 'S']);
export type ContractStatus = z.infer<typeof contractStatusSchema>;

const rate = z.number().min(0).max(1).multipleOf(0.000001);
const majorAmount = z.number().min(0).max(1e12);

/**
 * One tier. Dividends use `minimumBet` (period valid bet), `netLoss` (period P&L: the team's loss
 * the tier needs, a positive amount), `activeMember` and `contractRate`; the salaries use
 * `betVolume` (bet amount per day or hour), `activeMember`, `rateType` and `rate`. The server
 * stores one shape; both names are sent so the original's dialog reads its own.
 */
export const contractTierSchema = z.object({
  minimumBet: majorAmount,
  netLoss: majorAmount.default(0),
  activeMember: z.number().int().min(0).max(1_000_000),
  rateType: z.enum(['P', 'F']).default('P'),
  rate: z.number().min(0).max(1e12),
});
export type ContractTier = z.infer<typeof contractTierSchema>;

/** A tier as sent back, with the original's alias names. */
export const contractTierReplySchema = contractTierSchema.extend({
  betVolume: z.number(),
  contractRate: z.number(),
});

/** Real-time salary rates: profit salary, loss salary, single betting (fractions). */
export const realtimeRatesSchema = z.object({
  rt_win_rate: rate,
  rt_loss_rate: rate,
  rt_bet_amount: rate,
});
export type RealtimeRatesWire = z.infer<typeof realtimeRatesSchema>;

export const contractSchema = z.object({
  /** The version's id: what the process calls name (`id`, `contractId`). */
  id: recordIdSchema,
  kind: contractKindSchema,
  member: z.object({ id: recordIdSchema, account: z.string() }),
  /** Who pays it: the upline, or null for the platform (a top agent's contract). */
  payer: z.object({ id: recordIdSchema, account: z.string() }).nullable(),
  version: z.number().int(),
  status: contractStatusSchema,
  period: contractPeriodSchema.nullable(),
  details: z.array(contractTierReplySchema),
  rates: realtimeRatesSchema.nullable(),
  offeredAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractEventSchema = z.object({
  id: recordIdSchema,
  action: z.enum(['offer', 'renew', 'accept', 'reject', 'terminate', 'auto_terminate', 'supersede']),
  /** `member:<account>`, `operator:<name>` or `system`. */
  actor: z.string(),
  fromVersion: z.number().int().nullable(),
  toVersion: z.number().int().nullable(),
  at: z.string(),
});

/** A pending offer as the consolidated reply carries it. */
const offerSchema = z.object({
  id: recordIdSchema,
  contractId: recordIdSchema,
  status: z.enum(['P', 'E']),
  period: contractPeriodSchema.nullable(),
  details: z.array(contractTierReplySchema),
  hourSalaryRates: z.array(contractTierReplySchema),
  rates: realtimeRatesSchema.nullable(),
  /** "Y": accepting terminates a direct downline's contract whose rate is higher (`higher_rate`). */
  downlineHigherRate: z.enum(['Y', 'N']),
});

/** The product-type key offers are filed under (the engine covers every product: `CONS`). */
export const contractProductType = 'CONS';

export const consolidatedSchema = z.object({
  /** Product type with a pending daily-wage offer, or null. */
  dailysalreqtype: z.string().nullable(),
  dailysalreq: z.record(z.string(), z.array(offerSchema)),
  divtypereq: z.record(z.string(), offerSchema),
  contracthoursalreq: z.record(z.string(), z.array(offerSchema)),
  realtimesalreqtype: z.string().nullable(),
  realtimesalreq: z.record(z.string(), z.array(offerSchema)),
  /** Whether each kind's agent-centre pages apply to the caller (feature on and a contract held or offerable). */
  divtypeinfo: z.boolean(),
  dailysalinfotype: z.boolean(),
  contracthoursalinfo: z.boolean(),
  realtimesalinfo: z.boolean(),
  /** The "MR" daily-salary variant is not offered by this platform. */
  contractmrdailysalinfotype: z.boolean(),
  enableSalary: z.boolean(),
  enableContract: z.boolean(),
});
export type Consolidated = z.infer<typeof consolidatedSchema>;

const processStatus = z.enum(['A', 'R', 'C']);
const processReply = contractSchema;

export const contractBillStatusSchema = z.enum(['issued', 'partial', 'insufficient', 'not_reached']);

export const contractBillSchema = z.object({
  id: recordIdSchema,
  kind: contractKindSchema,
  contractId: recordIdSchema,
  version: z.number().int(),
  member: z.object({ id: recordIdSchema, account: z.string() }),
  /** Who pays: the upline, or null for the platform. */
  payer: z.object({ id: recordIdSchema, account: z.string() }).nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  validBet: z.number(),
  profitLoss: z.number(),
  activeMembers: z.number().int(),
  /** Index of the tier hit (from 0), -1 when none. */
  tier: z.number().int(),
  amount: z.number(),
  paid: z.number(),
  status: contractBillStatusSchema,
  updatedAt: z.string(),
});
export type ContractBill = z.infer<typeof contractBillSchema>;

const kindParams = z.object({ kind: contractKindSchema });
const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
};

/** An offer: tiers (dividend, daily, hourly), rates (real-time), period (dividend). */
export const contractOfferBodySchema = z.object({
  memberId: recordIdSchema,
  period: contractPeriodSchema.optional(),
  details: z.array(contractTierSchema).min(1).max(20).optional(),
  rates: realtimeRatesSchema.optional(),
});
export type ContractOfferBody = z.infer<typeof contractOfferBodySchema>;

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });

export const contractRoutes = {
  contractConsolidated: defineRoute({
    ...endpoints.contractConsolidated,
    tag: 'contracts',
    summary:
      'Consolidated contract offers and flags for the caller (shown after login when one is pending). Trial accounts: `in_need_true_account`.',
    reply: consolidatedSchema,
  }),
  processDividendReq: defineRoute({
    ...endpoints.processDividendReq,
    tag: 'contracts',
    summary:
      'Accept (A) or reject (R) the pending dividend offer, or terminate (C) the dividend contract in force. Errors: `contract.state`, `function.disabled`.',
    query: z.object({ type: z.string().max(16).default(contractProductType), status: processStatus }),
    reply: processReply,
  }),
  processDailySalary: defineRoute({
    ...endpoints.processDailySalary,
    tag: 'contracts',
    summary: 'Accept, reject or terminate a daily-wage contract version (`id`).',
    query: z.object({ id: recordIdSchema, status: processStatus }),
    reply: processReply,
  }),
  processContractHourSalary: defineRoute({
    ...endpoints.processContractHourSalary,
    tag: 'contracts',
    summary: 'Accept, reject or terminate an hourly-salary contract version (`contractId`).',
    body: z.object({ contractId: recordIdSchema, status: processStatus }),
    reply: processReply,
  }),
  processRealTimeSalaryContract: defineRoute({
    ...endpoints.processRealTimeSalaryContract,
    tag: 'contracts',
    summary: 'Accept, reject or terminate a real-time salary contract version (`contractId`).',
    body: z.object({ contractId: recordIdSchema, status: processStatus }),
    reply: processReply,
  }),
  agentContractMine: defineRoute({
    ...endpoints.agentContractMine,
    tag: 'contracts',
    summary: 'My contract of a kind: the version in force, a pending offer, and the history of transitions.',
    params: kindParams,
    reply: z.object({
      current: contractSchema.nullable(),
      pending: contractSchema.nullable(),
      history: z.array(contractEventSchema),
      /** Whether the caller may offer this kind to its direct downlines (it holds a contract in force). */
      canOffer: z.boolean(),
    }),
  }),
  agentContractDownlines: defineRoute({
    ...endpoints.agentContractDownlines,
    tag: 'contracts',
    summary: 'Direct downline agents with their contract of the kind (in force and pending).',
    params: kindParams,
    query: z.object({ ...pageQuery }),
    reply: z.object({
      list: z.array(
        z.object({
          member: z.object({ id: recordIdSchema, account: z.string() }),
          current: contractSchema.nullable(),
          pending: contractSchema.nullable(),
        }),
      ),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
      /** The caller's own contract in force: the ceiling of what it may offer. */
      ceiling: contractSchema.nullable(),
    }),
  }),
  agentContractOffer: defineRoute({
    ...endpoints.agentContractOffer,
    tag: 'contracts',
    summary:
      'Offer (or renew as a new version) a contract to a direct downline agent. Errors: `contract.rate.above.upline`, `contract.upline.none`, `contract.not.agent`, `contract.terms.invalid`, `not.found` (not a direct downline).',
    params: kindParams,
    body: contractOfferBodySchema,
    reply: contractSchema,
  }),
  agentContractTerminate: defineRoute({
    ...endpoints.agentContractTerminate,
    tag: 'contracts',
    summary:
      'Terminate a direct downline’s contract in force (and withdraw a pending offer). Its own downlines’ contracts of the kind end with it.',
    params: kindParams,
    body: z.object({ memberId: recordIdSchema }),
    reply: z.object({ terminated: z.number().int() }),
  }),
  agentContractBills: defineRoute({
    ...endpoints.agentContractBills,
    tag: 'contracts',
    summary:
      'Bills of the kind: the caller’s own (`scope=mine`) or those it pays its direct downlines (`scope=downlines`), newest period first.',
    params: kindParams,
    query: z.object({
      scope: z.enum(['mine', 'downlines']).default('mine'),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      ...pageQuery,
    }),
    reply: z.object({
      list: z.array(contractBillSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
      totals: z.object({ amount: z.number(), paid: z.number() }),
    }),
  }),
  opsContractGet: defineRoute({
    ...endpoints.opsContractGet,
    tag: 'ops',
    summary: 'A top agent’s contract of a kind (in force, pending, history).',
    params: merchantParams.extend({ kind: contractKindSchema, memberId: recordIdSchema }),
    reply: z.object({
      current: contractSchema.nullable(),
      pending: contractSchema.nullable(),
      history: z.array(contractEventSchema),
      canOffer: z.boolean(),
    }),
  }),
  opsContractSet: defineRoute({
    ...endpoints.opsContractSet,
    tag: 'ops',
    summary:
      'Set a top agent’s contract (the platform pays it): a new version in force at once, audited. Errors: `contract.not.top`, `contract.terms.invalid`.',
    params: merchantParams.extend({ kind: contractKindSchema, memberId: recordIdSchema }),
    body: contractOfferBodySchema.omit({ memberId: true }),
    reply: contractSchema,
  }),
  opsContractTerminate: defineRoute({
    ...endpoints.opsContractTerminate,
    tag: 'ops',
    summary: 'Terminate a top agent’s contract of a kind (and every contract below it of that kind).',
    params: merchantParams.extend({ kind: contractKindSchema, memberId: recordIdSchema }),
    reply: z.object({ terminated: z.number().int() }),
  }),
  opsContractSettle: defineRoute({
    ...endpoints.opsContractSettle,
    tag: 'ops',
    summary:
      'Run a kind’s settlement now for the periods that have ended (what its job does, after bringing the team rollups of those periods up to date), then retry unpaid bills. Idempotent.',
    params: merchantParams.extend({ kind: contractKindSchema }),
    reply: z.object({ periods: z.number().int(), bills: z.number().int(), payments: z.number().int() }),
  }),
};

/** Socket events of the domain (docs/realtime.md). */
export const contractEvents = {
  /** An upline (or the operator) offered the member a contract: show the offer dialog. */
  'contract.offer': z.object({ kind: contractKindSchema, contractId: recordIdSchema }),
  /** A contract the member holds or pays changed state (accepted, rejected, terminated). */
  'contract.changed': z.object({
    kind: contractKindSchema,
    contractId: recordIdSchema,
    memberId: recordIdSchema,
    status: contractStatusSchema,
  }),
  /** A contract bill paid the member (or part of it); `amount` is minor units as an integer string. */
  'salary.paid': z.object({
    kind: contractKindSchema,
    billId: recordIdSchema,
    amount: z.string(),
    status: contractBillStatusSchema,
  }),
} as const;
