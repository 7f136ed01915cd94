import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChatComposer } from '../../../components/chat-composer';
import { ChatThread } from '../../../components/chat-thread';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import { appendToHistory, flattenHistory } from '../../../lib/chat-history';
import {
  connectRealtime,
  disconnectRealtime,
  onRealtimeReconnect,
  sendRealtime,
  useRealtimeStatus,
  useSocketEvent,
} from '../../../lib/realtime';
import { useChatSender } from '../../../lib/use-chat-sender';
import type { OpsBrand, OpsIdentity } from '../api/operator';
import { useOpsSession } from '../api/ops-client';
import {
  type OpsSupportConversation,
  applyConversation,
  loadOpsAttachment,
  sendSupportReply,
  supportDeskKeys,
  useAssignConversation,
  useCannedReplies,
  useCloseConversation,
  useMarkConversationRead,
  useSupportConversation,
  useSupportQueue,
  useSupportTranscript,
} from '../api/support';
import '../support-desk.css';
import { CannedReplies } from './canned-replies';

const TYPING_SHOWN_MS = 4000;
const TYPING_SENT_EVERY_MS = 3000;

function useClock(language: string) {
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
    const date = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    return (iso: string) => {
      const d = new Date(iso);
      return d.toDateString() === new Date().toDateString() ? time.format(d) : date.format(d);
    };
  }, [language]);
}

