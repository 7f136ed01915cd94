import { OPS_REASON, opsReasonBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';

/**
 * Confirms one manual action (on a member, a risk flag, a help topic): what will happen, and the reason the audit log keeps
 * (required, 3–500 characters, judged by the contract's schema). Runs the action on submit; an
 * error stays in the dialog. `done` replaces the form once the action succeeded (a temporary
 * password to hand over), else the dialog closes.
 */
export function ReasonDialog({
  title,
  summary,
  confirmLabel,
  danger,
  pending,
  error,
  done,
  onSubmit,
  onClose,
}: {
  title: string;
  summary: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  done?: ReactNode;
  onSubmit(reason: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(opsReasonBodySchema), defaultValues: { reason: '' } });

  return (
    <Modal open onClose={onClose} title={title} size="medium" role="alertdialog">
      {done ? (
        <div className="form">
          {done}
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('done')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={handleSubmit((body) => onSubmit(body.reason))} noValidate>
          <div className="ops-reason__summary">{summary}</div>
          <ReasonField invalid={Boolean(errors.reason)} registration={register('reason')} />
          {error ? (
            <p className="form__error" role="alert">
              {errorText(error)}
            </p>
          ) : null}
          <div className="confirm__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('cancel')}
            </button>
            <button
              type="submit"
              className={`button ${danger ? 'button--danger' : 'button--primary'}`}
              disabled={pending}
            >
              {confirmLabel}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * The required reason of a manual action (3–500 characters, judged by the form's schema), with its
 * translated error: in the reason dialog and in the forms that carry their own reason.
 */
export function ReasonField({
  invalid,
  registration,
  rows = 3,
  className = '',
}: {
  invalid: boolean;
  registration: UseFormRegisterReturn;
  rows?: number;
  className?: string;
}) {
  const { t } = useTranslation('operator');
  const id = useId();
  return (
    <div className={`field${className ? ` ${className}` : ''}${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t('reason')}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <textarea
        id={id}
        className="field__input ops-textarea"
        rows={rows}
        maxLength={OPS_REASON.max}
        aria-required="true"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        {...registration}
      />
      {invalid && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t('reason_required', { min: OPS_REASON.min, max: OPS_REASON.max })}
        </p>
      )}
    </div>
  );
}
