import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { compareAmounts, toAmountText } from '../../../lib/money';
import {
  type WithdrawCreated,
  type WithdrawInput,
  type WithdrawSettings,
  type WithdrawStatus,
  type Withdrawal,
  useCreateWithdrawal,
  useWithdrawSettingsQuery,
  useWithdrawalsQuery,
} from '../api/payments';
import { useBalanceQuery } from '../api/wallet';
import { invalidFields, useAmountCheck } from '../hooks/use-amount-check';
import { useDateTime } from '../hooks/use-date-time';
import { useMoney } from '../hooks/use-money';
import { useRequestId } from '../../../lib/request-id';
import { MAIN } from '../lib/wallets';
import { ActionError } from './action-error';
import { AmountField } from './amount-field';
import { HistoryTable } from './history-table';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { DetailRow, StatusPill, type Tone, withdrawReference } from './payment-bits';
import { ReceiptConfirmations, confirmTone } from './receipt-confirmation';

export const withdrawHistoryPageSize = 10;
const textMax = 100;
/** The contract's account number rule (letters, digits, spaces, hyphens; 4–40). */
const accountNumberPattern = /^[0-9A-Za-z -]{4,40}$/;

const withdrawTone: Record<WithdrawStatus, Tone> = { pending: 'pending', paid: 'ok', rejected: 'bad' };

type Field = 'amount' | 'bankName' | 'accountNumber' | 'accountName' | 'paymentPassword';
type Values = Record<Field, string>;
const empty: Values = { amount: '', bankName: '', accountNumber: '', accountName: '', paymentPassword: '' };

/**
 * Withdrawal (`withdraw`): the brand's limits and today's count, a form (amount, the bank
 * account to pay into, the payment password), a confirmation step, then the pending request.
 * Above it, paid withdrawals waiting for the member's receipt confirmation (spec §4); below, the
 * history with each withdrawal's confirmation state.
 */
export function WithdrawPage({ onSetPaymentPassword }: { onSetPaymentPassword(): void }) {
  const settings = useWithdrawSettingsQuery();
  return (
    <div className="payments">
      <ReceiptConfirmations />
      {settings.isPending ? (
        <PanelLoading />
      ) : settings.isError ? (
        <PanelError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <WithdrawPanel settings={settings.data} onSetPaymentPassword={onSetPaymentPassword} />
      )}
      <WithdrawHistory />
    </div>
  );
}

function WithdrawPanel({
  settings,
  onSetPaymentPassword,
}: {
  settings: WithdrawSettings;
  onSetPaymentPassword(): void;
}) {
  const { t } = useTranslation('payments');
  const { format } = useMoney();
  const balance = useBalanceQuery();
  const [created, setCreated] = useState<WithdrawCreated | null>(null);
  const main = balance.data?.balance.find((w) => w.wallet === MAIN)?.availBalance;
  const { minimumAmount: min, maximumAmount: max, dailyCount, usedToday } = settings;
  const countLeft = dailyCount > 0 ? Math.max(0, dailyCount - usedToday) : Infinity;

  return (
    <>
      <dl className="payments__summary">
        <div className="payments__summary-item">
          <dt>{t('summary_limits')}</dt>
          <dd>{t('limits_range', { min: format(min), max: format(max) })}</dd>
        </div>
        <div className="payments__summary-item">
          <dt>{t('summary_today')}</dt>
          <dd>
            {dailyCount > 0
              ? t('today_count', { used: usedToday, count: dailyCount })
              : t('today_unlimited', { used: usedToday })}
          </dd>
        </div>
        <div className="payments__summary-item">
          <dt>{t('summary_available')}</dt>
          <dd>{main === undefined ? '—' : format(main)}</dd>
        </div>
      </dl>
      {created ? (
        <WithdrawCreatedCard created={created} onDone={() => setCreated(null)} />
      ) : (
        <>
          {!settings.hasPaymentPassword && (
            <div className="payments__notice" role="status">
              <p className="form__error-text">{t('no_payment_password')}</p>
              <button type="button" className="link-button" onClick={onSetPaymentPassword}>
                {t('set_payment_password')}
              </button>
            </div>
          )}
          {countLeft === 0 && (
            <p className="payments__notice" role="status">
              {t('daily_count_reached', { count: dailyCount })}
            </p>
          )}
          {/* While a bonus's turnover is open, the withdrawal says how much is left (docs/rewards.md). */}
          {settings.turnoverLeft > 0 && (
            <p className="payments__notice" role="status" data-testid="withdraw-turnover">
              {t('turnover_left', { amount: format(settings.turnoverLeft) })}
            </p>
          )}
          <WithdrawForm
            settings={settings}
            available={main}
            blocked={!settings.hasPaymentPassword || countLeft === 0 || settings.turnoverLeft > 0}
            onSetPaymentPassword={onSetPaymentPassword}
            onCreated={setCreated}
          />
        </>
      )}
    </>
  );
}

