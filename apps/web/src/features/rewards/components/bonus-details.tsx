import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { PanelLoading } from '../../../components/panel-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type RebateRecords, useRebatePaidEvents, useRebateRecordsQuery } from '../api/rebate';
import { useRewardFormat } from '../hooks/use-reward-format';
import '../rewards.css';

type Payment = RebateRecords['list'][number];
export const bonusPageSize = 20;

/** Bonus details (`bonusDetails`): every rebate paid to the member, daily and manual, newest first. */
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
