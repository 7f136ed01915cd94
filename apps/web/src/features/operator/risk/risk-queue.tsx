import {
  type RiskFlag,
  type RiskFlagKind,
  type RiskFlagStatus,
  riskFlagKinds,
  riskFlagStatuses,
} from '@arcadia/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { type OpsFormat, useOpsFormat } from '../lib/format';
import { RISK_PAGE_SIZE, type RiskFilter, useRiskFlags, useRiskReview } from './api';
import { ReasonDialog } from '../components/reason-dialog';

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** What raised the flag, in a line: the game and stake, the IP and its accounts, the deposit before. */
function Details({ flag, fmt }: { flag: RiskFlag; fmt: OpsFormat }) {
  const { t } = useTranslation('operator');
  const d = flag.details;
  switch (flag.kind) {
    case 'large_win':
      return (
        <>
          {t('risk.detail_win', {
            game: text(d.game),
            stake: fmt.minor(text(d.stake)),
            payout: fmt.minor(text(d.payout)),
          })}
        </>
      );
    case 'large_deposit':
      return <>{t('risk.detail_deposit', { id: text(d.depositId), channel: text(d.channel) })}</>;
    case 'large_withdrawal':
      return <>{t('risk.detail_withdrawal', { id: text(d.withdrawalId) })}</>;
    case 'withdraw_without_play':
      return (
        <>
          {t('risk.detail_no_play', {
            deposit: fmt.minor(text(d.depositAmount)),
            minutes: Number(d.minutes ?? 0),
          })}
        </>
      );
    case 'shared_ip': {
      const accounts = Array.isArray(d.accounts) ? (d.accounts as string[]) : [];
      return (
        <>
          {t('risk.detail_ip', { ip: text(d.ip), count: Number(d.count ?? accounts.length) })}
          <span className="ops-sub muted">{accounts.slice(0, 6).join(', ')}</span>
        </>
      );
    }
  }
}

/**
 * The review queue: the brand's flags, newest first, filtered by kind and status (open by default),
 * with the open count of each kind; risk and admin clear or escalate each one with a reason.
 */
