// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { DomainEventBus } from '../../lib/domain-events.js';
import type { AppModule } from '../../lib/app-module.js';
import type { RouteHooks } from '../../plugins/routes.js';
import type { MemberService } from '../member/index.js';
import type { ThrottleService } from '../throttle/index.js';
import type { VerificationService } from '../verification/index.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { createCaptchaService } from './captcha.service.js';
import { createKeyService } from './keys.service.js';
import { createSessionRepository } from './session.repository.js';
import { type SessionOptions, createSessionService } from './session.service.js';

/**
 * Member sessions (hashed tokens, idle and absolute expiry), login and its second factor, free play,
 * the RSA keys of the encrypted-body envelope and the captchas.
 */
export function createAuthModule(deps: {
  db: Kysely<Database>;
  config: Pick<
    Config,
    'SESSION_IDLE_MINUTES' | 'SESSION_MAX_HOURS' | 'SINGLE_SESSION' | 'DEMO' | 'CAPTCHA_TEST_CODE'
  >;
  members: MemberService;
  throttle: ThrottleService;
  verification: VerificationService;
  /** Every session this module ends is told to the others as `session.ended` (sockets close). */
  events: DomainEventBus;
  log: { error(obj: unknown, msg?: string): void };
  /** The member's own session time limit (responsible gaming), if any: a login lasts no longer. */
  limitMs: SessionOptions['limitMs'];
}) {
  const { db, config, members, throttle, verification, events, log } = deps;
  const sessionRepository = createSessionRepository(db);
  const sessions = createSessionService(sessionRepository, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_MAX_HOURS * 3_600_000,
    singleSession: config.SINGLE_SESSION,
    limitMs: deps.limitMs,
    onEnded: (sessionIds, reason) =>
      void events
        .emit('session.ended', { sessionIds, reason })
        .catch((err: unknown) => log.error({ err }, 'session.ended not handled')),
  });
  const keys = createKeyService(db);
  const captcha = createCaptchaService(db, {
    // A demo convenience for automated tests; production never honours a test code.
    testCode: config.DEMO ? config.CAPTCHA_TEST_CODE : undefined,
  });
  const auth = createAuthService({ members, sessions, sessionRepository, throttle, captcha, verification });
  const face = {
    name: 'auth',
    auth,
    sessions,
    sessionRepository,
    keys,
    captcha,
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerAuthRoutes(app, hooks, {
        auth,
        sessions,
        keys,
        captcha,
        verification,
        members,
        demo: config.DEMO,
      });
    },
  };
  return face satisfies AppModule;
}

export type AuthModule = ReturnType<typeof createAuthModule>;

export * from './session.service.js';
export * from './session.repository.js';
export * from './keys.service.js';
export * from './captcha.service.js';
export * from './auth.service.js';
