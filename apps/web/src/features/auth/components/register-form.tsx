import { type RegisterField, type RegisterRules, checkRegisterField } from '@arcadia/contract/client';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { ruleMessage } from '../lib/rule-message';
import { CaptchaField } from './captcha-field';
import { type Country, MobileField, defaultDialingCode } from './mobile-field';
import { SmsCodeField } from './sms-code-field';

export type RegisterMode = 'username' | 'mobile';

/** Optional fields, in form order; each shows only when the brand enables it (spec §5). */
const optionalFields: RegisterField[] = [
  'payeeName',
  'email',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
];

const CODE_MAX = 255;

interface RegisterFormProps {
  rules: RegisterRules;
  modes: RegisterMode[];
  ageLimit: number;
  onSubmit?: (mode: RegisterMode, values: Record<string, string>) => void;
  onLogin?: () => void;
  submitting?: boolean;
  error?: string | undefined;
  countries?: Country[];
  /** REGMOBVERF3: a mobile number given in username mode must be proved with an SMS code. */
  smsVerification?: boolean;
  /** Sends the registration code; resolves with `expiredMinutes`, or null when none was sent. */
  onSendCode?: (mode: RegisterMode, countryDialingCode: string, mobile: string) => Promise<number | null>;
  /** Resolves false for an unknown invitation code. */
  onAffiliateCheck?: (code: string) => Promise<boolean>;
  /** Translated field errors from the server's last reply. */
  serverErrors?: Record<string, string>;
  captcha?: { image: string | undefined; onRefresh(): void };
  initialValues?: Record<string, string>;
}

/**
 * Spec §5 registration: username or mobile mode, password and confirmation, the brand's optional
 * fields, the SMS code when the mobile number must be proved, and the terms checkbox. Field rules
 * come from the server and are checked with the contract's own checker, so the form enforces what
 * the server will.
 */
