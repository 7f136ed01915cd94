import type { Server as HttpServer } from 'node:http';
import {
  type SocketAuth,
  socketAuthSchema,
  socketEvents,
  socketClientEvents,
  socketLimits,
  socketPath,
  topicSchema,
} from '@arcadia/contract';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { type Socket, Server } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

type ServerEvents = typeof socketEvents;
type ClientEvents = typeof socketClientEvents;
export type ServerEventName = keyof ServerEvents & string;
export type ClientEventName = keyof ClientEvents & string;
export type ServerEventPayload<N extends ServerEventName> = z.input<ServerEvents[N]>;
export type ClientEventPayload<N extends ClientEventName> = z.infer<ClientEvents[N]>;

/** Who is on the other end of a socket, as an authenticator established it at the handshake. */
export interface SocketIdentity {
  kind: 'member' | 'trial' | 'operator' | 'visitor';
  merchantId: number;
  /** Member sockets: the member and the session the token belongs to. */
  memberId?: string;
  sessionId?: string;
  /** Operator sockets: the operator's id (null for the deployment key) and brand (null: every brand). */
  operatorId?: string | null;
  operatorMerchantId?: number | null;
  /** Customer-service visitors: their conversation. */
  conversationId?: string;
  /** Rooms joined at connection (beyond the defaults the hub adds for the kind). */
  rooms?: string[];
}

/**
 * Turns a handshake's credential into an identity, or null when the credential is not of its
 * kind; throws an AppError to refuse it.
 */
export type Authenticator = (auth: SocketAuth, merchantCode: string | null) => Promise<SocketIdentity | null>;

/** Rooms, named once. A room is per brand where it could collide across brands. */
export const rooms = {
  member: (memberId: string) => `m:${memberId}`,
  session: (sessionId: string) => `s:${sessionId}`,
  brand: (merchantId: number) => `b:${merchantId}`,
  /** Every operator socket that may act on the brand (brand-bound operators and all-brand ones). */
  operators: (merchantId: number) => `o:${merchantId}`,
  allBrandOperators: 'o:*',
  topic: (merchantId: number, topic: string) => `t:${merchantId}:${topic}`,
  /** Customer service (docs/support.md): a visitor's conversation, the brand's open consoles, and
   * the chat windows that hear whether an operator is online. */
  supportConversation: (conversationId: string) => `sc:${conversationId}`,
  supportAgents: (merchantId: number) => `sa:${merchantId}`,
  supportWatchers: (merchantId: number) => `sw:${merchantId}`,
};

/** Decides whether an identity may join a topic of a given domain prefix (`lottery`, `table` …). */
export type TopicGuard = (identity: SocketIdentity, key: string) => boolean | Promise<boolean>;

export type ClientHandler<N extends ClientEventName> = (
  identity: SocketIdentity,
  payload: ClientEventPayload<N>,
  socket: Socket,
) => unknown;

export interface RealtimeHubOptions {
  httpServer: HttpServer;
  /** Cross-instance delivery through Redis (Socket.IO's Redis adapter) when set; in-process otherwise. */
  redisUrl?: string;
  /** Prefix of the adapter's Redis channels. */
  redisPrefix?: string;
  authenticators: Authenticator[];
  /**
   * Of these member sessions, the ones that have ended (and why): called every `sweepMs` with the
   * sessions of this instance's sockets, so expiry closes sockets even when no event announces it.
   */
  endedSessions?: (
    sessionIds: string[],
  ) => Promise<Map<string, z.infer<ServerEvents['session.ended']>['reason']>>;
  /** Validate every published payload against its contract schema (development and tests). */
  validate: boolean;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  sweepMs?: number;
  limits?: Partial<typeof socketLimits>;
}

/**
 * The one real-time channel (docs/realtime.md): Socket.IO on the API's HTTP server at `/ws`,
 * WebSocket transport only (no long-polling, so no sticky sessions behind a load balancer).
 * Publishing goes through the typed functions here; with Redis every instance's sockets hear it.
 */
