import { type OpsReportGrouping, type OpsReportKind, opsReportGroupings } from '@arcadia/contract';
import { type ReactNode, Suspense, lazy, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { useOpsFormat } from '../lib/format';
import {
  type GgrReport,
  type PaymentsReport,
  type PlayersReport,
  type ReportRange,
  type TopPlayersReport,
  downloadReportCsv,
  useGgrReport,
  usePaymentsReport,
  usePlayersReport,
  useTopPlayersReport,
} from '../reports/api';
import { RangeForm, lastDays } from '../reports/range-form';
import type { ChartSeries } from '../reports/report-chart';
import '../reports/reports.css';
import type { OpsPageProps } from './types';

// recharts loads with the first chart, never with the console or the home page.
const ReportChart = lazy(() => import('../reports/report-chart'));

const views = ['ggr', 'payments', 'players', 'top'] as const;
type View = (typeof views)[number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const colours = {
  a: 'var(--color-accent)',
  b: 'var(--color-success)',
  c: 'var(--color-danger)',
  d: 'var(--color-focus)',
};

/**
 * Reports: one brand's revenue (GGR and NGR per day, vendor, game or category), deposits and
 * withdrawals, new, active and depositing players, and the members who won and lost the most, over
 * a range of UTC days; a chart, the table, and the server's CSV of the same figures. The view,
 * grouping and range live in the address, so a link shows the same report.
 */
export default function ReportsPage({ brand }: OpsPageProps) {
  const { t } = useTranslation('operator');
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(30);
  const view = (views as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as View)
    : 'ggr';
  const groupBy = (opsReportGroupings as readonly string[]).includes(params.get('by') ?? '')
    ? (params.get('by') as OpsReportGrouping)
    : 'day';
  const range: ReportRange = {
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : fallback.from,
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : fallback.to,
  };
  const update = (change: Record<string, string>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(change)) next.set(k, v);
      return next;
    });

  return (
    <section className="ops-card ops-report" aria-labelledby="ops-report-title">
      <header className="ops-card__header ops-report__head">
        <h2 id="ops-report-title">{t('reports.title')}</h2>
        <span className="muted">{t('reports.utc_note')}</span>
      </header>
      <RangeForm value={range} onChange={(r) => update({ from: r.from, to: r.to })} />
      <div className="segmented ops-report__tabs" role="tablist" aria-label={t('reports.views')}>
        {views.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            className="segmented__item"
            aria-selected={view === v}
            onClick={() => update({ view: v })}
          >
            {t(`reports.view_${v}`)}
          </button>
        ))}
      </div>
      {view === 'ggr' && (
        <GgrView brand={brand} range={range} groupBy={groupBy} onGroup={(g) => update({ by: g })} />
      )}
      {view === 'payments' && <PaymentsView brand={brand} range={range} />}
      {view === 'players' && <PlayersView brand={brand} range={range} />}
      {view === 'top' && <TopView brand={brand} range={range} />}
    </section>
  );
}

/** A query's loading and error states around its content. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch(): unknown };
  children(data: T): ReactNode;
}) {
  if (query.data) return <>{children(query.data)}</>;
  if (query.error) return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  return <PanelLoading />;
}

function ExportButton({
  brand,
  report,
  range,
  groupBy = 'day',
}: {
  brand: OpsBrand;
  report: OpsReportKind;
  range: ReportRange;
  groupBy?: OpsReportGrouping;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadReportCsv(brand.code, report, range, groupBy);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="ops-report__export">
      <button type="button" className="button" onClick={() => void run()} disabled={busy}>
        {t(`reports.export_${report}`)}
      </button>
      {error !== null && (
        <span className="form__error" role="alert">
          {errorText(error)}
        </span>
      )}
    </span>
  );
}

function Totals({ items }: { items: [string, string][] }) {
  return (
    <dl className="ops-report__totals">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Chart(props: {
  kind: 'line' | 'bar';
  data: Record<string, string | number>[];
  xKey: string;
  series: ChartSeries[];
  label: string;
  format(value: number): string;
}) {
  return (
    <Suspense fallback={<div className="ops-report__chart" aria-hidden="true" />}>
      <ReportChart {...props} />
    </Suspense>
  );
}

/** Minor units as a chart number in major units. */
const major = (minor: string, scale: number) => Number(minor) / 10 ** scale;