export function RegisterForm({
  rules,
  modes,
  ageLimit,
  onSubmit,
  onLogin,
  submitting,
  error,
  countries = [],
  smsVerification,
  onSendCode,
  onAffiliateCheck,
  serverErrors,
  captcha,
  initialValues,
}: RegisterFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const [mode, setMode] = useState<RegisterMode>(modes[0] ?? 'username');
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...initialValues }));
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };
  const set = (field: string, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const dialingCode = values.countryDialingCode || defaultDialingCode(countries);

  const accountField: RegisterField = mode === 'username' ? 'username' : 'mobileNum';
  const visible: RegisterField[] = [
    accountField,
    // Username mode also offers the mobile number when the brand collects it.
    ...(mode === 'username' && rules.mobileNum?.enabled ? (['mobileNum'] as const) : []),
    'password',
    ...optionalFields.filter((f) => rules[f]?.enabled),
  ];
  const needsCode = mode === 'mobile' || (!!smsVerification && !!values.mobileNum);
  const isRequired = (field: RegisterField) =>
    !!rules[field]?.required || field === 'password' || field === accountField;

  const checkMobile = () => {
    const reason = checkRegisterField({ ...rules.mobileNum, required: true }, values.mobileNum);
    return reason ? ruleMessage(t, rules.mobileNum, reason) : undefined;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    for (const field of visible) {
      const rule = rules[field];
      if (!rule) continue;
      const reason = checkRegisterField({ ...rule, required: isRequired(field) }, values[field]);
      if (reason) next[field] = ruleMessage(t, rule, reason);
    }
    if (!values.confirmPassword) next.confirmPassword = t('field_required');
    else if (values.confirmPassword !== values.password) next.confirmPassword = t('inconsistent_twice');
    const code = values.verificationCode?.trim() ?? '';
    if (needsCode && !code) next.verificationCode = t('field_required');
    if (captcha && !values.captcha?.trim()) next.captcha = t('captcha_required');
    if (!terms) next.terms = t('terms_required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const out: Record<string, string> = {};
    for (const field of [...visible, 'confirmPassword', 'captcha']) {
      const value = values[field]?.trim();
      if (value) out[field] = field.toLowerCase().includes('password') ? values[field]! : value;
    }
    if (out.mobileNum) out.countryDialingCode = dialingCode;
    if (needsCode) out.verificationCode = code.slice(0, CODE_MAX);
    onSubmit?.(mode, out);
  };

  const sendCode = async () => {
    const invalid = checkMobile();
    setErrors((e) => ({ ...e, mobileNum: invalid ?? '' }));
    if (invalid || !onSendCode) return null;
    return onSendCode(mode, dialingCode, values.mobileNum!);
  };

  const checkAffiliate = async () => {
    const code = values.affiliateCode?.trim();
    if (!code || !onAffiliateCheck) return;
    const ok = await onAffiliateCheck(code).catch(() => true);
    setErrors((e) => ({ ...e, affiliateCode: ok ? '' : t('errors:invitation_code_error') }));
  };

  const label = (field: RegisterField) =>
    field === 'username'
      ? t('username')
      : field === 'mobileNum'
        ? t('mobile_number')
        : field === 'password'
          ? t('password')
          : t(`reg_field.${field}` as 'reg_field.email');

  const inputType = (field: RegisterField) => {
    const type = rules[field]?.type;
    if (type === 'password' || field.toLowerCase().includes('password')) return 'password';
    return type === 'email' ? 'email' : type === 'tel' ? 'tel' : 'text';
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {modes.length > 1 && (
        <div className="segmented" role="tablist">
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className="segmented__item"
              onClick={() => {
                setMode(m);
                setErrors({});
              }}
            >
              {m === 'username' ? t('register_by_username') : t('register_by_mobile')}
            </button>
          ))}
        </div>
      )}
      {visible.map((field) => {
        const required = isRequired(field);
        if (field === 'mobileNum') {
          return (
            <div key={field} className="form__group">
              <MobileField
                label={label(field)}
                countries={countries}
                dialingCode={dialingCode}
                onDialingCode={(code) => set('countryDialingCode', code)}
                mobile={values.mobileNum ?? ''}
                onMobile={(mobile) => set('mobileNum', mobile)}
                required={required}
                error={shown.mobileNum || undefined}
                hint={required ? undefined : t('optional')}
              />
              {needsCode && (
                <SmsCodeField
                  value={values.verificationCode ?? ''}
                  onChange={(code) => set('verificationCode', code)}
                  onSend={sendCode}
                  error={shown.verificationCode || undefined}
                />
              )}
            </div>
          );
        }
        return (
          <TextField
            key={field}
            label={label(field)}
            name={field}
            type={inputType(field)}
            autoComplete={
              field === 'password' ? 'new-password' : field === 'username' ? 'username' : undefined
            }
            required={required}
            maxLength={rules[field]?.maxLength}
            value={values[field] ?? ''}
            error={shown[field] || undefined}
            hint={required ? undefined : t('optional')}
            onChange={(e) => set(field, e.target.value)}
            onBlur={field === 'affiliateCode' ? () => void checkAffiliate() : undefined}
          />
        );
      })}
      <TextField
        label={t('confirm_password')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword ?? ''}
        error={shown.confirmPassword || undefined}
        onChange={(e) => set('confirmPassword', e.target.value)}
      />
      {captcha && (
        <CaptchaField
          image={captcha.image}
          onRefresh={captcha.onRefresh}
          value={values.captcha ?? ''}
          onChange={(value) => set('captcha', value)}
          error={shown.captcha || undefined}
        />
      )}
      <label className={`checkbox${errors.terms ? ' checkbox--invalid' : ''}`}>
        <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
        {t('terms_agree', { age: ageLimit })}
      </label>
      {errors.terms && (
        <p className="field__error" role="alert">
          {errors.terms}
        </p>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {t('register_submit')}
      </button>
      {onLogin && (
        <p className="form__switch">
          {t('have_account')}{' '}
          <button type="button" className="link-button" onClick={onLogin}>
            {t('login_title')}
          </button>
        </p>
      )}
    </form>
  );
}
