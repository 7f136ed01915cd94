import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { amountInputSchema, idempotencyKeySchema } from './wallet.js';

/** A database id on the wire: a decimal string (ids are int8, beyond a JSON number's exact range). */
export const recordIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'an id');
/** An id as the client may send it: the string from a reply, or a plain positive integer. */
const recordIdInputSchema = z.union([
  recordIdSchema,
  z
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .transform((n) => String(n)),
]);

const merchantCodeSchema = z.string().min(1).max(32);

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
  });

const timeSchema = z.string();

export const depositStatuses = ['pending', 'paid', 'failed', 'cancelled', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
export const paymentChannelKinds = ['BANK_TRANSFER', 'DEMO_GATEWAY'] as const;
export const withdrawStatuses = ['pending', 'paid', 'rejected'] as const;
export type WithdrawStatus = (typeof withdrawStatuses)[number];
/**
 * The member's word on a paid withdrawal (spec §4). `auto_received`: not confirmed within the
 * brand's `confirmMinutes`, so it counts as received (and is never refunded).
 */
export const confirmStatuses = ['none', 'received', 'partial', 'not_received', 'auto_received'] as const;
export type ConfirmStatus = (typeof confirmStatuses)[number];

export const bankDetailsSchema = z
  .object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() })
  .meta({ id: 'BankDetails' });

export const depositChannelSchema = z
  .object({
    code: z.string(),
    kind: z.enum(paymentChannelKinds),
    name: z.string(),
    /** Major units. */
    min: z.number(),
    max: z.number(),
  })
  .meta({ id: 'DepositChannel' });
export type DepositChannel = z.infer<typeof depositChannelSchema>;

export const depositSchema = z
  .object({
    depositId: recordIdSchema,
    channel: z.string(),
    channelKind: z.enum(paymentChannelKinds),
    amount: z.number(),
    status: z.enum(depositStatuses),
    payerNote: z.string().nullable(),
    gatewayRef: z.string().nullable(),
    createdAt: timeSchema,
    updatedAt: timeSchema,
  })
  .meta({ id: 'Deposit' });
export type Deposit = z.infer<typeof depositSchema>;

export const withdrawalSchema = z
  .object({
    withdrawId: recordIdSchema,
    amount: z.number(),
    status: z.enum(withdrawStatuses),
    /** As of now: a paid withdrawal past its confirmation window reads `auto_received`. */
    confirmStatus: z.enum(confirmStatuses),
    /** Partial receipt: how much did not arrive (major units). */
    remainingAmount: z.number().nullable(),
    bankName: z.string().nullable(),
    accountNumber: z.string().nullable(),
    accountName: z.string().nullable(),
    payeeName: z.string().nullable(),
    createdAt: timeSchema,
    decidedAt: timeSchema.nullable(),
    paidAt: timeSchema.nullable(),
    /** Paid and unconfirmed: when it will count as received. */
    confirmDeadline: timeSchema.nullable(),
    confirmedAt: timeSchema.nullable(),
  })
  .meta({ id: 'Withdrawal' });
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const demoGatewayCallbackSchema = z.object({
  depositId: recordIdSchema,
  status: z.enum(['paid', 'failed', 'cancelled']),
  /** Major units as a decimal string, exactly what was charged. */
  amount: z.string().max(32),
  currency: z.string().length(3),
  gatewayRef: z.string().min(1).max(64),
  time: z.iso.datetime({ offset: true }).optional(),
});
export type DemoGatewayCallback = z.infer<typeof demoGatewayCallbackSchema>;

const opsDepositSchema = depositSchema
  .extend({
    memberId: recordIdSchema,
    account: z.string(),
    decisionNote: z.string().nullable(),
    ledgerTransactionId: z.string().nullable(),
  })
  .meta({ id: 'OpsDeposit' });

const opsWithdrawalSchema = withdrawalSchema
  .extend({
    memberId: recordIdSchema,
    account: z.string(),
    decisionNote: z.string().nullable(),
    proofMime: z.enum(['image/png', 'image/jpeg']).nullable(),
    holdTransactionId: z.string().nullable(),
    settleTransactionId: z.string().nullable(),
  })
  .meta({ id: 'OpsWithdrawal' });

const merchantParams = z.object({ merchantCode: merchantCodeSchema });
const depositParams = merchantParams.extend({ depositId: recordIdSchema });
const withdrawParams = merchantParams.extend({ withdrawId: recordIdSchema });
const approveBody = z.object({ note: z.string().trim().max(500).optional() });
const rejectBody = z.object({ reason: z.string().trim().min(3).max(500) });

/** 5 MiB of image as base64 (with an optional `data:image/…;base64,` prefix). */
const PROOF_MAX_CHARS = 6_990_600;

