import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import {
  isSupportName,
  supportAttachmentMaxChars,
  supportAttachmentMimes,
  supportContactKind,
  supportControlChars,
  supportLimits,
} from './support-rules.js';

/**
 * The customer-service live chat (docs/support.md): a member or a visitor talks to the brand's
 * operators. Every wire shape and every socket event of the domain is here; the zod-free rules
 * (limits, the contact check, the token header) are in support-rules.ts.
 *
 * Participants call the `/wps/support/conversation…` routes about their own conversation only:
 * a member by the session (`Authorization`), a visitor by the conversation token
 * (`X-Support-Token`). No participant route takes a conversation id, so none can name another's.
 */

export * from './support-rules.js';

const idSchema = z.string().regex(/^\d{1,18}$/);
const timeSchema = z.string();

/** A message's text: plain text (shown as text, never as HTML), trimmed, 1–2000 characters. */
export const supportTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(supportLimits.textMaxChars)
  .refine((s) => !supportControlChars.test(s), 'must not contain control characters');

/** The sender's own key for a message: a retry with the same key stores nothing twice. */
export const supportClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/**
 * A message to send: text, an image, or both. `attachment` is base64 (optionally a
 * `data:image/…;base64,` URL) of a PNG or JPEG of at most 5 MB; the server looks at the bytes,
 * not at any name or declared type.
 */
export const supportSendBodySchema = z
  .object({
    clientId: supportClientIdSchema,
    text: supportTextSchema.optional(),
    attachment: z.string().min(1).max(supportAttachmentMaxChars).optional(),
  })
  .refine((b) => b.text !== undefined || b.attachment !== undefined, {
    message: 'a message needs text or an attachment',
    path: ['text'],
  });
export type SupportSendBody = z.infer<typeof supportSendBodySchema>;

/** A visitor opens a conversation with a name and a way to be reached (email or phone). */
export const supportVisitorStartSchema = z.object({
  name: z
    .string()
    .trim()
    .refine(isSupportName, `1–${supportLimits.nameMaxChars} characters, no control characters`),
  contact: z
    .string()
    .trim()
    .refine((v) => supportContactKind(v) !== null, 'an email address or a phone number'),
});

/** Members start with an empty body (they write as themselves); visitors send name and contact. */
export const supportStartBodySchema = z.object({
  name: z.string().max(200).optional(),
  contact: z.string().max(200).optional(),
});

export const supportAttachmentSchema = z
  .object({
    id: idSchema,
    mime: z.enum(supportAttachmentMimes),
    /** Decoded size in bytes. */
    size: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'SupportAttachment' });

export const supportAuthors = ['visitor', 'member', 'operator'] as const;
export type SupportAuthor = (typeof supportAuthors)[number];

export const supportMessageSchema = z
  .object({
    id: idSchema,
    conversationId: idSchema,
    author: z.enum(supportAuthors),
    /** The visitor's name, the member's nickname (else account), or the operator's username. */
    authorName: z.string(),
    /** Plain text; null for an image on its own. */
    text: z.string().nullable(),
    attachment: supportAttachmentSchema.nullable(),
    /** The sender's key, so the sender can match its optimistic copy. */
    clientId: z.string().nullable(),
    createdAt: timeSchema,
  })
  .meta({ id: 'SupportMessage' });
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportStatuses = ['open', 'closed'] as const;
export type SupportStatus = (typeof supportStatuses)[number];

/** A conversation as its participant sees it. */
export const supportConversationSchema = z
  .object({
    id: idSchema,
    status: z.enum(supportStatuses),
    name: z.string(),
    /** The operator who took the conversation (username); null while it waits in the queue. */
    assignedName: z.string().nullable(),
    createdAt: timeSchema,
    lastMessageAt: timeSchema,
    closedAt: timeSchema.nullable(),
  })
  .meta({ id: 'SupportConversation' });
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** A conversation as the brand's operators see it in the queue. */
export const opsSupportConversationSchema = supportConversationSchema
  .extend({
    kind: z.enum(['visitor', 'member']),
    /** Visitors: the contact they gave. */
    contact: z.string().nullable(),
    /** Members: who. */
    memberId: idSchema.nullable(),
    account: z.string().nullable(),
    assignedOperatorId: idSchema.nullable(),
    /** Participant messages no operator has read yet. */
    unread: z.number().int(),
    /** The last message's first characters (`[image]` for an image on its own). */
    lastMessagePreview: z.string(),
    closedBy: z.string().nullable(),
  })
  .meta({ id: 'OpsSupportConversation' });
