import { type ColumnDef, type RowData, flexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useId } from 'react';

const features = tableFeatures({});
export type DataColumn<Row extends RowData> = ColumnDef<typeof features, Row> & {
  meta?: { numeric?: boolean; className?: string };
};

/**
 * A read-only table in the house's `.data-table` style (TanStack Table underneath): headers and
 * cells from column definitions, numeric columns right-aligned, a hidden caption for screen readers.
 */
export function DataTable<Row extends RowData>({
  columns,
  data,
  caption,
  rowKey,
  busy,
  testId,
}: {
  columns: DataColumn<Row>[];
  data: Row[];
  caption: string;
  rowKey: (row: Row) => string;
  busy?: boolean;
  testId?: string;
}) {
  const id = useId();
  const table = useTable({ features, columns, data, getRowId: (row) => rowKey(row) });
  const cellClass = (meta: DataColumn<Row>['meta']) =>
    [meta?.numeric ? 'data-table__num' : '', meta?.className ?? ''].join(' ').trim() || undefined;
  return (
    <div className="data-table-wrap">
      <table className="data-table" aria-labelledby={`${id}-caption`} data-testid={testId}>
        <caption id={`${id}-caption`} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cellClass(header.column.columnDef.meta as DataColumn<Row>['meta'])}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody aria-busy={busy}>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cellClass(cell.column.columnDef.meta as DataColumn<Row>['meta'])}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
