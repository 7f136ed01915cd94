import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCountdown, useThrottle } from '../hooks/use-countdown';

interface SmsCodeFieldProps {
  label?: string;
  value: string;
  onChange(value: string): void;
  /** Sends a code; resolves with the reply's `expiredMinutes`, or null when nothing was sent. */
  onSend(): Promise<number | null>;
  error?: string | undefined;
  required?: boolean;
  name?: string;
}

/**
 * A verification code with its Send button (spec §4, §9): after a send the button is disabled
 * for expiredMinutes × 60 seconds (60 when the reply has none) and shows the countdown; presses
 * are throttled to one per 1000 ms so a double click cannot send twice.
 */
export function SmsCodeField({
  label,
  value,
  onChange,
  onSend,
  error,
  required = true,
  name = 'verificationCode',
}: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const { left, start, running } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = useThrottle(() => {
    setSending(true);
    onSend()
      .then((minutes) => {
        if (minutes !== null) start(Math.max(1, minutes || 1) * 60);
      })
      .catch(() => undefined)
      .finally(() => setSending(false));
  }, 1000);

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label ?? t('sms_code')}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="field__group">
        <input
          id={id}
          className="field__input"
          name={name}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          required={required}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value.trim())}
        />
        <button type="button" className="button field__action" disabled={running || sending} onClick={send}>
          {running ? t('sms_resend_in', { seconds: left }) : t('sms_send')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
