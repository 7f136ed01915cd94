import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import { useBalanceQuery, useTeamTransfer } from '../api/wallet';
import { invalidFields, useAmountCheck } from '../hooks/use-amount-check';
import { useMoney } from '../hooks/use-money';
import { useRequestId } from '../../../lib/request-id';
import { MAIN } from '../lib/wallets';
import { ActionError } from './action-error';
import { AmountField } from './amount-field';

/**
 * Transfer to upline (`transferUpline`, spec §6): an amount from the main wallet and the payment
 * password, then a confirmation naming the amount (`transfer_upline_msg`), then `teamTransfer`
 * with direction UPLINE. Without a payment password the member is sent to set one.
 */
export function TransferUpline({ onSetPaymentPassword }: { onSetPaymentPassword(): void }) {
  const { t } = useTranslation('wallet');
  const { format, scale } = useMoney();
  const errorText = useApiErrorText();
  const checkAmount = useAmountCheck(scale);
  const balance = useBalanceQuery();
  const transfer = useTeamTransfer();
  const requestIds = useRequestId();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string | undefined; password?: string | undefined }>({});
  const [error, setError] = useState<unknown>();
  /** The checked amount awaiting the member's confirmation. */
  const [confirming, setConfirming] = useState<string | null>(null);

  const main = balance.data?.balance.find((w) => w.wallet === MAIN)?.availBalance;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkAmount(amount);
    const next = { amount: checked.error, password: password ? undefined : t('payment_password_required') };
    setErrors(next);
    setError(undefined);
    if (checked.amount && !next.password) setConfirming(checked.amount);
  };

  const confirm = () => {
    const value = confirming;
    setConfirming(null);
    if (!value) return;
    const requestId = requestIds.idFor(`UPLINE:${value}`);
    transfer.mutate(
      { direction: 'UPLINE', amount: value, paymentPassword: password, requestId },
      {
        onSuccess: (reply) => {
          requestIds.settle();
          setAmount('');
          setPassword('');
          showToast(t('upline_success', { amount: format(reply.amount), account: reply.target }));
        },
        onError: (err) => {
          requestIds.settle(err);
          setError(err);
          if (err instanceof ApiError && err.code === 'payment.password.invalid')
            setErrors({ password: errorText(err) });
          else if (invalidFields(err).includes('amount')) setErrors({ amount: t('amount_invalid') });
        },
      },
    );
  };

  const pending = transfer.isPending;
  return (
    <div className="wallet">
      <p className="wallet__lead">{t('upline_lead')}</p>
      <form className="form wallet__form" onSubmit={submit} noValidate>
        <AmountField
          label={t('amount')}
          value={amount}
          placeholder={format(0, { symbol: false })}
          disabled={pending}
          onChange={(value) => {
            setAmount(value);
            setErrors((v) => ({ ...v, amount: undefined }));
            setError(undefined);
          }}
          error={errors.amount}
          hint={
            main === undefined
              ? undefined
              : t('available', { amount: format(main), wallet: t('wallet_main') })
          }
        />
        <TextField
          label={t('payment_password')}
          name="paymentPassword"
          type="password"
          autoComplete="off"
          required
          disabled={pending}
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((v) => ({ ...v, password: undefined }));
          }}
        />
        {error !== undefined && !errors.password && (
          <ActionError
            error={error}
            setPasswordLabel={t('set_payment_password')}
            onSetPaymentPassword={onSetPaymentPassword}
          />
        )}
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? t('transferring') : t('upline_submit')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('upline_confirm_title')}
        message={t('transfer_upline_msg', { amount: confirming === null ? '' : format(confirming) })}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
