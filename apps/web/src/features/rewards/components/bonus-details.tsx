import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { Modal } from '../../../components/modal';
import { PanelLoading } from '../../../components/panel-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type BonusStatus, useBonusStatusQuery, useForfeitBonus } from '../api/promotions';
import { type RebateRecords, useRebatePaidEvents, useRebateRecordsQuery } from '../api/rebate';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

type Payment = RebateRecords['list'][number];
export const bonusPageSize = 20;

type Grant = BonusStatus['list'][number];

/** The member's promotion bonuses: the turnover still owed before a withdrawal, and forfeiting. */
function Bonuses() {
  const { t } = useTranslation('rewards');
  const { money, dateTime } = useRewardFormat();
  const errorText = useApiErrorText();
  const status = useBonusStatusQuery();
  const forfeit = useForfeitBonus();
  const [asking, setAsking] = useState<Grant | null>(null);
  const data = status.data;
  if (!data || data.list.length === 0) return null;
  const pct =
    data.turnoverRequired > 0
      ? Math.min(100, Math.floor((data.turnoverDone / data.turnoverRequired) * 100))
      : 100;
  const columns: DataColumn<Grant>[] = [
    { id: 'time', header: t('col_time'), cell: ({ row }) => dateTime(row.original.grantedAt) },
    {
      id: 'title',
      header: t('col_promotion'),
      meta: { className: 'data-table__wrap' },
      cell: ({ row }) => row.original.title,
    },
    {
      id: 'amount',
      header: t('col_amount'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.amount),
    },
    {
      id: 'required',
      header: t('col_turnover'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.required),
    },
    {
      id: 'status',
      header: t('col_status'),
      cell: ({ row }) =>
        row.original.status === 'open' ? (
          <button type="button" className="button button--small" onClick={() => setAsking(row.original)}>
            {t('bonus_forfeit')}
          </button>
        ) : (
          <span className={`status-pill status-pill--${row.original.status === 'met' ? 'ok' : 'muted'}`}>
            {t(`bonus_status.${row.original.status}`)}
          </span>
        ),
    },
  ];
  return (
    <section className="bonuses" aria-labelledby="bonuses-title">
      <h3 id="bonuses-title">{t('bonuses_title')}</h3>
      {data.turnoverLeft > 0 && (
        <div className="vip-meter">
          <div className="vip-meter__head">
            <span>{t('bonus_turnover_left', { amount: money(data.turnoverLeft) })}</span>
            <span className="vip-meter__figures">
              {money(data.turnoverDone)} / {money(data.turnoverRequired)}
            </span>
          </div>
          <div
            className="vip-meter__bar"
            role="progressbar"
            aria-label={t('col_turnover')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
          >
            <span style={{ width: `${pct}%` }} />
          </div>
        </div>
      )}
      <DataTable
        columns={columns}
        data={data.list}
        caption={t('bonuses_title')}
        rowKey={(g) => g.id}
        testId="bonus-grants"
      />
      {asking && (
        <Modal open onClose={() => setAsking(null)} title={t('bonus_forfeit_title')} role="alertdialog">
          <p>{t('bonus_forfeit_text', { amount: money(asking.amount), title: asking.title })}</p>
          {forfeit.error && (
            <p className="field__error" role="alert">
              {errorText(forfeit.error)}
            </p>
          )}
          <div className="confirm__actions">
            <button type="button" className="button" onClick={() => setAsking(null)}>
              {t('cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={forfeit.isPending}
              onClick={() => forfeit.mutate(asking.id, { onSuccess: () => setAsking(null) })}
            >
              {t('bonus_forfeit')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}

/** Bonus details (`bonusDetails`): the member's bonuses, then every rebate paid, newest first. */
export function BonusDetails() {
  const { t } = useTranslation('rewards');
  const { money, dateTime } = useRewardFormat();
  const errorText = useApiErrorText();
  const [pageNo, setPageNo] = useState(1);
  const records = useRebateRecordsQuery(pageNo, bonusPageSize);
  useRebatePaidEvents();

  if (records.isPending) return <PanelLoading />;
  if (records.isError)
    return (
      <p className="field__error" role="alert">
        {errorText(records.error)}
      </p>
    );
  const data = records.data;
  const columns: DataColumn<Payment>[] = [
    {
      id: 'time',
      header: t('col_time'),
      meta: { className: 'data-table__time' },
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{dateTime(row.original.createdAt)}</time>,
    },
    {
      id: 'kind',
      header: t('col_kind'),
      cell: ({ row }) => (
        <span className={`status-pill status-pill--${row.original.kind === 'manual' ? 'pending' : 'ok'}`}>
          {t(`kind.${row.original.kind}`)}
        </span>
      ),
    },
    {
      id: 'window',
      header: t('col_window'),
      // Month and day: the year is in the payment's time.
      cell: ({ row }) =>
        t('window_short', { from: row.original.from.slice(5), to: row.original.to.slice(5) }),
    },
    {
      id: 'validBet',
      header: t('col_valid_bet'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.validBet),
    },
    {
      id: 'amount',
      header: t('col_amount'),
      meta: { numeric: true, className: 'money--in' },
      cell: ({ row }) => money(row.original.amount, true),
    },
  ];
  return (
    <div className="rebate">
      <Bonuses />
      <dl className="rebate__figures rebate__figures--total">
        <div>
          <dt>{t('total_paid')}</dt>
          <dd data-testid="bonus-total">{money(data.total)}</dd>
        </div>
        <div>
          <dt>{t('payments')}</dt>
          <dd>{data.totalCount}</dd>
        </div>
      </dl>
      {data.list.length === 0 ? (
        <EmptyState message={t('no_payments')} />
      ) : (
        <DataTable
          columns={columns}
          data={data.list}
          caption={t('payments_caption')}
          rowKey={(r) => r.id}
          busy={records.isFetching}
          testId="bonus-details"
        />
      )}
      {data.totalPages > 1 && (
        <Pagination
          page={pageNo}
          totalPages={data.totalPages}
          onChange={setPageNo}
          label={t('payments_caption')}
        />
      )}
    </div>
  );
}
