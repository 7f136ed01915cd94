import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { currentLanguage } from '../../../lib/i18n';
import { compareAmounts } from '../../../lib/money';
import {
  type Deposit,
  type DepositChannel,
  type DepositCreated,
  type DepositSettings,
  type DepositStatus,
  depositPoll,
  isDepositFinal,
  useCreateDeposit,
  useDepositQuery,
  useDepositSettingsQuery,
  useDepositsQuery,
  useRefreshAfterDeposit,
} from '../api/payments';
import { invalidFields, useAmountCheck } from '../hooks/use-amount-check';
import { useDateTime } from '../hooks/use-date-time';
import { useMoney } from '../hooks/use-money';
import { useRequestId } from '../../../lib/request-id';
import { AmountField } from './amount-field';
import { HistoryTable } from './history-table';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { DetailRow, StatusPill, type Tone, depositReference } from './payment-bits';

export const depositHistoryPageSize = 10;
const payerNoteMax = 200;
const recordId = /^[1-9]\d{0,17}$/;

export const depositTone: Record<DepositStatus, Tone> = {
  pending: 'pending',
  paid: 'ok',
  failed: 'bad',
  cancelled: 'muted',
  rejected: 'bad',
};

/**
 * Opens a gateway's payment page in this tab. The demo gateway's page is ours (same origin) and
 * takes the interface language as `?lang=`; anything but http(s) is never followed.
 */
export function openGateway(redirectUrl: string, kind: DepositChannel['kind']) {
  const url = new URL(redirectUrl, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (kind === 'DEMO_GATEWAY' && url.origin === window.location.origin && !url.searchParams.has('lang'))
    url.searchParams.set('lang', currentLanguage());
  window.location.assign(url.href);
  return true;
}

/**
 * Deposit (`depositv2`): pick a channel, type an amount within its limits, submit. A gateway
 * channel sends the browser to the gateway's page, which comes back here with `?deposit=<id>`:
 * that deposit is then polled until the gateway's notification settles it. A bank transfer shows
 * where to pay and the reference to quote; it stays pending until an operator approves it.
 */
export function DepositPage({
  depositId,
  onCloseStatus,
}: {
  depositId: string | null;
  onCloseStatus(): void;
}) {
  const settings = useDepositSettingsQuery();
  const channels = settings.data?.channels ?? [];
  return (
    <div className="payments">
      {depositId && recordId.test(depositId) && (
        <DepositStatusCard
          key={depositId}
          depositId={depositId}
          channels={channels}
          onClose={onCloseStatus}
        />
      )}
      {settings.isPending ? (
        <PanelLoading />
      ) : settings.isError ? (
        <PanelError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <DepositForm settings={settings.data} onChannelGone={() => void settings.refetch()} />
      )}
      <DepositHistory channels={channels} />
    </div>
  );
}

function DepositForm({ settings, onChannelGone }: { settings: DepositSettings; onChannelGone(): void }) {
  const { t } = useTranslation('payments');
  const { format, scale } = useMoney();
  const errorText = useApiErrorText();
  const checkAmount = useAmountCheck(scale);
  const create = useCreateDeposit();
  const requestIds = useRequestId();
  const formId = useId();
  const [chosen, setChosen] = useState<string>();
  const channel = settings.channels.find((c) => c.code === chosen) ?? settings.channels[0];
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<DepositCreated | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  if (settings.allowDeposit === 'N')
    return (
      <p className="payments__notice" role="status">
        {t('deposit_closed')}
      </p>
    );
  if (!channel) return <EmptyState message={t('no_channels')} />;

  if (created?.bank)
    return (
      <BankTransferCard
        created={created}
        onDone={() => {
          setCreated(null);
          setAmount('');
          setNote('');
        }}
      />
    );
  if (redirecting)
    return (
      <div className="panel-state" role="status">
        <span className="spinner spinner--small" aria-hidden="true" />
        <p className="muted">{t('redirecting')}</p>
      </div>
    );

  const range = (c: DepositChannel) => ({ min: format(c.min), max: format(c.max) });
  const kindName = (c: DepositChannel) => t(`channel_kind.${c.kind}`).trim().toLowerCase();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    setError(undefined);
    const checked = checkAmount(amount);
    let problem = checked.error;
    if (
      checked.amount &&
      (compareAmounts(checked.amount, channel.min, scale) < 0 ||
        compareAmounts(checked.amount, channel.max, scale) > 0)
    )
      problem = t('amount_range', range(channel));
    setAmountError(problem);
    if (problem || !checked.amount) return;
    const payerNote = note.trim();
    const value = checked.amount;
    // One key per user action: the same deposit sent again (after a lost reply) is replayed.
    const requestId = requestIds.idFor(`${channel.code}:${value}:${payerNote}`);
    create.mutate(
      { channel: channel.code, amount: value, requestId, ...(payerNote ? { payerNote } : {}) },
      {
        onSuccess: (reply) => {
          requestIds.settle();
          if (reply.redirectUrl) {
            setRedirecting(true);
            if (!openGateway(reply.redirectUrl, channel.kind)) {
              setRedirecting(false);
              setError(t('gateway_unavailable'));
            }
          } else setCreated(reply);
        },
        onError: (err) => {
          requestIds.settle(err);
          if (err instanceof ApiError && err.code === 'deposit.limit') {
            const min = Number(err.value?.min);
            const max = Number(err.value?.max);
            setAmountError(
              Number.isFinite(min) && Number.isFinite(max)
                ? t('amount_range', { min: format(min), max: format(max) })
                : errorText(err),
            );
            return;
          }
          if (err instanceof ApiError && err.code === 'payment.channel.unknown') onChannelGone();
          if (invalidFields(err).includes('amount')) setAmountError(t('amount_invalid'));
          setError(errorText(err));
        },
      },
    );
  };

  const pending = create.isPending;
  return (
    <form className="form payments__form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} className="form__title">
        {t('deposit_title')}
      </h3>
      <fieldset className="channel-picker" disabled={pending}>
        <legend className="field__label">{t('channel')}</legend>
        {settings.channels.map((c) => (
          <label key={c.code} className="channel-card">
            <input
              type="radio"
              name="channel"
              className="channel-card__radio"
              value={c.code}
              checked={c.code === channel.code}
              onChange={() => {
                setChosen(c.code);
                setAmountError(undefined);
                setError(undefined);
              }}
            />
            <span className="channel-card__name">{c.name}</span>
            {/* The kind, unless the brand already named the channel by it ("Bank transfer"). */}
            {kindName(c) !== c.name.trim().toLowerCase() && (
              <span className="channel-card__kind">{t(`channel_kind.${c.kind}`)}</span>
            )}
            <span className="channel-card__limits">{t('limits', range(c))}</span>
          </label>
        ))}
      </fieldset>
      <AmountField
        label={t('amount')}
        value={amount}
        placeholder={format(channel.min, { symbol: false })}
        disabled={pending}
        onChange={(value) => {
          setAmount(value);
          setAmountError(undefined);
          setError(undefined);
        }}
        error={amountError}
        hint={t('limits', range(channel))}
      />
      <TextField
        label={t('payer_note')}
        name="payerNote"
        autoComplete="off"
        maxLength={payerNoteMax}
        disabled={pending}
        value={note}
        hint={channel.kind === 'BANK_TRANSFER' ? t('payer_note_hint') : undefined}
        onChange={(e) => {
          setNote(e.target.value);
          setError(undefined);
        }}
      />
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending
          ? t('submitting')
          : channel.kind === 'DEMO_GATEWAY'
            ? t('deposit_submit_gateway')
            : t('deposit_submit_bank')}
      </button>
    </form>
  );
}

