import type { ReactNode } from 'react';
import { ReportCsvButton } from './csv-button';
import { ReportTable, type ReportTableProps } from './report-table';

interface ReportSectionProps<Row, K extends string> extends ReportTableProps<Row, K> {
  /** What stands left of the CSV export in the head row (a filter, a note), if anything. */
  aside?: ReactNode;
  /** The export: the report's file name, its date range, and how to fetch one page of it. */
  csv: {
    name: string;
    range: { from: string; to: string };
    fetchPage: (pageNo: number) => Promise<{ list: Row[]; totalPages: number }>;
  };
}

/** A report's result: a head row with the CSV export of exactly the table's columns, then the table. */
export function ReportSection<Row, K extends string>({ aside, csv, ...table }: ReportSectionProps<Row, K>) {
  return (
    <>
      <div className="agent-section__head">
        {aside ?? <span />}
        <ReportCsvButton
          name={csv.name}
          range={csv.range}
          columns={table.columns}
          total={table.query.data?.totalCount}
          fetchPage={csv.fetchPage}
        />
      </div>
      <ReportTable {...table} />
    </>
  );
}
