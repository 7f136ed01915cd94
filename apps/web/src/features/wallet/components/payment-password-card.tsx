import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import { useSetPaymentPassword } from '../api/wallet';

type Field = 'password' | 'newPaymentPassword' | 'confirmPaymentPassword';
const empty: Record<Field, string> = { password: '', newPaymentPassword: '', confirmPaymentPassword: '' };
const minLength = 6;
const maxLength = 128;

/**
 * Security centre card: set or change the payment password that withdrawals and team transfers
 * ask for, confirmed with the login password. `hasPaymentPassword` comes from member info.
 */
export function PaymentPasswordCard({
  hasPaymentPassword,
  onSaved,
}: {
  hasPaymentPassword: boolean | undefined;
  onSaved(): void;
}) {
  const { t } = useTranslation('wallet');
  const errorText = useApiErrorText();
  const save = useSetPaymentPassword();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string>();

  const close = () => {
    setOpen(false);
    setValues(empty);
    setErrors({});
    setError(undefined);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { password, newPaymentPassword, confirmPaymentPassword } = values;
    const next: Partial<Record<Field, string>> = {
      password: password ? undefined : t('field_required'),
      newPaymentPassword: !newPaymentPassword
        ? t('field_required')
        : newPaymentPassword.length < minLength || newPaymentPassword.length > maxLength
          ? t('payment_password_length', { min: minLength, max: maxLength })
          : undefined,
      confirmPaymentPassword: !confirmPaymentPassword
        ? t('field_required')
        : confirmPaymentPassword !== newPaymentPassword
          ? t('payment_password_mismatch')
          : undefined,
    };
    setErrors(next);
    setError(undefined);
    if (Object.values(next).some(Boolean)) return;
    save.mutate(values, {
      onSuccess: () => {
        close();
        showToast(t('payment_password_saved'));
        onSaved();
      },
      onError: (err) => {
        const fields =
          err instanceof ApiError && err.value?.fields && typeof err.value.fields === 'object'
            ? (err.value.fields as Record<string, string>)
            : {};
        setErrors({
          password: 'password' in fields ? t('login_password_invalid') : undefined,
          confirmPaymentPassword:
            'confirmPaymentPassword' in fields ? t('payment_password_mismatch') : undefined,
          newPaymentPassword:
            'newPaymentPassword' in fields
              ? t('payment_password_length', { min: minLength, max: maxLength })
              : undefined,
        });
        setError(errorText(err));
      },
    });
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      maxLength={maxLength}
      disabled={save.isPending}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        setErrors((v) => ({ ...v, [name]: undefined }));
      }}
    />
  );

  return (
    <section className="security-card" aria-labelledby={titleId}>
      <div className="security-card__head">
        <div>
          <h3 id={titleId} className="security-card__title">
            {t('payment_password')}
          </h3>
          <p className="security-card__text">{t('payment_password_about')}</p>
        </div>
        {hasPaymentPassword !== undefined && (
          <span className={`status-pill${hasPaymentPassword ? ' status-pill--ok' : ''}`}>
            {hasPaymentPassword ? t('payment_password_status_set') : t('payment_password_status_unset')}
          </span>
        )}
      </div>
      {open ? (
        <form className="form security-card__form" onSubmit={submit} noValidate>
          {field('password', t('login_password'), 'current-password')}
          {field('newPaymentPassword', t('new_payment_password'), 'new-password')}
          {field('confirmPaymentPassword', t('confirm_payment_password'), 'new-password')}
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="security-card__actions">
            <button type="button" className="button" onClick={close} disabled={save.isPending}>
              {t('cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {t('save')}
            </button>
          </div>
        </form>
      ) : (
        <div className="security-card__actions">
          <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
            {hasPaymentPassword ? t('change_payment_password') : t('set_payment_password')}
          </button>
        </div>
      )}
    </section>
  );
}