export type OpsSupportConversation = z.infer<typeof opsSupportConversationSchema>;

export const supportHistoryQuerySchema = z.object({
  /** Messages older than this id (the oldest one shown); absent: the newest page. */
  before: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  limit: z.coerce.number().int().min(1).max(supportLimits.pageSizeMax).default(supportLimits.pageSize),
});

/** A page of history, oldest first; `hasMore`: older messages remain. */
export const supportHistorySchema = z.object({
  list: z.array(supportMessageSchema),
  hasMore: z.boolean(),
});

const attachmentReply = z.object({ mime: z.enum(supportAttachmentMimes), data: z.string() });

export const supportCannedReplySchema = z
  .object({
    id: idSchema,
    title: z.string(),
    body: z.string(),
    sortOrder: z.number().int(),
    updatedAt: timeSchema,
  })
  .meta({ id: 'SupportCannedReply' });
export type SupportCannedReply = z.infer<typeof supportCannedReplySchema>;

export const supportCannedBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1)
    .max(supportLimits.cannedTitleMaxChars)
    .refine((s) => !supportControlChars.test(s), 'must not contain control characters'),
  body: supportTextSchema,
  sortOrder: z.number().int().min(0).max(100_000).default(0),
});

const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });
const conversationParams = merchantParams.extend({ conversationId: idSchema });

