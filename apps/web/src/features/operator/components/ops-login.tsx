import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useOpsLogin } from '../api/operator';
import { useOpsSession } from '../api/ops-client';

/** The operator's login: username and password, nothing shared with the player login. */
export function OpsLogin() {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const login = useOpsLogin();
  const ended = useOpsSession((s) => s.ended);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = { username: !username.trim(), password: !password };
    setMissing(problems);
    if (problems.username || problems.password) return;
    login.mutate({ username: username.trim(), password }, { onSuccess: () => setPassword('') });
  };

  return (
    <section className="ops-login" aria-labelledby="ops-login-title">
      <h1 id="ops-login-title">{t('login_title')}</h1>
      <p className="muted">{t('login_lead')}</p>
      {ended === 'expired' && !login.error && (
        <p className="form__notice" role="status">
          {t('session_ended')}
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('username')}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={missing.username ? t('required') : undefined}
        />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={missing.password ? t('required') : undefined}
        />
        {login.error && (
          <p className="form__error" role="alert">
            {errorText(login.error)}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
          {login.isPending ? t('logging_in') : t('login')}
        </button>
      </form>
    </section>
  );
}
