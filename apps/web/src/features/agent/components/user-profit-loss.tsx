import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  type ProfitLossQuery,
  type ProfitLossRow,
  fetchReportPage,
  maxRangeDays,
  useProfitLossQuery,
} from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';
import { useReportPaging } from '../hooks/use-report-paging';
import { useReportRange } from '../hooks/use-report-range';
import { csvAmount } from '../lib/csv';
import { TeamBreadcrumb } from './breadcrumb';
import { DateRangePicker } from './date-range-picker';
import type { ReportColumn } from './report-table';
import { ReportSection } from './report-section';
import { TotalsBar, moneyTone } from './totals-bar';

type SortKey = NonNullable<ProfitLossQuery['sortBy']>;
type View = NonNullable<ProfitLossQuery['view']>;
const views: View[] = ['direct', 'member', 'category'];
const pageSize = 20;

/**
 * User profit and loss (`palStatementsAgentCopy`): for a date range, the agent's own figures and
 * each direct downline's whole team (drill into one to go down a level), every member on its own,
 * or the team by game category; with the team's totals and CSV export.
 */
export function UserProfitLoss() {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  const [view, setView] = useState<View>('direct');
  const [rootId, setRootId] = useState<string | undefined>();
  const [account, setAccount] = useState('');
  const [applied, setApplied] = useState('');
  const { sort, setSort, pageNo, setPageNo, firstPage } = useReportPaging<SortKey>({
    by: 'validBet',
    dir: 'desc',
  });
  const { today, range, setRange } = useReportRange(firstPage);

  const query: ProfitLossQuery = {
    from: range.from,
    to: range.to,
    view,
    ...(rootId ? { rootId } : {}),
    ...(applied && view !== 'category' ? { account: applied } : {}),
    sortBy: sort.by,
    sortOrder: sort.dir,
    pageNo,
    pageSize,
  };
  const report = useProfitLossQuery(query);
  const data = report.data;
  const openTeam = (id: string | undefined) => {
    setRootId(id);
    firstPage();
  };

  const money = (
    key: 'stake' | 'validBet' | 'payout' | 'depositAmount' | 'withdrawAmount',
    sortKey?: SortKey,
  ) => ({
    id: key,
    header: t(`figures.${key}`),
    numeric: true,
    ...(sortKey ? { sort: sortKey } : {}),
    cell: (r: ProfitLossRow) => f.money(r[key]),
    csv: (r: ProfitLossRow) => csvAmount(r[key], f.scale),
  });

  const columns: ReportColumn<ProfitLossRow, SortKey>[] = [
    view === 'category'
      ? {
          id: 'gameType',
          header: t('col.game_type'),
          cell: (r) => r.gameType ?? '—',
          csv: (r) => r.gameType,
        }
      : {
          id: 'account',
          header: t('col.account'),
          sort: 'account',
          cell: (r) =>
            r.member ? (
              <span className="member-cell">
                <span className="member-cell__account">{r.member.account}</span>
                {view === 'direct' && (
                  <span className="muted">{r.team ? t('whole_team') : t('own_figures')}</span>
                )}
              </span>
            ) : (
              '—'
            ),
          csv: (r) => r.member?.account,
        },
    ...(view === 'category'
      ? []
      : [
          {
            id: 'level',
            header: t('col.level'),
            numeric: true,
            cell: (r: ProfitLossRow) => r.level ?? '—',
            csv: (r: ProfitLossRow) => r.level,
          },
        ]),
    {
      id: 'betCount',
      header: t('figures.betCount'),
      sort: 'betCount',
      numeric: true,
      cell: (r) => f.count(r.betCount),
      csv: (r) => r.betCount,
    },
    money('stake', 'stake'),
    money('validBet', 'validBet'),
    money('payout', 'payout'),
    {
      id: 'profitLoss',
      header: t('figures.profitLoss'),
      sort: 'profitLoss',
      numeric: true,
      cell: (r) => <span className={moneyTone(r.profitLoss)}>{f.money(r.profitLoss, { signed: true })}</span>,
      csv: (r) => csvAmount(r.profitLoss, f.scale),
    },
    money('depositAmount'),
    money('withdrawAmount'),
    ...(view === 'direct'
      ? [
          {
            id: 'actions',
            header: t('col.actions'),
            cell: (r: ProfitLossRow) =>
              // A member's "team" is itself alone: only an agent has one worth opening.
              r.team && r.member && r.isAgent ? (
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('view_team_of', { account: r.member.account })}
                  onClick={() => openTeam(r.member!.id)}
                >
                  {t('view_team')}
                </button>
              ) : null,
          },
        ]
      : []),
  ];

  const totals = data?.totals;
  return (
    <div className="agent-page">
      <DateRangePicker value={range} onChange={setRange} today={today} maxDays={maxRangeDays} />
      <div className="agent-toolbar">
        <div className="segmented" role="tablist" aria-label={t('pnl_view')}>
          {views.map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              className="segmented__item"
              aria-selected={view === v}
              onClick={() => {
                setView(v);
                firstPage();
                if (v === 'category' && sort.by === 'account') setSort({ by: 'validBet', dir: 'desc' });
              }}
            >
              {t(`pnl_views.${v}`)}
            </button>
          ))}
        </div>
        {view !== 'category' && (
          <form
            className="agent-search"
            role="search"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              setApplied(account.trim());
              firstPage();
            }}
          >
            <label className="field">
              <span className="visually-hidden">{t('search_account')}</span>
              <input
                type="search"
                className="field__input"
                placeholder={t('search_account')}
                value={account}
                maxLength={64}
                onChange={(e) => setAccount(e.target.value)}
              />
            </label>
            <button type="submit" className="button">
              {t('search')}
            </button>
          </form>
        )}
      </div>
      {data && <TeamBreadcrumb path={data.path} onOpen={openTeam} />}
      {totals && (
        <TotalsBar
          label={t('totals')}
          items={[
            { label: t('figures.validBet'), value: f.money(totals.validBet) },
            { label: t('figures.payout'), value: f.money(totals.payout) },
            {
              label: t('figures.profitLoss'),
              value: f.money(totals.profitLoss, { signed: true }),
              signed: totals.profitLoss,
            },
            { label: t('figures.depositAmount'), value: f.money(totals.depositAmount) },
            { label: t('figures.withdrawAmount'), value: f.money(totals.withdrawAmount) },
          ]}
        />
      )}
      {data && (
        <p className="muted">{data.asOf ? t('as_of', { time: f.dateTime(data.asOf) }) : t('as_of_never')}</p>
      )}
      <ReportSection
        aside={<span className="muted">{data ? t('team_of', { account: data.root.account }) : null}</span>}
        csv={{
          name: `profit-loss-${view}`,
          range,
          fetchPage: (n) => fetchReportPage('agentTeamProfitLoss', query, n),
        }}
        caption={t('palStatementsAgentCopy')}
        columns={columns}
        rowKey={(r) => `${r.member?.id ?? r.gameType}:${r.team}`}
        query={report}
        sort={sort}
        onSortChange={setSort}
        onPageChange={setPageNo}
      />
    </div>
  );
}