export function RiskQueue({ brand, mayReview }: { brand: OpsBrand; mayReview: boolean }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const ids = { kind: useId(), status: useId(), account: useId() };
  const [filter, setFilter] = useState<RiskFilter>({ kind: '', status: 'open', account: '', pageNo: 1 });
  const [account, setAccount] = useState('');
  const [acting, setActing] = useState<{ flag: RiskFlag; action: 'clear' | 'escalate' } | null>(null);
  const result = useRiskFlags(brand.code, filter);
  const review = useRiskReview(brand.code);

  const columns = useMemo<DataColumn<RiskFlag>[]>(
    () => [
      {
        id: 'kind',
        header: t('risk.col_kind'),
        cell: ({ row }) => (
          <>
            <span className={`ops-risk__kind ops-risk__kind--${row.original.kind}`}>
              {t(`risk.kind_${row.original.kind}`)}
            </span>
            <span className="ops-sub muted">#{row.original.id}</span>
          </>
        ),
      },
      {
        id: 'member',
        header: t('risk.col_member'),
        cell: ({ row }) => <strong>{row.original.account}</strong>,
      },
      {
        id: 'amount',
        header: t('risk.col_amount'),
        cell: ({ row }) => (row.original.amount === null ? '—' : fmt.minor(row.original.amount)),
        meta: { numeric: true },
      },
      {
        id: 'details',
        header: t('risk.col_details'),
        cell: ({ row }) => <Details flag={row.original} fmt={fmt} />,
      },
      {
        id: 'created',
        header: t('risk.col_created'),
        cell: ({ row }) => <time dateTime={row.original.createdAt}>{fmt.time(row.original.createdAt)}</time>,
        meta: { className: 'data-table__time' },
      },
      {
        id: 'status',
        header: t('risk.col_status'),
        cell: ({ row }) => (
          <>
            <span className={`ops-risk__status ops-risk__status--${row.original.status}`}>
              {t(`risk.status_${row.original.status}`)}
            </span>
            {row.original.reviewer && (
              <span className="ops-sub muted">
                {row.original.reviewer}: {row.original.reason}
              </span>
            )}
          </>
        ),
      },
      ...(mayReview
        ? [
            {
              id: 'actions',
              header: t('col_actions'),
              cell: ({ row }) =>
                row.original.status === 'cleared' ? null : (
                  <div
                    className="ops-risk__actions"
                    role="group"
                    aria-label={t('actions_for', { id: row.original.id })}
                  >
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setActing({ flag: row.original, action: 'clear' })}
                    >
                      {t('risk.clear')}
                    </button>
                    {row.original.status === 'open' && (
                      <button
                        type="button"
                        className="button button--small button--danger"
                        onClick={() => setActing({ flag: row.original, action: 'escalate' })}
                      >
                        {t('risk.escalate')}
                      </button>
                    )}
                  </div>
                ),
            } satisfies DataColumn<RiskFlag>,
          ]
        : []),
    ],
    [t, fmt, mayReview],
  );

  const open = result.data?.open;
  return (
    <section className="ops-card" aria-labelledby="ops-risk-queue-title">
      <header className="ops-card__header">
        <h2 id="ops-risk-queue-title">
          {t('risk.queue_title')}
          {result.data && <span className="ops-count">{result.data.total}</span>}
        </h2>
      </header>
      {open && (
        <ul className="ops-risk__open" aria-label={t('risk.open_counts')}>
          {riskFlagKinds.map((k) => (
            <li key={k}>
              <button
                type="button"
                className={`ops-risk__chip${filter.kind === k ? ' ops-risk__chip--on' : ''}`}
                aria-pressed={filter.kind === k}
                onClick={() => setFilter({ ...filter, kind: filter.kind === k ? '' : k, pageNo: 1 })}
              >
                {t(`risk.kind_${k}`)} <strong>{open[k]}</strong>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="ops-risk__filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ ...filter, account: account.trim(), pageNo: 1 });
        }}
      >
        <div className="field">
          <label htmlFor={ids.kind} className="field__label">
            {t('risk.col_kind')}
          </label>
          <select
            id={ids.kind}
            className="field__input"
            value={filter.kind}
            onChange={(e) => setFilter({ ...filter, kind: e.target.value as RiskFlagKind | '', pageNo: 1 })}
          >
            <option value="">{t('risk.any')}</option>
            {riskFlagKinds.map((k) => (
              <option key={k} value={k}>
                {t(`risk.kind_${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status} className="field__label">
            {t('risk.col_status')}
          </label>
          <select
            id={ids.status}
            className="field__input"
            value={filter.status}
            onChange={(e) =>
              setFilter({ ...filter, status: e.target.value as RiskFlagStatus | '', pageNo: 1 })
            }
          >
            <option value="">{t('risk.any')}</option>
            {riskFlagStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`risk.status_${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.account} className="field__label">
            {t('risk.col_member')}
          </label>
          <input
            id={ids.account}
            className="field__input"
            type="search"
            autoComplete="off"
            maxLength={64}
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('risk.filter')}
        </button>
      </form>
      {result.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : result.error ? (
        <p className="form__error ops-card__state" role="alert">
          {errorText(result.error)}
        </p>
      ) : result.data.list.length === 0 ? (
        <EmptyState message={t('risk.none')} />
      ) : (
        <>
          <div className="ops-table">
            <DataTable
              columns={columns}
              data={result.data.list}
              caption={t('risk.queue_title')}
              rowKey={(r) => r.id}
              busy={result.isFetching}
              testId="ops-risk-flags"
            />
          </div>
          <Pagination
            page={filter.pageNo}
            totalPages={Math.max(1, Math.ceil(result.data.total / RISK_PAGE_SIZE))}
            onChange={(pageNo) => setFilter({ ...filter, pageNo })}
            label={t('risk.pages')}
          />
        </>
      )}
      {acting && (
        <ReasonDialog
          title={t(acting.action === 'clear' ? 'risk.clear_title' : 'risk.escalate_title', {
            id: acting.flag.id,
          })}
          summary={
            <p>
              {t(`risk.kind_${acting.flag.kind}`)} · <strong>{acting.flag.account}</strong>
              {acting.flag.amount !== null && <> · {fmt.minor(acting.flag.amount)}</>}
            </p>
          }
          confirmLabel={t(acting.action === 'clear' ? 'risk.clear' : 'risk.escalate')}
          danger={acting.action === 'escalate'}
          pending={review.isPending}
          error={review.error}
          onSubmit={(reason) =>
            review.mutate(
              { flagId: acting.flag.id, body: { action: acting.action, reason } },
              { onSuccess: () => setActing(null) },
            )
          }
          onClose={() => {
            review.reset();
            setActing(null);
          }}
        />
      )}
    </section>
  );
}
