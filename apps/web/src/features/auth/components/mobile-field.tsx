import { useId, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';

export interface Country {
  countryCode: string;
  countryDialingCode: string;
}

/** The visitor's own country when the brand accepts it (from the browser locale), else the first. */
export function defaultDialingCode(countries: Country[]): string {
  const region =
    typeof navigator === 'undefined' ? undefined : navigator.language.split('-')[1]?.toUpperCase();
  return (countries.find((c) => c.countryCode === region) ?? countries[0])?.countryDialingCode ?? '';
}

interface MobileFieldProps {
  label: string;
  countries: Country[];
  dialingCode: string;
  onDialingCode(code: string): void;
  mobile: string;
  onMobile(mobile: string): void;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  name?: string;
}

/** A country dialing code (from `systemCountry`) and the national number, as one field. */
export function MobileField({
  label,
  countries,
  dialingCode,
  onDialingCode,
  mobile,
  onMobile,
  required,
  error,
  hint,
  name = 'mobileNum',
}: MobileFieldProps) {
  const { t, i18n } = useTranslation('auth');
  const id = useId();
  const regionNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="field__group">
        <select
          className="field__input field__select"
          aria-label={t('country_code')}
          name="countryDialingCode"
          value={dialingCode}
          onChange={(e) => onDialingCode(e.target.value)}
        >
          {countries.map((c) => (
            <option key={c.countryCode} value={c.countryDialingCode}>
              {t('dialing_code_option', {
                country: regionNames?.of(c.countryCode) ?? c.countryCode,
                code: c.countryDialingCode,
              })}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="field__input"
          name={name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required={required}
          maxLength={20}
          value={mobile}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => onMobile(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
