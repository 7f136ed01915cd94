import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type OpsInboxMessage, useOpsInboxCancel, useOpsInboxMessages } from '../api/inbox';
import type { OpsBrand } from '../api/operator';
import { useOpsFormat } from '../lib/format';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, OpsInboxMessage>();
const statusPill = { scheduled: 'pending', sent: 'ok', cancelled: 'muted' } as const;

/**
 * The brand's operator and agent messages, newest first: recipients, status, time, how many
 * members read each, who sent it; a scheduled one can be cancelled until it goes out.
 */
export function InboxMessages({ brand }: { brand: OpsBrand }) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const [pageNo, setPageNo] = useState(1);
  const page = useOpsInboxMessages(brand.code, pageNo);
  const cancel = useOpsInboxCancel(brand.code);
  const { mutate: cancelMessage, isPending: cancelling } = cancel;

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('title', {
          header: () => t('inbox.col_title'),
          cell: (info) => <span className="ops-inbox-table__title">{info.getValue()}</span>,
        }),
        column.accessor('target', {
          header: () => t('inbox.col_target'),
          cell: (info) => {
            const row = info.row.original;
            return (
              <>
                <span>{t(`inbox.target_${row.target}`)}</span>
                {row.account && <span className="ops-sub muted">{row.account}</span>}
              </>
            );
          },
        }),
        column.accessor('status', {
          header: () => t('inbox.col_status'),
          cell: (info) => (
            <span className={`status-pill status-pill--${statusPill[info.getValue()]}`}>
              {t(`inbox.status_${info.getValue()}`)}
            </span>
          ),
        }),
        column.accessor((m) => m.sentAt ?? m.sendAt, {
          id: 'time',
          header: () => t('inbox.col_time'),
          cell: (info) => <time dateTime={info.getValue()}>{fmt.time(info.getValue())}</time>,
        }),
        column.accessor('readCount', {
          header: () => t('inbox.col_reads'),
          cell: (info) => {
            const total = info.row.original.recipientCount;
            return total === null ? '—' : t('inbox.reads', { read: info.getValue(), total });
          },
        }),
        column.accessor('createdBy', {
          header: () => t('inbox.col_by'),
          cell: (info) => info.getValue().replace(/^operator:/, ''),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="visually-hidden">{t('inbox.cancel_schedule')}</span>,
          cell: (info) => {
            const row = info.row.original;
            if (row.status !== 'scheduled') return null;
            return (
              <button
                type="button"
                className="button button--small button--danger-outline"
                aria-label={t('inbox.cancel_schedule_of', { title: row.title })}
                disabled={cancelling}
                onClick={() => cancelMessage(row.id)}
              >
                {t('inbox.cancel_schedule')}
              </button>
            );
          },
        }),
      ]),
    [t, fmt, cancelMessage, cancelling],
  );
  const data = page.data?.list;
  const rows = useMemo(() => data ?? [], [data]);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.id });

  return (
    <section className="ops-card" aria-labelledby="ops-inbox-list-title">
      <header className="ops-card__header">
        <h2 id="ops-inbox-list-title">{t('inbox.sent_messages')}</h2>
      </header>
      {cancel.error && (
        <p className="form__error" role="alert">
          {errorText(cancel.error)}
        </p>
      )}
      {page.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : page.error ? (
        <p className="form__error ops-card__state" role="alert">
          {errorText(page.error)}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState message={t('inbox.empty')} />
      ) : (
        <>
          <div className="table-scroll" aria-busy={page.isPlaceholderData || undefined}>
            <table className="data-table ops-table ops-table--compact ops-inbox-table">
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col">
                        {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id}>
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={pageNo}
            totalPages={page.data.totalPages}
            onChange={setPageNo}
            label={t('inbox.pages')}
          />
        </>
      )}
    </section>
  );
}
