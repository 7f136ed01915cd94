import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useThrottle } from '../hooks/use-countdown';

interface CaptchaFieldProps {
  /** Base64 PNG from `call('captcha')`. */
  image: string | undefined;
  onRefresh(): void;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
}

/** The captcha image, its answer, and a refresh button allowed once a second (spec §9). */
export function CaptchaField({ image, onRefresh, value, onChange, error }: CaptchaFieldProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const refresh = useThrottle(onRefresh, 1000);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t('reg_field.captcha')}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div className="field__group">
        <input
          id={id}
          className="field__input"
          name="captcha"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          required
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {image ? (
          <img className="captcha__image" src={`data:image/png;base64,${image}`} alt={t('captcha_image')} />
        ) : (
          <span className="captcha__image skeleton" aria-hidden="true" />
        )}
        <button type="button" className="icon-button" aria-label={t('captcha_refresh')} onClick={refresh}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
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
