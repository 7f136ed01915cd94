import type { SupportMessage } from '@arcadia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiErrorText } from './api-error-text';
import {
  type ChatDraft,
  type PendingMessage,
  appendToHistory,
  newClientId,
  readAsDataUrl,
} from './chat-history';

/**
 * Sends chat messages with a pending copy in the thread until the server has them. Each message
 * keeps its sender key across retries, so a retry after a lost answer is stored once.
 * `send` stores one message (and may first open the conversation) and returns it.
 */
export function useChatSender(
  send: (body: { clientId: string; text?: string; attachment?: string }) => Promise<SupportMessage>,
  historyKey: (conversationId: string) => readonly unknown[],
) {
  const client = useQueryClient();
  const errorText = useApiErrorText();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const drafts = useRef(new Map<string, ChatDraft>());
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  const attempt = useCallback(
    async (clientId: string) => {
      const draft = drafts.current.get(clientId);
      if (!draft) return;
      setPending((list) => list.map((p) => (p.clientId === clientId ? { ...p, failed: null } : p)));
      try {
        const attachment = draft.file ? await readAsDataUrl(draft.file) : undefined;
        const message = await sendRef.current({
          clientId,
          ...(draft.text !== undefined ? { text: draft.text } : {}),
          ...(attachment !== undefined ? { attachment } : {}),
        });
        const key = historyKey(message.conversationId);
        if (!appendToHistory(client, key, message)) void client.invalidateQueries({ queryKey: key });
        drafts.current.delete(clientId);
        setPending((list) => {
          const gone = list.find((p) => p.clientId === clientId);
          if (gone?.imageUrl) URL.revokeObjectURL(gone.imageUrl);
          return list.filter((p) => p.clientId !== clientId);
        });
      } catch (err) {
        setPending((list) =>
          list.map((p) => (p.clientId === clientId ? { ...p, failed: errorText(err) } : p)),
        );
      }
    },
    [client, errorText, historyKey],
  );

  const submit = useCallback(
    (draft: ChatDraft) => {
      const clientId = newClientId();
      drafts.current.set(clientId, draft);
      const imageUrl = draft.file ? URL.createObjectURL(draft.file) : null;
      setPending((list) => [...list, { clientId, text: draft.text ?? null, imageUrl, failed: null }]);
      void attempt(clientId);
    },
    [attempt],
  );

  /** Pending copies the thread does not show yet (a socket event may have brought the real one). */
  const visible = (messages: SupportMessage[]) =>
    pending.filter((p) => !messages.some((m) => m.clientId === p.clientId));

  return { pending, visible, submit, retry: attempt };
}
