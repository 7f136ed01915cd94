import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import { useDecision } from '../api/operator';

/** The reject reason's bounds (the contract's `reason`: 3–500 characters). */
const REASON_MIN = 3;
const REASON_MAX = 500;

export interface PendingDecision {
  kind: 'deposit' | 'withdrawal';
  outcome: 'approve' | 'reject';
  id: string;
  account: string;
  /** The amount as shown in the queue. */
  amount: string;
}

/**
 * Confirms one decision on a queued deposit or withdrawal: approving takes an optional note,
 * rejecting a mandatory reason (the API's). Closes on success; an error stays in the dialog.
 */
export function DecisionDialog({
  merchantCode,
  decision,
  onClose,
}: {
  merchantCode: string;
  decision: PendingDecision;
  onClose(): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const mutation = useDecision(merchantCode);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const reject = decision.outcome === 'reject';
  const names = { id: decision.id, account: decision.account, amount: decision.amount };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (reject && (value.length < REASON_MIN || value.length > REASON_MAX)) {
      setInvalid(true);
      return;
    }
    const input = reject
      ? { kind: decision.kind, outcome: 'reject' as const, id: decision.id, reason: value }
      : {
          kind: decision.kind,
          outcome: 'approve' as const,
          id: decision.id,
          ...(value ? { note: value } : {}),
        };
    mutation.mutate(input, {
      onSuccess: () => {
        showToast(t(`done_${decision.kind}_${decision.outcome}` as const, names));
        onClose();
      },
    });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t(`confirm_${decision.kind}_${decision.outcome}` as const, names)}
      size="medium"
    >
      <form className="form" onSubmit={submit} noValidate>
        <dl className="ops-summary">
          <dt>{t('col_member')}</dt>
          <dd>{decision.account}</dd>
          <dt>{t('col_amount')}</dt>
          <dd className="ops-summary__amount">{decision.amount}</dd>
        </dl>
        <div className={`field${invalid ? ' field--invalid' : ''}`}>
          <label htmlFor="ops-decision-text" className="field__label">
            {reject ? t('reason') : t('note_optional')}
            {reject && (
              <span className="field__required" aria-hidden="true">
                {' '}
                *
              </span>
            )}
          </label>
          <textarea
            id="ops-decision-text"
            className="field__input ops-textarea"
            rows={3}
            maxLength={REASON_MAX}
            required={reject}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'ops-decision-error' : undefined}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setInvalid(false);
            }}
          />
          {invalid && (
            <p id="ops-decision-error" className="field__error" role="alert">
              {t('reason_length', { min: REASON_MIN, max: REASON_MAX })}
            </p>
          )}
        </div>
        {mutation.error && (
          <p className="form__error" role="alert">
            {errorText(mutation.error)}
          </p>
        )}
        <div className="confirm__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className={`button ${reject ? 'button--danger' : 'button--primary'}`}
            disabled={mutation.isPending}
          >
            {reject ? t('reject') : t('approve')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
