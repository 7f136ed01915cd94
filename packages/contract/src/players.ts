import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * The back office's player desk (docs/back-office.md, "Players"): find a brand's members by
 * account, id, phone, email, IP or device, and see one member whole — profile, status, sessions,
 * balances and ledger, play and payments, bonuses, notes and the accounts that share an IP or a
 * device with it. Every change (freeze, close, unfreeze, end a session, reset the password, a
 * note) carries a reason and lands in the operator audit log.
 */

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });
const memberParams = merchantParams.extend({ account: z.string().trim().min(1).max(64) });
/** Minor units (signed where a ledger line says so), as decimal text. */
const minor = z.string();
const time = z.iso.datetime();

export const playerStatuses = ['active', 'frozen', 'closed'] as const;
export type PlayerStatus = (typeof playerStatuses)[number];
/** What a search looks in; `any` tries each that fits the text. */
export const playerSearchFields = ['any', 'account', 'memberId', 'mobile', 'email', 'ip', 'device'] as const;
export type PlayerSearchField = (typeof playerSearchFields)[number];
/** freeze: active → frozen; unfreeze: frozen → active; close: active or frozen → closed (final). */
export const playerStatusActions = ['freeze', 'unfreeze', 'close'] as const;
export type PlayerStatusAction = (typeof playerStatusActions)[number];

export const PLAYER_REASON = { min: 3, max: 500 } as const;
export const PLAYER_NOTE_MAX = 2000;
export const playerReasonSchema = z.string().trim().min(PLAYER_REASON.min).max(PLAYER_REASON.max);