function QueueRow({
  row,
  selected,
  typing,
  onSelect,
}: {
  row: OpsSupportConversation;
  selected: boolean;
  typing: boolean;
  onSelect(): void;
}) {
  const { t, i18n } = useTranslation('support');
  const when = useClock(i18n.language);
  return (
    <li>
      <button
        type="button"
        className={`desk-row${selected ? ' is-selected' : ''}${row.unread > 0 ? ' has-unread' : ''}`}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
      >
        <span className="desk-row__top">
          <strong className="desk-row__name">{row.name}</strong>
          <time className="desk-row__time" dateTime={row.lastMessageAt}>
            {when(row.lastMessageAt)}
          </time>
        </span>
        <span className="desk-row__preview">
          {typing ? t('typing_participant', { name: row.name }) : row.lastMessagePreview || '—'}
        </span>
        <span className="desk-row__meta">
          <span className={`desk-tag desk-tag--${row.kind}`}>
            {row.kind === 'member' ? t('desk_member') : t('desk_visitor')}
          </span>
          {row.status === 'open' && (
            <span className={`desk-tag${row.assignedName ? '' : ' desk-tag--waiting'}`}>
              {row.assignedName ? t('desk_with', { name: row.assignedName }) : t('desk_waiting')}
            </span>
          )}
          {row.unread > 0 && (
            <span className="desk-unread" aria-label={t('desk_unread', { count: row.unread })}>
              {row.unread}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

function ConversationPanel({
  code,
  initial,
  identity,
  typing,
  onBack,
}: {
  code: string;
  initial: OpsSupportConversation;
  identity: OpsIdentity;
  typing: boolean;
  onBack(): void;
}) {
  const { t } = useTranslation('support');
  const errorText = useApiErrorText();
  const detail = useSupportConversation(code, initial.id, initial);
  const row = detail.data ?? initial;
  const transcript = useSupportTranscript(code, row.id);
  const messages = useMemo(() => flattenHistory(transcript.data), [transcript.data]);
  const assign = useAssignConversation(code);
  const close = useCloseConversation(code);
  const read = useMarkConversationRead(code);
  const canned = useCannedReplies(code);
  const [confirmClose, setConfirmClose] = useState(false);
  const [editCanned, setEditCanned] = useState(false);
  const [prefill, setPrefill] = useState<{ text: string; nonce: number } | null>(null);
  const lastTyping = useRef(0);
  const loadAttachment = useMemo(() => loadOpsAttachment(code), [code]);
  const historyKey = useMemo(() => (id: string) => supportDeskKeys.history(code, id), [code]);
  const sender = useChatSender((body) => sendSupportReply(code, row.id, body), historyKey);

  // Opening a conversation with unread messages reads them.
  const { mutate: markRead } = read;
  useEffect(() => {
    if (row.unread > 0) markRead(row.id);
  }, [row.id, row.unread, markRead]);

  const mine = identity.id !== null && row.assignedOperatorId === identity.id;
  const open = row.status === 'open';
  const actionError = assign.error ?? close.error;

  return (
    <section className="desk-panel" aria-label={row.name}>
      <header className="desk-panel__head">
        <button type="button" className="link-button desk-panel__back" onClick={onBack}>
          {t('desk_back')}
        </button>
        <div className="desk-panel__who">
          <h3>{row.name}</h3>
          <p className="muted">
            <span className={`desk-tag desk-tag--${row.kind}`}>
              {row.kind === 'member' ? t('desk_member') : t('desk_visitor')}
            </span>{' '}
            {row.kind === 'member'
              ? `${t('desk_account')}: ${row.account ?? '—'}`
              : `${t('desk_contact')}: ${row.contact ?? '—'}`}
          </p>
          <p className="muted">
            {open
              ? row.assignedName
                ? t('desk_with', { name: row.assignedName })
                : t('desk_waiting')
              : t('desk_closed_by', { name: row.closedBy ?? '—' })}
          </p>
        </div>
        {open && (
          <div className="ops-actions">
            {!mine && (
              <button
                type="button"
                className="button button--small"
                disabled={assign.isPending}
                onClick={() => assign.mutate(row.id)}
              >
                {t('desk_assign')}
              </button>
            )}
            <button
              type="button"
              className="button button--small button--danger-outline"
              onClick={() => setConfirmClose(true)}
            >
              {t('desk_close')}
            </button>
          </div>
        )}
      </header>
      {actionError && (
        <p className="field__error desk-panel__error" role="alert">
          {errorText(actionError)}
        </p>
      )}
      <ChatThread
        label={row.name}
        messages={messages}
        pending={sender.visible(messages)}
        isMine={(m) => m.author === 'operator'}
        loadAttachment={loadAttachment}
        attachmentScope={`ops:${code}`}
        hasOlder={transcript.hasNextPage}
        loadingOlder={transcript.isFetchingNextPage}
        onLoadOlder={() => void transcript.fetchNextPage()}
        onRetry={(id) => void sender.retry(id)}
        typing={typing && open ? t('typing_participant', { name: row.name }) : null}
        empty={transcript.isLoading ? t('loading') : t('empty_thread')}
      />
      {open ? (
        <ChatComposer
          placeholder={t('desk_reply_placeholder')}
          onSend={sender.submit}
          prefill={prefill}
          onTyping={() => {
            const now = Date.now();
            if (now - lastTyping.current < TYPING_SENT_EVERY_MS) return;
            lastTyping.current = now;
            sendRealtime('support.typing', { conversationId: row.id });
          }}
          tools={
            <div className="desk-canned">
              <select
                className="field__input desk-canned__pick"
                aria-label={t('desk_canned_insert')}
                value=""
                onChange={(e) => {
                  const reply = canned.data?.list.find((c) => c.id === e.target.value);
                  if (reply) setPrefill({ text: reply.body, nonce: Date.now() });
                }}
              >
                <option value="">{t('desk_canned')}</option>
                {canned.data?.list.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="icon-button"
                aria-label={t('desk_canned_manage')}
                title={t('desk_canned_manage')}
                onClick={() => setEditCanned(true)}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path
                    d="M4 20h4L19 9l-4-4L4 16v4Zm10-14 4 4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                  />
                </svg>
              </button>
            </div>
          }
        />
      ) : (
        <p className="desk-panel__closed muted">{t('closed')}</p>
      )}
      <Modal
        open={confirmClose}
        onClose={() => setConfirmClose(false)}
        title={t('desk_close_title')}
        role="alertdialog"
      >
        <p>{t('desk_close_text')}</p>
        <div className="ops-actions">
          <button type="button" className="button" onClick={() => setConfirmClose(false)}>
            {t('desk_cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={close.isPending}
            onClick={() => close.mutate(row.id, { onSettled: () => setConfirmClose(false) })}
          >
            {t('desk_confirm_close')}
          </button>
        </div>
      </Modal>
      <Modal open={editCanned} onClose={() => setEditCanned(false)} title={t('desk_canned')} size="medium">
        <CannedReplies code={code} />
      </Modal>
    </section>
  );
}

/**
 * The support console of the operator page (docs/support.md): the brand's conversations (open
 * ones first waiting and unread, closed ones as history), one conversation's transcript with
 * assign, close, canned replies and a reply box. Live over the operator's socket; the console's
 * being open is what makes the brand's operators "online" for the chat windows.
 */
export function SupportDesk({ brand, identity }: { brand: OpsBrand; identity: OpsIdentity }) {
  const { t } = useTranslation('support');
  const client = useQueryClient();
  const token = useOpsSession((s) => s.token);
  const code = brand.code;
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<OpsSupportConversation | null>(null);
  // Conversations whose customer is typing; each notice fades on its own.
  const [typing, setTyping] = useState<ReadonlySet<string>>(new Set());
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const stopTyping = (id: string) => {
    clearTimeout(typingTimers.current.get(id));
    typingTimers.current.delete(id);
    setTyping((set) => {
      if (!set.has(id)) return set;
      const next = new Set(set);
      next.delete(id);
      return next;
    });
  };
  const queue = useSupportQueue(code, status, q, pageNo);
  const realtime = useRealtimeStatus();

  useEffect(() => {
    if (!token) return;
    connectRealtime({ opsToken: token, merchant: code });
    return () => disconnectRealtime();
  }, [token, code]);
  useEffect(() => {
    if (realtime === 'online') sendRealtime('support.join', {});
  }, [realtime]);
  useEffect(
    () => onRealtimeReconnect(() => void client.invalidateQueries({ queryKey: supportDeskKeys.all(code) })),
    [client, code],
  );

  useSocketEvent('support.conversation', (row) => applyConversation(client, code, row));
  useSocketEvent('support.message', ({ conversationId, message }) => {
    appendToHistory(client, supportDeskKeys.history(code, conversationId), message);
    if (message.author !== 'operator') stopTyping(conversationId);
  });
  useSocketEvent('support.typing', ({ conversationId, from }) => {
    if (from !== 'participant') return;
    clearTimeout(typingTimers.current.get(conversationId));
    typingTimers.current.set(
      conversationId,
      setTimeout(() => stopTyping(conversationId), TYPING_SHOWN_MS),
    );
    setTyping((set) => (set.has(conversationId) ? set : new Set(set).add(conversationId)));
  });
  useEffect(() => {
    const timers = typingTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  const list = queue.data?.list ?? [];
  const waiting = status === 'open' ? list.reduce((n, c) => n + (c.unread > 0 ? 1 : 0), 0) : 0;
  const pages = queue.data?.totalPages ?? 0;

  return (
    <section className="ops-card desk" aria-label={t('desk_title')}>
      <header className="ops-card__header desk__header">
        <h2>
          {t('desk_title')}
          {waiting > 0 && <span className="ops-count desk__waiting">{waiting}</span>}
        </h2>
        <span className={`support-live${realtime === 'online' ? ' is-on' : ''}`} role="status">
          <span className="support-live__dot" aria-hidden="true" />
          {realtime === 'online' ? t('desk_live') : t('desk_offline')}
        </span>
      </header>
      <div className={`desk__body${selected ? ' has-selection' : ''}`}>
        <div className="desk__queue">
          <div className="filter-tabs" role="group" aria-label={t('desk_queue')}>
            {(['open', 'closed'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className="filter-tabs__item"
                aria-pressed={status === s}
                onClick={() => {
                  setStatus(s);
                  setPageNo(1);
                }}
              >
                {s === 'open' ? t('desk_open') : t('desk_closed')}
                {s === 'open' && queue.data && status === 'open' ? ` (${queue.data.totalCount})` : ''}
              </button>
            ))}
          </div>
          <input
            type="search"
            className="search-input desk__search"
            placeholder={t('desk_search')}
            aria-label={t('desk_search')}
            value={search}
            maxLength={64}
            onChange={(e) => {
              setSearch(e.target.value);
              setPageNo(1);
            }}
          />
          {queue.data && list.length === 0 ? (
            <EmptyState message={status === 'open' ? t('desk_empty_open') : t('desk_empty_closed')} />
          ) : (
            <ul className="desk__list" aria-label={t('desk_queue')}>
              {list.map((row) => (
                <QueueRow
                  key={row.id}
                  row={row}
                  selected={selected?.id === row.id}
                  typing={typing.has(row.id)}
                  onSelect={() => setSelected(row)}
                />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <div className="desk__pager">
              <button
                type="button"
                className="button button--small"
                disabled={pageNo <= 1}
                onClick={() => setPageNo(pageNo - 1)}
              >
                {t('desk_prev')}
              </button>
              <span className="muted">{t('desk_page', { page: pageNo, pages })}</span>
              <button
                type="button"
                className="button button--small"
                disabled={pageNo >= pages}
                onClick={() => setPageNo(pageNo + 1)}
              >
                {t('desk_next')}
              </button>
            </div>
          )}
        </div>
        {selected ? (
          <ConversationPanel
            key={selected.id}
            code={code}
            initial={selected}
            identity={identity}
            typing={typing.has(selected.id)}
            onBack={() => setSelected(null)}
          />
        ) : (
          <div className="desk-panel desk-panel--empty">
            <p className="muted">{t('desk_pick')}</p>
          </div>
        )}
      </div>
    </section>
  );
}
