import { type RegisterField, type RegisterRules, checkRegisterField } from '@arcadia/contract/client';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

type Mode = 'username' | 'mobile';

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

interface RegisterFormProps {
  rules: RegisterRules;
  modes: Mode[];
  ageLimit: number;
  onSubmit?: (mode: Mode, values: Record<string, string>) => void;
  onLogin?: () => void;
  submitting?: boolean;
  error?: string | undefined;
}

/**
 * Spec §5 registration: username or mobile mode, password and confirmation, the brand's optional
 * fields, and the terms checkbox. Field rules come from the server and are checked with the
 * contract's own checker, so the form enforces what the server will.
 */
export function RegisterForm({
  rules,
  modes,
  ageLimit,
  onSubmit,
  onLogin,
  submitting,
  error,
}: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<Mode>(modes[0] ?? 'username');
  const [values, setValues] = useState<Record<string, string>>({});
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const message = (field: RegisterField, reason: 'required' | 'length' | 'pattern') => {
    const rule = rules[field];
    if (reason === 'required' || !rule) return t('field_required');
    const range =
      rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength} - ${rule.maxLength}`;
    return t(`reg_pattern_${rule.patternId}` as 'reg_pattern_0')
      .replace('(min) - (max)', range)
      .replace('(min)', String(rule.minLength))
      .replace('(max)', String(rule.maxLength));
  };

  const visible: RegisterField[] = [
    ...(mode === 'username' ? (['username'] as const) : (['mobileNum'] as const)),
    'password',
    ...optionalFields.filter((f) => rules[f]?.enabled),
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    for (const field of visible) {
      const rule = rules[field];
      if (!rule) continue;
      const required =
        rule.required || field === 'password' || field === (mode === 'username' ? 'username' : 'mobileNum');
      const reason = checkRegisterField({ ...rule, required }, values[field]);
      if (reason) next[field] = message(field, reason);
    }
    if (!values.confirmPassword) next.confirmPassword = t('field_required');
    else if (values.confirmPassword !== values.password) next.confirmPassword = t('inconsistent_twice');
    if (!terms) next.terms = t('terms_required');
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit?.(mode, values);
  };

  const label = (field: RegisterField) =>
    field === 'username'
      ? t('username')
      : field === 'mobileNum'
        ? t('mobile_number')
        : field === 'password'
          ? t('password')
          : t(`reg_field.${field}` as 'reg_field.email');

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
              onClick={() => setMode(m)}
            >
              {m === 'username' ? t('register_by_username') : t('register_by_mobile')}
            </button>
          ))}
        </div>
      )}
      {visible.map((field) => {
        const rule = rules[field];
        const required =
          rule?.required || field === 'password' || field === 'username' || field === 'mobileNum';
        return (
          <TextField
            key={field}
            label={label(field)}
            name={field}
            type={
              rule?.type === 'password' || field.toLowerCase().includes('password')
                ? 'password'
                : rule?.type === 'email'
                  ? 'email'
                  : rule?.type === 'tel'
                    ? 'tel'
                    : 'text'
            }
            autoComplete={
              field === 'password' ? 'new-password' : field === 'username' ? 'username' : undefined
            }
            required={required}
            maxLength={rule?.maxLength}
            value={values[field] ?? ''}
            error={errors[field]}
            hint={required ? undefined : t('optional')}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
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
        error={errors.confirmPassword}
        onChange={(e) => setValues({ ...values, confirmPassword: e.target.value })}
      />
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
