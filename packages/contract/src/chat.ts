import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { idempotencyKeySchema } from './wallet.js';

/*
 * Live chat rooms with hosts (spec §1 "live chat models", §2 the chat room; reference §2.6 CBS_*;
 * docs/chat.md). A host is a member account an operator appointed; each host has one room. Members
 * chat in it, tip the host (a ledger transfer with the brand's commission), and the host or an
 * operator mutes members and removes messages. The original's relay names where it had them.
 */

const modelIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
const merchantParams = z.object({ merchantCode: z.string().min(1).max(32) });

/** Longest chat message, characters. */
export const CHAT_MESSAGE_MAX = 300;

export const chatHostSchema = z.object({
  modelId: modelIdSchema,
  nickname: z.string(),
  bio: z.string(),
  status: z.enum(['online', 'offline']),
  /** Sockets in the room now. */
  viewers: z.number().int(),
  /** The brand's share of a tip, percent. */
  commissionPercent: z.number(),
});
export type ChatHost = z.infer<typeof chatHostSchema>;

export const chatMessageSchema = z.object({
  messageId: idSchema,
  modelId: modelIdSchema,
  /** The sender's nickname (or masked account); the host's messages carry `host: true`. */
  sender: z.string(),
  senderId: idSchema,
  host: z.boolean(),
  kind: z.enum(['text', 'tip']),
  text: z.string(),
  /** A tip's amount, minor units. */
  amount: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A message: what the room's composer validates with. */
export const chatSendBodySchema = z.object({
  modelId: modelIdSchema,
  text: z.string().trim().min(1).max(CHAT_MESSAGE_MAX),
});
/** A tip: what the tip form validates with (the amount in minor units). */
export const chatTipBodySchema = z.object({
  modelId: modelIdSchema,
  amount: z.string().regex(/^[1-9][0-9]{0,15}$/),
  requestId: idempotencyKeySchema,
});

export const chatRoutes = {
  chatModelList: defineRoute({
    ...endpoints.chatModelList,
    tag: 'chat',
    summary: "The brand's hosts (chat models) with their status and viewers, online first.",
    reply: z.object({ list: z.array(chatHostSchema) }),
  }),
  chatLaunch: defineRoute({
    ...endpoints.chatLaunch,
    tag: 'chat',
    summary: "Opens a host's room: the address of the chat room page (`chatUrl`), as the original answered.",
    query: z.object({ modelId: modelIdSchema }),
    reply: z.object({ chatUrl: z.string() }),
  }),
  chatUnread: defineRoute({
    ...endpoints.chatUnread,
    tag: 'chat',
    summary: 'Messages the member has not read, per room they have visited, and the total.',
    reply: z.object({
      total: z.number().int(),
      rooms: z.array(z.object({ modelId: modelIdSchema, unread: z.number().int() })),
    }),
  }),
  chatPermission: defineRoute({
    ...endpoints.chatPermission,
    tag: 'chat',
    summary:
      "What the member may do in a room: chat (not while muted), tip (a real account, not the host), moderate (the room's host).",
    query: z.object({ modelId: modelIdSchema }),
    reply: z.object({
      canChat: z.boolean(),
      canTip: z.boolean(),
      canModerate: z.boolean(),
      mutedUntil: z.iso.datetime().nullable(),
    }),
  }),
  chatMessages: defineRoute({
    ...endpoints.chatMessages,
    tag: 'chat',
    summary: "A room's messages, newest last (`before` pages back); reading them marks the room read.",
    query: z.object({
      modelId: modelIdSchema,
      before: idSchema.optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    reply: z.object({ host: chatHostSchema, list: z.array(chatMessageSchema) }),
  }),
  chatSend: defineRoute({
    ...endpoints.chatSend,
    tag: 'chat',
    summary: `Sends a message to a room (plain text, at most ${CHAT_MESSAGE_MAX} characters). Errors: \`chat.muted\`, \`chat.room_unknown\`, \`TOO_MANY_REQUESTS\`.`,
    body: chatSendBodySchema,
    reply: chatMessageSchema,
  }),
  chatTip: defineRoute({
    ...endpoints.chatTip,
    tag: 'chat',
    summary:
      "Tips the room's host from the main wallet: the host is credited the tip less the brand's commission (`TIP`), once per `requestId`. Errors: `chat.room_unknown`, `chat.tip_refused` (trial accounts, the host itself), `wallet.insufficient`.",
    body: chatTipBodySchema,
    reply: z.object({ message: chatMessageSchema, balance: z.string() }),
  }),
  chatModerate: defineRoute({
    ...endpoints.chatModerate,
    tag: 'chat',
    summary:
      "The room's host removes a message, or mutes (for `minutes`) or unmutes a member. Errors: `forbidden` (not this room's host), `not.found`.",
    body: z.discriminatedUnion('action', [
      z.object({ modelId: modelIdSchema, action: z.literal('remove'), messageId: idSchema }),
      z.object({
        modelId: modelIdSchema,
        action: z.literal('mute'),
        memberId: idSchema,
        minutes: z.number().int().min(1).max(10_080),
      }),
      z.object({ modelId: modelIdSchema, action: z.literal('unmute'), memberId: idSchema }),
    ]),
    reply: z.object({ ok: z.literal(true) }),
  }),
  chatHostStatus: defineRoute({
    ...endpoints.chatHostStatus,
    tag: 'chat',
    summary: 'A host goes online or offline in its room. Errors: `forbidden` (not a host).',
    body: z.object({ status: z.enum(['online', 'offline']) }),
    reply: chatHostSchema,
  }),
  opsChatHost: defineRoute({
    ...endpoints.opsChatHost,
    tag: 'ops',
    summary:
      'Appoints a member of the brand as a host (or updates its nickname, bio, commission); `active: false` retires it. Audited. Errors: `not.found` (no such member).',
    params: merchantParams,
    body: z.object({
      account: z.string().trim().min(1).max(64),
      nickname: z.string().trim().min(1).max(40),
      bio: z.string().trim().max(300).default(''),
      commissionPercent: z.number().int().min(0).max(90).default(20),
      active: z.boolean().default(true),
      reason: z.string().trim().min(3).max(500),
    }),
    reply: chatHostSchema,
  }),
  opsChatModerate: defineRoute({
    ...endpoints.opsChatModerate,
    tag: 'ops',
    summary: 'An operator removes a message from a room of the brand. Audited. Errors: `not.found`.',
    params: merchantParams,
    body: z.object({ messageId: idSchema, reason: z.string().trim().min(3).max(500) }),
    reply: z.object({ ok: z.literal(true) }),
  }),
} as const;

/** Socket events of the domain (docs/realtime.md). */
export const chatEvents = {
  /** On the public topic `chat:<modelId>`: a message or a tip. */
  'chat.message': chatMessageSchema,
  /** On the public topic `chat:<modelId>`: a message was removed by the host or an operator. */
  'chat.removed': z.object({ modelId: modelIdSchema, messageId: idSchema }),
  /** On the public topic `chat:<modelId>`: the host went online or offline. */
  'chat.host': chatHostSchema,
} as const;