/** A bank-transfer request: where to pay, how much, and the reference to quote. */
function BankTransferCard({ created, onDone }: { created: DepositCreated; onDone(): void }) {
  const { t } = useTranslation('payments');
  const { format } = useMoney();
  const titleId = useId();
  const bank = created.bank!;
  return (
    <section className="payments__card" aria-labelledby={titleId}>
      <div className="payments__card-head">
        <h3 id={titleId} className="form__title">
          {t('bank_title')}
        </h3>
        <StatusPill tone="pending">{t('deposit_status.pending')}</StatusPill>
      </div>
      <p className="payments__lead">
        {t('bank_lead', { reference: bank.reference, amount: format(created.amount) })}
      </p>
      <dl className="detail-list">
        <DetailRow label={t('bank_name')} value={bank.bankName} />
        <DetailRow label={t('account_name')} value={bank.accountName} copy />
        <DetailRow label={t('account_number')} value={bank.accountNumber} copy />
        <DetailRow label={t('amount')} value={format(created.amount)} />
        <DetailRow label={t('reference')} value={bank.reference} copy />
      </dl>
      <div className="payments__actions">
        <button type="button" className="button" onClick={onDone}>
          {t('new_deposit')}
        </button>
      </div>
    </section>
  );
}

/**
 * The deposit named by `?deposit=<id>` (back from the gateway): polled every 1.5 s until it is
 * paid, failed, cancelled or rejected, for at most a minute; then "check again" polls another
 * minute. Paid refreshes the balance.
 */
