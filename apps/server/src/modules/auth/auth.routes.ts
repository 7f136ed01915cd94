import { authRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { unwrapRsa } from '../../lib/body-crypto.js';
import { setReplyCookie } from '../../lib/cookies.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import { phoneKey, type VerificationService } from '../verification/index.js';
import type { AuthService } from './auth.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { KeyService } from './keys.service.js';
import type { SessionService } from './session.service.js';
import type { MemberService } from '../member/index.js';

export interface AuthRouteDeps {
  auth: AuthService;
  sessions: SessionService;
  keys: KeyService;
  captcha: CaptchaService;
  verification: VerificationService;
  members: MemberService;
  /** Demo mode: expose the development outbox. */
  demo: boolean;
}

export function registerAuthRoutes(app: FastifyInstance, hooks: RouteHooks, deps: AuthRouteDeps) {
  const { auth, sessions, keys, captcha, verification, members } = deps;

  registerRoute(app, hooks, authRoutes.sessionKey, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return keys.publicKey();
  });

  registerRoute(app, hooks, authRoutes.sessionLogin, async ({ brand, body, client }) =>
    auth.login(brand, body, client),
  );

  registerRoute(app, hooks, authRoutes.sessionLoginVerification, async ({ brand, body, client }) =>
    auth.verifyLogin(brand, body, client),
  );

  registerRoute(app, hooks, authRoutes.sessionFreePlay, async ({ brand, request, client }) => {
    // The original's anti-bot handshake: gateway version 3 and 32 random characters under RSA.
    if (request.headers['x-gateway-version'] !== '3')
      throw new AppError('request_param_err', { fields: { 'X-Gateway-Version': 'must be 3' } });
    const header = request.headers.encryption;
    let nonce = '';
    try {
      nonce = unwrapRsa(typeof header === 'string' ? header : undefined, await keys.privateKeys());
    } catch {
      throw new AppError('request_body_required');
    }
    if (!/^[A-Za-z0-9]{32}$/.test(nonce))
      throw new AppError('request_decrypt_failed', { reason: 'nonce_invalid' });
    return auth.freePlay(brand, client);
  });

  registerRoute(app, hooks, authRoutes.sessionLogout, async ({ session }) => {
    await sessions.revoke(session!.sessionId, 'logout');
    return { loggedOut: true as const };
  });

  registerRoute(app, hooks, authRoutes.smsLoginCode, async ({ brand, body, client }) => {
    const member = await members.findByMobile(brand.id, body.countryDialingCode, body.mobileNum);
    const destination = phoneKey(body.countryDialingCode, body.mobileNum);
    // Unknown numbers get the same answer (and no SMS), so the call cannot probe for members.
    if (!member) return { expiredMinutes: 5 };
    return verification.send({
      merchantId: brand.id,
      purpose: 'login',
      channel: 'sms',
      destination,
      clientKey: client.ip,
      brandName: brand.name,
    });
  });

  registerRoute(app, hooks, authRoutes.captcha, async ({ reply }) => {
    const { id, png } = await captcha.create();
    reply.header('cache-control', 'no-store');
    setReplyCookie(reply, {
      name: 'captchaId',
      value: id,
      path: '/wps',
      httpOnly: true,
      sameSite: 'strict',
      maxAge: 300,
    });
    return png;
  });

  registerRoute(app, hooks, authRoutes.devOutbox, async ({ brand, query }) => {
    if (!deps.demo) throw new AppError('not.found');
    return verification.outbox(brand.id, query.to);
  });
}
