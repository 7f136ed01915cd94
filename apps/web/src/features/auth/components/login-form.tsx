import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { CaptchaField } from './captcha-field';
import { type Country, MobileField, defaultDialingCode } from './mobile-field';
import { SmsCodeField } from './sms-code-field';

export type LoginType = 'username' | 'sms';

export interface LoginFormValues {
  type: LoginType;
  username: string;
  password: string;
  countryDialingCode: string;
  mobile: string;
  code: string;
  captcha: string;
  remember: boolean;
}

type FieldName = 'username' | 'password' | 'mobile' | 'code' | 'captcha';

interface LoginFormProps {
  onSubmit?: (values: LoginFormValues) => void;
  onRegister?: () => void;
  onForgot?: () => void;
  onFreeTrial?: () => void;
  submitting?: boolean;
  /** A translated failure, announced above the submit button. */
  error?: string | undefined;
  /** A translated success message (e.g. after a password reset). */
  notice?: string | undefined;
  accountLabel?: string;
  /** SMS-code login (MOBILEVERCODELOGIN3): adds a tab. */
  sms?: {
    countries: Country[];
    onSendCode(countryDialingCode: string, mobile: string): Promise<number | null>;
  };
  /** Shown once a failed login said a captcha is now required. */
  captcha?: { image: string | undefined; onRefresh(): void };
  initialValues?: Partial<LoginFormValues>;
}

const MOBILE = /^[0-9]{4,20}$/;

/**
 * Spec §5 login: username and password required (captcha when shown); SMS login needs a mobile
 * number in mobile format and the code. Fields are trimmed.
 */
export function LoginForm({
  onSubmit,
  onRegister,
  onForgot,
  onFreeTrial,
  submitting,
  error,
  notice,
  accountLabel,
  sms,
  captcha,
  initialValues,
}: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<LoginFormValues>({
    type: 'username',
    username: '',
    password: '',
    countryDialingCode: '',
    mobile: '',
    code: '',
    captcha: '',
    remember: false,
    ...initialValues,
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const set = (patch: Partial<LoginFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const dialingCode = values.countryDialingCode || defaultDialingCode(sms?.countries ?? []);
  const type: LoginType = sms ? values.type : 'username';

  const mobileError = (mobile: string) =>
    !mobile ? t('field_required') : MOBILE.test(mobile) ? undefined : t('mobile_format');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = {
      ...values,
      type,
      countryDialingCode: dialingCode,
      username: values.username.trim(),
      password: values.password.trim(),
      mobile: values.mobile.trim(),
      code: values.code.trim(),
      captcha: values.captcha.trim(),
    };
    const next: Partial<Record<FieldName, string>> = {};
    if (type === 'username') {
      if (!v.username) next.username = t('field_required');
      if (!v.password) next.password = t('field_required');
    } else {
      const m = mobileError(v.mobile);
      if (m) next.mobile = m;
      if (!v.code) next.code = t('field_required');
    }
    if (captcha && !v.captcha) next.captcha = t('captcha_required');
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit?.(v);
  };

  const sendCode = async () => {
    const mobile = values.mobile.trim();
    const m = mobileError(mobile);
    setErrors((e) => ({ ...e, mobile: m }));
    if (m || !sms) return null;
    return sms.onSendCode(dialingCode, mobile);
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {notice && (
        <p className="form__notice" role="status">
          {notice}
        </p>
      )}
      {sms && (
        <div className="segmented" role="tablist" aria-label={t('login_method')}>
          {(['username', 'sms'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={type === m}
              className="segmented__item"
              onClick={() => {
                set({ type: m });
                setErrors({});
              }}
            >
              {m === 'username' ? t('login_by_password') : t('login_by_sms')}
            </button>
          ))}
        </div>
      )}
      {type === 'username' ? (
        <>
          <TextField
            label={accountLabel ?? t('username')}
            name="username"
            autoComplete="username"
            required
            value={values.username}
            error={errors.username}
            onChange={(e) => set({ username: e.target.value })}
          />
          <TextField
            label={t('password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={values.password}
            error={errors.password}
            onChange={(e) => set({ password: e.target.value })}
          />
        </>
      ) : (
        sms && (
          <>
            <MobileField
              label={t('mobile_number')}
              countries={sms.countries}
              dialingCode={dialingCode}
              onDialingCode={(countryDialingCode) => set({ countryDialingCode })}
              mobile={values.mobile}
              onMobile={(mobile) => set({ mobile })}
              required
              error={errors.mobile}
            />
            <SmsCodeField
              value={values.code}
              onChange={(code) => set({ code })}
              onSend={sendCode}
              error={errors.code}
            />
          </>
        )
      )}
      {captcha && (
        <CaptchaField
          image={captcha.image}
          onRefresh={captcha.onRefresh}
          value={values.captcha}
          onChange={(value) => set({ captcha: value })}
          error={errors.captcha}
        />
      )}
      <div className="form__row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.remember}
            onChange={(e) => set({ remember: e.target.checked })}
          />
          {t('remember_me')}
        </label>
        {onForgot && (
          <button type="button" className="link-button" onClick={onForgot}>
            {t('forgot_password')}
          </button>
        )}
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {t('login_submit')}
      </button>
      {onFreeTrial && (
        <button type="button" className="button button--block" onClick={onFreeTrial} disabled={submitting}>
          {t('free_trial')}
        </button>
      )}
      {onRegister && (
        <p className="form__switch">
          {t('no_account')}{' '}
          <button type="button" className="link-button" onClick={onRegister}>
            {t('register_title')}
          </button>
        </p>
      )}
    </form>
  );
}
