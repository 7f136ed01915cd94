import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type OpsBrand, useAdjustment } from '../api/operator';
import { useOpsFormat } from '../lib/format';
import { useRequestId } from '../../../lib/request-id';

const REASON_MIN = 3;
const REASON_MAX = 500;

type Field = 'account' | 'amount' | 'reason';

/** A signed amount with at most `scale` decimals, not zero; the text is sent as typed. */
function checkAmount(text: string, scale: number): 'required' | 'format' | 'zero' | null {
  const value = text.trim();
  if (!value) return 'required';
  const pattern = scale > 0 ? new RegExp(`^[-+]?\\d+(\\.\\d{1,${scale}})?$`) : /^[-+]?\d+$/;
  if (!pattern.test(value)) return 'format';
  return /[1-9]/.test(value) ? null : 'zero';
}

/**
 * Manual adjustment of a member's main wallet: account, signed amount, mandatory reason, and a
 * confirmation that repeats what will happen. Idempotent by request id across retries.
 */
export function AdjustmentForm({ brand }: { brand: OpsBrand }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const adjust = useAdjustment(brand.code);
  const { idFor, settle } = useRequestId();
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const validate = () => {
    const next: Partial<Record<Field, string>> = {};
    if (!account.trim()) next.account = t('required');
    const amountProblem = checkAmount(amount, brand.currencyScale);
    if (amountProblem === 'required') next.amount = t('required');
    else if (amountProblem) next.amount = t('amount_invalid', { scale: brand.currencyScale });
    const r = reason.trim();
    if (!r) next.reason = t('required');
    else if (r.length < REASON_MIN || r.length > REASON_MAX)
      next.reason = t('reason_length', { min: REASON_MIN, max: REASON_MAX });
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    adjust.reset();
    if (validate()) setConfirming(true);
  };

  const send = () => {
    setConfirming(false);
    const body = { account: account.trim(), amount: amount.trim(), reason: reason.trim() };
    const requestId = idFor(JSON.stringify(body));
    adjust.mutate(
      { ...body, requestId },
      {
        onSuccess: (value) => {
          settle();
          setResult(
            t('adjusted', {
              account: value.account,
              amount: fmt.money(value.amount, true),
              balance: fmt.money(value.balance),
            }),
          );
          setAccount('');
          setAmount('');
          setReason('');
        },
        onError: (error) => settle(error),
      },
    );
  };

  const edit = (field: Field, set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const signed = checkAmount(amount, brand.currencyScale) === null ? fmt.money(amount.trim(), true) : amount;
  return (
    <section className="ops-card" aria-labelledby="ops-adjust-title">
      <header className="ops-card__header">
        <h2 id="ops-adjust-title">{t('adjustment')}</h2>
      </header>
      <form className="form ops-adjust" onSubmit={submit} noValidate>
        <TextField
          label={t('member_account')}
          name="account"
          autoComplete="off"
          required
          value={account}
          onChange={edit('account', setAccount)}
          error={errors.account}
        />
        <TextField
          label={t('amount_signed', { symbol: brand.currencySymbol })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          value={amount}
          onChange={edit('amount', setAmount)}
          error={errors.amount}
          hint={t('amount_hint')}
        />
        <TextField
          label={t('reason')}
          name="reason"
          autoComplete="off"
          required
          maxLength={REASON_MAX}
          value={reason}
          onChange={edit('reason', setReason)}
          error={errors.reason}
        />
        {adjust.error && (
          <p className="form__error" role="alert">
            {errorText(adjust.error)}
          </p>
        )}
        {result && (
          <p className="ops-result" role="status">
            {result}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={adjust.isPending}>
          {t('adjust')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('confirm_adjustment')}
        message={t('confirm_adjustment_text', {
          account: account.trim(),
          amount: signed,
          reason: reason.trim(),
        })}
        confirmLabel={t('adjust')}
        cancelLabel={t('cancel')}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
