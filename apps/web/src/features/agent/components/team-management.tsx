import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { SelectField } from '../../../components/filter-fields';
import { type Downline, type DownlineQuery, fetchReportPage, useDownlinesQuery } from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';
import { useReportPaging } from '../hooks/use-report-paging';
import { csvAmount, csvFileName } from '../lib/csv';
import { TeamBreadcrumb } from './breadcrumb';
import { CsvButton, collectPages } from './csv-button';
import { type ReportColumn, ReportTable } from './report-table';
import { LotteryPrizeGroups } from './lottery-prize-groups';
import { TransferDialog } from './transfer-dialog';

type SortKey = NonNullable<DownlineQuery['sortBy']>;
const pageSize = 20;

interface Filters {
  scope: 'direct' | 'all';
  account: string;
  level: string;
  kind: '' | 'agent' | 'member';
  status: '' | 'active' | 'frozen' | 'closed';
}
const noFilters: Filters = { scope: 'all', account: '', level: '', kind: '', status: '' };

/**
 * Team management (`downlineManagmentView`): the direct and indirect downlines of the agent, or of
 * a downline drilled into (with a breadcrumb back up), searched by account and filtered by level,
 * kind and status; sorted on the server, paged, exported to CSV; and a transfer to any of them.
 */
export function TeamManagement({ onSetPaymentPassword }: { onSetPaymentPassword(): void }) {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  const [rootId, setRootId] = useState<string | undefined>();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const { sort, setSort, pageNo, setPageNo, firstPage } = useReportPaging<SortKey>({
    by: 'registeredAt',
    dir: 'desc',
  });
  const [transferTo, setTransferTo] = useState<{ id: string; account: string } | null>(null);

  const query: DownlineQuery = {
    ...(rootId ? { rootId } : {}),
    scope: filters.scope,
    ...(filters.account.trim() ? { account: filters.account.trim() } : {}),
    ...(filters.level ? { level: Number(filters.level) } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    sortBy: sort.by,
    sortOrder: sort.dir,
    pageNo,
    pageSize,
  };
  const downlines = useDownlinesQuery(query);
  const data = downlines.data;

  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    firstPage();
  };
  const reset = () => {
    setDraft(noFilters);
    setFilters(noFilters);
    firstPage();
  };
  const openTeam = (id: string | undefined) => {
    setRootId(id);
    firstPage();
  };

  const columns: ReportColumn<Downline, SortKey>[] = [
    {
      id: 'account',
      header: t('col.account'),
      sort: 'account',
      cell: (d) => (
        <span className="member-cell">
          <span className="member-cell__account">{d.account}</span>
          {d.nickname && <span className="muted">{d.nickname}</span>}
        </span>
      ),
      csv: (d) => d.account,
    },
    { id: 'nickname', header: t('col.nickname'), cell: () => null, csv: (d) => d.nickname },
    {
      id: 'kind',
      header: t('col.kind'),
      cell: (d) => (
        <span className={`status-pill ${d.isAgent ? 'status-pill--ok' : 'status-pill--muted'}`}>
          {d.isAgent ? t('kind_agent') : t('kind_member')}
        </span>
      ),
      csv: (d) => (d.isAgent ? t('kind_agent') : t('kind_member')),
    },
    {
      id: 'level',
      header: t('col.level'),
      sort: 'level',
      numeric: true,
      cell: (d) => d.level,
      csv: (d) => d.level,
    },
    {
      id: 'parent',
      header: t('col.parent'),
      cell: (d) => d.parent?.account ?? '—',
      csv: (d) => d.parent?.account,
    },
    {
      id: 'status',
      header: t('col.status'),
      cell: (d) => (
        <span className={`status-pill ${d.status === 'active' ? 'status-pill--ok' : 'status-pill--bad'}`}>
          {t(`status.${d.status}`)}
        </span>
      ),
      csv: (d) => t(`status.${d.status}`),
    },
    {
      id: 'registeredAt',
      header: t('col.registered'),
      sort: 'registeredAt',
      cell: (d) => <time dateTime={d.registeredAt}>{f.dateTime(d.registeredAt)}</time>,
      csv: (d) => d.registeredAt,
    },
    {
      id: 'lastLoginAt',
      header: t('col.last_login'),
      sort: 'lastLoginAt',
      cell: (d) => (d.lastLoginAt ? <time dateTime={d.lastLoginAt}>{f.dateTime(d.lastLoginAt)}</time> : '—'),
      csv: (d) => d.lastLoginAt,
    },
    {
      id: 'balance',
      header: t('col.balance'),
      sort: 'balance',
      numeric: true,
      cell: (d) => f.money(d.balance),
      csv: (d) => csvAmount(d.balance, f.scale),
    },
    {
      id: 'teamSize',
      header: t('col.team_size'),
      numeric: true,
      cell: (d) => f.count(d.teamSize),
      csv: (d) => d.teamSize,
    },
    {
      id: 'actions',
      header: t('col.actions'),
      cell: (d) => (
        <span className="row-actions">
          {(d.isAgent || d.teamSize > 0) && (
            <button
              type="button"
              className="link-button"
              aria-label={t('view_team_of', { account: d.account })}
              onClick={() => openTeam(d.id)}
            >
              {t('view_team')}
            </button>
          )}
          <button
            type="button"
            className="link-button"
            aria-label={t('transfer_to', { account: d.account })}
            onClick={() => setTransferTo({ id: d.id, account: d.account })}
          >
            {t('transfer')}
          </button>
        </span>
      ),
    },
  ];
  // The nickname has its own CSV column; on screen it sits under the account.
  const shown = columns.filter((c) => c.id !== 'nickname');
  const csvColumns = columns.filter((c) => c.csv).map((c) => ({ header: c.header, value: c.csv! }));

  return (
    <div className="agent-page">
      {data && <TeamBreadcrumb path={data.path} onOpen={openTeam} />}
      <form className="agent-filters" onSubmit={search} aria-label={t('filters')}>
        <label className="field">
          <span className="field__label">{t('search_account')}</span>
          <input
            type="search"
            className="field__input"
            value={draft.account}
            maxLength={64}
            onChange={(e) => setDraft({ ...draft, account: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('scope')}</span>
          <select
            className="field__input"
            value={draft.scope}
            onChange={(e) => setDraft({ ...draft, scope: e.target.value as Filters['scope'] })}
          >
            <option value="all">{t('scope_all')}</option>
            <option value="direct">{t('scope_direct')}</option>
          </select>
        </label>
        <SelectField
          label={t('col.level')}
          value={draft.level}
          allLabel={t('all_levels')}
          options={Array.from({ length: 10 }, (_, i) => ({
            value: String(i + 1),
            label: t('level_n', { level: i + 1 }),
          }))}
          onChange={(level) => setDraft({ ...draft, level })}
        />
        <SelectField
          label={t('col.kind')}
          value={draft.kind}
          allLabel={t('all_kinds')}
          options={(['agent', 'member'] as const).map((k) => ({ value: k, label: t(`kind_${k}`) }))}
          onChange={(kind) => setDraft({ ...draft, kind })}
        />
        <SelectField
          label={t('col.status')}
          value={draft.status}
          allLabel={t('all_statuses')}
          options={(['active', 'frozen', 'closed'] as const).map((s) => ({
            value: s,
            label: t(`status.${s}`),
          }))}
          onChange={(status) => setDraft({ ...draft, status })}
        />
        <div className="agent-filters__actions">
          <button type="submit" className="button button--primary">
            {t('search')}
          </button>
          <button type="button" className="button" onClick={reset}>
            {t('reset')}
          </button>
        </div>
      </form>
      <div className="agent-section__head">
        <span className="muted">{data ? t('team_of', { account: data.root.account }) : null}</span>
        <CsvButton
          fileName={csvFileName('team', data?.root.account)}
          columns={csvColumns}
          disabled={!data || data.totalCount === 0}
          rows={() => collectPages((n) => fetchReportPage('agentDownlineList', query, n))}
        />
      </div>
      <ReportTable
        caption={t('downlineManagmentView')}
        columns={shown}
        rowKey={(d) => d.id}
        query={downlines}
        sort={sort}
        onSortChange={setSort}
        onPageChange={setPageNo}
      />
      {!rootId && <LotteryPrizeGroups />}
      <TransferDialog
        target={transferTo}
        onClose={() => setTransferTo(null)}
        onSetPaymentPassword={onSetPaymentPassword}
      />
    </div>
  );
}
