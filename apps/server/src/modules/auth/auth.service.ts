import { randomBytes } from 'node:crypto';
import { type LoginBody, type LoginReply, isAgentType, memberTypes } from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Brand } from '../brand/index.js';
import type { Member } from '../../db/schema.js';
import { type MemberService, temporaryPassword } from '../member/index.js';
import { captchaAfterFailures, throttleRules, type ThrottleService } from '../throttle/index.js';
import { type VerificationService, phoneKey } from '../verification/index.js';
import type { CaptchaService } from './captcha.service.js';
import type { SessionRepository } from './session.repository.js';
import { type SessionService, hashToken } from './session.service.js';

export interface ClientContext {
  ip: string;
  userAgent: string | null;
  captchaId: string | undefined;
}

const CHALLENGE_MS = 10 * 60_000;
// Verifying against a real hash when the account does not exist keeps timing from telling.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** Login, second factor, free play and logout: every way a session starts or ends. */
export function createAuthService(deps: {
  members: MemberService;
  sessions: SessionService;
  sessionRepository: SessionRepository;
  throttle: ThrottleService;
  captcha: CaptchaService;
  verification: VerificationService;
}) {
  const { members, sessions, sessionRepository, throttle, captcha, verification } = deps;

  async function finishLogin(
    brand: Brand,
    member: Member,
    loginType: string,
    client: ClientContext,
  ): Promise<LoginReply> {
    const maxAgeDays = brand.settings.passwordMaxAgeDays;
    const passwordExpired =
      maxAgeDays > 0 && Date.now() - member.password_changed_at.getTime() > maxAgeDays * 24 * 60 * 60_000;
    // Spec §4: a temporary password, or an expired one under PWDEXPFORCECHANGE3, must be changed
    // first — except after an SMS login, which proves the phone rather than the password.
    const mustChangePassword =
      loginType !== 'sms' &&
      (member.must_change_password || (passwordExpired && !!brand.modules.PWDEXPFORCECHANGE3));
    const token = await sessions.open({
      memberId: member.id,
      merchantId: brand.id,
      loginType,
      mustChangePassword,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    await sessionRepository.rememberIp(member.id, client.ip);
    await members.recordLogin(member.id, client.ip);
    return {
      token,
      id: member.id,
      userName: member.account,
      nickname: member.nickname,
      customerType: member.type,
      firstTimeLogin: !member.first_login_done,
      passwordExpired,
      mustChangePassword,
    };
  }

  return {
    finishLogin,

    async login(brand: Brand, body: LoginBody, client: ClientContext): Promise<LoginReply> {
      if (body.type === 'sms' && !brand.modules.VERIFICATION3) throw new AppError('function.disabled');
      const accountKey = `login:acct:${brand.id}:${body.username.toLowerCase()}`;
      const ipKey = `login:ip:${brand.id}:${client.ip}`;
      await throttle.assertNotBlocked(accountKey);
      await throttle.assertNotBlocked(ipKey);

      const failures = await throttle.failures(accountKey, throttleRules.loginFailuresPerAccount);
      if (brand.modules.CAPTCHA3 && failures >= captchaAfterFailures)
        await captcha.verify(client.captchaId, body.captcha);

      let member: Member | undefined;
      let ok = false;
      if (body.type === 'sms') {
        if (!body.countryDialingCode)
          throw new AppError('request_param_err', { fields: { countryDialingCode: 'required' } });
        member = await members.findByMobile(brand.id, body.countryDialingCode, body.username);
        if (member) {
          ok = await verification
            .verify({
              merchantId: brand.id,
              purpose: 'login',
              destination: phoneKey(body.countryDialingCode, body.username),
              code: body.password,
            })
            .then(() => true)
            .catch(() => false);
        }
      } else {
        member = await members.findByAccount(brand.id, body.username);
        ok = await verifyPassword(member?.password_hash ?? (await dummy()), body.password);
        ok &&= member !== undefined;
      }
      if (!ok || !member) {
        const n = await throttle.fail(accountKey, throttleRules.loginFailuresPerAccount);
        await throttle.fail(ipKey, throttleRules.loginFailuresPerIp);
        throw new AppError('login.failed', {
          captcha: !!brand.modules.CAPTCHA3 && n >= captchaAfterFailures,
        });
      }
      if (member.status !== 'active') throw new AppError('account.frozen');
      if (body.agent && !isAgentType(member.type)) throw new AppError('error_not_agent');
      await throttle.reset(accountKey);

      if (brand.modules.LOGINIPVERF3) {
        const known = await sessionRepository.knownIps(member.id);
        const methods = [
          ...(member.mobile_num ? ['SMS' as const] : []),
          ...(member.email ? ['EMAIL' as const] : []),
        ];
        if (known.length > 0 && !known.includes(client.ip) && methods.length > 0) {
          const verifyToken = randomBytes(24).toString('base64url');
          await sessionRepository.insertChallenge({
            tokenHash: hashToken(verifyToken),
            memberId: member.id,
            loginType: body.type,
            agent: body.agent,
            ip: client.ip,
            expiresAt: new Date(Date.now() + CHALLENGE_MS),
          });
          throw new AppError('login_verify_required', { verifyToken, methods });
        }
      }
      return finishLogin(brand, member, body.type, client);
    },

    /** The second factor: an empty code sends one by the chosen method; a code completes the login. */
    async verifyLogin(
      brand: Brand,
      body: { verifyToken: string; method: 'SMS' | 'EMAIL'; code: string },
      client: ClientContext,
    ): Promise<LoginReply | { expiredMinutes: number }> {
      const tokenHash = hashToken(body.verifyToken);
      const challenge = await sessionRepository.findChallenge(tokenHash);
      if (!challenge || challenge.expires_at.getTime() < Date.now())
        throw new AppError('verification.code.expired');
      const member = await members.findById(brand.id, challenge.member_id);
      if (!member) throw new AppError('verification.code.expired');
      const destination =
        body.method === 'SMS' && member.mobile_num && member.mobile_dialing_code
          ? phoneKey(member.mobile_dialing_code, member.mobile_num)
          : body.method === 'EMAIL' && member.email
            ? member.email.toLowerCase()
            : null;
      if (!destination) throw new AppError('request_param_err', { fields: { method: 'unavailable' } });
      if (body.code === '') {
        return verification.send({
          merchantId: brand.id,
          purpose: 'login_verify',
          channel: body.method === 'SMS' ? 'sms' : 'email',
          destination,
          clientKey: client.ip,
          brandName: brand.name,
        });
      }
      await verification.verify({
        merchantId: brand.id,
        purpose: 'login_verify',
        destination,
        code: body.code,
      });
      if (!(await sessionRepository.consumeChallenge(tokenHash)))
        throw new AppError('verification.code.expired');
      return finishLogin(brand, member, challenge.login_type, client);
    },

    /** A trial account (type 4) with play money only; throttled per IP. */
    async freePlay(brand: Brand, client: ClientContext): Promise<LoginReply> {
      if (!brand.modules.FREEPLAY3) throw new AppError('function.disabled');
      await throttle.consume(`trial:${brand.id}:${client.ip}`, throttleRules.trialPerIp);
      const account = `trial${randomBytes(5).toString('hex')}`;
      const id = await members.create({
        merchantId: brand.id,
        account,
        password: randomBytes(24).toString('base64url'),
        type: memberTypes.trial,
        nickname: null,
        registerMethod: 'FREEPLAY',
        ip: client.ip,
      });
      const member = await members.findById(brand.id, id);
      return finishLogin(brand, member!, 'freeplay', client);
    },

    /** Forgot by email: when account and email match, a temporary password goes out by email. */
    async forgotByEmail(
      brand: Brand,
      body: { username: string; email: string },
      client: ClientContext,
      send: (to: string, text: string) => Promise<void>,
    ) {
      await throttle.consume(`forgot:${brand.id}:${client.ip}`, throttleRules.smsPerNumberHour);
      const member = await members.findByAccount(brand.id, body.username);
      if (
        member?.email &&
        member.email.toLowerCase() === body.email.toLowerCase() &&
        member.status === 'active'
      ) {
        const password = temporaryPassword();
        await members.setPassword(member.id, password, true);
        await sessions.revokeAllForMember(member.id, 'password_reset');
        await send(
          member.email,
          `${brand.name}: your temporary password is ${password}. You will be asked to choose a new one when you log in.`,
        );
      }
      // The same answer either way, so the form cannot be used to discover accounts.
      return { message: 'in_been_out' as const };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
