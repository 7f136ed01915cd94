import { randomBytes, randomInt } from 'node:crypto';
import {
  type MemberInfo,
  type RegisterBody,
  type RegisterField,
  checkRegisterField,
  memberTypes,
  registerFields,
} from '@arcadia/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Brand } from '../brand/index.js';
import type { MemberRepository } from './member.repository.js';

export interface CreateMemberInput {
  merchantId: number;
  account: string;
  password: string;
  type: number;
  nickname?: string | null;
  parentId?: string | null;
  registerMethod: 'WEB' | 'AGENT' | 'SEED' | 'OPS' | 'FREEPLAY';
  ip?: string | null;
  mobileDialingCode?: string | null;
  mobileNum?: string | null;
  email?: string | null;
  registerUrl?: string | null;
  domain?: string | null;
  paymentPassword?: string | null;
  profile?: Record<string, string>;
}

/** Every password: at least 8 characters, whatever the brand's rule allows (ASVS 2.1.1). */
export const MIN_PASSWORD_LENGTH = 8;

/** Fields stored in `member.profile` when the brand enables them. */
const profileFields: RegisterField[] = [
  'payeeName',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
];

export function isUniqueViolation(err: unknown, index: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === index || (e.message ?? '').includes(index));
}

function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  return mobile.length <= 4 ? '****' : `${mobile.slice(0, -4)}****`;
}

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/** A temporary password that passes the usual "letters and digits" rules. */
export function temporaryPassword(): string {
  const letters = 'abcdefghijkmnpqrstuvwxyz';
  const base = randomBytes(12)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 8);
  return `${letters[randomInt(letters.length)]}${base}${randomInt(10)}`;
}

/** A valid phone number for the dialing code, or `mobile.invalid`. */
export function checkMobile(dialingCode: string, mobile: string): void {
  const parsed = parsePhoneNumberFromString(`+${dialingCode}${mobile}`);
  if (!parsed || !parsed.isValid())
    throw new AppError('mobile.invalid', { fields: { mobileNum: 'invalid' } });
}