export const opsPlayerSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  by: z.enum(playerSearchFields).default('any'),
  status: z.enum(playerStatuses).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const playerRowSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  status: z.enum(playerStatuses),
  agent: z.boolean(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: time,
  lastLoginAt: time.nullable(),
  lastLoginIp: z.string().nullable(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;

export const playerSessionSchema = z.object({
  id: z.string(),
  loginType: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: time,
  lastSeenAt: time,
  expiresAt: time,
  /** Live: not revoked and not past its expiry (idle expiry is decided at the next request). */
  live: z.boolean(),
  revokedAt: time.nullable(),
  revokeReason: z.string().nullable(),
});

export const playerDetailSchema = z.object({
  profile: playerRowSchema.extend({
    type: z.number().int(),
    parent: z.object({ memberId: z.string(), account: z.string() }).nullable(),
    vipLevel: z.number().int().nullable(),
    registerMethod: z.string(),
    registerUrl: z.string().nullable(),
    domain: z.string().nullable(),
    createdIp: z.string().nullable(),
    /** The device the member signed up on, when the sign-up recorded one (a referral). */
    registerDevice: z.string().nullable(),
    language: z.string().nullable(),
    mustChangePassword: z.boolean(),
    passwordChangedAt: time,
  }),
  /** The member's ledger accounts: main wallet, game wallets, points. */
  balances: z.array(z.object({ kind: z.string(), code: z.string(), currency: z.string(), balance: minor })),
  /** The 50 latest sessions, newest first. */
  sessions: z.array(playerSessionSchema),
  /** Login IPs the member has used (first and last seen). */
  knownIps: z.array(z.object({ ip: z.string(), firstSeenAt: time, lastSeenAt: time })),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playerActivitySchema = z.object({
  ledger: z.array(
    z.object({
      id: z.string(),
      at: time,
      kind: z.string(),
      account: z.string(),
      amount: minor,
      balanceAfter: minor.nullable(),
      reference: z.string().nullable(),
    }),
  ),
  bets: z.array(
    z.object({
      id: z.string(),
      placedAt: time,
      game: z.string(),
      gameType: z.string(),
      stake: minor,
      payout: minor,
      status: z.string(),
    }),
  ),
  deposits: z.array(
    z.object({ id: z.string(), at: time, channel: z.string(), amount: minor, status: z.string() }),
  ),
  withdrawals: z.array(z.object({ id: z.string(), at: time, amount: minor, status: z.string() })),
  bonuses: z.array(
    z.object({
      id: z.string(),
      at: time,
      promotionId: z.string(),
      amount: minor,
      /** Turnover the bonus asks for before a withdrawal. */
      required: minor,
      status: z.string(),
    }),
  ),
});
export type PlayerActivity = z.infer<typeof playerActivitySchema>;

export const playerLinkSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  status: z.enum(playerStatuses),
  createdAt: time,
  /** What the two members share. */
  shared: z.array(z.object({ kind: z.enum(['ip', 'device']), value: z.string() })),
});
export type PlayerLink = z.infer<typeof playerLinkSchema>;

export const playerNoteSchema = z.object({
  id: z.string(),
  author: z.string(),
  text: z.string(),
  createdAt: time,
});
export type PlayerNote = z.infer<typeof playerNoteSchema>;

export const opsPlayerStatusBodySchema = z.object({
  action: z.enum(playerStatusActions),
  reason: playerReasonSchema,
});
export type OpsPlayerStatusBody = z.infer<typeof opsPlayerStatusBodySchema>;
export const opsPlayerReasonBodySchema = z.object({ reason: playerReasonSchema });
export const opsPlayerNoteBodySchema = z.object({
  text: z.string().trim().min(PLAYER_REASON.min).max(PLAYER_NOTE_MAX),
});

export const playersRoutes = {
  opsPlayerSearch: defineRoute({
    ...endpoints.opsPlayerSearch,
    tag: 'ops',
    summary:
      "The brand's members, newest first, optionally found by account (prefix), member id, mobile, email, an IP (registration, last login or any login) or a sign-up device; `by: any` tries each that fits.",
    params: merchantParams,
    query: opsPlayerSearchQuerySchema,
    reply: z.object({
      list: z.array(playerRowSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  opsPlayerDetail: defineRoute({
    ...endpoints.opsPlayerDetail,
    tag: 'ops',
    summary: "A member's profile, status, balances, sessions and login IPs. Errors: `not.found`.",
    params: memberParams,
    reply: playerDetailSchema,
  }),
  opsPlayerActivity: defineRoute({
    ...endpoints.opsPlayerActivity,
    tag: 'ops',
    summary:
      "A member's latest ledger lines, bets, deposits, withdrawals and bonuses (30 of each, newest first). Errors: `not.found`.",
    params: memberParams,
    reply: playerActivitySchema,
  }),
  opsPlayerLinked: defineRoute({
    ...endpoints.opsPlayerLinked,
    tag: 'ops',
    summary:
      'Other members of the brand that share a registration or login IP, or a sign-up device, with this one (at most 100). Errors: `not.found`.',
    params: memberParams,
    reply: z.object({ list: z.array(playerLinkSchema) }),
  }),
  opsPlayerStatus: defineRoute({
    ...endpoints.opsPlayerStatus,
    tag: 'ops',
    summary:
      "Freezes, unfreezes or closes a member, with a reason in the audit log. Freezing or closing ends every live session at once (the site is told and logs the member out); a frozen or closed member cannot log in. Closing is final. Errors: `not.found`, `player.status` (not allowed from the member's status).",
    params: memberParams,
    body: opsPlayerStatusBodySchema,
    reply: z.object({ status: z.enum(playerStatuses), sessionsEnded: z.number().int() }),
  }),
  opsPlayerSessionEnd: defineRoute({
    ...endpoints.opsPlayerSessionEnd,
    tag: 'ops',
    summary:
      "Ends one of the member's sessions at once, with a reason in the audit log. Errors: `not.found`, `request.state` (already ended).",
    params: memberParams.extend({ sessionId: z.string().regex(/^[1-9][0-9]{0,17}$/) }),
    body: opsPlayerReasonBodySchema,
    reply: z.object({ ended: z.literal(true) }),
  }),
  opsPlayerPasswordReset: defineRoute({
    ...endpoints.opsPlayerPasswordReset,
    tag: 'ops',
    summary:
      'Sets a one-time temporary password, shown in this reply only, that the member must change at the next login; every live session ends. Audited with its reason (never the password). Errors: `not.found`, `player.status` (closed).',
    params: memberParams,
    body: opsPlayerReasonBodySchema,
    reply: z.object({ temporaryPassword: z.string(), sessionsEnded: z.number().int() }),
  }),
  opsPlayerNotes: defineRoute({
    ...endpoints.opsPlayerNotes,
    tag: 'ops',
    summary: "The operators' notes on a member, newest first. Errors: `not.found`.",
    params: memberParams,
    reply: z.object({ list: z.array(playerNoteSchema) }),
  }),
  opsPlayerNoteAdd: defineRoute({
    ...endpoints.opsPlayerNoteAdd,
    tag: 'ops',
    summary:
      'Adds an operator note on a member (the note is its own reason in the audit log). Errors: `not.found`.',
    params: memberParams,
    body: opsPlayerNoteBodySchema,
    reply: playerNoteSchema,
  }),
} as const;
