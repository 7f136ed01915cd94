import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  type IncomeItem,
  type IncomeQuery,
  fetchReportPage,
  maxRangeDays,
  useIncomeQuery,
} from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';
import { useReportPaging } from '../hooks/use-report-paging';
import { useReportRange } from '../hooks/use-report-range';
import { csvAmount } from '../lib/csv';
import { type IncomeCategory, incomeCategories } from '../lib/kinds';
import { DateRangePicker } from './date-range-picker';
import type { ReportColumn } from './report-table';
import { ReportSection } from './report-section';

type Category = IncomeCategory;
const pageSize = 20;

/**
 * My income (`agentRevenueReport`): every credit the agent received as commission, salary,
 * dividend or a transfer, in a date range, with the totals per category and CSV export.
 */
export function MyIncome() {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  const [category, setCategory] = useState<Category | ''>('');
  const { sort, setSort, pageNo, setPageNo, firstPage } = useReportPaging<'time'>({
    by: 'time',
    dir: 'desc',
  });
  const { today, range, setRange } = useReportRange(firstPage);
  const query: IncomeQuery = {
    from: range.from,
    to: range.to,
    ...(category ? { category } : {}),
    sortOrder: sort.dir,
    pageNo,
    pageSize,
  };
  const income = useIncomeQuery(query);
  const totals = income.data?.totals;

  const columns: ReportColumn<IncomeItem, 'time'>[] = [
    {
      id: 'time',
      header: t('col.time'),
      sort: 'time',
      cell: (i) => <time dateTime={i.time}>{f.dateTime(i.time)}</time>,
      csv: (i) => i.time,
    },
    {
      id: 'category',
      header: t('col.category'),
      cell: (i) => t(`income.${i.category}`),
      csv: (i) => t(`income.${i.category}`),
    },
    {
      id: 'kind',
      header: t('col.kind_ledger'),
      cell: (i) => t(`ledger_kind.${i.kind}`, { defaultValue: i.kind }),
      csv: (i) => i.kind,
    },
    { id: 'from', header: t('col.from'), cell: (i) => i.from ?? '—', csv: (i) => i.from },
    {
      id: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (i) => <span className="money--in">{f.money(i.amount, { signed: true })}</span>,
      csv: (i) => csvAmount(i.amount, f.scale),
    },
    {
      id: 'reference',
      header: t('col.reference'),
      cell: (i) => <span className="data-table__ref">{i.reference ?? '—'}</span>,
      csv: (i) => i.reference,
    },
  ];

  return (
    <div className="agent-page">
      <DateRangePicker value={range} onChange={setRange} today={today} maxDays={maxRangeDays} />
      {totals && (
        <dl className="stat-grid" aria-label={t('totals')}>
          {(['total', ...incomeCategories] as const).map((c) => (
            <div key={c} className="stat">
              <dt className="stat__label">{t(`income.${c}`)}</dt>
              <dd className="stat__value">{f.money(totals[c])}</dd>
            </div>
          ))}
        </dl>
      )}
      <ReportSection
        aside={
          <label className="field field--inline">
            <span className="field__label">{t('col.category')}</span>
            <select
              className="field__input"
              value={category}
              onChange={(e) => {
                setCategory(e.target.value as Category | '');
                firstPage();
              }}
            >
              <option value="">{t('all_categories')}</option>
              {incomeCategories.map((c) => (
                <option key={c} value={c}>
                  {t(`income.${c}`)}
                </option>
              ))}
            </select>
          </label>
        }
        csv={{ name: 'income', range, fetchPage: (n) => fetchReportPage('agentIncome', query, n) }}
        caption={t('agentRevenueReport')}
        columns={columns}
        rowKey={(i) => i.id}
        query={income}
        sort={sort}
        onSortChange={setSort}
        onPageChange={setPageNo}
      />
    </div>
  );
}
