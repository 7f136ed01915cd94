import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { ConfirmDialog } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { type InboxItem, useDeleteMessages, useInboxPage, useMarkRead } from '../api/inbox';
import { useMessageText, useMessageTime } from '../hooks/use-message-text';
import '../inbox.css';

function MessageBody({ message }: { message: InboxItem }) {
  const { body } = useMessageText();
  const shown = body(message);
  return 'text' in shown ? (
    <p className="inbox-message__body">{shown.text}</p>
  ) : (
    <div className="inbox-message__body prose" dangerouslySetInnerHTML={{ __html: shown.html }} />
  );
}

function MessageRow({
  message,
  open,
  onToggle,
  onDelete,
}: {
  message: InboxItem;
  open: boolean;
  onToggle(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('inbox');
  const { title } = useMessageText();
  const time = useMessageTime();
  const bodyId = useId();
  const from =
    message.kind === 'agent' && message.sender
      ? t('from_agent', { name: message.sender })
      : t(`kind.${message.kind}`);
  return (
    <li className={`inbox-message${message.read ? '' : ' inbox-message--unread'}${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className="inbox-message__head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span className="inbox-message__dot" aria-hidden="true" />
        <span className="inbox-message__title">
          {title(message)}
          {!message.read && <span className="visually-hidden"> ({t('unread')})</span>}
        </span>
        <span className="inbox-message__meta">
          <span className={`status-pill status-pill--${message.kind === 'system' ? 'muted' : 'pending'}`}>
            {from}
          </span>
          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
        </span>
      </button>
      {open && (
        <div id={bodyId} className="inbox-message__content">
          <MessageBody message={message} />
          <div className="inbox-message__actions">
            <button type="button" className="button button--small" onClick={onDelete}>
              {t('delete')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * The member's messages (member centre `messageV2`; also the agent's own inbox): newest first,
 * paged; opening one marks it read, deleting asks first and hides it for this member only.
 */
export function MessageCenter({ title }: { title?: string }) {
  const { t } = useTranslation('inbox');
  const errorText = useApiErrorText();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<InboxItem | null>(null);
  const page = useInboxPage(pageNo);
  const markRead = useMarkRead();
  const remove = useDeleteMessages();

  if (page.isPending) return <PanelLoading />;
  if (page.isError) return <PanelError error={page.error} onRetry={() => void page.refetch()} />;
  const { list, totalPages, unread } = page.data;

  const toggle = (m: InboxItem) => {
    const next = openId === m.id ? null : m.id;
    setOpenId(next);
    if (next && !m.read) markRead.mutate({ ids: [m.id] });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    // The last message of a later page: step back a page once it is gone.
    const emptiesPage = list.length === 1 && pageNo > 1;
    remove.mutate([deleting.id], {
      onSuccess: () => {
        setOpenId(null);
        if (emptiesPage) setPageNo((p) => Math.max(1, p - 1));
      },
    });
    setDeleting(null);
  };

  return (
    <div className="inbox" aria-busy={page.isPlaceholderData || undefined}>
      <div className="inbox__toolbar">
        {title && <h3 className="inbox__title">{title}</h3>}
        <p className="inbox__summary muted" role="status">
          {unread > 0 ? t('unread_count', { count: unread }) : t('all_read')}
        </p>
        <button
          type="button"
          className="button button--small"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('mark_all_read')}
        </button>
      </div>
      {(markRead.error ?? remove.error) && (
        <p className="form__error" role="alert">
          {errorText(markRead.error ?? remove.error)}
        </p>
      )}
      {list.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <ul className="inbox__list" aria-label={t('messages')}>
          {list.map((m) => (
            <MessageRow
              key={m.id}
              message={m}
              open={openId === m.id}
              onToggle={() => toggle(m)}
              onDelete={() => setDeleting(m)}
            />
          ))}
        </ul>
      )}
      <Pagination page={pageNo} totalPages={totalPages} onChange={setPageNo} label={t('pages')} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete_title')}
        message={t('delete_text')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
