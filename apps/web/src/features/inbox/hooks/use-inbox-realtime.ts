import { useQueryClient } from '@tanstack/react-query';
import { i18n as i18next } from '../../../lib/i18n';
import { useSocketEvent } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { inboxKeys } from '../api/inbox';

/**
 * Keeps the unread count (spec §3 `unreadMessage`) and the inbox pages live from the real-time
 * channel; mounted once, by the app's real-time bridge. `inbox.unread` is the member's exact count;
 * a broadcast `inbox.message` (sent to the whole brand's room) adds one, since a message just
 * delivered to everyone is unread by everyone — no member asks the server for it. Trial accounts
 * hear brand broadcasts too, and ignore them: they have no inbox (spec §6).
 */
export function useInboxRealtime() {
  const client = useQueryClient();
  const active = () => {
    const { token, isTrial } = useSessionStore.getState();
    return token && !isTrial ? token : null;
  };

  useSocketEvent('inbox.unread', ({ count }) => {
    const token = active();
    if (token) client.setQueryData(inboxKeys.unread(token), count);
  });

  useSocketEvent('inbox.message', (message) => {
    const token = active();
    if (!token) return;
    if (message.broadcast) {
      client.setQueryData<number>(inboxKeys.unread(token), (n) => (n === undefined ? n : n + 1));
    }
    void client.invalidateQueries({ queryKey: inboxKeys.pages(token) });
    const title = message.notice
      ? i18next.t(`inbox:notice.${message.notice.code}.title`, { defaultValue: message.title })
      : message.title;
    useToastStore.getState().show(i18next.t('inbox:new_message', { title }), 'info');
  });
}