function WithdrawForm({
  settings,
  available,
  blocked,
  onSetPaymentPassword,
  onCreated,
}: {
  settings: WithdrawSettings;
  available: number | undefined;
  blocked: boolean;
  onSetPaymentPassword(): void;
  onCreated(created: WithdrawCreated): void;
}) {
  const { t } = useTranslation('payments');
  const { format, scale } = useMoney();
  const errorText = useApiErrorText();
  const checkAmount = useAmountCheck(scale);
  const withdraw = useCreateWithdrawal();
  const requestIds = useRequestId();
  const formId = useId();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<unknown>();
  /** The checked request awaiting the member's confirmation. */
  const [confirming, setConfirming] = useState<Omit<WithdrawInput, 'requestId'> | null>(null);
  const { minimumAmount: min, maximumAmount: max } = settings;
  const rangeText = t('amount_range', { min: format(min), max: format(max) });

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((v) => ({ ...v, [field]: undefined }));
    setError(undefined);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (withdraw.isPending || blocked) return;
    const checked = checkAmount(values.amount);
    let amountError = checked.error;
    if (checked.amount) {
      if (compareAmounts(checked.amount, min, scale) < 0 || compareAmounts(checked.amount, max, scale) > 0)
        amountError = rangeText;
      else if (available !== undefined && compareAmounts(checked.amount, available, scale) > 0)
        amountError = t('amount_over_balance');
    }
    const bankName = values.bankName.trim();
    const accountNumber = values.accountNumber.trim();
    const accountName = values.accountName.trim();
    const next: Partial<Record<Field, string>> = {
      amount: amountError,
      bankName: bankName ? undefined : t('field_required'),
      accountNumber: !accountNumber
        ? t('field_required')
        : accountNumberPattern.test(accountNumber)
          ? undefined
          : t('account_number_format'),
      accountName: accountName ? undefined : t('field_required'),
      paymentPassword: values.paymentPassword ? undefined : t('payment_password_required'),
    };
    setErrors(next);
    setError(undefined);
    if (Object.values(next).some(Boolean) || !checked.amount) return;
    setConfirming({
      amount: checked.amount,
      bankName,
      accountNumber,
      accountName,
      paymentPassword: values.paymentPassword,
    });
  };

  const confirm = () => {
    const request = confirming;
    setConfirming(null);
    if (!request) return;
    // The payment password is not part of the action: a retry with it corrected is the same request.
    const requestId = requestIds.idFor(
      JSON.stringify([request.amount, request.bankName, request.accountNumber, request.accountName]),
    );
    withdraw.mutate(
      { ...request, requestId },
      {
        onSuccess: (reply) => {
          requestIds.settle();
          setValues(empty);
          onCreated(reply);
        },
        onError: (err) => {
          requestIds.settle(err);
          setError(err);
          if (!(err instanceof ApiError)) return;
          if (err.code === 'payment.password.invalid') setErrors({ paymentPassword: errorText(err) });
          else if (err.code === 'withdraw.limit') {
            const [lo, hi] = [Number(err.value?.min), Number(err.value?.max)];
            setErrors({
              amount:
                Number.isFinite(lo) && Number.isFinite(hi)
                  ? t('amount_range', { min: format(lo), max: format(hi) })
                  : errorText(err),
            });
          } else if (err.code === 'wallet.insufficient') setErrors({ amount: errorText(err) });
          else {
            const fields = invalidFields(err);
            if (fields.length)
              setErrors(
                Object.fromEntries(
                  fields
                    .filter((f): f is Field => f in empty)
                    .map((f) => [f, f === 'amount' ? t('amount_invalid') : t('field_invalid')]),
                ),
              );
          }
        },
      },
    );
  };

  const pending = withdraw.isPending;
  const disabled = pending || blocked;
  const fieldError = Object.values(errors).some(Boolean);
  return (
    <form className="form payments__form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} className="form__title">
        {t('withdraw_title')}
      </h3>
      <AmountField
        label={t('amount')}
        value={values.amount}
        placeholder={format(min, { symbol: false })}
        disabled={disabled}
        onChange={(value) => set('amount', value)}
        error={errors.amount}
        hint={t('limits', { min: format(min), max: format(max) })}
        action={
          available === undefined
            ? undefined
            : {
                label: t('all'),
                disabled: !(available > 0),
                // The whole main balance as shown, capped by the per-withdrawal maximum.
                onClick: () =>
                  set(
                    'amount',
                    toAmountText(compareAmounts(available, max, scale) > 0 ? max : available, scale),
                  ),
              }
        }
      />
      <div className="payments__grid">
        <TextField
          label={t('bank_name')}
          name="bankName"
          autoComplete="off"
          required
          maxLength={textMax}
          disabled={disabled}
          value={values.bankName}
          error={errors.bankName}
          onChange={(e) => set('bankName', e.target.value)}
        />
        <TextField
          label={t('account_number')}
          name="accountNumber"
          autoComplete="off"
          inputMode="text"
          required
          maxLength={40}
          disabled={disabled}
          value={values.accountNumber}
          error={errors.accountNumber}
          onChange={(e) => set('accountNumber', e.target.value)}
        />
      </div>
      <TextField
        label={t('account_name')}
        name="accountName"
        autoComplete="off"
        required
        maxLength={textMax}
        disabled={disabled}
        value={values.accountName}
        error={errors.accountName}
        onChange={(e) => set('accountName', e.target.value)}
      />
      <TextField
        label={t('payment_password')}
        name="paymentPassword"
        type="password"
        autoComplete="off"
        required
        maxLength={128}
        disabled={disabled}
        value={values.paymentPassword}
        error={errors.paymentPassword}
        onChange={(e) => set('paymentPassword', e.target.value)}
      />
      {error !== undefined && !fieldError && (
        <ActionError
          error={error}
          setPasswordLabel={t('set_payment_password')}
          onSetPaymentPassword={onSetPaymentPassword}
        />
      )}
      <button type="submit" className="button button--primary button--block" disabled={disabled}>
        {pending ? t('submitting') : t('withdraw_next')}
      </button>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('withdraw_confirm_title')}
        role="alertdialog"
      >
        {confirming && (
          <>
            <p className="confirm__message">{t('withdraw_confirm_lead')}</p>
            <dl className="detail-list detail-list--spaced">
              <DetailRow label={t('amount')} value={format(confirming.amount)} />
              <DetailRow label={t('bank_name')} value={confirming.bankName ?? ''} />
              <DetailRow label={t('account_number')} value={confirming.accountNumber ?? ''} />
              <DetailRow label={t('account_name')} value={confirming.accountName ?? ''} />
            </dl>
            <div className="confirm__actions">
              <button type="button" className="button" onClick={() => setConfirming(null)}>
                {t('cancel')}
              </button>
              <button type="button" className="button button--primary" onClick={confirm}>
                {t('withdraw_confirm_submit')}
              </button>
            </div>
          </>
        )}
      </Modal>
    </form>
  );
}