export async function createRealtimeHub(options: RealtimeHubOptions) {
  const limits = { ...socketLimits, ...options.limits };
  const io = new Server(options.httpServer, {
    path: socketPath,
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: limits.maxPayloadBytes,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    connectTimeout: 10_000,
    // Same origin only; the site and the socket share one host and port.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const host = req.headers.host;
      callback(null, !origin || !host || new URL(origin).host === host);
    },
  });

  let redis: { pub: Redis; sub: Redis } | null = null;
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redis = { pub, sub };
    io.adapter(createAdapter(pub, sub, { key: `${options.redisPrefix ?? 'arcadia'}:io` }));
  }

  const guards = new Map<string, TopicGuard>();
  const handlers = new Map<string, ClientHandler<ClientEventName>>();

  function check<N extends ServerEventName>(event: N, payload: ServerEventPayload<N>): unknown {
    if (!options.validate) return payload;
    const result = socketEvents[event].safeParse(payload);
    if (!result.success) throw new Error(`socket event ${event}: ${result.error.message}`);
    return result.data;
  }

  io.use(async (socket, next) => {
    try {
      const parsed = socketAuthSchema.safeParse(socket.handshake.auth);
      if (!parsed.success) throw new AppError('login.not.session');
      const header = socket.handshake.headers.merchant;
      const merchant = parsed.data.merchant ?? (typeof header === 'string' && header !== '' ? header : null);
      let identity: SocketIdentity | null = null;
      for (const authenticate of options.authenticators) {
        identity = await authenticate(parsed.data, merchant ? merchant.toLowerCase() : null);
        if (identity) break;
      }
      if (!identity) throw new AppError('login.not.session');
      socket.data.identity = identity;
      next();
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'system.error';
      if (!(err instanceof AppError)) options.log.error({ err }, 'socket authentication failed');
      const refusal = new Error(err instanceof AppError ? err.message : 'system error') as Error & {
        data?: unknown;
      };
      refusal.data = { code };
      next(refusal);
    }
  });

  function refuse(socket: Socket, code: string, message: string, close: boolean) {
    socket.emit('socket.error', { code, message });
    if (close) socket.disconnect(true);
  }

  io.on('connection', (socket) => {
    const identity = socket.data.identity as SocketIdentity;
    const joined: string[] = [...(identity.rooms ?? [])];
    if (identity.kind === 'member') {
      joined.push(
        rooms.member(identity.memberId!),
        rooms.session(identity.sessionId!),
        rooms.brand(identity.merchantId),
      );
    } else if (identity.kind === 'trial') {
      // Trial accounts hear public topics only; their session room lets logout close the socket.
      joined.push(rooms.session(identity.sessionId!), rooms.brand(identity.merchantId));
    } else if (identity.kind === 'operator') {
      joined.push(
        identity.operatorMerchantId == null
          ? rooms.allBrandOperators
          : rooms.operators(identity.operatorMerchantId),
      );
    }
    void socket.join(joined);

    // A token bucket per connection: past the burst, the socket is told and closed.
    let tokens: number = limits.messageBurst;
    let refilled = Date.now();
    socket.use(([event, payload], next) => {
      const now = Date.now();
      tokens = Math.min(limits.messageBurst, tokens + ((now - refilled) / 1000) * limits.messagesPerSecond);
      refilled = now;
      if (tokens < 1) return refuse(socket, 'rate.limited', 'too many messages', true);
      tokens -= 1;
      const schema = (socketClientEvents as Record<string, z.ZodType>)[event];
      if (!schema) return refuse(socket, 'unknown.event', `unknown message ${String(event)}`, true);
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        return refuse(
          socket,
          'request_param_err',
          `malformed ${event}: ${parsed.error.issues[0]?.message}`,
          true,
        );
      const handler = handlers.get(event);
      if (!handler) return refuse(socket, 'unknown.event', `unknown message ${event}`, true);
      Promise.resolve()
        .then(() => handler(identity, parsed.data as never, socket))
        .catch((err: unknown) => {
          if (err instanceof AppError) refuse(socket, err.code, err.message, false);
          else {
            options.log.error({ err, event }, 'socket handler failed');
            refuse(socket, 'system.error', 'system error', false);
          }
        });
      next();
    });
    // Every message went through the middleware above; nothing else listens.
  });

  // Topics: a domain opens a prefix with a guard; `topic.join` asks it.
  handlers.set('topic.join', async (identity, payload, socket) => {
    const { topic } = payload as ClientEventPayload<'topic.join'>;
    const [prefix, ...rest] = topic.split(':');
    const guard = guards.get(prefix!);
    const ok = !!guard && (await guard(identity, rest.join(':')));
    if (ok) await socket.join(rooms.topic(identity.merchantId, topic));
    socket.emit('topic.joined', { topic, ok, ...(ok ? {} : { code: 'topic.refused' }) });
  });
  handlers.set('topic.leave', async (identity, payload, socket) => {
    const { topic } = payload as ClientEventPayload<'topic.leave'>;
    await socket.leave(rooms.topic(identity.merchantId, topic));
  });

  // Sweeps: slow consumers are dropped (never buffered without bound); ended sessions are closed.
  const sweepMs = options.sweepMs ?? 30_000;
  let sweeping = false;
  const slowTimer = setInterval(() => {
    for (const socket of io.sockets.sockets.values()) {
      const queued = (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
      if (queued > limits.maxQueuedFrames) {
        options.log.warn({ queued }, 'dropping a slow socket');
        socket.disconnect(true);
      }
    }
  }, 1000);
  slowTimer.unref();
  const sessionTimer = setInterval(() => {
    if (sweeping || !options.endedSessions) return;
    sweeping = true;
    void sweepSessions().finally(() => {
      sweeping = false;
    });
  }, sweepMs);
  sessionTimer.unref();

  async function sweepSessions() {
    const bySession = new Map<string, Socket[]>();
    for (const socket of io.sockets.sockets.values()) {
      const id = (socket.data.identity as SocketIdentity).sessionId;
      if (!id) continue;
      const list = bySession.get(id);
      if (list) list.push(socket);
      else bySession.set(id, [socket]);
    }
    if (bySession.size === 0) return;
    try {
      const ids = [...bySession.keys()];
      for (let i = 0; i < ids.length; i += 1000) {
        const ended = await options.endedSessions!(ids.slice(i, i + 1000));
        for (const [sessionId, reason] of ended) {
          for (const socket of bySession.get(sessionId) ?? []) {
            socket.emit('session.ended', { reason });
            socket.disconnect(true);
          }
        }
      }
    } catch (err) {
      options.log.error({ err }, 'session sweep failed');
    }
  }

  const emitTo = <N extends ServerEventName>(
    room: string | string[],
    event: N,
    payload: ServerEventPayload<N>,
  ) => {
    io.to(room).emit(event, check(event, payload) as never);
  };

  return {
    io,
    /** To every socket of the member (every tab, every instance). Trial sockets never hear it. */
    toMember<N extends ServerEventName>(memberId: string, event: N, payload: ServerEventPayload<N>) {
      emitTo(rooms.member(memberId), event, payload);
    },
    /** To every socket of the brand: members, trial accounts. */
    toBrand<N extends ServerEventName>(merchantId: number, event: N, payload: ServerEventPayload<N>) {
      emitTo(rooms.brand(merchantId), event, payload);
    },
    /** To the operators who may act on the brand (its own and the all-brand ones). */
    toOperators<N extends ServerEventName>(merchantId: number, event: N, payload: ServerEventPayload<N>) {
      emitTo([rooms.operators(merchantId), rooms.allBrandOperators], event, payload);
    },
    /** To the sockets that joined a topic (`lottery:TXFFC`, `table:12` …) of the brand. */
    toTopic<N extends ServerEventName>(
      merchantId: number,
      topic: string,
      event: N,
      payload: ServerEventPayload<N>,
    ) {
      topicSchema.parse(topic);
      emitTo(rooms.topic(merchantId, topic), event, payload);
    },
    /** To a named room (see `rooms`). */
    toRoom: emitTo,
    /** Sockets that joined a topic of the brand, on every instance (asks the adapter: not for hot paths). */
    async topicSize(merchantId: number, topic: string): Promise<number> {
      return (await io.in(rooms.topic(merchantId, topic)).fetchSockets()).length;
    },
    /** Opens a topic prefix: `topic.join` of `<prefix>:<key>` asks the guard. */
    openTopics(prefix: string, guard: TopicGuard) {
      guards.set(prefix, guard);
    },
    /** Handles a client message named in the contract (validated before it gets here). */
    handle<N extends ClientEventName>(event: N, handler: ClientHandler<N>) {
      if (handlers.has(event)) throw new Error(`socket message ${event} already handled`);
      handlers.set(event, handler as unknown as ClientHandler<ClientEventName>);
    },
    /** Tells the sessions' sockets why they end, then closes them (on every instance). */
    endSessions(sessionIds: string[], reason: z.infer<ServerEvents['session.ended']>['reason']) {
      if (sessionIds.length === 0) return;
      const targets = sessionIds.map(rooms.session);
      emitTo(targets, 'session.ended', { reason });
      io.in(targets).disconnectSockets(true);
    },
    /** Sockets connected to this instance. */
    localCount: () => io.engine.clientsCount,
    sweepSessions,
    /** Closes every socket of this instance, then the engine and the adapter (not the HTTP server). */
    async close() {
      clearInterval(slowTimer);
      clearInterval(sessionTimer);
      io.local.disconnectSockets(true);
      io.engine.close();
      await io.of('/').adapter.close?.();
      if (redis) {
        redis.sub.disconnect();
        redis.pub.disconnect();
      }
    },
  };
}

export type RealtimeHub = Awaited<ReturnType<typeof createRealtimeHub>>;
