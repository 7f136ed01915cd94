import type { SupportMessage } from '@arcadia/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from '../lib/i18n';
import type { PendingMessage } from '../lib/chat-history';
import './chat-thread.css';

export type AttachmentLoader = (id: string) => Promise<{ mime: string; data: string }>;

interface ChatThreadProps {
  messages: SupportMessage[];
  pending?: PendingMessage[];
  /** Which side a message is on: the viewer's own messages sit on the right. */
  isMine(message: SupportMessage): boolean;
  /** Loads an image's bytes (the participant's or the operators' route). */
  loadAttachment: AttachmentLoader;
  /** Cache scope of images (`visitor`, `ops:demo` …). */
  attachmentScope: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onRetry?(clientId: string): void;
  /** "… is typing" under the last message. */
  typing?: string | null;
  /** Shown in place of the thread when there is nothing yet. */
  empty?: string;
  label: string;
}

const sameDay = (a: string, b: string) => new Date(a).toDateString() === new Date(b).toDateString();

/** An image of the conversation: fetched with the caller's credentials, shown from a blob URL. */
function ChatImage({
  id,
  width,
  height,
  alt,
  load,
  scope,
}: {
  id: string;
  width: number;
  height: number;
  alt: string;
  load: AttachmentLoader;
  scope: string;
}) {
  const { t } = useTranslation('support');
  const query = useQuery({
    queryKey: ['support', 'attachment', scope, id],
    queryFn: () => load(id),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  const url = useMemo(() => {
    if (!query.data) return null;
    const bytes = Uint8Array.from(atob(query.data.data), (c) => c.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: query.data.mime }));
  }, [query.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const style = { aspectRatio: `${width} / ${height}` };
  if (query.isError) return <span className="chat-image chat-image--error">{t('image_failed')}</span>;
  if (!url) return <span className="chat-image chat-image--loading" style={style} aria-busy="true" />;
  return (
    <a className="chat-image" href={url} target="_blank" rel="noopener noreferrer" style={style}>
      <img src={url} alt={alt} width={width} height={height} />
    </a>
  );
}

/**
 * The message list of a live chat, for the customer-service window and the operators' console.
 * Text is rendered as text (React escapes it; line breaks kept by CSS), never as HTML. Stays at
 * the bottom while new messages arrive unless the reader has scrolled up; loading older messages
 * keeps the reader's place.
 */
export function ChatThread({
  messages,
  pending = [],
  isMine,
  loadAttachment,
  attachmentScope,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  typing,
  empty,
  label,
}: ChatThreadProps) {
  const { t, i18n } = useTranslation('support');
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const firstId = messages[0]?.id;
  const previous = useRef<{ firstId: string | undefined; height: number }>({ firstId, height: 0 });

  const time = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }),
    [i18n.language],
  );
  const day = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = previous.current;
    if (before.firstId !== undefined && firstId !== before.firstId && !pinned.current) {
      // Older messages went in above: keep what the reader was looking at where it was.
      el.scrollTop += el.scrollHeight - before.height;
    } else if (pinned.current) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { firstId, height: el.scrollHeight };
  });

  const onScroll = () => {
    const el = box.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
  };

  const nothing = messages.length === 0 && pending.length === 0;
  return (
    <div
      className="chat-thread"
      ref={box}
      onScroll={onScroll}
      role="log"
      aria-label={label}
      aria-live="polite"
    >
      {hasOlder && (
        <button type="button" className="chat-thread__older" onClick={onLoadOlder} disabled={loadingOlder}>
          {loadingOlder ? t('loading') : t('load_older')}
        </button>
      )}
      {nothing && empty && <p className="chat-thread__empty">{empty}</p>}
      {messages.map((m, i) => {
        const mine = isMine(m);
        const prev = messages[i - 1];
        return (
          <Fragment key={m.id}>
            {(!prev || !sameDay(prev.createdAt, m.createdAt)) && (
              <p className="chat-thread__day">{day.format(new Date(m.createdAt))}</p>
            )}
            <article className={`chat-bubble${mine ? ' chat-bubble--mine' : ''} chat-bubble--${m.author}`}>
              {(!prev || prev.author !== m.author || prev.authorName !== m.authorName) && (
                <header className="chat-bubble__who">{mine ? t('you') : m.authorName}</header>
              )}
              {m.attachment && (
                <ChatImage
                  id={m.attachment.id}
                  width={m.attachment.width}
                  height={m.attachment.height}
                  alt={t('image_alt', { name: m.authorName })}
                  load={loadAttachment}
                  scope={attachmentScope}
                />
              )}
              {m.text !== null && <p className="chat-bubble__text">{m.text}</p>}
              <time className="chat-bubble__time" dateTime={m.createdAt}>
                {time.format(new Date(m.createdAt))}
              </time>
            </article>
          </Fragment>
        );
      })}
      {pending.map((p) => (
        <article key={p.clientId} className="chat-bubble chat-bubble--mine chat-bubble--pending">
          {p.imageUrl && (
            <span className="chat-image">
              <img src={p.imageUrl} alt="" />
            </span>
          )}
          {p.text !== null && <p className="chat-bubble__text">{p.text}</p>}
          {p.failed ? (
            <p className="chat-bubble__failed" role="alert">
              {t('failed')} {p.failed}{' '}
              {onRetry && (
                <button type="button" className="link-button" onClick={() => onRetry(p.clientId)}>
                  {t('retry')}
                </button>
              )}
            </p>
          ) : (
            <span className="chat-bubble__time">{t('sending')}</span>
          )}
        </article>
      ))}
      {typing && <p className="chat-thread__typing">{typing}</p>}
    </div>
  );
}
