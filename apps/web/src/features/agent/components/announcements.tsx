import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { type Announcement, useAnnouncementsQuery } from '../api/agent';
import { useAgentFormat } from '../hooks/use-format';
import { PanelError, PanelLoading } from '../../../components/panel-state';

function AnnouncementItem({ item }: { item: Announcement }) {
  const { t } = useTranslation('agent');
  const f = useAgentFormat();
  // Operators write HTML; it is sanitised before it reaches the page.
  const html = useMemo(() => DOMPurify.sanitize(item.content), [item.content]);
  return (
    <article className="announcement">
      <header className="announcement__head">
        <h3 className="announcement__title">
          {item.pinned && <span className="status-pill status-pill--pending">{t('pinned')}</span>}
          {item.title}
        </h3>
        <time className="muted" dateTime={item.publishedAt}>
          {f.dateTime(item.publishedAt)}
        </time>
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

/** Agent announcement (`agentAnnouncement`): what the brand publishes to its agents, pinned first. */
export function Announcements() {
  const { t } = useTranslation('agent');
  const [pageNo, setPageNo] = useState(1);
  const list = useAnnouncementsQuery(pageNo);
  if (list.isPending) return <PanelLoading />;
  if (list.isError) return <PanelError error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.list.length === 0) return <EmptyState message={t('no_announcements')} />;
  return (
    <div className="agent-page" aria-busy={list.isPlaceholderData || undefined}>
      {list.data.list.map((a) => (
        <AnnouncementItem key={a.id} item={a} />
      ))}
      <Pagination
        page={list.data.pageNo}
        totalPages={list.data.totalPages}
        onChange={setPageNo}
        label={t('pages_of', { report: t('agentAnnouncement') })}
      />
    </div>
  );
}
