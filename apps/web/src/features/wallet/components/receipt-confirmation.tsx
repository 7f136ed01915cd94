import { type ChangeEvent, type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { compareAmounts } from '../../../lib/money';
import {
  type ConfirmReceiptInput,
  type ConfirmStatus,
  type Withdrawal,
  useConfirmReceipt,
  usePaymentConfirmationsQuery,
} from '../api/payments';
import { useAmountCheck } from '../hooks/use-amount-check';
import { useDateTime } from '../hooks/use-date-time';
import { useMoney } from '../hooks/use-money';
import { AmountField } from './amount-field';
import { DetailRow, type Tone, withdrawReference } from './payment-bits';

/** Spec §7 "images png or jpg, at most 5MB". The server checks the bytes again. */
export const proofMaxBytes = 5 * 1024 * 1024;
const proofTypes = ['image/png', 'image/jpeg'];

type Choice = ConfirmReceiptInput['status'];
const choices: Choice[] = ['received', 'partial', 'not_received'];

export const confirmTone: Record<ConfirmStatus, Tone> = {
  none: 'pending',
  received: 'ok',
  auto_received: 'ok',
  partial: 'bad',
  not_received: 'bad',
};

/** A paid withdrawal's confirmation state in words ("Partly received, $5.00 missing"). */
export function useConfirmStatusText() {
  const { t } = useTranslation('payments');
  const { format } = useMoney();
  return useCallback(
    (w: Pick<Withdrawal, 'confirmStatus' | 'remainingAmount'>) =>
      w.confirmStatus === 'partial' && w.remainingAmount !== null
        ? t('confirm_status_partial_detail', { remaining: format(w.remainingAmount) })
        : t(`confirm_status.${w.confirmStatus}`),
    [t, format],
  );
}

/** The magic bytes of PNG and JPEG at the start of their base64 (`\x89PNG…`, `\xFF\xD8\xFF`). */
const looksLikeImage = (base64: string) => base64.startsWith('iVBORw0KGgo') || base64.startsWith('/9j/');

/** Reads a file as a `data:` URL (base64), the form the confirm call accepts. */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(reader.error));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Receipt confirmation (spec §4): every paid withdrawal the member has not confirmed yet, with
 * "Confirm receipt": received, partly received (how much did not arrive) or not received (with a
 * proof image). Unconfirmed within `confirmMinutes` it counts as received and is not refunded.
 * Nothing shows when nothing waits.
 */
