import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { RefreshButton } from '../../../components/refresh-button';
import { useApiErrorText } from '../../../lib/api-error-text';
import { toAmountText } from '../../../lib/money';
import { showToast } from '../../../lib/toast-store';
import { type WalletBalance, useBalanceQuery, useTransferFunds } from '../api/wallet';
import { invalidFields, useAmountCheck } from '../hooks/use-amount-check';
import { useMoney, useWalletName } from '../hooks/use-money';
import { useRequestId } from '../../../lib/request-id';
import { MAIN } from '../lib/wallets';
import { AmountField } from './amount-field';
import { PanelError, PanelLoading } from '../../../components/panel-state';

/** `in`: main wallet → vendor wallet; `out`: vendor wallet → main wallet. */
type Direction = 'in' | 'out';

/**
 * My Wallet (`transferFund`): a card per wallet with its balance, quick all-in / all-out per
 * vendor wallet, and a transfer form between the main wallet and one vendor wallet.
 *
 * All-in moves the main wallet's whole balance *as shown* (an explicit amount: if the balance
 * changed meanwhile the server refuses rather than moving a figure the user never saw); all-out
 * sends `ALL`, because a vendor wallet's balance changes while its games run and the user wants
 * every last cent back.
 */
export function MyWallet() {
  const balance = useBalanceQuery();
  if (balance.isPending) return <PanelLoading />;
  if (balance.isError) return <PanelError error={balance.error} onRetry={() => void balance.refetch()} />;
  return <MyWalletView data={balance.data} refreshing={balance.isFetching} onRefresh={balance.refetch} />;
}

