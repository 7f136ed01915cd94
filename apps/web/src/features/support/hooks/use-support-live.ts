import type { SocketAuth } from '@arcadia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { appendToHistory } from '../../../lib/chat-history';
import {
  connectRealtime,
  disconnectRealtime,
  onRealtimeReconnect,
  sendRealtime,
  useRealtimeStatus,
  useSocketEvent,
} from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';
import { type SupportCurrent, supportKeys } from '../api/support';

/** How long "an agent is typing" stays up after the last notice. */
const TYPING_SHOWN_MS = 4000;
/** The window tells the console at most this often that the visitor is typing. */
const TYPING_SENT_EVERY_MS = 3000;

/**
 * The chat window on the real-time channel (docs/support.md "Events"): connects with the
 * member's session or the visitor's conversation token, joins the presence room, puts live
 * messages into the cached history, follows the conversation's state, and refetches after a
 * reconnection (whatever was missed while offline).
 */
export function useSupportLive(auth: SocketAuth | null, who: string) {
  const client = useQueryClient();
  const status = useRealtimeStatus();
  // Presence as the current connection told it (a new credential starts from "not said").
  const [heard, setHeard] = useState<{ key: string | null; online: boolean } | null>(null);
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const authKey = auth ? JSON.stringify(auth) : null;

  useEffect(() => {
    if (!authKey) {
      disconnectRealtime();
      return;
    }
    connectRealtime(JSON.parse(authKey) as SocketAuth);
  }, [authKey]);
  useEffect(() => () => disconnectRealtime(), []);

  useEffect(() => {
    if (status === 'online') sendRealtime('support.join', {});
  }, [status]);

  useEffect(
    () => onRealtimeReconnect(() => void client.invalidateQueries({ queryKey: supportKeys.all })),
    [client],
  );
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  useSocketEvent('support.presence', ({ online }) => setHeard({ key: authKey, online }));
  useSocketEvent('support.message', ({ conversationId, message }) => {
    appendToHistory(client, supportKeys.history(conversationId), message);
    if (message.author === 'operator') setTyping(false);
  });
  useSocketEvent('support.status', (conversation) => {
    client.setQueryData<SupportCurrent>(supportKeys.current(who), (old) =>
      old ? { ...old, conversation } : old,
    );
  });
  useSocketEvent('support.typing', ({ from }) => {
    if (from !== 'operator') return;
    setTyping(true);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
  });
  // The member logged out (or was logged out) elsewhere: this window goes on as a visitor.
  useSocketEvent('session.ended', () => {
    if (useSessionStore.getState().token) useSessionStore.getState().clear();
  });

  return {
    status,
    /** Presence from the channel; null until it has said (the HTTP answer stands in). */
    presence: heard && heard.key === authKey && authKey !== null ? heard.online : null,
    operatorTyping: typing,
    notifyTyping() {
      const now = Date.now();
      if (status !== 'online' || now - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
      lastTypingSent.current = now;
      sendRealtime('support.typing', {});
    },
  };
}