function WithdrawCreatedCard({ created, onDone }: { created: WithdrawCreated; onDone(): void }) {
  const { t } = useTranslation('payments');
  const { format } = useMoney();
  const titleId = useId();
  return (
    <section className="payments__card payments__card--pending" aria-labelledby={titleId}>
      <div className="payments__card-head">
        <h3 id={titleId} className="form__title">
          {t('withdraw_created_title')}
        </h3>
        <StatusPill tone={withdrawTone[created.status]}>{t(`withdraw_status.${created.status}`)}</StatusPill>
      </div>
      <p className="payments__lead" role="status">
        {t('withdraw_created_lead', {
          reference: withdrawReference(created.withdrawId),
          amount: format(created.amount),
        })}
      </p>
      <div className="payments__actions">
        <button type="button" className="button" onClick={onDone}>
          {t('new_withdrawal')}
        </button>
      </div>
    </section>
  );
}

function WithdrawHistory() {
  const { t } = useTranslation('payments');
  const { format } = useMoney();
  const dateTime = useDateTime();
  const titleId = useId();
  const [pageNo, setPageNo] = useState(1);
  const records = useWithdrawalsQuery(pageNo, withdrawHistoryPageSize);

  const confirmation = (row: Withdrawal) =>
    row.status !== 'paid' ? (
      <span className="muted">—</span>
    ) : (
      <span className="data-table__stack">
        <StatusPill tone={confirmTone[row.confirmStatus]}>
          {t(`confirm_status.${row.confirmStatus}`)}
        </StatusPill>
        {row.confirmStatus === 'partial' && row.remainingAmount !== null && (
          <span className="muted">{t('confirm_missing', { amount: format(row.remainingAmount) })}</span>
        )}
        {row.confirmStatus === 'none' && row.confirmDeadline && (
          <span className="muted">{t('confirm_by', { time: dateTime(row.confirmDeadline) })}</span>
        )}
      </span>
    );

  return (
    <section className="record" aria-labelledby={titleId}>
      <h3 id={titleId} className="form__title">
        {t('withdraw_history')}
      </h3>
      <HistoryTable
        records={records}
        labelledBy={titleId}
        head={
          <>
            <th scope="col">{t('col_time')}</th>
            <th scope="col">{t('col_reference')}</th>
            <th scope="col" className="data-table__num">
              {t('col_amount')}
            </th>
            <th scope="col">{t('col_account')}</th>
            <th scope="col">{t('col_status')}</th>
            <th scope="col">{t('col_confirmation')}</th>
          </>
        }
        row={(row) => (
          <tr key={row.withdrawId}>
            <td className="data-table__time">
              <time dateTime={row.createdAt}>{dateTime(row.createdAt)}</time>
            </td>
            <td className="data-table__ref">{withdrawReference(row.withdrawId)}</td>
            <td className="data-table__num">{format(row.amount)}</td>
            <td>
              {row.bankName || row.accountNumber ? (
                <span className="data-table__stack">
                  <span>{row.bankName}</span>
                  <span className="muted">{row.accountNumber}</span>
                </span>
              ) : (
                '—'
              )}
            </td>
            <td>
              <StatusPill tone={withdrawTone[row.status]}>{t(`withdraw_status.${row.status}`)}</StatusPill>
            </td>
            <td>{confirmation(row)}</td>
          </tr>
        )}
        totalText={(total) => t('total_records', { total })}
        pagesLabel={t('withdraw_pages')}
        onPageChange={setPageNo}
      />
    </section>
  );
}
