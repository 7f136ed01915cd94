import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { recordIdSchema } from './payments.js';
import { defineRoute } from './route.js';

/*
 * In-site messages (spec §1 "in-site messages", §2 member page `messageV2`, reference §2.6
 * `CSP_getInbox` / `CSP_unreadCount`, module INBOX3; docs/inbox.md).
 *
 * - Every message a member sees is one of: a system notice (deposit credited, withdrawal paid or
 *   rejected, password changed), an operator message (to one member, to an agent's team, or to
 *   everyone of the brand) or an agent's "platform message" to its own downlines.
 * - Read and delete state is the member's own: deleting hides the message for that member only.
 * - `content` is HTML the server has already sanitised (no scripts, no event-handler attributes,
 *   no `javascript:` links); clients sanitise again before rendering.
 * - Member routes refuse trial accounts (`in_need_true_account`): spec §6, trial accounts skip the
 *   unread-message fetch.
 * - A message id that is not in the caller's inbox answers 404 `not.found` (detail) or is skipped
 *   (read, delete), exactly as if it did not exist.
 */

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    totalPages: z.number().int(),
    totalCount: z.number().int(),
  });
const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });
const accountSchema = z.string().trim().min(1).max(64);

/** Longest title, in characters (plain text). */
export const INBOX_TITLE_MAX = 120;
/** Longest content as sent, in characters (HTML or plain text, before sanitising). */
export const INBOX_CONTENT_MAX = 20_000;
/** Latest a message may be scheduled, in days from now. */
export const INBOX_SCHEDULE_MAX_DAYS = 90;

export const inboxMessageKinds = ['system', 'operator', 'agent'] as const;
export type InboxMessageKind = (typeof inboxMessageKinds)[number];

/**
 * System notices. Clients show them in the reader's language from the code and its params
 * (`inbox:notice.<code>.title` / `.content`); `title` and `content` carry the English text.
 */
export const inboxNoticeCodes = [
  'deposit_credited',
  'withdrawal_paid',
  'withdrawal_rejected',
  'password_changed',
] as const;
export type InboxNoticeCode = (typeof inboxNoticeCodes)[number];

export const inboxNoticeSchema = z
  .object({
    code: z.enum(inboxNoticeCodes),
    /** Values for the text: `amount` (major units), `currency`, `depositId`, `withdrawId`, `note`. */
    params: z.record(z.string(), z.string()),
  })
  .meta({ id: 'InboxNotice' });

const messageFields = {
  id: recordIdSchema,
  kind: z.enum(inboxMessageKinds),
  /** Plain text. */
  title: z.string(),
  notice: inboxNoticeSchema.nullable(),
  /** Agent messages: the sending agent's nickname or account. Null otherwise. */
  sender: z.string().nullable(),
  /** When the message was delivered. */
  createdAt: z.string(),
};

/** A message in the member's inbox. */
export const inboxMessageSchema = z
  .object({
    ...messageFields,
    /** Sanitised HTML. */
    content: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'InboxMessage' });
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** What the `inbox.message` event says about a newly delivered message. */
export const inboxMessageSummarySchema = z
  .object({
    ...messageFields,
    /** Sent to everyone of the brand: the event went to the brand's room, not to each member. */
    broadcast: z.boolean(),
  })
  .meta({ id: 'InboxMessageSummary' });
export type InboxMessageSummary = z.infer<typeof inboxMessageSummarySchema>;

const idsSchema = z.array(recordIdSchema).min(1).max(100);

/** `ids` marks those messages read; `all: true` marks the whole inbox read. */
export const inboxReadBodySchema = z
  .object({ ids: idsSchema.optional(), all: z.boolean().optional() })
  .refine((b) => (b.ids !== undefined) !== (b.all === true), {
    message: 'send either ids or all: true',
    path: ['ids'],
  });
export const inboxDeleteBodySchema = z.object({ ids: idsSchema });

const titleSchema = z.string().trim().min(1).max(INBOX_TITLE_MAX);
const contentSchema = z.string().trim().min(1).max(INBOX_CONTENT_MAX);

// ── operators ─────────────────────────────────────────────────────────────────────────────

/**
 * Who an operator message goes to. `member`: the member with `account`. `team`: the agent with
 * `account` and every member below it, as the team is when the message is delivered. `brand`:
 * every member of the brand, including those who register before it is delivered (one message
 * row; per-member state is written only when a member reads or deletes it). A VIP-level target
 * waits for VIP levels to exist (docs/inbox.md).
 */
export const opsInboxTargets = ['member', 'team', 'brand'] as const;
export type OpsInboxTarget = (typeof opsInboxTargets)[number];

