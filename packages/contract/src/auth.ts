import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { languageCodeSchema } from './system.js';

// Bounds guard the server against oversized input; the brand's register rules narrow them further.
const account = z.string().trim().min(1).max(64);
const password = z.string().min(1).max(128);
const mobile = z
  .string()
  .trim()
  .regex(/^[0-9]{4,20}$/, 'digits only');
const dialingCode = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, 'a country dialing code')
  .transform((v) => v.replace(/^\+/, ''));
const code = z
  .string()
  .trim()
  .regex(/^[0-9]{4,8}$/, 'a numeric code');
const optionalText = (max: number) => z.string().trim().max(max).optional();

/** Reply of every successful login (password, SMS code, free play, registration, verification). */
export const loginReplySchema = z
  .object({
    token: z.string(),
    id: z.string(),
    userName: z.string(),
    nickname: z.string().nullable(),
    customerType: z.number().int(),
    firstTimeLogin: z.boolean(),
    passwordExpired: z.boolean(),
    /** The password must be changed before anything else (temporary or default password). */
    mustChangePassword: z.boolean(),
  })
  .meta({ id: 'LoginReply' });
export type LoginReply = z.infer<typeof loginReplySchema>;

export const loginBodySchema = z.object({
  username: account,
  /** The password, or for `type: "sms"` the SMS code. */
  password,
  type: z.enum(['username', 'sms']).default('username'),
  countryDialingCode: dialingCode.optional(),
  captcha: optionalText(16),
  loginDeviceId: optionalText(64),
  /** Agents log in at /agent: non-agents are refused there (`error_not_agent`). */
  agent: z.boolean().default(false),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const smsCodeReplySchema = z.object({ expiredMinutes: z.number().int() });

export const loginVerificationBodySchema = z.object({
  verifyToken: z.string().min(16).max(128),
  method: z.enum(['SMS', 'EMAIL']),
  /** Empty asks the server to send a code by `method`; a value completes the login. */
  code: z.union([code, z.literal('')]).default(''),
});

export const freePlayBodySchema = z.object({
  os: z.string().trim().max(32).default('web'),
  platform: z.literal('W'),
});

export const memberInfoSchema = z
  .object({
    id: z.string(),
    account: z.string(),
    nickname: z.string().nullable(),
    type: z.number().int(),
    /** The member's VIP tier (docs/rewards.md): its name and level; `hasVip` when the brand runs VIP. */
    clubLabel: z.object({ labelName: z.string(), rankLevel: z.number().int().default(0) }),
    hasVip: z.boolean().default(false),
    regDate: z.number().int(),
    /** Masked: "0133671****". */
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    countryDialingCode: z.string().nullable(),
    hasPaymentPassword: z.boolean(),
    firstTimeLogin: z.boolean(),
    language: z.string().nullable(),
  })
  .meta({ id: 'MemberInfo' });
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** The registration user of spec §3. Optional fields are checked against the brand's rules. */
export const registerBodySchema = z.object({
  username: optionalText(64),
  password,
  confirmPassword: password,
  payeeName: optionalText(100),
  email: optionalText(200),
  qqNum: optionalText(32),
  mobileNum: mobile.optional(),
  countryDialingCode: dialingCode.optional(),
  recommenderId: optionalText(64),
  captcha: optionalText(16),
  verificationCode: z.string().trim().max(255).optional(),
  affiliateCode: optionalText(32),
  referralCode: optionalText(32),
  paymentPassword: z.string().max(128).optional(),
  line: optionalText(64),
  whatsapp: optionalText(32),
  facebook: optionalText(128),
  wechat: optionalText(64),
  idNumber: optionalText(64),
  domain: optionalText(255),
  registerUrl: optionalText(2000),
  registerMethod: z.literal('WEB').default('WEB'),
  firebaseChannel: optionalText(64),
  firebaseIdToken: optionalText(4096),
  loginDeviceId: optionalText(64),
  login: z.boolean().default(true),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const changePasswordBodySchema = z.object({
  /** Not needed when the session was opened with a temporary password (forced change). */
  oldPassword: password.optional(),
  newPassword: password,
  confirmNewPassword: password,
});

export const forgotByEmailBodySchema = z.object({
  username: account,
  email: z.string().trim().max(200).email(),
});

export const smsSendBodySchema = z.object({
  mobileNum: mobile,
  countryDialingCode: dialingCode,
});

export const setPasswordByPhoneBodySchema = z.object({
  mobileNum: mobile,
  countryDialingCode: dialingCode,
  verificationCode: code,
  newPassword: password,
});

export const outboxEntrySchema = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  time: z.string(),
});

export const authRoutes = {
  sessionKey: defineRoute({
    ...endpoints.sessionKey,
    tag: 'session',
    summary: 'The RSA public key (SPKI PEM) that wraps the AES key of an encrypted body (docs/api.md).',
    reply: z.object({ keyId: z.string(), publicKey: z.string() }),
  }),
  sessionLogin: defineRoute({
    ...endpoints.sessionLogin,
    tag: 'session',
    summary:
      'Log in with a password or an SMS code. Failure replies carry `value.captcha` when a captcha is now required; an unregistered IP answers `login_verify_required` with a `verifyToken`.',
    body: loginBodySchema,
    reply: loginReplySchema,
  }),
  sessionLoginVerification: defineRoute({
    ...endpoints.sessionLoginVerification,
    tag: 'session',
    summary: 'Second factor for a login from an unregistered IP: send a code, then complete with it.',
    body: loginVerificationBodySchema,
    reply: z.union([loginReplySchema, smsCodeReplySchema]),
  }),
  sessionFreePlay: defineRoute({
    ...endpoints.sessionFreePlay,
    tag: 'session',
    summary:
      'Create a trial (free-play) account and log it in. Needs `X-Gateway-Version: 3` and an `Encryption` header wrapping 32 random characters.',
    body: freePlayBodySchema,
    reply: loginReplySchema,
  }),
  sessionLogout: defineRoute({
    ...endpoints.sessionLogout,
    tag: 'session',
    summary: 'End the current session.',
    reply: z.object({ loggedOut: z.literal(true) }),
  }),
  smsLoginCode: defineRoute({
    ...endpoints.smsLoginCode,
    tag: 'session',
    summary: 'Send a login code by SMS to a registered mobile number.',
    body: smsSendBodySchema,
    reply: smsCodeReplySchema,
  }),
  smsRegisterCode: defineRoute({
    ...endpoints.smsRegisterCode,
    tag: 'register',
    summary: 'Send a registration code by SMS.',
    body: smsSendBodySchema.extend({ regType: z.enum(['username', 'mobile']).default('mobile') }),
    reply: smsCodeReplySchema,
  }),
  captcha: defineRoute({
    ...endpoints.captcha,
    tag: 'session',
    summary: 'A single-use captcha image (base64 PNG) bound to this client by the `captchaId` cookie.',
    reply: z.string(),
  }),
  register: defineRoute({
    ...endpoints.register,
    tag: 'register',
    summary: 'Register by username (the brand’s field rules apply) and log in.',
    body: registerBodySchema,
    reply: loginReplySchema,
  }),
  registerMobile: defineRoute({
    ...endpoints.registerMobile,
    tag: 'register',
    summary: 'Register by mobile number with its SMS code and log in.',
    body: registerBodySchema,
    reply: loginReplySchema,
  }),
  affiliateCheck: defineRoute({
    ...endpoints.affiliateCheck,
    tag: 'register',
    summary: 'Check an invitation (affiliate) code; failure answers `invitation_code_error`.',
    query: z.object({ code: z.string().trim().min(1).max(32), domain: optionalText(255) }),
    reply: z.object({ code: z.string(), valid: z.literal(true) }),
  }),
  memberInfo: defineRoute({
    ...endpoints.memberInfo,
    tag: 'member',
    summary: 'The logged-in member.',
    reply: memberInfoSchema,
  }),
  memberIcon: defineRoute({
    ...endpoints.memberIcon,
    tag: 'member',
    summary: 'The member’s avatar.',
    reply: z.object({ avatar: z.string(), avatarType: z.enum(['STATIC']) }),
  }),
  memberFirstLogin: defineRoute({
    ...endpoints.memberFirstLogin,
    tag: 'member',
    summary: 'The first-login action: marks the welcome as done.',
    reply: z.object({ firstTimeLogin: z.literal(false) }),
  }),
  memberLanguage: defineRoute({
    ...endpoints.memberLanguage,
    tag: 'member',
    summary: 'Remember the member’s interface language.',
    body: z.object({ language: languageCodeSchema }),
    reply: z.object({ language: languageCodeSchema }),
  }),
  changePassword: defineRoute({
    ...endpoints.changePassword,
    tag: 'member',
    summary: 'Change the password; every other session of the member ends.',
    body: changePasswordBodySchema,
    reply: z.object({ changed: z.literal(true) }),
  }),
  forgotByEmail: defineRoute({
    ...endpoints.forgotByEmail,
    tag: 'member',
    summary:
      'Forgot password by email (form-encoded): a temporary password is emailed when account and email match; the reply is the same either way.',
    body: forgotByEmailBodySchema,
    reply: z.object({ message: z.literal('in_been_out') }),
  }),
  resetSmsCode: defineRoute({
    ...endpoints.resetSmsCode,
    tag: 'member',
    summary: 'Send a password-reset code by SMS to a registered mobile number.',
    body: smsSendBodySchema,
    reply: smsCodeReplySchema,
  }),
  setPasswordByPhone: defineRoute({
    ...endpoints.setPasswordByPhone,
    tag: 'member',
    summary: 'Set a new password with the SMS code; the client then logs in with it.',
    body: setPasswordByPhoneBodySchema,
    reply: z.object({ changed: z.literal(true) }),
  }),
  devOutbox: defineRoute({
    ...endpoints.devOutbox,
    tag: 'dev',
    summary: 'Demo mode only: messages the development SMS/email provider stored, newest first.',
    query: z.object({ to: optionalText(200) }),
    reply: z.array(outboxEntrySchema),
  }),
} as const;
