import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import type { CsvCell } from '../lib/csv';
import { PanelError, PanelLoading } from '../../../components/panel-state';

export type SortDir = 'asc' | 'desc';
export interface SortState<K extends string = string> {
  by: K;
  dir: SortDir;
}

export interface ReportColumn<Row, K extends string = string> {
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** The server's sort key for this column; absent when the column is not sortable. */
  sort?: K;
  /** Numbers are right-aligned and sort largest first on the first click. */
  numeric?: boolean;
  /** The column's CSV value; absent when the column is not exported (actions). */
  csv?: (row: Row) => CsvCell;
}

/** One page of a report as the paged agent endpoints answer it. */
export interface ReportPage<Row> {
  list: Row[];
  pageNo: number;
  totalPages: number;
  totalCount: number;
}

/** The parts of a paged query the table reads. */
export interface ReportQuery<Row> {
  data: ReportPage<Row> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch(): unknown;
}

export interface ReportTableProps<Row, K extends string> {
  caption: string;
  columns: ReportColumn<Row, K>[];
  rowKey(row: Row): string;
  query: ReportQuery<Row>;
  sort?: SortState<K> | undefined;
  onSortChange?: ((sort: SortState<K>) => void) | undefined;
  onPageChange(pageNo: number): void;
  /** A totals row under the body (`<tr>`), e.g. the sums of the whole range. */
  totals?: ReactNode;
  /** Shown when there is no row at all. */
  emptyText?: string | undefined;
}

/**
 * A paged, server-sorted report table: loading, error (with retry) and empty states; sortable
 * headers that say their order to screen readers (`aria-sort`); the total and page numbers.
 */
export function ReportTable<Row, K extends string>({
  caption,
  columns,
  rowKey,
  query,
  sort,
  onSortChange,
  onPageChange,
  totals,
  emptyText,
}: ReportTableProps<Row, K>) {
  const { t } = useTranslation('agent');
  const id = useId();
  const page = query.data;
  if (query.isPending) return <PanelLoading />;
  if (query.isError) return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  if (!page || page.list.length === 0) return <EmptyState message={emptyText} />;

  const header = (col: ReportColumn<Row, K>) => {
    const sortKey = col.sort;
    const active = sortKey !== undefined && sort?.by === sortKey;
    const ariaSort = active ? (sort!.dir === 'asc' ? 'ascending' : 'descending') : undefined;
    const className = col.numeric ? 'data-table__num' : undefined;
    if (sortKey === undefined || !onSortChange)
      return (
        <th key={col.id} scope="col" className={className}>
          {col.header}
        </th>
      );
    const next = (): SortState<K> =>
      active
        ? { by: sortKey, dir: sort!.dir === 'asc' ? 'desc' : 'asc' }
        : { by: sortKey, dir: col.numeric ? 'desc' : 'asc' };
    return (
      <th key={col.id} scope="col" className={className} aria-sort={ariaSort}>
        <button type="button" className="sort-button" onClick={() => onSortChange(next())}>
          {col.header}
          <span className="sort-button__icon" aria-hidden="true">
            {active ? (sort!.dir === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <>
      <div className="table-scroll" aria-busy={query.isPlaceholderData || undefined}>
        <table className="data-table agent-table" aria-labelledby={`${id}-caption`}>
          <caption id={`${id}-caption`} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            <tr>{columns.map(header)}</tr>
          </thead>
          <tbody>
            {page.list.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((col) => (
                  <td key={col.id} className={col.numeric ? 'data-table__num' : undefined}>
                    {col.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {totals && <tfoot>{totals}</tfoot>}
        </table>
      </div>
      <div className="record__footer">
        <span className="muted">{t('total_records', { total: page.totalCount })}</span>
        <Pagination
          page={page.pageNo}
          totalPages={page.totalPages}
          onChange={onPageChange}
          label={t('pages_of', { report: caption })}
        />
      </div>
    </>
  );
}
