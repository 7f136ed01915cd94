import type { RouteBodyIn, RouteReply, Routes, SupportConversation } from '@arcadia/contract';
import { supportLimits, supportTokenHeader } from '@arcadia/contract/client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { call } from '../../../lib/api-client';
import type { ChatPage } from '../../../lib/chat-history';
import { local } from '../../../lib/storage';

export type SupportCurrent = RouteReply<Routes['supportCurrent']>;
export type SupportSendBody = RouteBodyIn<Routes['supportSend']>;

interface VisitorTokenState {
  token: string | null;
  set(token: string): void;
  clear(): void;
}

/**
 * A visitor's conversation token. Kept in local storage, so a reload, or the window opened again
 * later, continues the conversation; it is dropped when the server no longer knows it.
 */
export const useVisitorToken = create<VisitorTokenState>((set) => ({
  token: local.get('supportToken'),
  set(token) {
    local.set('supportToken', token);
    set({ token });
  },
  clear() {
    local.remove('supportToken');
    set({ token: null });
  },
}));

/** The visitor's header (members are known by the session's `Authorization`, which call() adds). */
const visitorHeaders = (): Record<string, string> => {
  const token = useVisitorToken.getState().token;
  return token ? { [supportTokenHeader]: token } : {};
};

export const supportKeys = {
  all: ['support'] as const,
  /** `who`: the credential the answer depends on (member token or visitor token). */
  current: (who: string) => ['support', 'current', who] as const,
  history: (conversationId: string) => ['support', 'history', conversationId] as const,
};

export function useSupportCurrent(who: string) {
  return useQuery({
    queryKey: supportKeys.current(who),
    queryFn: ({ signal }) => call('supportCurrent', { headers: visitorHeaders(), signal }),
    staleTime: 10_000,
  });
}

/** The conversation's history, newest page first; `fetchNextPage` goes back in time. */
export function useSupportHistory(conversationId: string | null) {
  return useInfiniteQuery({
    queryKey: supportKeys.history(conversationId ?? 'none'),
    queryFn: ({ pageParam, signal }): Promise<ChatPage> =>
      call('supportMessages', {
        query: { limit: supportLimits.pageSize, ...(pageParam ? { before: pageParam } : {}) },
        headers: visitorHeaders(),
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.list[0]?.id : undefined),
    enabled: conversationId !== null,
    staleTime: Infinity,
  });
}

/** Opens a conversation (a visitor's with name and contact); a visitor's token is kept. */
export function useStartSupport(who: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; contact?: string }) =>
      call('supportStart', { body, headers: visitorHeaders() }),
    onSuccess: (reply) => {
      if (reply.token) useVisitorToken.getState().set(reply.token);
      const key = supportKeys.current(reply.token ? `visitor:${reply.token}` : who);
      client.setQueryData<SupportCurrent>(key, {
        as: reply.token ? 'visitor' : 'member',
        conversation: reply.conversation,
        online: reply.online,
      });
    },
  });
}

export const sendSupportMessage = (body: SupportSendBody) =>
  call('supportSend', { body, headers: visitorHeaders() });

export const loadSupportAttachment = (id: string) =>
  call('supportAttachment', { params: { attachmentId: id }, headers: visitorHeaders() });

export type { SupportConversation };