function DepositStatusCard({
  depositId,
  channels,
  onClose,
}: {
  depositId: string;
  channels: DepositChannel[];
  onClose(): void;
}) {
  const { t } = useTranslation('payments');
  const { format } = useMoney();
  const errorText = useApiErrorText();
  const refresh = useRefreshAfterDeposit();
  const titleId = useId();
  const [pollUntil, setPollUntil] = useState(() => Date.now() + depositPoll.forMs);
  const [timedOut, setTimedOut] = useState(false);
  const deposit = useDepositQuery(depositId, pollUntil);
  const status = deposit.data?.status;

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), Math.max(0, pollUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [pollUntil]);

  // Money arrived: the header balance, My Wallet, the account record and the history follow.
  useEffect(() => {
    if (status === 'paid') refresh();
  }, [status, refresh]);

  const checkAgain = () => {
    setTimedOut(false);
    setPollUntil(Date.now() + depositPoll.forMs);
    void deposit.refetch();
  };

  const data: Deposit | undefined = deposit.data;
  const channelName = data ? (channels.find((c) => c.code === data.channel)?.name ?? data.channel) : '';
  const tone: Tone = data ? depositTone[data.status] : 'pending';

  let body;
  if (deposit.isError) {
    body = (
      <p className="form__error" role="alert">
        {errorText(deposit.error)}
      </p>
    );
  } else if (!data) {
    body = <span className="spinner spinner--small" aria-hidden="true" />;
  } else if (data.status === 'pending') {
    body =
      data.channelKind === 'BANK_TRANSFER' ? (
        <p className="payments__lead">{t('deposit_pending_bank')}</p>
      ) : timedOut ? (
        <div className="payments__waiting">
          <p className="payments__lead">{t('deposit_slow')}</p>
          <button type="button" className="button button--small" onClick={checkAgain}>
            {t('check_again')}
          </button>
        </div>
      ) : (
        <div className="payments__waiting">
          <span className="spinner spinner--small" aria-hidden="true" />
          <p className="payments__lead">{t('deposit_waiting')}</p>
        </div>
      );
  } else {
    body = (
      <p className={`payments__lead payments__lead--${tone}`}>
        {t(`deposit_outcome.${data.status}`, { amount: format(data.amount) })}
      </p>
    );
  }

  return (
    <section
      className={`payments__card payments__card--${tone}`}
      aria-labelledby={titleId}
      aria-live="polite"
      aria-busy={data?.status === 'pending' && !timedOut ? true : undefined}
    >
      <div className="payments__card-head">
        <h3 id={titleId} className="form__title">
          {t('deposit_status_title', { reference: depositReference(depositId) })}
        </h3>
        {data && <StatusPill tone={tone}>{t(`deposit_status.${data.status}`)}</StatusPill>}
      </div>
      {data && (
        <p className="muted payments__meta">
          {channelName} · {format(data.amount)}
        </p>
      )}
      {body}
      {(isDepositFinal(status) || deposit.isError) && (
        <div className="payments__actions">
          <button type="button" className="button" onClick={onClose}>
            {status === 'paid' ? t('new_deposit') : t('dismiss')}
          </button>
        </div>
      )}
    </section>
  );
}

function DepositHistory({ channels }: { channels: DepositChannel[] }) {
  const { t } = useTranslation('payments');
  const { format } = useMoney();
  const dateTime = useDateTime();
  const titleId = useId();
  const [pageNo, setPageNo] = useState(1);
  const records = useDepositsQuery(pageNo, depositHistoryPageSize);
  const channelName = (code: string) => channels.find((c) => c.code === code)?.name ?? code;

  return (
    <section className="record" aria-labelledby={titleId}>
      <h3 id={titleId} className="form__title">
        {t('deposit_history')}
      </h3>
      <HistoryTable
        records={records}
        labelledBy={titleId}
        head={
          <>
            <th scope="col">{t('col_time')}</th>
            <th scope="col">{t('col_reference')}</th>
            <th scope="col">{t('col_channel')}</th>
            <th scope="col" className="data-table__num">
              {t('col_amount')}
            </th>
            <th scope="col">{t('col_status')}</th>
          </>
        }
        row={(row) => (
          <tr key={row.depositId}>
            <td className="data-table__time">
              <time dateTime={row.createdAt}>{dateTime(row.createdAt)}</time>
            </td>
            <td className="data-table__ref">{depositReference(row.depositId)}</td>
            <td className="data-table__wrap">{channelName(row.channel)}</td>
            <td className="data-table__num">{format(row.amount)}</td>
            <td>
              <StatusPill tone={depositTone[row.status]}>{t(`deposit_status.${row.status}`)}</StatusPill>
            </td>
          </tr>
        )}
        totalText={(total) => t('total_records', { total })}
        pagesLabel={t('deposit_pages')}
        onPageChange={setPageNo}
      />
    </section>
  );
}
