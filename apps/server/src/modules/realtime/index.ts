import { sessionEndReasons } from '@arcadia/contract';
import { isTrialType } from '@arcadia/contract/client';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { AppModule } from '../../lib/app-module.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import type { SessionService } from '../auth/index.js';
import type { BrandService } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { OperatorService } from '../operator/index.js';
import { type Authenticator, createRealtimeHub } from './realtime.hub.js';

export { rooms, type RealtimeHub, type SocketIdentity, type Authenticator } from './realtime.hub.js';

type EndReason = (typeof sessionEndReasons)[number];
const endReason = (reason: string): EndReason =>
  (sessionEndReasons as readonly string[]).includes(reason) ? (reason as EndReason) : 'revoked';

/**
 * The real-time channel (docs/realtime.md): the Socket.IO hub on the app's HTTP server, member
 * and operator authentication at the handshake, `balance.changed` after every posting and
 * `session.ended` when a session ends (the `session.ended` domain event). Other modules publish
 * through `hub`.
 */
export async function createRealtimeModule(deps: {
  app: FastifyInstance;
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX' | 'SOCKET_SESSION_SWEEP_MS' | 'DEFAULT_MERCHANT'>;
  brands: BrandService;
  ledger: LedgerService;
  operators: OperatorService;
  sessions: SessionService;
  /** The in-process domain events: `session.ended` closes the sockets of sessions that ended. */
  events: DomainEventBus;
  /** Check every outgoing event against its contract schema (default: outside production). */
  validate?: boolean;
  /** Extra handshake credentials (customer-service visitors …), tried after members and operators. */
  authenticators?: Authenticator[];
}) {
  const { app, brands } = deps;
  const brandOf = async (code: string | null) => {
    const c = code ?? deps.config.DEFAULT_MERCHANT;
    return brands.cached(c) ?? brands.get(c);
  };

  const member: Authenticator = async (auth, merchant) => {
    if (!('token' in auth)) return null;
    const brand = await brandOf(merchant);
    const session = await deps.sessions.authenticate(auth.token, brand.id);
    return {
      kind: isTrialType(session.member.type) ? 'trial' : 'member',
      merchantId: brand.id,
      memberId: session.member.id,
      sessionId: session.sessionId,
    };
  };
  const operator: Authenticator = async (auth, merchant) => {
    if (!('opsToken' in auth)) return null;
    const identity = await deps.operators.authenticate(auth.opsToken);
    const brand = await brandOf(merchant ?? identity.merchantCode);
    if (identity.merchantId !== null && identity.merchantId !== brand.id) throw new AppError('forbidden');
    return {
      kind: 'operator',
      merchantId: brand.id,
      operatorId: identity.id,
      operatorMerchantId: identity.merchantId,
    };
  };
  const extra: Authenticator[] = [];

  const hub = await createRealtimeHub({
    httpServer: app.server,
    redisUrl: deps.config.REDIS_URL,
    redisPrefix: deps.config.REDIS_PREFIX,
    sweepMs: deps.config.SOCKET_SESSION_SWEEP_MS,
    authenticators: [member, operator, (auth, merchant) => tryEach(extra, auth, merchant)],
    validate: deps.validate ?? process.env.NODE_ENV !== 'production',
    log: app.log,
    endedSessions: async (ids) =>
      new Map((await deps.sessions.endedAmong(ids)).map((r) => [r.id, endReason(r.reason)])),
  });

  deps.ledger.onBalance((changes) => {
    for (const c of changes) {
      hub.toMember(c.memberId, 'balance.changed', {
        wallet: c.wallet,
        balance: c.balance.toString(),
        currency: c.currency,
        at: c.at,
      });
    }
  });

  deps.events.on('session.ended', ({ sessionIds, reason }) => {
    hub.endSessions([...sessionIds], endReason(reason));
  });

  // Sockets close before the HTTP server stops waiting for its connections.
  app.addHook('preClose', async () => hub.close());

  const face = {
    name: 'realtime',
    hub,
    /** Adds a handshake credential kind (tried after members and operators). */
    addAuthenticator(authenticator: Authenticator) {
      extra.push(authenticator);
    },
  };
  return face satisfies AppModule;
}

async function tryEach(list: Authenticator[], ...args: Parameters<Authenticator>) {
  for (const authenticate of list) {
    const identity = await authenticate(...args);
    if (identity) return identity;
  }
  return null;
}

export type RealtimeModule = Awaited<ReturnType<typeof createRealtimeModule>>;
export type * from './realtime.hub.js';
