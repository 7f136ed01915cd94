import {
  type PlayerRow,
  type PlayerSearchField,
  playerSearchFields,
  playerStatuses,
} from '@arcadia/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { useOpsFormat } from '../lib/format';
import { type PlayerSearch as Search, usePlayerSearch } from './api';
import { StatusBadge } from './status-badge';

/**
 * Finds the brand's members by account, member id, mobile, email, IP or sign-up device (or any of
 * them), optionally by status; the newest first, a page at a time. A row opens the member.
 */
export function PlayerSearch({
  brand,
  search,
  onSearch,
  onOpen,
}: {
  brand: OpsBrand;
  search: Search;
  onSearch(next: Search): void;
  onOpen(account: string): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const ids = { q: useId(), by: useId(), status: useId() };
  const [q, setQ] = useState(search.q);
  const [by, setBy] = useState<PlayerSearchField>(search.by);
  const [status, setStatus] = useState(search.status);
  const result = usePlayerSearch(brand.code, search);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ q: q.trim(), by, status, pageNo: 1 });
  };

  const columns = useMemo<DataColumn<PlayerRow>[]>(
    () => [
      {
        id: 'account',
        header: t('players.col_account'),
        cell: ({ row }) => (
          <>
            <button
              type="button"
              className="link-button ops-players__open"
              onClick={() => onOpen(row.original.account)}
            >
              {row.original.account}
            </button>
            <span className="ops-sub muted">
              #{row.original.memberId}
              {row.original.nickname ? ` · ${row.original.nickname}` : ''}
              {row.original.agent ? ` · ${t('players.agent')}` : ''}
            </span>
          </>
        ),
      },
      {
        id: 'status',
        header: t('players.col_status'),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'contact',
        header: t('players.col_contact'),
        cell: ({ row }) => (
          <>
            <span>{row.original.mobile ?? '—'}</span>
            <span className="ops-sub muted">{row.original.email ?? ''}</span>
          </>
        ),
      },
      {
        id: 'created',
        header: t('players.col_registered'),
        cell: ({ row }) => <time dateTime={row.original.createdAt}>{fmt.time(row.original.createdAt)}</time>,
        meta: { className: 'data-table__time' },
      },
      {
        id: 'login',
        header: t('players.col_last_login'),
        cell: ({ row }) => (
          <>
            {row.original.lastLoginAt ? fmt.time(row.original.lastLoginAt) : '—'}
            <span className="ops-sub muted">{row.original.lastLoginIp ?? ''}</span>
          </>
        ),
        meta: { className: 'data-table__time' },
      },
    ],
    [t, fmt, onOpen],
  );

  return (
    <section className="ops-card" aria-labelledby="ops-players-search-title">
      <header className="ops-card__header">
        <h2 id="ops-players-search-title">
          {t('players.title')}
          {result.data && <span className="ops-count">{result.data.totalCount}</span>}
        </h2>
      </header>
      <form className="ops-players__search" role="search" onSubmit={submit}>
        <div className="field ops-players__q">
          <label htmlFor={ids.q} className="field__label">
            {t('players.search_label')}
          </label>
          <input
            id={ids.q}
            className="field__input"
            type="search"
            autoComplete="off"
            maxLength={100}
            placeholder={t('players.search_placeholder')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.by} className="field__label">
            {t('players.search_by')}
          </label>
          <select
            id={ids.by}
            className="field__input"
            value={by}
            onChange={(e) => setBy(e.target.value as PlayerSearchField)}
          >
            {playerSearchFields.map((f) => (
              <option key={f} value={f}>
                {t(`players.by_${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status} className="field__label">
            {t('players.col_status')}
          </label>
          <select
            id={ids.status}
            className="field__input"
            value={status}
            onChange={(e) => setStatus(e.target.value as Search['status'])}
          >
            <option value="">{t('players.status_any')}</option>
            {playerStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`players.status_${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          {t('players.search')}
        </button>
      </form>
      {result.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : result.error ? (
        <p className="form__error ops-card__state" role="alert">
          {errorText(result.error)}
        </p>
      ) : result.data.list.length === 0 ? (
        <EmptyState message={t('players.none_found')} />
      ) : (
        <>
          <div className="ops-table ops-players__table">
            <DataTable
              columns={columns}
              data={result.data.list}
              caption={t('players.title')}
              rowKey={(r) => r.memberId}
              busy={result.isFetching}
              testId="ops-players-results"
            />
          </div>
          <Pagination
            page={result.data.pageNo}
            totalPages={result.data.totalPages}
            onChange={(pageNo) => onSearch({ ...search, pageNo })}
            label={t('players.pages')}
          />
        </>
      )}
    </section>
  );
}
