import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** A labelled form field with its error or hint, in the house's `.field` style. */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
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
      {children}
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

/** One line per entry (commas and blank lines also separate). */
export const splitList = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The message for a zod issue reported by the resolver: required, too long, or the schema's own. */
export function useIssueText() {
  const { t } = useTranslation('operator');
  return (error: { type?: string | number; message?: string } | undefined): string | undefined => {
    if (!error) return undefined;
    if (error.type === 'too_small') return t('brandPage.too_short');
    if (error.type === 'too_big') return t('brandPage.too_long');
    if (error.type === 'invalid_type') return t('required');
    return error.message ? t('brandPage.invalid', { detail: error.message }) : t('brandPage.invalid_plain');
  };
}

/** The required reason every change carries to the audit log. */
export function ReasonField({
  id,
  error,
  inputProps,
}: {
  id: string;
  error: string | undefined;
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t } = useTranslation('operator');
  return (
    <Field id={id} label={t('brandPage.reason')} error={error} hint={t('brandPage.reason_hint')} required>
      <input
        id={id}
        className="field__input"
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        {...inputProps}
      />
    </Field>
  );
}
