import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';

export interface LoginFormValues {
  username: string;
  password: string;
  remember: boolean;
}

interface LoginFormProps {
  onSubmit?: (values: LoginFormValues) => void;
  onRegister?: () => void;
  onForgot?: () => void;
  onFreeTrial?: () => void;
  submitting?: boolean;
  error?: string | undefined;
  accountLabel?: string;
}

/** Spec §5 login: username and password required, fields trimmed. */
export function LoginForm({
  onSubmit,
  onRegister,
  onForgot,
  onFreeTrial,
  submitting,
  error,
  accountLabel,
}: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<LoginFormValues>({ username: '', password: '', remember: false });
  const [errors, setErrors] = useState<Partial<Record<'username' | 'password', string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const username = values.username.trim();
    const password = values.password.trim();
    const next = {
      ...(username ? {} : { username: t('field_required') }),
      ...(password ? {} : { password: t('field_required') }),
    };
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit?.({ ...values, username, password });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={accountLabel ?? t('username')}
        name="username"
        autoComplete="username"
        required
        value={values.username}
        error={errors.username}
        onChange={(e) => setValues({ ...values, username: e.target.value })}
      />
      <TextField
        label={t('password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })}
      />
      <div className="form__row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.remember}
            onChange={(e) => setValues({ ...values, remember: e.target.checked })}
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
        <button type="button" className="button button--block" onClick={onFreeTrial}>
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
