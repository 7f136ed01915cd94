import { type RegisterBody, authRoutes } from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { type RouteHooks, type ClientInfo, registerRoute } from '../../plugins/routes.js';
import type { AuthService } from '../auth/index.js';
import type { CaptchaService } from '../auth/index.js';
import type { SessionService } from '../auth/index.js';
import type { Brand } from '../brand/index.js';
import type { Messenger } from '../verification/index.js';
import { phoneKey, type VerificationService } from '../verification/index.js';
import { checkMobile, type MemberService } from './member.service.js';

export interface MemberRouteDeps {
  members: MemberService;
  auth: AuthService;
  sessions: SessionService;
  captcha: CaptchaService;
  verification: VerificationService;
  messenger: Messenger;
  /** Told after the login password was changed or reset (an inbox notice); not awaited. */
  onPasswordChanged?: (brand: Brand, memberId: string) => void;
  /**
   * Told after a member registered, before the reply (a referral code becomes a referral). A
   * failure here is logged and does not undo the registration.
   */
  onRegistered?: (brand: Brand, memberId: string, body: RegisterBody, client: ClientInfo) => Promise<void>;
}

export function registerMemberRoutes(app: FastifyInstance, hooks: RouteHooks, deps: MemberRouteDeps) {
  const { members, auth, sessions, captcha, verification, messenger } = deps;

  async function register(brand: Brand, mode: 'username' | 'mobile', body: RegisterBody, client: ClientInfo) {
    if (brand.registerRules.captcha.enabled && brand.modules.CAPTCHA3)
      await captcha.verify(client.captchaId, body.captcha);
    // Mobile registration, or username registration with REGMOBVERF3, proves the phone first.
    const needsCode = mode === 'mobile' || (!!brand.modules.REGMOBVERF3 && !!body.mobileNum);
    if (mode === 'mobile' && (!body.mobileNum || !body.countryDialingCode)) {
      throw new AppError('request_param_err', { fields: { mobileNum: 'required' } });
    }
    if (
      mode === 'username' &&
      brand.modules.REGMOBVERF3 &&
      brand.registerRules.mobileNum.required &&
      !body.mobileNum
    ) {
      throw new AppError('request_param_err', { fields: { mobileNum: 'required' } });
    }
    if (needsCode) {
      if (!body.verificationCode)
        throw new AppError('verification.code.invalid', { fields: { verificationCode: 'required' } });
      checkMobile(body.countryDialingCode!, body.mobileNum!);
      await verification.verify({
        merchantId: brand.id,
        purpose: 'register',
        destination: phoneKey(body.countryDialingCode!, body.mobileNum!),
        code: body.verificationCode,
      });
    }
    const id = await members.register(brand, mode, body, client.ip);
    if (deps.onRegistered) {
      try {
        await deps.onRegistered(brand, id, body, client);
      } catch (err) {
        app.log.warn({ err, memberId: id }, 'after-registration step failed');
      }
    }
    const member = await members.findById(brand.id, id);
    return auth.finishLogin(brand, member!, 'username', client);
  }

  registerRoute(app, hooks, authRoutes.register, async ({ brand, body, client }) => {
    if (!brand.modules.USERNAMEREG3 && brand.modules.MOBILENUMREG3) throw new AppError('function.disabled');
    return register(brand, 'username', body, client);
  });

  registerRoute(app, hooks, authRoutes.registerMobile, async ({ brand, body, client }) =>
    register(brand, 'mobile', body, client),
  );

  registerRoute(app, hooks, authRoutes.smsRegisterCode, async ({ brand, body, client }) => {
    checkMobile(body.countryDialingCode, body.mobileNum);
    if (await members.findByMobile(brand.id, body.countryDialingCode, body.mobileNum)) {
      throw new AppError('mobile.exists', { fields: { mobileNum: 'taken' } });
    }
    return verification.send({
      merchantId: brand.id,
      purpose: 'register',
      channel: 'sms',
      destination: phoneKey(body.countryDialingCode, body.mobileNum),
      clientKey: client.ip,
      brandName: brand.name,
    });
  });

  registerRoute(app, hooks, authRoutes.affiliateCheck, async ({ brand, query }) => {
    const found = await members.findAffiliate(brand.id, query.code);
    if (!found) throw new AppError('invitation_code_error');
    return { code: found.code, valid: true as const };
  });

  registerRoute(app, hooks, authRoutes.memberInfo, async ({ brand, session }) =>
    members.info(brand, session!.member.id),
  );

  registerRoute(app, hooks, authRoutes.memberIcon, async ({ brand, session }) => {
    const m = await members.findById(brand.id, session!.member.id);
    return { avatar: m?.avatar ?? '0', avatarType: 'STATIC' as const };
  });

  registerRoute(app, hooks, authRoutes.memberFirstLogin, async ({ session }) => {
    await members.update(session!.member.id, { first_login_done: true });
    return { firstTimeLogin: false as const };
  });

  registerRoute(app, hooks, authRoutes.memberLanguage, async ({ session, body }) => {
    await members.update(session!.member.id, { language: body.language });
    return { language: body.language };
  });

  registerRoute(app, hooks, authRoutes.changePassword, async ({ brand, session, body }) => {
    const s = session!;
    await members.changePassword(brand, s.member.id, body, s.mustChangePassword);
    // A changed password ends every other session of the member.
    await sessions.revokeAllForMember(s.member.id, 'password_changed', s.sessionId);
    if (s.mustChangePassword) await sessions.clearMustChange(s.sessionId);
    deps.onPasswordChanged?.(brand, s.member.id);
    return { changed: true as const };
  });

  registerRoute(app, hooks, authRoutes.forgotByEmail, async ({ brand, body, client }) =>
    auth.forgotByEmail(brand, body, client, (to, text) =>
      messenger.send({ merchantId: brand.id, channel: 'email', to, text, code: null }),
    ),
  );

  registerRoute(app, hooks, authRoutes.resetSmsCode, async ({ brand, body, client }) => {
    checkMobile(body.countryDialingCode, body.mobileNum);
    const member = await members.findByMobile(brand.id, body.countryDialingCode, body.mobileNum);
    if (!member) return { expiredMinutes: 5 };
    return verification.send({
      merchantId: brand.id,
      purpose: 'reset',
      channel: 'sms',
      destination: phoneKey(body.countryDialingCode, body.mobileNum),
      clientKey: client.ip,
      brandName: brand.name,
    });
  });

  registerRoute(app, hooks, authRoutes.setPasswordByPhone, async ({ brand, body }) => {
    // Check the new password before spending the single-use code on it.
    members.checkPassword(brand, body.newPassword, 'newPassword');
    await verification.verify({
      merchantId: brand.id,
      purpose: 'reset',
      destination: phoneKey(body.countryDialingCode, body.mobileNum),
      code: body.verificationCode,
    });
    const member = await members.findByMobile(brand.id, body.countryDialingCode, body.mobileNum);
    if (!member) throw new AppError('verification.code.invalid');
    await members.setPassword(member.id, body.newPassword, false);
    await sessions.revokeAllForMember(member.id, 'password_reset');
    deps.onPasswordChanged?.(brand, member.id);
    return { changed: true as const };
  });
}