export const opsInboxSendBodySchema = z
  .object({
    target: z.enum(opsInboxTargets),
    /** The member (`member`) or the agent (`team`); ignored for `brand`. */
    account: accountSchema.optional(),
    title: titleSchema,
    /** HTML or plain text; the server sanitises it (plain-text line breaks are kept). */
    content: contentSchema,
    /**
     * Deliver later (ISO date-time, in the future and at most 90 days ahead); absent: now. A
     * scheduled message is delivered by the `inbox.deliver-scheduled` job (docs/jobs.md).
     */
    sendAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((b) => b.target === 'brand' || (b.account !== undefined && b.account !== ''), {
    message: 'required',
    path: ['account'],
  });
export type OpsInboxSendBody = z.infer<typeof opsInboxSendBodySchema>;

export const inboxMessageStatuses = ['scheduled', 'sent', 'cancelled'] as const;
export type InboxMessageStatus = (typeof inboxMessageStatuses)[number];

export const opsInboxMessageSchema = z
  .object({
    id: recordIdSchema,
    kind: z.enum(inboxMessageKinds),
    target: z.enum([...opsInboxTargets, 'direct']),
    /** The member or agent of the target; null for `brand`. */
    account: z.string().nullable(),
    title: z.string(),
    content: z.string(),
    status: z.enum(inboxMessageStatuses),
    sendAt: z.string(),
    sentAt: z.string().nullable(),
    /** Members it reached (null until delivered). */
    recipientCount: z.number().int().nullable(),
    readCount: z.number().int(),
    /** `operator:<username>`, `ops-key`, or `agent:<account>`. */
    createdBy: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'OpsInboxMessage' });
export type OpsInboxMessage = z.infer<typeof opsInboxMessageSchema>;

// ── agents ────────────────────────────────────────────────────────────────────────────────

/**
 * An agent's platform message, to its own downlines only: `all` (every member below it), `direct`
 * (its direct downlines) or `member` (one downline, by account; outside the team: 404).
 */
export const agentMessageTargets = ['all', 'direct', 'member'] as const;
export type AgentMessageTarget = (typeof agentMessageTargets)[number];

export const agentMessageBodySchema = z
  .object({
    target: z.enum(agentMessageTargets),
    account: accountSchema.optional(),
    title: titleSchema,
    content: contentSchema,
  })
  .refine((b) => b.target !== 'member' || (b.account !== undefined && b.account !== ''), {
    message: 'required',
    path: ['account'],
  });
export type AgentMessageBody = z.infer<typeof agentMessageBodySchema>;

export const agentSentMessageSchema = z
  .object({
    id: recordIdSchema,
    target: z.enum(agentMessageTargets),
    account: z.string().nullable(),
    title: z.string(),
    recipientCount: z.number().int(),
    readCount: z.number().int(),
    sentAt: z.string(),
  })
  .meta({ id: 'AgentSentMessage' });
export type AgentSentMessage = z.infer<typeof agentSentMessageSchema>;

// ── routes ────────────────────────────────────────────────────────────────────────────────

export const inboxRoutes = {
  inboxList: defineRoute({
    ...endpoints.inboxList,
    tag: 'inbox',
    summary: 'The member’s messages, newest first, with the unread count.',
    query: z.object({ ...pageQuery }),
    reply: page(inboxMessageSchema).extend({ unread: z.number().int() }),
  }),
  inboxDetail: defineRoute({
    ...endpoints.inboxDetail,
    tag: 'inbox',
    summary: 'One message of the member’s inbox (reading it does not mark it read).',
    query: z.object({ id: recordIdSchema }),
    reply: inboxMessageSchema,
  }),
  inboxUnreadCount: defineRoute({
    ...endpoints.inboxUnreadCount,
    tag: 'inbox',
    summary: 'How many of the member’s messages are unread (the value is the number, as the original).',
    reply: z.number().int().min(0),
  }),
  inboxRead: defineRoute({
    ...endpoints.inboxRead,
    tag: 'inbox',
    summary: 'Mark messages read (or all of them); `updated` counts those that changed.',
    body: inboxReadBodySchema,
    reply: z.object({ updated: z.number().int(), unread: z.number().int() }),
  }),
  inboxDelete: defineRoute({
    ...endpoints.inboxDelete,
    tag: 'inbox',
    summary: 'Delete messages from the member’s inbox (for this member only).',
    body: inboxDeleteBodySchema,
    reply: z.object({ deleted: z.number().int(), unread: z.number().int() }),
  }),
  agentMessageSend: defineRoute({
    ...endpoints.agentMessageSend,
    tag: 'agent',
    summary: 'Send a platform message to the agent’s own downlines (all, direct, or one member of the team).',
    body: agentMessageBodySchema,
    reply: agentSentMessageSchema,
  }),
  agentMessageList: defineRoute({
    ...endpoints.agentMessageList,
    tag: 'agent',
    summary: 'The platform messages the agent sent, newest first, with how many were read.',
    query: z.object({ ...pageQuery }),
    reply: page(agentSentMessageSchema),
  }),
  opsInboxList: defineRoute({
    ...endpoints.opsInboxList,
    tag: 'ops',
    summary:
      'Operator and agent messages of the brand (scheduled, sent, cancelled), newest first, with read counts.',
    params: merchantParams,
    query: z.object({ status: z.enum(inboxMessageStatuses).optional(), ...pageQuery }),
    reply: page(opsInboxMessageSchema),
  }),
  opsInboxSend: defineRoute({
    ...endpoints.opsInboxSend,
    tag: 'ops',
    summary:
      'Send (or schedule with `sendAt`) a message to a member, an agent’s team or the whole brand; audited.',
    params: merchantParams,
    body: opsInboxSendBodySchema,
    reply: opsInboxMessageSchema,
  }),
  opsInboxCancel: defineRoute({
    ...endpoints.opsInboxCancel,
    tag: 'ops',
    summary:
      'Cancel a scheduled message before it is delivered (a delivered one: 409 request.state); audited.',
    params: merchantParams.extend({ messageId: recordIdSchema }),
    reply: opsInboxMessageSchema,
  }),
} as const;

/** Real-time events of the inbox (docs/realtime.md, docs/inbox.md). */
export const inboxEvents = {
  /** The member's unread count changed (a delivery, or a read or delete in another tab). */
  'inbox.unread': z.object({ count: z.number().int().min(0) }),
  /**
   * A message was delivered. To the member's sockets for a targeted message (an `inbox.unread`
   * follows), to the brand's sockets for a broadcast (`broadcast: true`: the count rose by one).
   */
  'inbox.message': inboxMessageSummarySchema,
} as const;
