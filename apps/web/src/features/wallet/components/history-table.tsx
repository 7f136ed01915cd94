import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { PanelError, PanelLoading } from '../../../components/panel-state';

/** One page of records as the paged history endpoints return it. */
export interface HistoryPage<Row> {
  list: Row[];
  pageNo: number;
  totalPages: number;
  totalCount: number;
}

/** The parts of a paged history query the table reads. */
export interface HistoryQuery<Row> {
  data: HistoryPage<Row> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface HistoryTableProps<Row> {
  records: HistoryQuery<Row>;
  /** The id of the element naming the table. */
  labelledBy: string;
  /** Rendered first inside the table (e.g. a visually hidden `<caption id={labelledBy}>`). */
  caption?: ReactNode;
  /** The header cells (`<th>`s). */
  head: ReactNode;
  /** One `<tr>` (with its key) per record. */
  row: (row: Row) => ReactNode;
  totalText: (total: number) => string;
  pagesLabel: string;
  onPageChange: (pageNo: number) => void;
}

/**
 * A paged history table: loading, error (with retry) and empty states, then the table, the total
 * and the page numbers. The caller owns the query, the columns and the rows.
 */
export function HistoryTable<Row>({
  records,
  labelledBy,
  caption,
  head,
  row,
  totalText,
  pagesLabel,
  onPageChange,
}: HistoryTableProps<Row>) {
  const page = records.data;
  if (records.isPending) return <PanelLoading />;
  if (records.isError) return <PanelError error={records.error} onRetry={() => void records.refetch()} />;
  if (!page || page.list.length === 0) return <EmptyState />;
  return (
    <>
      <div className="table-scroll" aria-busy={records.isPlaceholderData || undefined}>
        <table className="data-table" aria-labelledby={labelledBy}>
          {caption}
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{page.list.map(row)}</tbody>
        </table>
      </div>
      <div className="record__footer">
        <span className="muted">{totalText(page.totalCount)}</span>
        <Pagination
          page={page.pageNo}
          totalPages={page.totalPages}
          onChange={onPageChange}
          label={pagesLabel}
        />
      </div>
    </>
  );
}