function MyWalletView({
  data,
  refreshing,
  onRefresh,
}: {
  data: WalletBalance;
  refreshing: boolean;
  onRefresh(): void;
}) {
  const { t } = useTranslation('wallet');
  const { format, scale } = useMoney();
  const walletName = useWalletName();
  const errorText = useApiErrorText();
  const checkAmount = useAmountCheck(scale);
  const transfer = useTransferFunds();
  const requestIds = useRequestId();
  const formId = useId();

  const vendors = data.balance.filter((w) => w.wallet !== MAIN);
  const balanceOf = (wallet: string) => data.balance.find((w) => w.wallet === wallet)?.availBalance ?? 0;

  const [direction, setDirection] = useState<Direction>('in');
  const [chosenVendor, setVendor] = useState<string>();
  const vendor = vendors.some((v) => v.wallet === chosenVendor) ? chosenVendor! : vendors[0]?.wallet;
  const [amount, setAmount] = useState('');
  /** The amount field shows a vendor wallet's whole balance and `ALL` is sent. */
  const [all, setAll] = useState(false);
  const [amountError, setAmountError] = useState<string>();
  const [error, setError] = useState<string>();

  if (!vendor) {
    return (
      <div className="wallet">
        <WalletSummary data={data} refreshing={refreshing} onRefresh={onRefresh} />
        <EmptyState message={t('no_vendor_wallets')} />
      </div>
    );
  }

  const from = direction === 'in' ? MAIN : vendor;
  const to = direction === 'in' ? vendor : MAIN;

  const clearAmount = () => {
    setAmount('');
    setAll(false);
    setAmountError(undefined);
  };
  const choose = (nextDirection: Direction, nextVendor: string) => {
    setDirection(nextDirection);
    setVendor(nextVendor);
    // An "all" amount belonged to the previous source wallet.
    if (all) clearAmount();
    setError(undefined);
  };

  const send = (fromWallet: string, toWallet: string, value: string) => {
    setError(undefined);
    // One key per user action: the same action sent again (after a lost reply) reuses it.
    const requestId = requestIds.idFor(`${fromWallet}>${toWallet}:${value}`);
    transfer.mutate(
      { fromWallet, toWallet, amount: value, requestId },
      {
        onSuccess: (reply) => {
          requestIds.settle();
          clearAmount();
          showToast(
            t('transfer_success', {
              amount: format(reply.amount),
              from: walletName(fromWallet),
              to: walletName(toWallet),
            }),
          );
        },
        onError: (err) => {
          requestIds.settle(err);
          if (invalidFields(err).includes('amount')) setAmountError(t('amount_invalid'));
          setError(errorText(err));
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (transfer.isPending) return;
    if (all) return send(from, to, 'ALL');
    const checked = checkAmount(amount);
    setAmountError(checked.error);
    if (checked.amount) send(from, to, checked.amount);
  };

  const fillAll = () => {
    setAmount(toAmountText(balanceOf(from), scale));
    setAll(direction === 'out');
    setAmountError(undefined);
  };

  const pending = transfer.isPending;
  return (
    <div className="wallet">
      <WalletSummary data={data} refreshing={refreshing} onRefresh={onRefresh} />

      <ul className="wallet__cards" aria-label={t('wallets')}>
        {data.balance.map((w) => (
          <li key={w.wallet} className={`wallet-card${w.wallet === MAIN ? ' wallet-card--main' : ''}`}>
            <span className="wallet-card__name">{walletName(w.wallet)}</span>
            <span className="wallet-card__amount">{format(w.availBalance)}</span>
            {w.wallet !== MAIN && (
              <span className="wallet-card__actions">
                <button
                  type="button"
                  className="button button--small"
                  disabled={pending || !(balanceOf(MAIN) > 0)}
                  aria-label={t('all_in_to', { wallet: walletName(w.wallet) })}
                  onClick={() => send(MAIN, w.wallet, toAmountText(balanceOf(MAIN), scale))}
                >
                  {t('all_in')}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  disabled={pending || !(w.availBalance > 0)}
                  aria-label={t('all_out_from', { wallet: walletName(w.wallet) })}
                  onClick={() => send(w.wallet, MAIN, 'ALL')}
                >
                  {t('all_out')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>

      <form className="form wallet__form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
        <h3 id={`${formId}-title`} className="form__title">
          {t('transfer_title')}
        </h3>
        <div className="wallet__route">
          <label className="field">
            <span className="field__label">{t('from_wallet')}</span>
            <select
              className="field__input"
              value={from}
              disabled={pending}
              onChange={(e) =>
                e.target.value === MAIN ? choose('in', vendor) : choose('out', e.target.value)
              }
            >
              {data.balance.map((w) => (
                <option key={w.wallet} value={w.wallet}>
                  {walletName(w.wallet)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="icon-button wallet__swap"
            aria-label={t('swap_wallets')}
            title={t('swap_wallets')}
            disabled={pending}
            onClick={() => choose(direction === 'in' ? 'out' : 'in', vendor)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M4 8h14l-4-4M20 16H6l4 4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <label className="field">
            <span className="field__label">{t('to_wallet')}</span>
            <select
              className="field__input"
              value={to}
              disabled={pending}
              onChange={(e) =>
                e.target.value === MAIN ? choose('out', vendor) : choose('in', e.target.value)
              }
            >
              {data.balance
                .filter((w) => (from === MAIN ? w.wallet !== MAIN : w.wallet === MAIN))
                .map((w) => (
                  <option key={w.wallet} value={w.wallet}>
                    {walletName(w.wallet)}
                  </option>
                ))}
            </select>
          </label>
        </div>
        <AmountField
          label={t('amount')}
          value={amount}
          placeholder={toAmountText(0, scale)}
          disabled={pending}
          onChange={(value) => {
            setAmount(value);
            setAll(false);
            setAmountError(undefined);
            setError(undefined);
          }}
          error={amountError}
          hint={
            all
              ? t('all_hint', { wallet: walletName(from) })
              : t('available', { amount: format(balanceOf(from)), wallet: walletName(from) })
          }
          action={{ label: t('all'), onClick: fillAll }}
        />
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? t('transferring') : t('transfer_submit')}
        </button>
      </form>
    </div>
  );
}

function WalletSummary({
  data,
  refreshing,
  onRefresh,
}: {
  data: WalletBalance;
  refreshing: boolean;
  onRefresh(): void;
}) {
  const { t } = useTranslation('wallet');
  const { format } = useMoney();
  return (
    <div className="wallet__summary">
      <span className="wallet__summary-label">{t('total_balance')}</span>
      <span className="wallet__summary-amount">{format(data.sumBalance)}</span>
      <RefreshButton label={t('refresh')} refreshing={refreshing} onClick={onRefresh} />
    </div>
  );
}