export const paymentRoutes = {
  depositSettings: defineRoute({
    ...endpoints.depositSettings,
    tag: 'payments',
    summary: 'Deposit channels of the brand with their limits, and how many deposits the member has made.',
    reply: z.object({
      allowDeposit: z.enum(['Y', 'N']),
      channels: z.array(depositChannelSchema),
      totalDepositSuccessCount: z.number().int(),
    }),
  }),
  depositCreate: defineRoute({
    ...endpoints.depositCreate,
    tag: 'payments',
    summary:
      'Request a deposit. Idempotent per member and `requestId`: the same request returns the same deposit. A gateway channel answers a `redirectUrl` to open; a bank transfer answers the `bank` to pay into and stays pending until an operator approves it.',
    body: z.object({
      channel: z.string().trim().min(1).max(32),
      amount: amountInputSchema,
      requestId: idempotencyKeySchema,
      payerNote: z.string().trim().max(200).optional(),
    }),
    reply: z.object({
      depositId: recordIdSchema,
      status: z.enum(depositStatuses),
      amount: z.number(),
      redirectUrl: z.string().nullable(),
      bank: bankDetailsSchema.extend({ reference: z.string() }).nullable(),
      replayed: z.boolean(),
    }),
  }),
  depositList: defineRoute({
    ...endpoints.depositList,
    tag: 'payments',
    summary: 'The member’s deposit requests, newest first.',
    query: z.object({ status: z.enum(depositStatuses).optional(), ...pageQuery }),
    reply: page(depositSchema),
  }),
  depositDetail: defineRoute({
    ...endpoints.depositDetail,
    tag: 'payments',
    summary: 'One of the member’s deposit requests (404 for anyone else’s).',
    params: z.object({ depositId: recordIdSchema }),
    reply: depositSchema,
  }),
  demoGatewayCallback: defineRoute({
    ...endpoints.demoGatewayCallback,
    tag: 'payments',
    summary:
      'The demo gateway’s asynchronous payment notification. Header `X-Signature`: hex HMAC-SHA256 of the raw body with `DEMO_GATEWAY_SECRET` (401 `payment.signature.invalid` otherwise). Credits the deposit once; replays and out-of-order notifications change nothing.',
    body: demoGatewayCallbackSchema,
    reply: z.object({
      depositId: recordIdSchema,
      status: z.enum(depositStatuses),
      /** False when the notification changed nothing (replay, or a final state already reached). */
      applied: z.boolean(),
    }),
  }),
  withdrawSettings: defineRoute({
    ...endpoints.withdrawSettings,
    tag: 'payments',
    summary: 'Withdrawal limits (major units), the daily count and how much of it is used today (UTC).',
    query: z.object({ groupId: z.coerce.number().int().min(0).optional() }),
    reply: z.object({
      minimumAmount: z.number(),
      maximumAmount: z.number(),
      dailyCount: z.number().int(),
      usedToday: z.number().int(),
      hasPaymentPassword: z.boolean(),
      /** Minutes after payment within which the member confirms receipt. */
      confirmMinutes: z.number().int(),
      /** Turnover open bonuses still ask for before a withdrawal (major units; 0: none). */
      turnoverLeft: z.number().default(0),
    }),
  }),
  withdrawCreate: defineRoute({
    ...endpoints.withdrawCreate,
    tag: 'payments',
    summary:
      'Request a withdrawal with the payment password. The amount is held at once (main wallet → withdrawals clearing) until an operator pays or returns it. Idempotent per member and `requestId`.',
    body: z.object({
      amount: amountInputSchema,
      paymentPassword: z.string().min(1).max(128),
      requestId: idempotencyKeySchema,
      bankName: z.string().trim().min(1).max(100).optional(),
      accountNumber: z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z -]{4,40}$/, 'an account number')
        .optional(),
      accountName: z.string().trim().min(1).max(100).optional(),
    }),
    reply: z.object({
      withdrawId: recordIdSchema,
      status: z.enum(withdrawStatuses),
      amount: z.number(),
      replayed: z.boolean(),
    }),
  }),
  withdrawList: defineRoute({
    ...endpoints.withdrawList,
    tag: 'payments',
    summary: 'The member’s withdrawals, newest first, with their confirmation state.',
    query: z.object({ status: z.enum(withdrawStatuses).optional(), ...pageQuery }),
    reply: page(withdrawalSchema),
  }),
  withdrawConfirm: defineRoute({
    ...endpoints.withdrawConfirm,
    tag: 'payments',
    summary:
      'Confirm receipt of a paid withdrawal (spec §4): received, partial (`remainingAmount`: how much did not arrive) or not received (`proof`: base64 PNG or JPEG, at most 5 MB). Once confirmed it cannot change; after `confirmMinutes` it counts as received.',
    body: z.object({
      withdrawId: recordIdInputSchema,
      status: z.enum(['received', 'partial', 'not_received']),
      remainingAmount: amountInputSchema.optional(),
      proof: z.string().max(PROOF_MAX_CHARS).optional(),
    }),
    reply: withdrawalSchema,
  }),
  paymentConfirmationList: defineRoute({
    ...endpoints.paymentConfirmationList,
    tag: 'payments',
    summary: 'The member’s paid withdrawals still waiting for a receipt confirmation.',
    reply: z.object({ confirmMinutes: z.number().int(), list: z.array(withdrawalSchema) }),
  }),
  opsDepositList: defineRoute({
    ...endpoints.opsDepositList,
    tag: 'ops',
    summary: 'A brand’s deposit requests, newest first, by status.',
    params: merchantParams,
    query: z.object({ status: z.enum(depositStatuses).optional(), ...pageQuery }),
    reply: page(opsDepositSchema),
  }),
  opsDepositApprove: defineRoute({
    ...endpoints.opsDepositApprove,
    tag: 'ops',
    summary:
      'Approve a pending bank-transfer deposit: credits the member once (approving again replays; 409 `request.state` when rejected).',
    params: depositParams,
    body: approveBody,
    reply: z.object({ deposit: opsDepositSchema, replayed: z.boolean() }),
  }),
  opsDepositReject: defineRoute({
    ...endpoints.opsDepositReject,
    tag: 'ops',
    summary: 'Reject a pending bank-transfer deposit (nothing is credited).',
    params: depositParams,
    body: rejectBody,
    reply: z.object({ deposit: opsDepositSchema, replayed: z.boolean() }),
  }),
  opsWithdrawList: defineRoute({
    ...endpoints.opsWithdrawList,
    tag: 'ops',
    summary: 'A brand’s withdrawals, newest first, by status and confirmation state.',
    params: merchantParams,
    query: z.object({
      status: z.enum(withdrawStatuses).optional(),
      confirmStatus: z.enum(confirmStatuses).optional(),
      ...pageQuery,
    }),
    reply: page(opsWithdrawalSchema),
  }),
  opsWithdrawApprove: defineRoute({
    ...endpoints.opsWithdrawApprove,
    tag: 'ops',
    summary:
      'Mark a pending withdrawal paid (withdrawals clearing → payments clearing). Approving again replays; 409 `request.state` when rejected.',
    params: withdrawParams,
    body: approveBody,
    reply: z.object({ withdrawal: opsWithdrawalSchema, replayed: z.boolean() }),
  }),
  opsWithdrawReject: defineRoute({
    ...endpoints.opsWithdrawReject,
    tag: 'ops',
    summary: 'Reject a pending withdrawal: the held amount returns to the member’s main wallet.',
    params: withdrawParams,
    body: rejectBody,
    reply: z.object({ withdrawal: opsWithdrawalSchema, replayed: z.boolean() }),
  }),
  opsWithdrawProof: defineRoute({
    ...endpoints.opsWithdrawProof,
    tag: 'ops',
    summary: 'The image the member uploaded with a “not received” (or partial) confirmation.',
    params: withdrawParams,
    reply: z.object({ mime: z.enum(['image/png', 'image/jpeg']), data: z.string() }),
  }),
  opsAdjustment: defineRoute({
    ...endpoints.opsAdjustment,
    tag: 'ops',
    summary:
      'Manual adjustment of a member’s main wallet against the brand’s adjustments account, with a mandatory reason. `amount` is signed major units; a debit may not overdraw (`wallet.insufficient`). Idempotent by `requestId`.',
    params: merchantParams,
    body: z.object({
      account: z.string().trim().min(1).max(64),
      amount: z.union([z.number().finite(), z.string().trim().max(33)]),
      reason: z.string().trim().min(3).max(500),
      requestId: idempotencyKeySchema,
    }),
    reply: z.object({
      transactionId: z.string(),
      account: z.string(),
      amount: z.number(),
      balance: z.number(),
      replayed: z.boolean(),
    }),
  }),
  opsAuditList: defineRoute({
    ...endpoints.opsAuditList,
    tag: 'ops',
    summary: 'The brand’s operator audit log (append-only), newest first.',
    params: merchantParams,
    query: z.object({ action: z.string().max(64).optional(), ...pageQuery }),
    reply: page(
      z.object({
        id: z.string(),
        actor: z.string(),
        action: z.string(),
        target: z.string(),
        payload: z.record(z.string(), z.unknown()),
        createdAt: timeSchema,
      }),
    ),
  }),
} as const;
