import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useWhitelabel } from '../../../lib/permission';
import { useSessionStore } from '../../../lib/session-store';

export type InboxPage = RouteReply<Routes['inboxList']>;
export type InboxItem = InboxPage['list'][number];
export type AgentMessageInput = RouteBodyIn<Routes['agentMessageSend']>;
export type AgentSentPage = RouteReply<Routes['agentMessageList']>;

/** Messages per page of the member's inbox. */
export const INBOX_PAGE_SIZE = 10;

/**
 * Query keys of the inbox, under `['member', …]` (logout forgets them, a reconnection refetches
 * them) and keyed by the session token.
 */
export const inboxKeys = {
  all: (token: string | null) => ['member', 'inbox', token] as const,
  unread: (token: string | null) => [...inboxKeys.all(token), 'unread'] as const,
  pages: (token: string | null) => [...inboxKeys.all(token), 'pages'] as const,
  page: (token: string | null, pageNo: number) => [...inboxKeys.pages(token), pageNo] as const,
  sent: (token: string | null, pageNo: number) => [...inboxKeys.all(token), 'sent', pageNo] as const,
};

const useToken = () => useSessionStore((s) => s.token);

/**
 * Whether this session may have an inbox: a real (not trial) member whose type is known, on a
 * brand with the inbox module on. Spec §6: trial accounts never fetch the unread count.
 */
export function useInboxEnabled(): boolean {
  const wl = useWhitelabel();
  const token = useToken();
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  return !!token && isLogin && !isTrial && !!wl.MAILCEN && !!wl.INBOX3;
}

/**
 * Spec §3 public state `unreadMessage`: fetched once per session and then kept by the real-time
 * channel (`inbox.unread`, `inbox.message`), refetched after a reconnection. No polling.
 */
export function useUnreadMessage(): number {
  const token = useToken();
  const enabled = useInboxEnabled();
  const { data } = useQuery({
    queryKey: inboxKeys.unread(token),
    queryFn: ({ signal }) => call('inboxUnreadCount', { signal }),
    enabled,
    staleTime: Infinity,
  });
  return enabled ? (data ?? 0) : 0;
}

/** One page of the member's messages (the unread count comes with it and updates the badge). */
export function useInboxPage(pageNo: number) {
  const token = useToken();
  const client = useQueryClient();
  const enabled = useInboxEnabled();
  return useQuery({
    queryKey: inboxKeys.page(token, pageNo),
    queryFn: async ({ signal }) => {
      const page = await call('inboxList', { query: { pageNo, pageSize: INBOX_PAGE_SIZE }, signal });
      client.setQueryData(inboxKeys.unread(token), page.unread);
      return page;
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

function useAfterChange() {
  const token = useToken();
  const client = useQueryClient();
  return (unread: number) => {
    client.setQueryData(inboxKeys.unread(token), unread);
    void client.invalidateQueries({ queryKey: inboxKeys.pages(token) });
  };
}

/** Marks messages read (`ids`) or the whole inbox (`all`). */
export function useMarkRead() {
  const done = useAfterChange();
  return useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) => call('inboxRead', { body }),
    onSuccess: ({ unread }) => done(unread),
  });
}

export function useDeleteMessages() {
  const done = useAfterChange();
  return useMutation({
    mutationFn: (ids: string[]) => call('inboxDelete', { body: { ids } }),
    onSuccess: ({ unread }) => done(unread),
  });
}

// ── agents ────────────────────────────────────────────────────────────────────────────────

export function useAgentSentMessages(pageNo: number) {
  const token = useToken();
  return useQuery({
    queryKey: inboxKeys.sent(token, pageNo),
    queryFn: ({ signal }) => call('agentMessageList', { query: { pageNo, pageSize: 5 }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function useAgentSend() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentMessageInput) => call('agentMessageSend', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...inboxKeys.all(token), 'sent'] }),
  });
}
