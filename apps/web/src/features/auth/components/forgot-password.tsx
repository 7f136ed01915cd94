import type { RegisterRules } from '@arcadia/contract/client';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useWhitelabel } from '../../../lib/permission';
import { useForgotByEmail } from '../api/account';
import { ForgotByPhone } from './forgot-by-phone';

type Method = 'mobile' | 'email';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ForgotPasswordProps {
  rules: RegisterRules;
  /** Back to the login modal; `reset` when a new password was set by phone. */
  onLogin(reset?: boolean): void;
}

/**
 * Forgot password (spec §4): by email, and by mobile when CHNGPASSVERIF3 is on (then the
 * default, with tabs for both).
 */
export function ForgotPassword({ rules, onLogin }: ForgotPasswordProps) {
  const { t } = useTranslation('auth');
  const wl = useWhitelabel();
  const methods: Method[] = wl.CHNGPASSVERIF3 ? ['mobile', 'email'] : ['email'];
  const [method, setMethod] = useState<Method>(methods[0]!);
  return (
    <div className="form">
      {methods.length > 1 && (
        <div className="segmented" role="tablist" aria-label={t('reset_method')}>
          {methods.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={method === m}
              className="segmented__item"
              onClick={() => setMethod(m)}
            >
              {m === 'mobile' ? t('reset_by_mobile') : t('reset_by_email')}
            </button>
          ))}
        </div>
      )}
      {method === 'email' ? <ForgotByEmail /> : <ForgotByPhone rules={rules} onReset={() => onLogin(true)} />}
      <button type="button" className="link-button" onClick={() => onLogin()}>
        {t('back_to_login')}
      </button>
    </div>
  );
}

/** Username and email; the server mails a temporary password when they match. */
function ForgotByEmail() {
  const { t } = useTranslation('auth');
  const errorText = useApiErrorText();
  const forgot = useForgotByEmail();
  const [values, setValues] = useState({ username: '', email: '' });
  const [errors, setErrors] = useState<{ username?: string; email?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const username = values.username.trim();
    const email = values.email.trim();
    const next = {
      ...(username ? {} : { username: t('field_required') }),
      ...(!email ? { email: t('field_required') } : EMAIL.test(email) ? {} : { email: t('email_format') }),
    };
    setErrors(next);
    if (Object.keys(next).length === 0) forgot.mutate({ username, email });
  };

  if (forgot.isSuccess) {
    // The reply is the same whether or not the pair matched, so the text cannot confirm an account.
    return (
      <p className="form__notice" role="status">
        {t('in_been_out')}
      </p>
    );
  }
  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={t('username')}
        name="username"
        autoComplete="username"
        required
        value={values.username}
        error={errors.username}
        onChange={(e) => setValues({ ...values, username: e.target.value })}
      />
      <TextField
        label={t('reg_field.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
      />
      {forgot.isError && (
        <p className="form__error" role="alert">
          {errorText(forgot.error)}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={forgot.isPending}>
        {t('submit')}
      </button>
    </form>
  );
}
