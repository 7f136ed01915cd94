import type { LoginReply } from '@arcadia/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useLoginVerification } from '../api/session';
import { SmsCodeField } from './sms-code-field';

export interface LoginChallenge {
  verifyToken: string;
  methods: ('SMS' | 'EMAIL')[];
}

interface LoginVerifyStepProps {
  challenge: LoginChallenge;
  onVerified(reply: LoginReply): void;
  onBack(): void;
}

const CODE = /^[0-9]{4,8}$/;

/**
 * The second factor of a login from an unregistered IP (spec §4): pick a method, send a code
 * (`code: ''`), then complete the login with it.
 */
export function LoginVerifyStep({ challenge, onVerified, onBack }: LoginVerifyStepProps) {
  const { t } = useTranslation('auth');
  const errorText = useApiErrorText();
  const verification = useLoginVerification();
  const [method, setMethod] = useState(challenge.methods[0] ?? 'SMS');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [error, setError] = useState<string>();

  const send = async () => {
    setError(undefined);
    try {
      const reply = await verification.mutateAsync({ verifyToken: challenge.verifyToken, method, code: '' });
      return 'expiredMinutes' in reply ? reply.expiredMinutes : null;
    } catch (err) {
      setError(errorText(err));
      return null;
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    const invalid = !value ? t('field_required') : CODE.test(value) ? undefined : t('code_format');
    setCodeError(invalid);
    if (invalid) return;
    setError(undefined);
    try {
      const reply = await verification.mutateAsync({
        verifyToken: challenge.verifyToken,
        method,
        code: value,
      });
      if ('token' in reply) onVerified(reply);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="login-2fa-title">
      <h3 id="login-2fa-title" className="form__title">
        {t('login_2fa_title')}
      </h3>
      <p className="muted">{t('login_2fa_tips')}</p>
      <fieldset className="choice-group">
        <legend className="field__label">{t('verify_method')}</legend>
        {challenge.methods.map((m) => (
          <label key={m} className="checkbox">
            <input
              type="radio"
              name="method"
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
            />
            {m === 'SMS' ? t('verify_by_sms') : t('verify_by_email')}
          </label>
        ))}
      </fieldset>
      <SmsCodeField
        label={t('verification_code')}
        value={code}
        onChange={setCode}
        onSend={send}
        error={codeError}
      />
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={verification.isPending}
      >
        {t('login_submit')}
      </button>
      <button type="button" className="link-button" onClick={onBack}>
        {t('back_to_login')}
      </button>
    </form>
  );
}
