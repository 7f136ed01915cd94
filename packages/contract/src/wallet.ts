import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/** An amount in major units as a JSON number or a decimal string; parsed exactly by the server. */
export const amountInputSchema = z.union([z.number().positive().finite(), z.string().trim().max(32)]);

/** `MAIN` or a transfer-mode vendor's code. */
export const walletCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/);

/** A client-chosen idempotency key: the same key replays the first result. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/);

export const walletBalanceSchema = z
  .object({
    sumBalance: z.number(),
    balance: z.array(
      z.object({
        /** 2 is the main wallet (the original's numbering); vendor wallets follow. */
        accountTypeId: z.number().int(),
        wallet: z.string(),
        availBalance: z.number(),
      }),
    ),
    currency: z.string(),
    currencySymbol: z.string(),
    currencyScale: z.number().int(),
  })
  .meta({ id: 'WalletBalance' });
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletTransferBodySchema = z.object({
  fromWallet: walletCodeSchema,
  toWallet: walletCodeSchema,
  /** Major units, or "ALL" to move the whole balance of `fromWallet`. */
  amount: z.union([amountInputSchema, z.literal('ALL')]),
  /** The idempotency key; the `Idempotency-Key` header may carry it instead. */
  requestId: idempotencyKeySchema.optional(),
});

export const ledgerKinds = [
  'DEPOSIT',
  'WITHDRAW',
  'WITHDRAW_PAID',
  'WITHDRAW_REVERSAL',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'TRANSFER_UPLINE',
  'TRANSFER_DOWNLINE',
  'ADJUSTMENT',
  'BET',
  'WIN',
  'BET_REFUND',
  'DIVIDEND',
  'DAILY_WAGE',
  'HOURLY_SALARY',
  'REALTIME_SALARY',
  'LOTTERY_REBATE',
  'SPORTS_RESETTLE',
  'REBATE',
  'VIP_BONUS',
  'POINTS_EARN',
  'POINTS_REDEEM',
  'POINTS_CONVERT',
  'POINTS_REFUND',
  'POINTS_CASH',
  'BONUS',
  'BONUS_FORFEIT',
  'RED_ENVELOPE_SEND',
  'RED_ENVELOPE_GRAB',
  'RED_ENVELOPE_REFUND',
  'REFERRAL',
  'MISSION_REWARD',
  'TIP',
  'PVP_BUY_IN',
  'PVP_CASH_OUT',
  'PVP_RAKE',
] as const;

export const memberTransactionSchema = z.object({
  id: z.string(),
  time: z.string(),
  kind: z.enum(ledgerKinds),
  wallet: z.string(),
  /** Signed: negative when money left this wallet. */
  amount: z.number(),
  balanceAfter: z.number(),
  reference: z.string().nullable(),
});

export const walletRoutes = {
  walletBalance: defineRoute({
    ...endpoints.walletBalance,
    tag: 'wallet',
    summary: 'Balances of the main wallet and every transfer-mode vendor wallet.',
    reply: walletBalanceSchema,
  }),
  walletTransfer: defineRoute({
    ...endpoints.walletTransfer,
    tag: 'wallet',
    summary:
      'Move money between the main wallet and a vendor wallet. Idempotent by `requestId` (or the `Idempotency-Key` header): the same request replays its result, a different one answers 409 `duplicate.request`.',
    body: walletTransferBodySchema,
    reply: z.object({
      transactionId: z.string(),
      amount: z.number(),
      replayed: z.boolean(),
      balance: walletBalanceSchema,
    }),
  }),
  merchantWallet: defineRoute({
    ...endpoints.merchantWallet,
    tag: 'wallet',
    summary: 'Whether the brand runs a single wallet (1: My Wallet is hidden).',
    reply: z.object({ isSingle: z.union([z.literal(0), z.literal(1)]) }),
  }),
  memberTransactions: defineRoute({
    ...endpoints.memberTransactions,
    tag: 'wallet',
    summary: 'The member’s ledger movements (account record), newest first.',
    query: z.object({
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      kind: z.enum(ledgerKinds).optional(),
      wallet: walletCodeSchema.optional(),
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    reply: z.object({
      list: z.array(memberTransactionSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  teamTransfer: defineRoute({
    ...endpoints.teamTransfer,
    tag: 'wallet',
    summary:
      'Transfer from the main wallet to a member of the caller’s own line: a downline (agents) or the direct upline. Needs the payment password.',
    body: z.object({
      direction: z.enum(['DOWNLINE', 'UPLINE']),
      /** The downline's account; ignored for UPLINE. */
      targetAccount: z.string().trim().max(64).optional(),
      amount: amountInputSchema,
      paymentPassword: z.string().min(1).max(128),
      requestId: idempotencyKeySchema,
    }),
    reply: z.object({
      transactionId: z.string(),
      amount: z.number(),
      target: z.string(),
      replayed: z.boolean(),
      balance: walletBalanceSchema,
    }),
  }),
  setPaymentPassword: defineRoute({
    ...endpoints.setPaymentPassword,
    tag: 'wallet',
    summary: 'Set or change the payment password (confirmed with the login password).',
    body: z.object({
      password: z.string().min(1).max(128),
      newPaymentPassword: z.string().min(6).max(128),
      confirmPaymentPassword: z.string().min(6).max(128),
    }),
    reply: z.object({ set: z.literal(true) }),
  }),
} as const;
