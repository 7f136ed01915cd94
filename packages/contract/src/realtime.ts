import { z } from 'zod';

/**
 * The real-time channel (docs/realtime.md): one Socket.IO endpoint on the API's port. Every event
 * the server pushes and every message a client may send is named and typed here or in its
 * domain's contract file (inbox.ts, support.ts …); `socketEvents` in index.ts joins them.
 */

export { socketPath } from './endpoints.js';

/**
 * What the client sends in the handshake (`auth`): a member session token, an operator session
 * token, or a customer-service visitor's conversation token. `merchant` is the brand code (the
 * `Merchant` header of HTTP calls).
 */
export const socketAuthSchema = z.union([
  z.object({ token: z.string().min(20).max(100), merchant: z.string().max(32).optional() }),
  z.object({ opsToken: z.string().min(20).max(100), merchant: z.string().max(32).optional() }),
  z.object({ supportToken: z.string().min(20).max(100), merchant: z.string().max(32).optional() }),
]);
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** Why a socket's session ended; the web logs the user out with the matching message. */
export const sessionEndReasons = [
  'logout',
  'replaced',
  'expired',
  'password_changed',
  'password_reset',
  'revoked',
  'frozen',
] as const;

/** Events of the channel itself and of the wallet. */
export const realtimeEvents = {
  /**
   * After every ledger posting that touches one of the member's wallets (deposits, withdrawals,
   * transfers, adjustments, vendor bets and wins). `balance` is the wallet's balance after the
   * posting in minor units (an integer string); `wallet` is `MAIN` or a vendor wallet's code.
   */
  'balance.changed': z.object({
    wallet: z.string(),
    balance: z.string().regex(/^-?\d+$/),
    currency: z.string(),
    /** Server time of the posting (ms since the epoch): a client keeps the latest only. */
    at: z.number().int(),
  }),
  /** The socket's session ended (logout, another login, expiry, revocation); the socket closes next. */
  'session.ended': z.object({ reason: z.enum(sessionEndReasons) }),
  /** A new banner, marquee notice or popup was published for the brand. */
  'announcement.new': z.object({
    id: z.string(),
    type: z.string(),
    /** Title by language code; the client shows its language, else English. */
    title: z.record(z.string(), z.string()),
  }),
  /** The server refused a message from this client (the socket may be closed after it). */
  'socket.error': z.object({ code: z.string(), message: z.string() }),
  /** Answer to `topic.join`: the topic is joined, or refused with a code. */
  'topic.joined': z.object({ topic: z.string(), ok: z.boolean(), code: z.string().optional() }),
} as const;

/** Topic names: `<domain>:<key>`, letters, digits and `._:-`. */
export const topicSchema = z
  .string()
  .min(3)
  .max(100)
  .regex(/^[a-z][a-z0-9_-]*:[A-Za-z0-9._:-]+$/);

/** Messages a client may send on the channel itself. */
export const realtimeClientEvents = {
  /** Join a public topic that a domain opened (a lottery game's draws, a live table …). */
  'topic.join': z.object({ topic: topicSchema }),
  'topic.leave': z.object({ topic: topicSchema }),
} as const;

/** Limits every connection lives under (docs/realtime.md "Back-pressure and abuse"). */
export const socketLimits = {
  /** Largest frame a client may send, in bytes. */
  maxPayloadBytes: 16 * 1024,
  /** Messages a client may send per second, on average, and in a burst. */
  messagesPerSecond: 10,
  messageBurst: 30,
  /** Frames waiting to be written to one socket before it is dropped as a slow consumer. */
  maxQueuedFrames: 500,
} as const;

/** A map of event name → payload schema; each domain declares one. */
export type EventMap = Record<string, z.ZodType>;
export type EventPayload<M extends EventMap, N extends keyof M> = z.infer<M[N]>;
