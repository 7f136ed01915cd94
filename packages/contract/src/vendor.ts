import { z } from 'zod';

/**
 * The seamless vendor wallet protocol (docs/vendor-protocol.md): a game vendor calls
 * `POST /vendor/<code>/<op>` with `X-Signature: hex(HMAC-SHA256(secret, raw body))`. These are not
 * envelope routes: every reply is `{ status, … }`, so they are not in `routes`; both sides
 * (the platform and the house vendor) validate with these schemas.
 */
export const vendorOps = ['authenticate', 'balance', 'bet', 'win', 'rollback', 'settle'] as const;
export type VendorOp = (typeof vendorOps)[number];

export const vendorStatuses = [
  'OK',
  'INVALID_SIGNATURE',
  'BAD_REQUEST',
  'PLAYER_NOT_FOUND',
  'SESSION_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'DUPLICATE_TRANSACTION',
  'BET_ALREADY_ROLLED_BACK',
  'BET_NOT_FOUND',
  /** The member's loss or wager limit refuses the bet (responsible gaming); nothing was taken. */
  'LIMIT_REACHED',
  'INTERNAL_ERROR',
] as const;
export type VendorStatus = (typeof vendorStatuses)[number];

/** Vendor-chosen ids: printable, bounded. */
const idSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only');
/** The platform's member id, as a decimal string. */
const playerIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a member id');
/** Integer minor units as a string ("0" allowed where the op says so). */
const minorSchema = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'integer minor units as a string');
const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 code');

export const vendorAuthenticateSchema = z.object({
  request_id: idSchema,
  session_token: z.string().min(1).max(200),
});
export const vendorBalanceSchema = z.object({ request_id: idSchema, player_id: playerIdSchema });
export const vendorBetSchema = z.object({
  request_id: idSchema,
  transaction_id: idSchema,
  player_id: playerIdSchema,
  session_token: z.string().min(1).max(200),
  round_id: idSchema,
  game_code: z.string().min(1).max(64),
  amount: minorSchema.refine((v) => v !== '0', 'a bet must be above zero'),
  currency: currencySchema,
});
export const vendorWinSchema = z.object({
  request_id: idSchema,
  transaction_id: idSchema,
  player_id: playerIdSchema,
  round_id: idSchema,
  game_code: z.string().min(1).max(64),
  amount: minorSchema,
  currency: currencySchema,
  round_closed: z.boolean(),
});
export const vendorRollbackSchema = z.object({
  request_id: idSchema,
  transaction_id: idSchema,
  ref_transaction_id: idSchema,
  player_id: playerIdSchema,
  round_id: idSchema,
});

/** Most items in one `settle` batch. */
export const VENDOR_SETTLE_MAX_ITEMS = 5000;

/**
 * `settle`: many `win` operations that close their rounds, in one request (a lottery draw or a
 * sports market settles thousands of bets at once). Each item is exactly the `win` it stands for —
 * same transaction id rules, same replay and duplicate answers — and gets its own status in
 * `results`, in order; the reply's `status` is OK when the batch was processed.
 */
export const vendorSettleSchema = z.object({
  request_id: idSchema,
  currency: currencySchema,
  items: z
    .array(
      z.object({
        transaction_id: idSchema,
        player_id: playerIdSchema,
        round_id: idSchema,
        game_code: z.string().min(1).max(64),
        amount: minorSchema,
      }),
    )
    .min(1)
    .max(VENDOR_SETTLE_MAX_ITEMS),
});

/** Most wins plus closes in one `settle` batch of the compact form. */
export const VENDOR_SETTLE_MAX_COLUMNS = 10000;

/**
 * `settle` in its compact form: the same wins as columns (index `i` of every array is one item,
 * exactly the `items[i]` of the other form), and **closes**: rounds closed with nothing paid (a lost
 * bet), given by player and round only. A close moves no money, so it is no transaction: no id, no
 * payload to compare; the bet row's own state makes it idempotent (a closed round closes again as
 * `OK`, changing nothing). `results` answers the wins in order; `closed` the closes' statuses in
 * order. Validated whole: every column a checked array, the lengths of each group equal.
 */
export const vendorSettleColumnsSchema = z
  .object({
    request_id: idSchema,
    currency: currencySchema,
    wins: z
      .object({
        transaction_id: z.array(idSchema),
        player_id: z.array(playerIdSchema),
        round_id: z.array(idSchema),
        game_code: z.array(z.string().min(1).max(64)),
        amount: z.array(minorSchema),
      })
      .optional(),
    closes: z.object({ player_id: z.array(playerIdSchema), round_id: z.array(idSchema) }).optional(),
  })
  .refine(
    ({ wins: w }) =>
      !w ||
      [w.player_id, w.round_id, w.game_code, w.amount].every((c) => c.length === w.transaction_id.length),
    { message: 'every column holds one value per win', path: ['wins'] },
  )
  .refine(({ closes: c }) => !c || c.player_id.length === c.round_id.length, {
    message: 'every column holds one value per close',
    path: ['closes'],
  })
  .refine(
    ({ wins, closes }) => {
      const n = (wins?.transaction_id.length ?? 0) + (closes?.round_id.length ?? 0);
      return n >= 1 && n <= VENDOR_SETTLE_MAX_COLUMNS;
    },
    { message: `1 to ${VENDOR_SETTLE_MAX_COLUMNS} wins and closes` },
  );

export const vendorRequestSchemas = {
  authenticate: vendorAuthenticateSchema,
  balance: vendorBalanceSchema,
  bet: vendorBetSchema,
  win: vendorWinSchema,
  rollback: vendorRollbackSchema,
  /** Either form: `items` (objects), or the compact `wins` / `closes` columns. */
  settle: z.union([vendorSettleSchema, vendorSettleColumnsSchema]),
} as const satisfies Record<VendorOp, z.ZodType>;

export type VendorAuthenticateRequest = z.infer<typeof vendorAuthenticateSchema>;
export type VendorBalanceRequest = z.infer<typeof vendorBalanceSchema>;
export type VendorBetRequest = z.infer<typeof vendorBetSchema>;
export type VendorWinRequest = z.infer<typeof vendorWinSchema>;
export type VendorRollbackRequest = z.infer<typeof vendorRollbackSchema>;
export type VendorSettleRequest = z.infer<typeof vendorSettleSchema>;
export type VendorSettleColumnsRequest = z.infer<typeof vendorSettleColumnsSchema>;
export type VendorRequest<O extends VendorOp> = z.infer<(typeof vendorRequestSchemas)[O]>;

/** Every reply. `balance` (minor units, string) and `currency` accompany OK and most refusals. */
export const vendorReplySchema = z.looseObject({
  status: z.enum(vendorStatuses),
  balance: minorSchema.optional(),
  currency: z.string().optional(),
  /** authenticate: the member id to send as `player_id`, and the member's login name. */
  player_id: z.string().optional(),
  account: z.string().optional(),
  transaction_id: z.string().optional(),
  /** settle: each item's answer, in order. */
  results: z
    .array(
      z.object({
        transaction_id: z.string(),
        status: z.enum(vendorStatuses),
        balance: minorSchema.optional(),
      }),
    )
    .optional(),
  /** settle (compact form): each close's status, in order. */
  closed: z.array(z.enum(vendorStatuses)).optional(),
  /** A human-readable reason for BAD_REQUEST and INTERNAL_ERROR. */
  message: z.string().optional(),
});
export type VendorReply = z.infer<typeof vendorReplySchema>;
