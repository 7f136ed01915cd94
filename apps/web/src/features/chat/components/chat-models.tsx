import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import { type ChatHostItem, launchChat, useChatModels, useChatUnread } from '../api/chat';
import '../chat.css';

/** A host's picture: the first letter of the nickname on a colour of its own. */
export function HostAvatar({
  host,
  size = 56,
}: {
  host: Pick<ChatHostItem, 'nickname' | 'modelId'>;
  size?: number;
}) {
  const hue = (Number(host.modelId) * 67) % 360;
  return (
    <span
      className="chat-avatar"
      style={{ width: size, height: size, background: `hsl(${hue} 65% 45%)`, fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {host.nickname.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * The live chat hosts ("chat models", spec §1) on the live centre: each host's status and viewers,
 * unread messages of rooms the member has visited, and a way into the room.
 */
export function ChatModels() {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const models = useChatModels();
  const unread = useChatUnread(Boolean(token));
  const list = models.data?.list ?? [];
  if (list.length === 0) return null;
  const unreadOf = (id: string) => unread.data?.rooms.find((r) => r.modelId === id)?.unread ?? 0;

  const enter = async (host: ChatHostItem) => {
    if (!token) return openModal('login');
    try {
      const { chatUrl } = await launchChat(host.modelId);
      void navigate(chatUrl);
    } catch (err) {
      showToast(errorText(err), 'error');
    }
  };

  return (
    <section className="chat-models" aria-label={t('hosts')}>
      <h2 className="chat-models__title">{t('hosts')}</h2>
      <ul className="chat-models__list">
        {list.map((host) => (
          <li key={host.modelId} className="chat-model">
            <HostAvatar host={host} />
            <div className="chat-model__body">
              <div className="chat-model__name">
                <span>{host.nickname}</span>
                <span className={`chat-status chat-status--${host.status}`}>
                  {t(`status.${host.status}`)}
                </span>
              </div>
              {host.bio && <p className="chat-model__bio">{host.bio}</p>}
              <p className="chat-model__meta">{t('viewers', { count: host.viewers })}</p>
            </div>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void enter(host)}
              aria-label={
                unreadOf(host.modelId) > 0
                  ? t('enter_unread', { name: host.nickname, count: unreadOf(host.modelId) })
                  : t('enter', { name: host.nickname })
              }
            >
              {t('enter_short')}
              {unreadOf(host.modelId) > 0 && (
                <span className="chat-model__unread" aria-hidden="true">
                  {unreadOf(host.modelId)}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
