import { gameTypes } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { mayCall } from '../api/ops-client';
import {
  type OpsGame,
  type OpsVendor,
  useGames,
  useUpdateGame,
  useUpdateVendor,
  useVendors,
} from '../catalogue/api';
import { CredentialForm } from '../catalogue/credential-form';
import { GameForm } from '../catalogue/game-form';
import '../content/content.css';
import type { OpsPageProps } from './types';

/** A reason the quick switches send with their change (the audit log keeps it). */
const QUICK = 'switched in the catalogue list';

/**
 * Games catalogue: the brand's studios (on or off, order, API credential set or replaced by an
 * admin) and games (on or off, order, hot rank, category and sub-categories, names, artwork).
 * Changes reach the lobby at once: the server rebuilds the brand's catalogue snapshot.
 */
export default function CataloguePage({ brand, identity }: OpsPageProps) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const mayEdit = mayCall(identity.role, 'opsGameUpdate');
  const mayCredential = mayCall(identity.role, 'opsVendorCredentialSet');
  const vendors = useVendors(brand.code);
  const updateVendor = useUpdateVendor(brand.code);
  const updateGame = useUpdateGame(brand.code);
  const [filter, setFilter] = useState({ vassalage: '', gameType: '', pageNo: 1 });
  const games = useGames(brand.code, filter);
  const [editing, setEditing] = useState<OpsGame | null>(null);
  const [credentialOf, setCredentialOf] = useState<OpsVendor | null>(null);

  const vendorColumns: DataColumn<OpsVendor>[] = [
    {
      id: 'name',
      header: t('catalogue.vendor'),
      cell: ({ row }) => (
        <span>
          {row.original.displayName} <code>{row.original.vassalage}</code>
        </span>
      ),
    },
    { id: 'type', header: t('catalogue.category'), cell: ({ row }) => row.original.gameType },
    {
      id: 'games',
      header: t('catalogue.games'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.gameCount,
    },
    {
      id: 'order',
      header: t('catalogue.order'),
      meta: { numeric: true },
      cell: ({ row }) =>
        mayEdit ? (
          <input
            className="field__input catalogue-order"
            type="number"
            min={0}
            aria-label={t('catalogue.order_of', { name: row.original.displayName })}
            defaultValue={row.original.sortOrder}
            onBlur={(e) => {
              const sortOrder = Number(e.target.value);
              if (Number.isInteger(sortOrder) && sortOrder >= 0 && sortOrder !== row.original.sortOrder)
                updateVendor.mutate({
                  vassalage: row.original.vassalage,
                  body: { sortOrder, reason: QUICK },
                });
            }}
          />
        ) : (
          row.original.sortOrder
        ),
    },
    {
      id: 'enabled',
      header: t('catalogue.enabled'),
      cell: ({ row }) => (
        <label className="catalogue-switch">
          <input
            type="checkbox"
            checked={row.original.enabled}
            disabled={!mayEdit || updateVendor.isPending}
            aria-label={t('catalogue.enable_of', { name: row.original.displayName })}
            onChange={(e) =>
              updateVendor.mutate({
                vassalage: row.original.vassalage,
                body: { enabled: e.target.checked, reason: QUICK },
              })
            }
          />
          {!row.original.available && (
            <span className="status-pill status-pill--muted">{t('catalogue.no_adapter')}</span>
          )}
        </label>
      ),
    },
    {
      id: 'credential',
      header: t('catalogue.credential'),
      cell: ({ row }) => (
        <span className="content-actions">
          <span className={`status-pill status-pill--${row.original.credentialSet ? 'ok' : 'muted'}`}>
            {row.original.credentialSet ? t('catalogue.credential_set') : t('catalogue.credential_none')}
          </span>
          {mayCredential && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setCredentialOf(row.original)}
            >
              {row.original.credentialSet ? t('catalogue.replace') : t('catalogue.set')}
            </button>
          )}
        </span>
      ),
    },
  ];

  const gameColumns: DataColumn<OpsGame>[] = [
    {
      id: 'name',
      header: t('catalogue.game'),
      cell: ({ row }) => (
        <span className="content-title-cell">
          {row.original.iconUrl && <img src={row.original.iconUrl} alt="" />}
          {row.original.names.EN}
          {row.original.names.ZH && <span className="muted"> · {row.original.names.ZH}</span>}
        </span>
      ),
    },
    { id: 'vendor', header: t('catalogue.vendor'), cell: ({ row }) => row.original.vassalage },
    {
      id: 'category',
      header: t('catalogue.category'),
      cell: ({ row }) => [row.original.gameType, ...row.original.gameClassify].join(' · '),
    },
    {
      id: 'hot',
      header: t('catalogue.hot_rank'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.hotRank ?? '—',
    },
    {
      id: 'order',
      header: t('catalogue.order'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.sortOrder,
    },
    {
      id: 'enabled',
      header: t('catalogue.enabled'),
      cell: ({ row }) => (
        <input
          type="checkbox"
          checked={row.original.enabled}
          disabled={!mayEdit || updateGame.isPending}
          aria-label={t('catalogue.enable_of', { name: row.original.names.EN ?? row.original.gameCode })}
          onChange={(e) =>
            updateGame.mutate({
              nodeId: row.original.nodeId,
              body: { enabled: e.target.checked, reason: QUICK },
            })
          }
        />
      ),
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) =>
        mayEdit && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setEditing(row.original)}
          >
            {t('catalogue.edit')}
          </button>
        ),
    },
  ];

  const gameList = games.data;
  const mutationError = updateVendor.error ?? updateGame.error;
  return (
    <>
      <section className="ops-card catalogue-desk" aria-labelledby="catalogue-vendors-title">
        <header className="ops-card__header">
          <h2 id="catalogue-vendors-title">{t('catalogue.vendors_title')}</h2>
          {!mayEdit && <span className="status-pill status-pill--muted">{t('catalogue.read_only')}</span>}
        </header>
        {(vendors.error ?? mutationError) && (
          <p className="form__error" role="alert">
            {errorText(vendors.error ?? mutationError)}
          </p>
        )}
        {credentialOf && (
          <CredentialForm
            key={credentialOf.vassalage}
            code={brand.code}
            vendor={credentialOf}
            onDone={() => setCredentialOf(null)}
          />
        )}
        <DataTable
          columns={vendorColumns}
          data={vendors.data?.list ?? []}
          caption={t('catalogue.vendors_title')}
          rowKey={(v) => v.vassalage}
          busy={vendors.isPending}
          testId="catalogue-vendors"
        />
      </section>
      <section className="ops-card catalogue-desk" aria-labelledby="catalogue-games-title">
        <header className="ops-card__header">
          <h2 id="catalogue-games-title">{t('catalogue.games_title')}</h2>
          {gameList && <span className="muted">{t('catalogue.count', { count: gameList.totalCount })}</span>}
        </header>
        <div className="content-toolbar">
          <label className="field content-filter">
            <span className="field__label">{t('catalogue.vendor')}</span>
            <select
              className="field__input"
              value={filter.vassalage}
              onChange={(e) => setFilter({ ...filter, vassalage: e.target.value, pageNo: 1 })}
            >
              <option value="">{t('catalogue.all')}</option>
              {(vendors.data?.list ?? []).map((v) => (
                <option key={v.vassalage} value={v.vassalage}>
                  {v.displayName}
                </option>
              ))}
            </select>
          </label>
          <label className="field content-filter">
            <span className="field__label">{t('catalogue.category')}</span>
            <select
              className="field__input"
              value={filter.gameType}
              onChange={(e) => setFilter({ ...filter, gameType: e.target.value, pageNo: 1 })}
            >
              <option value="">{t('catalogue.all')}</option>
              {gameTypes.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
        </div>
        {editing && (
          <GameForm key={editing.nodeId} code={brand.code} game={editing} onDone={() => setEditing(null)} />
        )}
        {games.error && <p className="form__error">{errorText(games.error)}</p>}
        {gameList && gameList.list.length === 0 ? (
          <EmptyState message={t('catalogue.none')} />
        ) : (
          <DataTable
            columns={gameColumns}
            data={gameList?.list ?? []}
            caption={t('catalogue.games_title')}
            rowKey={(g) => String(g.nodeId)}
            busy={games.isFetching}
            testId="catalogue-games"
          />
        )}
        {gameList && gameList.totalPages > 1 && (
          <nav className="content-pager" aria-label={t('catalogue.pages')}>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={filter.pageNo <= 1}
              onClick={() => setFilter({ ...filter, pageNo: filter.pageNo - 1 })}
            >
              {t('catalogue.prev')}
            </button>
            <span>
              {filter.pageNo} / {gameList.totalPages}
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={filter.pageNo >= gameList.totalPages}
              onClick={() => setFilter({ ...filter, pageNo: filter.pageNo + 1 })}
            >
              {t('catalogue.next')}
            </button>
          </nav>
        )}
      </section>
    </>
  );
}