export const supportRoutes = {
  supportImUrl: defineRoute({
    ...endpoints.supportImUrl,
    tag: 'support',
    summary:
      'Where the live chat talks (the original’s CS IM address): the real-time socket path, and whether an operator of the brand is online now.',
    reply: z.object({ url: z.string(), online: z.boolean() }),
  }),
  supportCurrent: defineRoute({
    ...endpoints.supportCurrent,
    tag: 'support',
    summary:
      'The caller’s conversation: the member’s latest (by session), or the visitor’s (header `X-Support-Token`); null when there is none or the token is unknown or expired. `as` says how the server saw the caller.',
    reply: z.object({
      as: z.enum(['member', 'visitor']),
      conversation: supportConversationSchema.nullable(),
      online: z.boolean(),
    }),
  }),
  supportStart: defineRoute({
    ...endpoints.supportStart,
    tag: 'support',
    summary:
      'Open a conversation. A member (by session) gets the open one back, or a new one; a visitor sends `name` and `contact` (an email address or a phone number) and gets a new conversation and its `token`, shown once and stored only as a hash. Rate-limited per IP.',
    body: supportStartBodySchema,
    reply: z.object({
      conversation: supportConversationSchema,
      /** Visitors only: the conversation token for `X-Support-Token` and the socket's `supportToken`. */
      token: z.string().nullable(),
      online: z.boolean(),
    }),
  }),
  supportMessages: defineRoute({
    ...endpoints.supportMessages,
    tag: 'support',
    summary: 'History of the caller’s conversation, newest page first (`before` pages back).',
    query: supportHistoryQuerySchema,
    reply: supportHistorySchema,
  }),
  supportSend: defineRoute({
    ...endpoints.supportSend,
    tag: 'support',
    summary:
      'Send a message in the caller’s open conversation (409 `support.conversation.closed` once closed). Idempotent by `clientId`. Rate-limited per conversation and per IP (429).',
    body: supportSendBodySchema,
    reply: supportMessageSchema,
  }),
  supportAttachment: defineRoute({
    ...endpoints.supportAttachment,
    tag: 'support',
    summary: 'An image of the caller’s own conversation (404 for any other).',
    params: z.object({ attachmentId: idSchema }),
    reply: attachmentReply,
  }),

  opsSupportList: defineRoute({
    ...endpoints.opsSupportList,
    tag: 'ops',
    summary:
      'The brand’s conversations: `open` (the queue, unassigned and unread first) or `closed` (history, newest first), paged; `q` matches a name, contact or account.',
    params: merchantParams,
    query: z.object({
      status: z.enum(supportStatuses).default('open'),
      q: z.string().trim().max(64).optional(),
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(30),
    }),
    reply: z.object({
      list: z.array(opsSupportConversationSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
      /** Whether any operator of the brand has the console open. */
      online: z.boolean(),
    }),
  }),
  opsSupportDetail: defineRoute({
    ...endpoints.opsSupportDetail,
    tag: 'ops',
    summary: 'One conversation of the brand.',
    params: conversationParams,
    reply: opsSupportConversationSchema,
  }),
  opsSupportMessages: defineRoute({
    ...endpoints.opsSupportMessages,
    tag: 'ops',
    summary: 'History of a conversation, newest page first (`before` pages back).',
    params: conversationParams,
    query: supportHistoryQuerySchema,
    reply: supportHistorySchema,
  }),
  opsSupportSend: defineRoute({
    ...endpoints.opsSupportSend,
    tag: 'ops',
    summary:
      'Answer in an open conversation; an unassigned one is assigned to the caller (audited). Idempotent by `clientId`.',
    params: conversationParams,
    body: supportSendBodySchema,
    reply: supportMessageSchema,
  }),
  opsSupportAssign: defineRoute({
    ...endpoints.opsSupportAssign,
    tag: 'ops',
    summary: 'Take an open conversation (assign it to the caller). Audited.',
    params: conversationParams,
    reply: opsSupportConversationSchema,
  }),
  opsSupportClose: defineRoute({
    ...endpoints.opsSupportClose,
    tag: 'ops',
    summary: 'Close a conversation; its history stays. Closing a closed one changes nothing. Audited.',
    params: conversationParams,
    reply: opsSupportConversationSchema,
  }),
  opsSupportRead: defineRoute({
    ...endpoints.opsSupportRead,
    tag: 'ops',
    summary: 'Mark the conversation’s messages read by the operators (clears the unread marker).',
    params: conversationParams,
    reply: opsSupportConversationSchema,
  }),
  opsSupportAttachment: defineRoute({
    ...endpoints.opsSupportAttachment,
    tag: 'ops',
    summary: 'An image of one of the brand’s conversations.',
    params: merchantParams.extend({ attachmentId: idSchema }),
    reply: attachmentReply,
  }),
  opsSupportCannedList: defineRoute({
    ...endpoints.opsSupportCannedList,
    tag: 'ops',
    summary: 'The brand’s canned replies, in order.',
    params: merchantParams,
    reply: z.object({ list: z.array(supportCannedReplySchema) }),
  }),
  opsSupportCannedCreate: defineRoute({
    ...endpoints.opsSupportCannedCreate,
    tag: 'ops',
    summary: 'Add a canned reply (at most 200 per brand). Audited.',
    params: merchantParams,
    body: supportCannedBodySchema,
    reply: supportCannedReplySchema,
  }),
  opsSupportCannedUpdate: defineRoute({
    ...endpoints.opsSupportCannedUpdate,
    tag: 'ops',
    summary: 'Replace a canned reply. Audited.',
    params: merchantParams.extend({ cannedId: idSchema }),
    body: supportCannedBodySchema,
    reply: supportCannedReplySchema,
  }),
  opsSupportCannedDelete: defineRoute({
    ...endpoints.opsSupportCannedDelete,
    tag: 'ops',
    summary: 'Delete a canned reply. Audited.',
    params: merchantParams.extend({ cannedId: idSchema }),
    reply: z.object({ deleted: z.literal(true) }),
  }),
};

/** What the server pushes about the live chat (docs/support.md "Events"). */
export const supportEvents = {
  /**
   * A new message: to the conversation's participant (the member's sockets, or the visitor's) and
   * to the brand's operators with the console open.
   */
  'support.message': z.object({ conversationId: idSchema, message: supportMessageSchema }),
  /** The conversation as the participant sees it changed: taken by an operator, or closed. */
  'support.status': supportConversationSchema,
  /** A queue row changed (new conversation, new message, assignment, read, close): console only. */
  'support.conversation': opsSupportConversationSchema,
  /** The other side is typing (sent at most every few seconds while it types). */
  'support.typing': z.object({ conversationId: idSchema, from: z.enum(['participant', 'operator']) }),
  /** Whether an operator of the brand is online: on `support.join` and whenever it changes. */
  'support.presence': z.object({ online: z.boolean() }),
} as const;

/** What a client may send about the live chat. */
export const supportClientEvents = {
  /**
   * The chat window (member) or the console (operator) is open: the socket hears presence changes,
   * and an operator's socket joins the brand's console room (roles `support` and `admin`).
   * Visitors' sockets are joined at the handshake; for them this only re-sends the presence.
   */
  'support.join': z.object({}),
  /** "I am typing": participants name nothing, operators name the conversation. */
  'support.typing': z.object({ conversationId: idSchema.optional() }),
} as const;