export function ReceiptConfirmations() {
  const { t } = useTranslation('payments');
  const { format } = useMoney();
  const dateTime = useDateTime();
  const confirmText = useConfirmStatusText();
  const titleId = useId();
  const list = usePaymentConfirmationsQuery();
  /** Held here, not looked up in the list: a confirmed withdrawal leaves the list at once. */
  const [open, setOpen] = useState<Withdrawal | null>(null);
  const [last, setLast] = useState<Withdrawal | null>(null);
  const items = list.data?.list ?? [];

  if (!items.length && !open && !last) return null;
  return (
    <section
      className={`payments__card payments__card--${items.length ? 'pending' : 'ok'}`}
      aria-labelledby={titleId}
    >
      <div className="payments__card-head">
        <h3 id={titleId} className="form__title">
          {t('receipt_title')}
        </h3>
      </div>
      {list.data && items.length > 0 && (
        <p className="payments__lead">{t('receipt_note', { minutes: list.data.confirmMinutes })}</p>
      )}
      {last && (
        <p className="form__notice" role="status">
          {t('receipt_recorded', {
            reference: withdrawReference(last.withdrawId),
            status: confirmText(last),
          })}
        </p>
      )}
      {items.length > 0 && (
        <ul className="receipt-list">
          {items.map((w) => (
            <li key={w.withdrawId} className="receipt-item">
              <div className="receipt-item__main">
                <span className="receipt-item__amount">{format(w.amount)}</span>
                <span className="muted">
                  {withdrawReference(w.withdrawId)}
                  {w.bankName ? ` · ${w.bankName}` : ''}
                  {w.accountNumber ? ` · ${w.accountNumber}` : ''}
                </span>
                <span className="muted receipt-item__times">
                  {w.paidAt && t('paid_at', { time: dateTime(w.paidAt) })}
                  {w.confirmDeadline && ` · ${t('confirm_by', { time: dateTime(w.confirmDeadline) })}`}
                </span>
              </div>
              <button type="button" className="button button--primary" onClick={() => setOpen(w)}>
                {t('receipt_open')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmReceiptDialog withdrawal={open} onClose={() => setOpen(null)} onConfirmed={(w) => setLast(w)} />
    </section>
  );
}

function ConfirmReceiptDialog({
  withdrawal,
  onClose,
  onConfirmed,
}: {
  withdrawal: Withdrawal | null;
  onClose(): void;
  onConfirmed(result: Withdrawal): void;
}) {
  const { t } = useTranslation('payments');
  return (
    <Modal open={withdrawal !== null} onClose={onClose} title={t('receipt_dialog_title')} size="medium">
      {withdrawal && (
        <ConfirmReceiptForm
          key={withdrawal.withdrawId}
          withdrawal={withdrawal}
          onClose={onClose}
          onConfirmed={onConfirmed}
        />
      )}
    </Modal>
  );
}

function ConfirmReceiptForm({
  withdrawal,
  onClose,
  onConfirmed,
}: {
  withdrawal: Withdrawal;
  onClose(): void;
  onConfirmed(result: Withdrawal): void;
}) {
  const { t } = useTranslation('payments');
  const { format, scale } = useMoney();
  const dateTime = useDateTime();
  const errorText = useApiErrorText();
  const confirmText = useConfirmStatusText();
  const checkAmount = useAmountCheck(scale);
  const confirmReceipt = useConfirmReceipt();
  const id = useId();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [remaining, setRemaining] = useState('');
  const [proof, setProof] = useState<{ name: string; dataUrl: string } | null>(null);
  const [errors, setErrors] = useState<{ choice?: string; remaining?: string; proof?: string }>({});
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<Withdrawal | null>(null);
  const amount = format(withdrawal.amount);
  const reference = withdrawReference(withdrawal.withdrawId);

  if (result)
    return (
      <div className="form" role="status">
        <p className="form__notice">{t('receipt_done', { reference, status: confirmText(result) })}</p>
        {result.confirmStatus !== 'received' && <p className="payments__lead">{t('receipt_followup')}</p>}
        <div className="confirm__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('done')}
          </button>
        </div>
      </div>
    );

  const pickProof = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setProof(null);
    setErrors((v) => ({ ...v, proof: undefined }));
    if (!file) return;
    const problem = !proofTypes.includes(file.type)
      ? t('proof_type')
      : file.size > proofMaxBytes
        ? t('proof_size')
        : undefined;
    if (problem) {
      e.target.value = '';
      setErrors((v) => ({ ...v, proof: problem }));
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      if (!looksLikeImage(dataUrl.slice(dataUrl.indexOf(',') + 1))) throw new Error('not an image');
      setProof({ name: file.name, dataUrl });
    } catch {
      e.target.value = '';
      setErrors((v) => ({ ...v, proof: t('proof_unreadable') }));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (confirmReceipt.isPending) return;
    setError(undefined);
    if (!choice) return setErrors({ choice: t('receipt_choose') });
    let body: ConfirmReceiptInput = { withdrawId: withdrawal.withdrawId, status: choice };
    if (choice === 'partial') {
      const checked = checkAmount(remaining);
      const problem =
        checked.error ??
        (compareAmounts(checked.amount, withdrawal.amount, scale) >= 0
          ? t('remaining_range', { amount })
          : undefined);
      if (problem) return setErrors({ remaining: problem });
      body = { ...body, remainingAmount: checked.amount };
    }
    if (choice === 'not_received') {
      if (!proof) return setErrors({ proof: t('proof_required') });
      body = { ...body, proof: proof.dataUrl };
    }
    setErrors({});
    confirmReceipt.mutate(body, {
      onSuccess: (reply) => {
        setResult(reply);
        onConfirmed(reply);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'proof.invalid')
          setErrors({
            proof: t(`proof_reason.${String(err.value?.reason)}`, { defaultValue: errorText(err) }),
          });
        else setError(errorText(err));
      },
    });
  };

  const pending = confirmReceipt.isPending;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="confirm__message payments__lead">
        {t('receipt_dialog_lead', {
          reference,
          amount,
          time: withdrawal.paidAt ? dateTime(withdrawal.paidAt) : '—',
        })}
      </p>
      {(withdrawal.bankName || withdrawal.accountNumber) && (
        <dl className="detail-list">
          {withdrawal.bankName && <DetailRow label={t('bank_name')} value={withdrawal.bankName} />}
          {withdrawal.accountNumber && (
            <DetailRow label={t('account_number')} value={withdrawal.accountNumber} />
          )}
        </dl>
      )}
      <fieldset
        className={`receipt-choices${errors.choice ? ' receipt-choices--invalid' : ''}`}
        disabled={pending}
        aria-describedby={errors.choice ? `${id}-choice-error` : undefined}
      >
        <legend className="field__label">{t('receipt_question')}</legend>
        {choices.map((c) => (
          <label key={c} className="receipt-choice">
            <input
              type="radio"
              name="receipt"
              value={c}
              checked={choice === c}
              onChange={() => {
                setChoice(c);
                setErrors({});
                setError(undefined);
              }}
            />
            <span>{t(`receipt_choice.${c}`)}</span>
          </label>
        ))}
        {errors.choice && (
          <p id={`${id}-choice-error`} className="field__error" role="alert">
            {errors.choice}
          </p>
        )}
      </fieldset>
      {choice === 'partial' && (
        <AmountField
          label={t('remaining_amount')}
          value={remaining}
          disabled={pending}
          onChange={(v) => {
            setRemaining(v);
            setErrors((x) => ({ ...x, remaining: undefined }));
          }}
          error={errors.remaining}
          hint={t('remaining_hint', { amount })}
        />
      )}
      {choice === 'not_received' && (
        <div className={`field${errors.proof ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-proof`} className="field__label">
            {t('proof')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          {/* The native picker's button speaks the browser's language; this one the page's. */}
          <div className="file-pick">
            <input
              id={`${id}-proof`}
              type="file"
              accept="image/png,image/jpeg"
              className="visually-hidden"
              disabled={pending}
              aria-invalid={errors.proof ? true : undefined}
              aria-describedby={`${id}-proof-${errors.proof ? 'error' : 'hint'}`}
              onChange={(e) => void pickProof(e)}
            />
            <label
              htmlFor={`${id}-proof`}
              className="button button--small file-pick__button"
              aria-hidden="true"
            >
              {t('proof_choose')}
            </label>
            <span className="muted file-pick__name">{proof?.name ?? t('proof_none')}</span>
          </div>
          {errors.proof ? (
            <p id={`${id}-proof-error`} className="field__error" role="alert">
              {errors.proof}
            </p>
          ) : (
            <p id={`${id}-proof-hint`} className="field__hint">
              {t('proof_hint')}
            </p>
          )}
          {proof && (
            <img
              className="proof-preview"
              src={proof.dataUrl}
              alt={t('proof_preview', { name: proof.name })}
            />
          )}
        </div>
      )}
      <p className="field__hint">{t('receipt_final')}</p>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="confirm__actions">
        <button type="button" className="button" onClick={onClose} disabled={pending}>
          {t('cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t('submitting') : t('receipt_submit')}
        </button>
      </div>
    </form>
  );
}