export function createMemberService(deps: { repository: MemberRepository }) {
  const { repository } = deps;

  /** Checks a password against the platform minimum and the brand's password rule. */
  function checkPassword(brand: Brand, password: string, field = 'password') {
    const rule = brand.registerRules.password;
    const reason =
      [...password].length < MIN_PASSWORD_LENGTH
        ? 'length'
        : checkRegisterField({ ...rule, required: true }, password);
    if (reason) {
      throw new AppError('request_param_err', {
        fields: { [field]: reason },
        rules: {
          [field]: {
            patternId: rule.patternId,
            min: Math.max(rule.minLength, MIN_PASSWORD_LENGTH),
            max: rule.maxLength,
          },
        },
      });
    }
  }

  return {
    checkPassword,

    /** Creates a member under `parentId` (or at the top of the tree); the password is hashed with argon2id. */
    async create(input: CreateMemberInput): Promise<string> {
      return repository.insert({
        merchantId: input.merchantId,
        account: input.account,
        nickname: input.nickname ?? null,
        type: input.type,
        parentId: input.parentId ?? null,
        passwordHash: await hashPassword(input.password),
        paymentPasswordHash: input.paymentPassword ? await hashPassword(input.paymentPassword) : null,
        registerMethod: input.registerMethod,
        createdIp: input.ip ?? null,
        mobileDialingCode: input.mobileDialingCode ?? null,
        mobileNum: input.mobileNum ?? null,
        email: input.email ?? null,
        registerUrl: input.registerUrl ?? null,
        domain: input.domain ?? null,
        ...(input.profile ? { profile: input.profile } : {}),
      });
    },

    /**
     * Validates a registration against the brand's field rules exactly as the form shows them,
     * resolves the invitation code to the upline agent, and creates the member. The caller has
     * already checked the SMS code and captcha.
     */
    async register(
      brand: Brand,
      mode: 'username' | 'mobile',
      body: RegisterBody,
      ip: string,
    ): Promise<string> {
      const rules = brand.registerRules;
      const fields: Record<string, string> = {};
      const account = mode === 'mobile' ? (body.mobileNum ?? '') : (body.username ?? '');
      const accountField: RegisterField = mode === 'mobile' ? 'mobileNum' : 'username';
      const accountReason = checkRegisterField({ ...rules[accountField], required: true }, account);
      if (accountReason) fields[accountField] = accountReason;
      for (const field of registerFields) {
        if (field === 'username' || field === 'password' || field === 'mobileNum' || field === 'captcha')
          continue;
        const rule = rules[field];
        if (!rule.enabled) continue;
        const reason = checkRegisterField(rule, body[field as keyof RegisterBody] as string | undefined);
        if (reason) fields[field] = reason;
      }
      if (mode === 'username' && rules.mobileNum.enabled && body.mobileNum) {
        const reason = checkRegisterField(rules.mobileNum, body.mobileNum);
        if (reason) fields.mobileNum = reason;
      }
      if (Object.keys(fields).length > 0) throw new AppError('request_param_err', { fields });
      checkPassword(brand, body.password);
      if (body.password !== body.confirmPassword) {
        throw new AppError('password.confirmation', { fields: { confirmPassword: 'mismatch' } });
      }
      if (body.mobileNum) {
        if (!body.countryDialingCode)
          throw new AppError('request_param_err', { fields: { countryDialingCode: 'required' } });
        checkMobile(body.countryDialingCode, body.mobileNum);
      }

      let parentId: string | null = null;
      let type: number = memberTypes.member;
      const affiliate = body.affiliateCode
        ? await repository.findAffiliate(brand.id, body.affiliateCode)
        : undefined;
      if (body.affiliateCode && !affiliate)
        throw new AppError('invitation_code_error', { fields: { affiliateCode: 'invalid' } });
      if (affiliate) {
        parentId = affiliate.member_id;
        type = affiliate.member_type;
      }

      const profile: Record<string, string> = {};
      for (const field of profileFields) {
        const value = body[field as keyof RegisterBody];
        if (rules[field].enabled && typeof value === 'string' && value.trim()) profile[field] = value.trim();
      }
      if (body.referralCode) profile.referralCode = body.referralCode;
      if (body.affiliateCode) profile.affiliateCode = body.affiliateCode;

      try {
        const id = await this.create({
          merchantId: brand.id,
          account: mode === 'mobile' ? account.replace(/^0+/, '') || account : account,
          password: body.password,
          type,
          parentId,
          registerMethod: 'WEB',
          ip,
          mobileDialingCode: body.mobileNum ? (body.countryDialingCode ?? null) : null,
          mobileNum: body.mobileNum ?? null,
          email: rules.email.enabled && body.email ? body.email : null,
          registerUrl: body.registerUrl ?? null,
          domain: body.domain ?? null,
          paymentPassword: rules.paymentPassword.enabled ? (body.paymentPassword ?? null) : null,
          profile,
        });
        if (affiliate) await repository.countAffiliateUse(affiliate.id);
        return id;
      } catch (err) {
        if (isUniqueViolation(err, 'member_account_uq'))
          throw new AppError('account.exists', { fields: { [accountField]: 'taken' } });
        if (isUniqueViolation(err, 'member_mobile_uq'))
          throw new AppError('mobile.exists', { fields: { mobileNum: 'taken' } });
        throw err;
      }
    },

    async info(brand: Brand, memberId: string): Promise<MemberInfo> {
      const m = await repository.findById(brand.id, memberId);
      if (!m) throw new AppError('login.not.session');
      // The VIP label (docs/rewards.md): the member's tier by the brand's table, when it runs VIP.
      const tiers = brand.settings.vip?.enabled ? brand.settings.vip.tiers : [];
      const hasVip = tiers.length >= 2;
      const rankLevel = hasVip ? Math.min(await repository.vipLevel(m.id), tiers.length - 1) : 0;
      return {
        id: m.id,
        account: m.account,
        nickname: m.nickname,
        type: m.type,
        clubLabel: { labelName: hasVip ? tiers[rankLevel]!.name : 'VIP0', rankLevel },
        hasVip,
        regDate: m.created_at.getTime(),
        mobile: maskMobile(m.mobile_num),
        email: maskEmail(m.email),
        countryDialingCode: m.mobile_dialing_code,
        hasPaymentPassword: m.payment_password_hash !== null,
        firstTimeLogin: !m.first_login_done,
        language: m.language,
      };
    },

    /** Verifies the old password unless the session must change it anyway, then stores the new one. */
    async changePassword(
      brand: Brand,
      memberId: string,
      body: { oldPassword?: string | undefined; newPassword: string; confirmNewPassword: string },
      skipOld: boolean,
    ) {
      const m = await repository.findById(brand.id, memberId);
      if (!m) throw new AppError('login.not.session');
      if (!skipOld) {
        if (!body.oldPassword)
          throw new AppError('request_param_err', { fields: { oldPassword: 'required' } });
        if (!(await verifyPassword(m.password_hash, body.oldPassword))) {
          throw new AppError('password.old.invalid', { fields: { oldPassword: 'invalid' } });
        }
      }
      checkPassword(brand, body.newPassword, 'newPassword');
      if (body.newPassword !== body.confirmNewPassword) {
        throw new AppError('password.confirmation', { fields: { confirmNewPassword: 'mismatch' } });
      }
      await repository.setPassword(memberId, await hashPassword(body.newPassword), false);
    },

    async setPassword(memberId: string, password: string, mustChange: boolean) {
      await repository.setPassword(memberId, await hashPassword(password), mustChange);
    },

    findByAccount: repository.findByAccount,
    findByMobile: repository.findByMobile,
    findById: repository.findById,
    recordLogin: repository.recordLogin,
    update: repository.update,
    findAffiliate: repository.findAffiliate,
    insertAffiliate: repository.insertAffiliate,
    ancestors: repository.ancestors,
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
