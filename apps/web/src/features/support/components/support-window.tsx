import type { SocketAuth, SupportConversation } from '@arcadia/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ChatComposer } from '../../../components/chat-composer';
import { ChatThread } from '../../../components/chat-thread';
import { ThemeToggle } from '../../../components/theme-toggle';
import { storedMerchant } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { flattenHistory } from '../../../lib/chat-history';
import { usePermission } from '../../../lib/permission';
import { useSessionStore } from '../../../lib/session-store';
import { useChatSender } from '../../../lib/use-chat-sender';
import {
  loadSupportAttachment,
  sendSupportMessage,
  supportKeys,
  useStartSupport,
  useSupportCurrent,
  useSupportHistory,
  useVisitorToken,
} from '../api/support';
import { useSupportLive } from '../hooks/use-support-live';
import '../support.css';
import { VisitorStartForm } from './visitor-start-form';

/** The brand's own chat channel in its customer-service list; the window is that chat. */
const OWN_CHANNEL = 'LIVECHAT';

function Presence({ online }: { online: boolean | null }) {
  const { t } = useTranslation('support');
  if (online === null) return null;
  return (
    <span className={`support-presence${online ? ' support-presence--on' : ''}`}>
      <span className="support-presence__dot" aria-hidden="true" />
      {online ? t('online') : t('offline')}
    </span>
  );
}

function Conversation({
  conversation,
  isMember,
  who,
  live,
}: {
  conversation: SupportConversation | null;
  isMember: boolean;
  who: string;
  live: ReturnType<typeof useSupportLive>;
}) {
  const { t } = useTranslation('support');
  const errorText = useApiErrorText();
  const start = useStartSupport(who);
  const history = useSupportHistory(conversation?.id ?? null);
  const messages = useMemo(() => flattenHistory(history.data), [history.data]);
  const open = conversation?.status === 'open';

  const sender = useChatSender(async (body) => {
    // A member's first message (or the first after a close) opens the conversation.
    if (!open) await start.mutateAsync({});
    return sendSupportMessage(body);
  }, supportKeys.history);

  const status = !conversation
    ? t('member_intro')
    : conversation.status === 'closed'
      ? null
      : conversation.assignedName
        ? t('assigned', { name: conversation.assignedName })
        : t('waiting');

  return (
    <>
      {status && <p className="support-window__status">{status}</p>}
      <ChatThread
        label={t('title')}
        messages={messages}
        pending={sender.visible(messages)}
        isMine={(m) => m.author !== 'operator'}
        loadAttachment={loadSupportAttachment}
        attachmentScope="participant"
        hasOlder={history.hasNextPage}
        loadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => void history.fetchNextPage()}
        onRetry={(id) => void sender.retry(id)}
        typing={live.operatorTyping ? t('typing_operator') : null}
        empty={history.isLoading ? t('loading') : t('empty_thread')}
      />
      {history.isError && (
        <p className="field__error support-window__note" role="alert">
          {errorText(history.error)}
        </p>
      )}
      {conversation?.status === 'closed' ? (
        <div className="support-window__closed">
          <p>{t('closed')}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={start.isPending}
            onClick={() => (isMember ? start.mutate({}) : useVisitorToken.getState().clear())}
          >
            {t('new_conversation')}
          </button>
        </div>
      ) : (
        <ChatComposer
          placeholder={t('message_placeholder')}
          onSend={sender.submit}
          onTyping={live.notifyTyping}
        />
      )}
    </>
  );
}

/**
 * The customer-service window (spec §1: a 440 × 750 popup): a live chat with the brand's
 * operators, as the logged-in member or as a visitor who leaves a name and a contact, with the
 * brand's other channels (Facebook, YouTube …) beside it. Docs: docs/support.md.
 */
export function SupportWindow() {
  const { t } = useTranslation('support');
  const errorText = useApiErrorText();
  const status = usePermission();
  const { brand } = status.info;
  const memberToken = useSessionStore((s) => s.token);
  const visitorToken = useVisitorToken((s) => s.token);
  const who = memberToken ? `member:${memberToken}` : visitorToken ? `visitor:${visitorToken}` : 'visitor';
  const current = useSupportCurrent(who);
  const conversation = current.data?.conversation ?? null;
  const isMember = current.data?.as === 'member';
  const start = useStartSupport(who);

  // What the server said about the stored credentials wins: an expired member session continues
  // as a visitor, and a visitor token it no longer knows is forgotten.
  useEffect(() => {
    if (!current.data) return;
    if (memberToken && current.data.as === 'visitor') useSessionStore.getState().clear();
    else if (!memberToken && visitorToken && current.data.conversation === null)
      useVisitorToken.getState().clear();
  }, [current.data, memberToken, visitorToken]);

  const merchant = storedMerchant() ?? undefined;
  const auth: SocketAuth | null =
    memberToken && isMember
      ? { token: memberToken, merchant }
      : !memberToken && visitorToken && conversation
        ? { supportToken: visitorToken, merchant }
        : null;
  const live = useSupportLive(auth, who);

  const title = t('title');
  useEffect(() => {
    document.title = `${title} · ${brand.name}`;
  }, [title, brand.name]);

  const online = live.presence ?? current.data?.online ?? null;
  const channels = status.info.customerService.filter((c) => c.csType.toUpperCase() !== OWN_CHANNEL);

  let body;
  if (current.isPending) {
    body = (
      <p className="support-window__state" role="status">
        <span className="spinner spinner--small" aria-hidden="true" /> {t('loading')}
      </p>
    );
  } else if (current.isError) {
    body = (
      <div className="support-window__state">
        <p className="field__error" role="alert">
          {errorText(current.error)}
        </p>
        <button type="button" className="button" onClick={() => void current.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (!isMember && !conversation) {
    body = (
      <VisitorStartForm onStart={(f) => start.mutate(f)} pending={start.isPending} error={start.error} />
    );
  } else {
    body = <Conversation conversation={conversation} isMember={isMember} who={who} live={live} />;
  }

  return (
    <div className="support-window">
      <header className="support-window__bar">
        <div className="support-window__title">
          <strong>{title}</strong>
          <span className="support-window__brand">{brand.name}</span>
        </div>
        <Presence online={online} />
        <ThemeToggle />
      </header>
      {online === false && <p className="support-window__notice">{t('offline_hint')}</p>}
      {auth && live.status === 'offline' && (
        <p className="support-window__notice support-window__notice--muted" role="status">
          {t('connection_offline')}
        </p>
      )}
      <main className="support-window__body">{body}</main>
      {channels.length > 0 && (
        <footer className="support-window__channels">
          <span>{t('other_channels')}</span>
          <ul>
            {channels.map((c) => (
              <li key={`${c.csType}-${c.path}`}>
                <a
                  className="support-channel"
                  href={c.path}
                  target={c.path.startsWith('mailto:') ? undefined : '_blank'}
                  rel="noopener noreferrer"
                  data-channel={c.csType.toLowerCase()}
                >
                  {c.label}
                </a>
              </li>
            ))}
          </ul>
        </footer>
      )}
    </div>
  );
}
