import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SelectField } from '../../../components/filter-fields';
import {
  type TeamTransaction,
  type TeamTransactionsQuery,
  fetchReportPage,
  maxRangeDays,
  useTeamTransactionsQuery,
} from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';
import { useReportPaging } from '../hooks/use-report-paging';
import { useReportRange } from '../hooks/use-report-range';
import { csvAmount } from '../lib/csv';
import { ledgerKinds } from '../lib/kinds';
import { AccountField } from './account-field';
import { DateRangePicker } from './date-range-picker';
import type { ReportColumn } from './report-table';
import { ReportSection } from './report-section';
import { moneyTone } from './totals-bar';

const pageSize = 20;

/**
 * Account details (`agentDownlineTransactionDetailsCopy`): the team's main-wallet movements in a
 * date range, by member account and kind, newest or oldest first, with CSV export.
 */
export function AccountDetails() {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState('');
  const [applied, setApplied] = useState({ account: '', kind: '' });
  const { sort, setSort, pageNo, setPageNo, firstPage } = useReportPaging<'time'>({
    by: 'time',
    dir: 'desc',
  });
  const { today, range, setRange } = useReportRange(firstPage);
  const query: TeamTransactionsQuery = {
    from: range.from,
    to: range.to,
    ...(applied.account ? { account: applied.account } : {}),
    ...(applied.kind ? { kind: applied.kind } : {}),
    sortOrder: sort.dir,
    pageNo,
    pageSize,
  };
  const records = useTeamTransactionsQuery(query);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setApplied({ account: account.trim(), kind });
    firstPage();
  };

  const columns: ReportColumn<TeamTransaction, 'time'>[] = [
    {
      id: 'time',
      header: t('col.time'),
      sort: 'time',
      cell: (r) => <time dateTime={r.time}>{f.dateTime(r.time)}</time>,
      csv: (r) => r.time,
    },
    { id: 'account', header: t('col.account'), cell: (r) => r.member.account, csv: (r) => r.member.account },
    {
      id: 'kind',
      header: t('col.kind_ledger'),
      cell: (r) => t(`ledger_kind.${r.kind}`, { defaultValue: r.kind }),
      csv: (r) => r.kind,
    },
    {
      id: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (r) => <span className={moneyTone(r.amount)}>{f.money(r.amount, { signed: true })}</span>,
      csv: (r) => csvAmount(r.amount, f.scale),
    },
    {
      id: 'balanceAfter',
      header: t('col.balance_after'),
      numeric: true,
      cell: (r) => f.money(r.balanceAfter),
      csv: (r) => csvAmount(r.balanceAfter, f.scale),
    },
    {
      id: 'reference',
      header: t('col.reference'),
      cell: (r) => <span className="data-table__ref">{r.reference ?? '—'}</span>,
      csv: (r) => r.reference,
    },
  ];

  return (
    <div className="agent-page">
      <DateRangePicker value={range} onChange={setRange} today={today} maxDays={maxRangeDays} />
      <form className="agent-filters" onSubmit={search} aria-label={t('filters')}>
        <AccountField value={account} onChange={setAccount} />
        <SelectField
          label={t('col.kind_ledger')}
          value={kind}
          allLabel={t('all_kinds')}
          options={ledgerKinds.map((k) => ({ value: k, label: t(`ledger_kind.${k}`) }))}
          onChange={setKind}
        />
        <div className="agent-filters__actions">
          <button type="submit" className="button button--primary">
            {t('search')}
          </button>
        </div>
      </form>
      <ReportSection
        csv={{
          name: 'team-transactions',
          range,
          fetchPage: (n) => fetchReportPage('agentTeamTransactions', query, n),
        }}
        caption={t('agentDownlineTransactionDetailsCopy')}
        columns={columns}
        rowKey={(r) => r.id}
        query={records}
        sort={sort}
        onSortChange={setSort}
        onPageChange={setPageNo}
      />
    </div>
  );
}
