import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SelectField } from '../../../components/filter-fields';
import {
  type TeamBet,
  type TeamBetsQuery,
  fetchReportPage,
  maxRangeDays,
  useTeamBetsQuery,
} from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';
import { useReportPaging } from '../hooks/use-report-paging';
import { useReportRange } from '../hooks/use-report-range';
import { csvAmount } from '../lib/csv';
import { AccountField } from './account-field';
import { DateRangePicker } from './date-range-picker';
import type { ReportColumn } from './report-table';
import { ReportSection } from './report-section';
import { TotalsBar, moneyTone } from './totals-bar';

type SortKey = NonNullable<TeamBetsQuery['sortBy']>;
const betStatuses = ['open', 'settled', 'void'] as const;
type BetStatus = (typeof betStatuses)[number];
type Status = '' | BetStatus;
const pageSize = 20;

/**
 * Team betting (`personalHistoryCopy` for the team): the team's bets in a date range, by member
 * account and status, sorted and paged; the range's totals from the daily rollups; CSV export.
 */
export function TeamBetting() {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  const [account, setAccount] = useState('');
  const [status, setStatus] = useState<Status>('');
  const [applied, setApplied] = useState<{ account: string; status: Status }>({ account: '', status: '' });
  const { sort, setSort, pageNo, setPageNo, firstPage } = useReportPaging<SortKey>({
    by: 'placedAt',
    dir: 'desc',
  });
  const { today, range, setRange } = useReportRange(firstPage);

  const query: TeamBetsQuery = {
    from: range.from,
    to: range.to,
    ...(applied.account ? { account: applied.account } : {}),
    ...(applied.status ? { status: applied.status } : {}),
    sortBy: sort.by,
    sortOrder: sort.dir,
    pageNo,
    pageSize,
  };
  const bets = useTeamBetsQuery(query);
  const totals = bets.data?.totals;

  const search = (e: FormEvent) => {
    e.preventDefault();
    setApplied({ account: account.trim(), status });
    firstPage();
  };

  const columns: ReportColumn<TeamBet, SortKey>[] = [
    {
      id: 'placedAt',
      header: t('col.placed'),
      sort: 'placedAt',
      cell: (b) => <time dateTime={b.placedAt}>{f.dateTime(b.placedAt)}</time>,
      csv: (b) => b.placedAt,
    },
    { id: 'account', header: t('col.account'), cell: (b) => b.member.account, csv: (b) => b.member.account },
    { id: 'gameType', header: t('col.game_type'), cell: (b) => b.gameType, csv: (b) => b.gameType },
    { id: 'vendor', header: t('col.vendor'), cell: (b) => b.vassalage, csv: (b) => b.vassalage },
    { id: 'game', header: t('col.game'), cell: (b) => b.gameCode, csv: (b) => b.gameCode },
    {
      id: 'stake',
      header: t('figures.stake'),
      sort: 'stake',
      numeric: true,
      cell: (b) => f.money(b.stake),
      csv: (b) => csvAmount(b.stake, f.scale),
    },
    {
      id: 'validBet',
      header: t('figures.validBet'),
      numeric: true,
      cell: (b) => f.money(b.validBet),
      csv: (b) => csvAmount(b.validBet, f.scale),
    },
    {
      id: 'payout',
      header: t('figures.payout'),
      sort: 'payout',
      numeric: true,
      cell: (b) => f.money(b.payout),
      csv: (b) => csvAmount(b.payout, f.scale),
    },
    {
      id: 'profitLoss',
      header: t('figures.profitLoss'),
      numeric: true,
      cell: (b) => <span className={moneyTone(b.profitLoss)}>{f.money(b.profitLoss, { signed: true })}</span>,
      csv: (b) => csvAmount(b.profitLoss, f.scale),
    },
    {
      id: 'status',
      header: t('col.status'),
      cell: (b) => t(`bet_status.${b.status}`, { defaultValue: b.status }),
      csv: (b) => b.status,
    },
  ];

  return (
    <div className="agent-page">
      <DateRangePicker value={range} onChange={setRange} today={today} maxDays={maxRangeDays} />
      <form className="agent-filters" onSubmit={search} aria-label={t('filters')}>
        <AccountField value={account} onChange={setAccount} />
        <SelectField<BetStatus>
          label={t('col.status')}
          value={status}
          allLabel={t('all_statuses')}
          options={betStatuses.map((s) => ({ value: s, label: t(`bet_status.${s}`) }))}
          onChange={setStatus}
        />
        <div className="agent-filters__actions">
          <button type="submit" className="button button--primary">
            {t('search')}
          </button>
        </div>
      </form>
      {totals && (
        <TotalsBar
          label={t('totals')}
          items={[
            { label: t('figures.betCount'), value: f.count(totals.betCount) },
            { label: t('figures.stake'), value: f.money(totals.stake) },
            { label: t('figures.validBet'), value: f.money(totals.validBet) },
            { label: t('figures.payout'), value: f.money(totals.payout) },
            {
              label: t('figures.profitLoss'),
              value: f.money(totals.profitLoss, { signed: true }),
              signed: totals.profitLoss,
            },
          ]}
        />
      )}
      <ReportSection
        csv={{ name: 'team-bets', range, fetchPage: (n) => fetchReportPage('agentTeamBets', query, n) }}
        caption={t('personalHistoryCopy')}
        columns={columns}
        rowKey={(b) => b.id}
        query={bets}
        sort={sort}
        onSortChange={setSort}
        onPageChange={setPageNo}
      />
    </div>
  );
}
