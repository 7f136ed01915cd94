// The module's face: other modules import from here (docs/ARCHITECTURE.md).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
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
  members: MemberService;
  throttle: ThrottleService;
  verification: VerificationService;
  sessions: SessionOptions;
  /** The captcha code automated tests may answer with (demo mode only; production never honours one). */
  captchaTestCode?: string | undefined;
  /** Demo mode: expose the development outbox. */
  demo: boolean;
}) {
  const { db, members, throttle, verification } = deps;
  const sessionRepository = createSessionRepository(db);
  const sessions = createSessionService(sessionRepository, deps.sessions);
  const keys = createKeyService(db);
  const captcha = createCaptchaService(db, { testCode: deps.captchaTestCode });
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
        demo: deps.demo,
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
