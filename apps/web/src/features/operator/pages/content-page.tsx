import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { mayCall } from '../api/ops-client';
import { AgentAnnouncements } from '../content/agent-announcements';
import { AnnouncementForm, bannerGroups } from '../content/announcement-form';
import { type OpsAnnouncement, useAnnouncements, useDeleteAnnouncement } from '../content/api';
import '../content/content.css';
import { HelpTopics } from '../content/help-topics';
import type { OpsPageProps } from './types';

const tabs = ['B', 'PL', 'PU', 'PR', 'help', 'agent'] as const;
type Tab = (typeof tabs)[number];

/** Live now, scheduled, ended or off: what the player site does with it at this moment. */
function stateOf(a: OpsAnnouncement, now = Date.now()) {
  if (!a.enabled) return 'off';
  if (a.startsAt && Date.parse(a.startsAt) > now) return 'scheduled';
  if (a.endsAt && Date.parse(a.endsAt) <= now) return 'ended';
  return 'live';
}

/**
 * Content: banners per group, the notice marquee, popups with their execution, promotions,
 * help-centre topics and agent announcements. Each edit previews as the player sees it, carries a
 * reason for the audit log, and reaches the player site at once (the server's caches are told).
 */
export default function ContentPage({ brand, identity }: OpsPageProps) {
  const { t } = useTranslation('operator');
  const [params, setParams] = useSearchParams();
  const tab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'B';
  const mayEdit = mayCall(identity.role, 'opsAnnouncementCreate');
  return (
    <section className="ops-card content-desk" aria-labelledby="content-title">
      <header className="ops-card__header">
        <h2 id="content-title">{t('content.title_page')}</h2>
        {!mayEdit && <span className="status-pill status-pill--muted">{t('content.read_only')}</span>}
      </header>
      <div className="segmented content-desk__tabs" role="tablist" aria-label={t('content.sections')}>
        {tabs.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            className="segmented__item"
            aria-selected={tab === x}
            onClick={() => setParams({ tab: x })}
          >
            {t(`content.tab_${x}`)}
          </button>
        ))}
      </div>
      {tab === 'help' ? (
        <HelpTopics code={brand.code} mayEdit={mayCall(identity.role, 'opsHelpTopicSave')} />
      ) : tab === 'agent' ? (
        <AgentAnnouncements
          code={brand.code}
          mayEdit={mayCall(identity.role, 'opsAgentAnnouncementCreate')}
        />
      ) : (
        <AnnouncementDesk key={tab} code={brand.code} type={tab} mayEdit={mayEdit} />
      )}
    </section>
  );
}

function AnnouncementDesk({
  code,
  type,
  mayEdit,
}: {
  code: string;
  type: OpsAnnouncement['type'];
  mayEdit: boolean;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const list = useAnnouncements(code, type);
  const remove = useDeleteAnnouncement(code);
  const [editing, setEditing] = useState<OpsAnnouncement | 'new' | null>(null);
  const [group, setGroup] = useState('');
  const rows = (list.data?.list ?? []).filter((a) => !group || a.groupName === group);
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
  const columns: DataColumn<OpsAnnouncement>[] = [
    {
      id: 'title',
      header: t('content.title'),
      cell: ({ row }) => (
        <span className="content-title-cell">
          {row.original.imageUrl && type === 'B' && <img src={row.original.imageUrl} alt="" />}
          {row.original.title.EN}
        </span>
      ),
    },
    ...(type === 'B'
      ? [
          {
            id: 'group',
            header: t('content.group'),
            cell: ({ row }) => row.original.groupName,
          } as DataColumn<OpsAnnouncement>,
        ]
      : []),
    ...(type === 'PU'
      ? [
          {
            id: 'execution',
            header: t('content.execution'),
            cell: ({ row }) =>
              row.original.execution ? t(`content.execution_${row.original.execution}`) : '—',
          } as DataColumn<OpsAnnouncement>,
        ]
      : []),
    {
      id: 'order',
      header: t('content.order'),
      meta: { numeric: true },
      cell: ({ row }) => row.original.sortOrder,
    },
    {
      id: 'window',
      header: t('content.window'),
      cell: ({ row }) => `${when(row.original.startsAt)} → ${when(row.original.endsAt)}`,
    },
    {
      id: 'state',
      header: t('content.state'),
      cell: ({ row }) => {
        const s = stateOf(row.original);
        return (
          <span className={`status-pill status-pill--${s === 'live' ? 'ok' : 'muted'}`}>
            {t(`content.state_${s}`)}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: '',
      cell: ({ row }) => (
        <span className="content-actions">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setEditing(row.original)}
          >
            {mayEdit ? t('content.edit') : t('content.view')}
          </button>
          {mayEdit && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                if (window.confirm(t('content.delete_confirm'))) remove.mutate(row.original.id);
              }}
            >
              {t('content.delete')}
            </button>
          )}
        </span>
      ),
    },
  ];
  return (
    <div className="content-section">
      <div className="content-toolbar">
        {type === 'B' && (
          <label className="field content-filter">
            <span className="field__label">{t('content.group')}</span>
            <select className="field__input" value={group} onChange={(e) => setGroup(e.target.value)}>
              <option value="">{t('content.all_groups')}</option>
              {bannerGroups.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
        )}
        {mayEdit && editing === null && (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            {t(`content.new_${type}`)}
          </button>
        )}
      </div>
      {editing !== null && (
        <AnnouncementForm
          key={editing === 'new' ? 'new' : editing.id}
          code={code}
          type={type}
          row={editing === 'new' ? null : editing}
          mayEdit={mayEdit}
          onDone={() => setEditing(null)}
        />
      )}
      {(list.error ?? remove.error) && (
        <p className="form__error" role="alert">
          {errorText(list.error ?? remove.error)}
        </p>
      )}
      {rows.length === 0 && !list.isPending ? (
        <EmptyState message={t('content.none')} />
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          caption={t(`content.tab_${type}`)}
          rowKey={(a) => a.id}
          busy={list.isPending}
          testId={`content-list-${type}`}
        />
      )}
    </div>
  );
}
