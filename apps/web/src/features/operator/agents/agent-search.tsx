import type { AgentTreeNode } from '@arcadia/contract';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { useOpsFormat } from '../lib/format';
import { useAgentSearch } from '../risk/api';

type Found = AgentTreeNode & { path: { id: string; account: string }[] };

/** Finds a member or agent by part of its account; a row shows where it sits and opens it in the tree. */
export function AgentSearch({
  brand,
  mayMove,
  onShow,
  onMove,
}: {
  brand: OpsBrand;
  mayMove: boolean;
  onShow(id: string): void;
  onMove(account: string): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const fmt = useOpsFormat(brand);
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const result = useAgentSearch(brand.code, q);

  const columns = useMemo<DataColumn<Found>[]>(
    () => [
      {
        id: 'account',
        header: t('agents.col_account'),
        cell: ({ row }) => (
          <>
            <button type="button" className="link-button" onClick={() => onShow(row.original.id)}>
              <strong>{row.original.account}</strong>
            </button>
            <span className="ops-sub muted">
              {row.original.isAgent ? t('agents.agent') : t('agents.member')}
            </span>
          </>
        ),
      },
      {
        id: 'path',
        header: t('agents.col_uplines'),
        cell: ({ row }) => row.original.path.map((p) => p.account).join(' › ') || '—',
      },
      {
        id: 'team',
        header: t('agents.team'),
        cell: ({ row }) => row.original.teamSize,
        meta: { numeric: true },
      },
      {
        id: 'valid',
        header: t('agents.valid_bet'),
        cell: ({ row }) => fmt.minor(row.original.month.validBet),
        meta: { numeric: true },
      },
      ...(mayMove
        ? [
            {
              id: 'actions',
              header: t('col_actions'),
              cell: ({ row }) => (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => onMove(row.original.account)}
                >
                  {t('agents.move')}
                </button>
              ),
            } satisfies DataColumn<Found>,
          ]
        : []),
    ],
    [t, fmt, mayMove, onShow, onMove],
  );

  return (
    <section className="ops-card" aria-labelledby="ops-agents-search-title">
      <header className="ops-card__header">
        <h2 id="ops-agents-search-title">{t('agents.search_title')}</h2>
      </header>
      <form
        className="ops-agents__search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <div className="field">
          <label htmlFor={id} className="field__label">
            {t('agents.search_label')}
          </label>
          <input
            id={id}
            className="field__input"
            type="search"
            autoComplete="off"
            maxLength={64}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('agents.search')}
        </button>
      </form>
      {q === '' ? null : result.isPending ? (
        <p className="ops-card__state" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
        </p>
      ) : result.error ? (
        <p className="form__error ops-card__state" role="alert">
          {errorText(result.error)}
        </p>
      ) : result.data.list.length === 0 ? (
        <EmptyState message={t('agents.none_found')} />
      ) : (
        <div className="ops-table">
          <DataTable
            columns={columns}
            data={result.data.list}
            caption={t('agents.search_title')}
            rowKey={(r) => r.id}
            busy={result.isFetching}
            testId="ops-agent-search"
          />
        </div>
      )}
    </section>
  );
}
