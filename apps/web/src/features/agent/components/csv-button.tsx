import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type CsvColumn, csvFileName, downloadCsv, toCsv } from '../lib/csv';
import type { ReportColumn } from './report-table';

interface CsvButtonProps<Row> {
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  /** Every row of the report as currently filtered (all pages, not only the one on screen). */
  rows(): Promise<readonly Row[]>;
  disabled?: boolean;
}

/** "Export CSV": loads the whole filtered report, then downloads it; says so if that fails. */
export function CsvButton<Row>({ fileName, columns, rows, disabled }: CsvButtonProps<Row>) {
  const { t } = useTranslation('agent');
  const errorText = useApiErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      downloadCsv(fileName, toCsv(columns, await rows()));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="csv-export">
      <button
        type="button"
        className="button button--small"
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        onClick={() => void run()}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {busy ? t('exporting') : t('export_csv')}
      </button>
      {error !== undefined && (
        <p className="form__error" role="alert">
          {t('export_failed', { reason: errorText(error) })}
        </p>
      )}
    </div>
  );
}

/**
 * All rows of a paged report: asks page after page at the largest page size until the last one,
 * and stops at `maxRows` so an export cannot run away (the caller says so in the file name).
 */
export async function collectPages<Row>(
  fetchPage: (pageNo: number) => Promise<{ list: Row[]; totalPages: number }>,
  maxRows = 10_000,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await fetchPage(pageNo);
    rows.push(...page.list);
    if (pageNo >= page.totalPages || page.list.length === 0 || rows.length >= maxRows) break;
  }
  return rows.slice(0, maxRows);
}

/**
 * The CSV export of a paged report: its exported columns, named after the report and its date
 * range, with every page of the current filter; disabled while the report is empty.
 */
export function ReportCsvButton<Row>({
  name,
  range,
  columns,
  total,
  fetchPage,
}: {
  name: string;
  range: { from: string; to: string };
  columns: readonly ReportColumn<Row, string>[];
  total: number | undefined;
  fetchPage: (pageNo: number) => Promise<{ list: Row[]; totalPages: number }>;
}) {
  return (
    <CsvButton
      fileName={csvFileName(name, range.from, range.to)}
      columns={columns.filter((c) => c.csv).map((c) => ({ header: c.header, value: c.csv! }))}
      disabled={!total}
      rows={() => collectPages(fetchPage)}
    />
  );
}
