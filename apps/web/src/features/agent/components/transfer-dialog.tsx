import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { parseAmount } from '../../../lib/money';
import { useRequestId } from '../../../lib/request-id';
import { session } from '../../../lib/storage';
import { useDownlineTransfer } from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';

interface TransferDialogProps {
  /** The downline receiving the money; null closes the dialog. */
  target: { id: string; account: string } | null;
  onClose(): void;
  onSetPaymentPassword(): void;
}

type Step = { kind: 'form' } | { kind: 'confirm'; amount: string } | { kind: 'done'; message: string };

/**
 * Transfer to a downline (team management): amount and payment password, a confirmation naming
 * the downline and the amount, then the outcome in the words of `transfer_downline_msg`. A retry
 * after a lost reply reuses the request id, so the money cannot move twice.
 */
export function TransferDialog({ target, onClose, onSetPaymentPassword }: TransferDialogProps) {
  const { t } = useTranslation('agent');
  return (
    <Modal open={target !== null} onClose={onClose} title={t('transfer_title')}>
      {/* Keyed by the downline: a new target starts with an empty form. */}
      {target && (
        <TransferForm
          key={target.id}
          target={target}
          onClose={onClose}
          onSetPaymentPassword={onSetPaymentPassword}
        />
      )}
    </Modal>
  );
}

function TransferForm({
  target,
  onClose,
  onSetPaymentPassword,
}: {
  target: { id: string; account: string };
  onClose(): void;
  onSetPaymentPassword(): void;
}) {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  const errorText = useApiErrorText();
  const transfer = useDownlineTransfer();
  const requestIds = useRequestId();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ amount?: string; password?: string }>({});
  const [error, setError] = useState<unknown>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = parseAmount(amount, f.scale);
    const next: { amount?: string; password?: string } = {};
    if (!checked.ok)
      next.amount =
        checked.problem === 'required'
          ? t('amount_required')
          : checked.problem === 'positive'
            ? t('amount_positive')
            : t('amount_format', { scale: f.scale });
    if (!password) next.password = t('payment_password_required');
    setFieldErrors(next);
    setError(undefined);
    if (checked.ok && !next.password) setStep({ kind: 'confirm', amount: checked.amount });
  };

  const confirm = (value: string) => {
    const requestId = requestIds.idFor(`${target.id}:${value}`);
    transfer.mutate(
      { memberId: target.id, amount: value, paymentPassword: password, requestId },
      {
        onSuccess: (reply) => {
          requestIds.settle();
          const self = session.get('nickname') || session.get('account') || '';
          setStep({
            kind: 'done',
            message: t('transfer_downline_msg', {
              from: self,
              to: reply.target.account,
              amount: f.money(reply.amount),
            }),
          });
        },
        onError: (err) => {
          requestIds.settle(err);
          setError(err);
          setStep({ kind: 'form' });
          if (err instanceof ApiError && err.code === 'payment.password.invalid')
            setFieldErrors({ password: errorText(err) });
        },
      },
    );
  };

  if (step.kind === 'done')
    return (
      <div className="form">
        <p className="confirm__message" role="status">
          {step.message}
        </p>
        <div className="confirm__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('done')}
          </button>
        </div>
      </div>
    );

  if (step.kind === 'confirm')
    return (
      <div className="form">
        <p className="confirm__message">
          {t('transfer_confirm', { account: target.account, amount: f.money(step.amount) })}
        </p>
        <div className="confirm__actions">
          <button
            type="button"
            className="button"
            disabled={transfer.isPending}
            onClick={() => setStep({ kind: 'form' })}
          >
            {t('back')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={transfer.isPending}
            onClick={() => confirm(step.amount)}
          >
            {transfer.isPending ? t('transferring') : t('confirm')}
          </button>
        </div>
      </div>
    );

  const needsPassword = error instanceof ApiError && error.code === 'payment.password.required';
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">{t('transfer_to', { account: target.account })}</p>
      <TextField
        label={t('amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        required
        value={amount}
        error={fieldErrors.amount}
        placeholder={f.money(0, { symbol: false })}
        onChange={(e) => {
          setAmount(e.target.value);
          setFieldErrors((v) => ({ ...v, amount: undefined }));
        }}
      />
      <TextField
        label={t('payment_password')}
        name="paymentPassword"
        type="password"
        autoComplete="off"
        required
        value={password}
        error={fieldErrors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setFieldErrors((v) => ({ ...v, password: undefined }));
        }}
      />
      {error !== undefined && !fieldErrors.password && (
        <div className="form__error" role="alert">
          <p className="form__error-text">{errorText(error)}</p>
          {needsPassword && (
            <button type="button" className="link-button" onClick={onSetPaymentPassword}>
              {t('set_payment_password')}
            </button>
          )}
        </div>
      )}
      <button type="submit" className="button button--primary button--block">
        {t('transfer_next')}
      </button>
    </form>
  );
}