function GgrView({
  brand,
  range,
  groupBy,
  onGroup,
}: {
  brand: OpsBrand;
  range: ReportRange;
  groupBy: OpsReportGrouping;
  onGroup(g: OpsReportGrouping): void;
}) {
  const { t } = useTranslation('operator');
  const fmt = useOpsFormat(brand);
  const query = useGgrReport(brand.code, range, groupBy);
  type Row = GgrReport['rows'][number];
  const money = (v: string | null) => (v === null ? '—' : fmt.minor(v));
  const columns: DataColumn<Row>[] = [
    { id: 'key', header: t(`reports.group_${groupBy}`), cell: ({ row }) => row.original.key },
    {
      id: 'bets',
      header: t('reports.bets'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.betCount,
    },
    {
      id: 'stake',
      header: t('reports.stake'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.stake),
    },
    {
      id: 'payout',
      header: t('reports.payout'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.payout),
    },
    {
      id: 'ggr',
      header: t('reports.ggr'),
      meta: { numeric: true },
      cell: ({ row }) => money(row.original.ggr),
    },
    ...(groupBy === 'day'
      ? ([
          {
            id: 'bonus',
            header: t('reports.bonus'),
            meta: { numeric: true },
            cell: ({ row }) => money(row.original.bonus),
          },
          {
            id: 'ngr',
            header: t('reports.ngr'),
            meta: { numeric: true },
            cell: ({ row }) => money(row.original.ngr),
          },
        ] satisfies DataColumn<Row>[])
      : []),
  ];
  return (
    <>
      <div className="ops-report__bar">
        <div className="segmented" role="tablist" aria-label={t('reports.grouping')}>
          {opsReportGroupings.map((g) => (
            <button
              key={g}
              type="button"
              role="tab"
              className="segmented__item"
              aria-selected={groupBy === g}
              onClick={() => onGroup(g)}
            >
              {t(`reports.by_${g}`)}
            </button>
          ))}
        </div>
        <ExportButton brand={brand} report="ggr" range={range} groupBy={groupBy} />
      </div>
      <Loaded query={query}>
        {(data) => (
          <>
            <Totals
              items={[
                [t('reports.bets'), String(data.totals.betCount)],
                [t('reports.stake'), fmt.minor(data.totals.stake)],
                [t('reports.payout'), fmt.minor(data.totals.payout)],
                [t('reports.ggr'), fmt.minor(data.totals.ggr)],
                [t('reports.bonus'), fmt.minor(data.totals.bonus)],
                [t('reports.ngr'), fmt.minor(data.totals.ngr)],
              ]}
            />
            {data.rows.length === 0 ? (
              <EmptyState message={t('reports.empty')} />
            ) : (
              <>
                <Chart
                  kind={groupBy === 'day' ? 'line' : 'bar'}
                  xKey="key"
                  label={t('reports.chart_ggr')}
                  format={(v) => fmt.money(v)}
                  data={data.rows.slice(0, groupBy === 'day' ? undefined : 15).map((r) => ({
                    key: groupBy === 'day' ? r.key.slice(5) : r.key,
                    ggr: major(r.ggr, brand.currencyScale),
                    ...(r.ngr === null ? {} : { ngr: major(r.ngr, brand.currencyScale) }),
                    stake: major(r.stake, brand.currencyScale),
                  }))}
                  series={[
                    { key: 'stake', label: t('reports.stake'), colour: colours.d },
                    { key: 'ggr', label: t('reports.ggr'), colour: colours.a },
                    ...(groupBy === 'day'
                      ? [{ key: 'ngr', label: t('reports.ngr'), colour: colours.b }]
                      : []),
                  ]}
                />
                <DataTable
                  columns={columns}
                  data={data.rows}
                  caption={t('reports.view_ggr')}
                  rowKey={(r) => r.key}
                  busy={query.isFetching}
                  testId="report-ggr"
                />
              </>
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

function PaymentsView({ brand, range }: { brand: OpsBrand; range: ReportRange }) {
  const { t } = useTranslation('operator');
  const fmt = useOpsFormat(brand);
  const query = usePaymentsReport(brand.code, range);
  type Row = PaymentsReport['rows'][number];
  const columns: DataColumn<Row>[] = [
    { id: 'day', header: t('reports.group_day'), cell: ({ row }) => row.original.day },
    {
      id: 'dc',
      header: t('reports.deposits'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.depositCount,
    },
    {
      id: 'da',
      header: t('reports.deposit_amount'),
      meta: { numeric: true },
      cell: ({ row }) => fmt.minor(row.original.depositAmount),
    },
    {
      id: 'wc',
      header: t('reports.withdrawals'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.withdrawCount,
    },
    {
      id: 'wa',
      header: t('reports.withdraw_amount'),
      meta: { numeric: true },
      cell: ({ row }) => fmt.minor(row.original.withdrawAmount),
    },
    {
      id: 'net',
      header: t('reports.net'),
      meta: { numeric: true },
      cell: ({ row }) => fmt.minor(row.original.net),
    },
  ];
  return (
    <>
      <div className="ops-report__bar">
        <span />
        <ExportButton brand={brand} report="payments" range={range} />
      </div>
      <Loaded query={query}>
        {(data) => (
          <>
            <Totals
              items={[
                [t('reports.deposits'), String(data.totals.depositCount)],
                [t('reports.deposit_amount'), fmt.minor(data.totals.depositAmount)],
                [t('reports.withdrawals'), String(data.totals.withdrawCount)],
                [t('reports.withdraw_amount'), fmt.minor(data.totals.withdrawAmount)],
                [t('reports.net'), fmt.minor(data.totals.net)],
              ]}
            />
            <Chart
              kind="bar"
              xKey="day"
              label={t('reports.chart_payments')}
              format={(v) => fmt.money(v)}
              data={data.rows.map((r) => ({
                day: r.day.slice(5),
                deposits: major(r.depositAmount, brand.currencyScale),
                withdrawals: major(r.withdrawAmount, brand.currencyScale),
              }))}
              series={[
                { key: 'deposits', label: t('reports.deposit_amount'), colour: colours.b },
                { key: 'withdrawals', label: t('reports.withdraw_amount'), colour: colours.c },
              ]}
            />
            <DataTable
              columns={columns}
              data={data.rows}
              caption={t('reports.view_payments')}
              rowKey={(r) => r.day}
              busy={query.isFetching}
              testId="report-payments"
            />
          </>
        )}
      </Loaded>
    </>
  );
}

function PlayersView({ brand, range }: { brand: OpsBrand; range: ReportRange }) {
  const { t } = useTranslation('operator');
  const query = usePlayersReport(brand.code, range);
  type Row = PlayersReport['rows'][number];
  const columns: DataColumn<Row>[] = [
    { id: 'day', header: t('reports.group_day'), cell: ({ row }) => row.original.day },
    {
      id: 'new',
      header: t('reports.new_players'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.newPlayers,
    },
    {
      id: 'active',
      header: t('reports.active_players'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.activePlayers,
    },
    {
      id: 'depositing',
      header: t('reports.depositing_players'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.depositingPlayers,
    },
  ];
  return (
    <>
      <div className="ops-report__bar">
        <span />
        <ExportButton brand={brand} report="players" range={range} />
      </div>
      <Loaded query={query}>
        {(data) => (
          <>
            <Totals
              items={[
                [t('reports.new_players'), String(data.totals.newPlayers)],
                [t('reports.active_distinct'), String(data.totals.activePlayers)],
                [t('reports.depositing_distinct'), String(data.totals.depositingPlayers)],
              ]}
            />
            <Chart
              kind="line"
              xKey="day"
              label={t('reports.chart_players')}
              format={(v) => String(v)}
              data={data.rows.map((r) => ({
                day: r.day.slice(5),
                newPlayers: r.newPlayers,
                activePlayers: r.activePlayers,
                depositingPlayers: r.depositingPlayers,
              }))}
              series={[
                { key: 'newPlayers', label: t('reports.new_players'), colour: colours.a },
                { key: 'activePlayers', label: t('reports.active_players'), colour: colours.d },
                { key: 'depositingPlayers', label: t('reports.depositing_players'), colour: colours.b },
              ]}
            />
            <DataTable
              columns={columns}
              data={data.rows}
              caption={t('reports.view_players')}
              rowKey={(r) => r.day}
              busy={query.isFetching}
              testId="report-players"
            />
          </>
        )}
      </Loaded>
    </>
  );
}

function TopView({ brand, range }: { brand: OpsBrand; range: ReportRange }) {
  const { t } = useTranslation('operator');
  const fmt = useOpsFormat(brand);
  const query = useTopPlayersReport(brand.code, range);
  type Row = TopPlayersReport['winners'][number];
  const columns: DataColumn<Row & { rank: number }>[] = [
    { id: 'rank', header: '#', meta: { numeric: true }, cell: ({ row }) => row.original.rank },
    { id: 'account', header: t('reports.account'), cell: ({ row }) => row.original.account },
    {
      id: 'bets',
      header: t('reports.bets'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.betCount,
    },
    {
      id: 'stake',
      header: t('reports.stake'),
      meta: { numeric: true },
      cell: ({ row }) => fmt.minor(row.original.stake),
    },
    {
      id: 'net',
      header: t('reports.result'),
      meta: { numeric: true },
      cell: ({ row }) => fmt.minor(row.original.net, true),
    },
  ];
  const list = (side: 'winners' | 'losers', rows: Row[]) => (
    <div className="ops-report__side">
      <div className="ops-report__bar">
        <h3>{t(`reports.${side}`)}</h3>
        <ExportButton brand={brand} report={side} range={range} />
      </div>
      {rows.length === 0 ? (
        <EmptyState message={t('reports.empty')} />
      ) : (
        <DataTable
          columns={columns}
          data={rows.map((r, i) => ({ ...r, rank: i + 1 }))}
          caption={t(`reports.${side}`)}
          rowKey={(r) => r.account}
          busy={query.isFetching}
          testId={`report-${side}`}
        />
      )}
    </div>
  );
  return (
    <Loaded query={query}>
      {(data) => (
        <div className="ops-report__top">
          {list('winners', data.winners)}
          {list('losers', data.losers)}
        </div>
      )}
    </Loaded>
  );
}
