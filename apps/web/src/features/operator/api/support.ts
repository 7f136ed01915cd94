import type { OpsSupportConversation, RouteReply, Routes } from '@arcadia/contract';
import { supportLimits } from '@arcadia/contract/client';
import {
  type QueryClient,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ChatPage } from '../../../lib/chat-history';
import { opsCall } from './ops-client';

export type SupportQueue = RouteReply<Routes['opsSupportList']>;
export type CannedReply = RouteReply<Routes['opsSupportCannedList']>['list'][number];
export type { OpsSupportConversation };

export const SUPPORT_PAGE_SIZE = 30;

/** Query keys of the console, under the brand's `['ops', 'brand', code]` like the other queues. */
export const supportDeskKeys = {
  all: (code: string) => ['ops', 'brand', code, 'support'] as const,
  lists: (code: string) => ['ops', 'brand', code, 'support', 'list'] as const,
  list: (code: string, status: 'open' | 'closed', q: string, pageNo: number) =>
    ['ops', 'brand', code, 'support', 'list', status, q, pageNo] as const,
  detail: (code: string, id: string) => ['ops', 'brand', code, 'support', 'detail', id] as const,
  history: (code: string, id: string) => ['ops', 'brand', code, 'support', 'history', id] as const,
  canned: (code: string) => ['ops', 'brand', code, 'support', 'canned'] as const,
};

export function useSupportQueue(code: string, status: 'open' | 'closed', q: string, pageNo: number) {
  return useQuery({
    queryKey: supportDeskKeys.list(code, status, q, pageNo),
    queryFn: ({ signal }) =>
      opsCall('opsSupportList', {
        params: { merchantCode: code },
        query: { status, pageNo, pageSize: SUPPORT_PAGE_SIZE, ...(q ? { q } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    // The channel keeps the list current; this only catches what a lost connection missed.
    refetchInterval: 60_000,
  });
}

export function useSupportConversation(code: string, id: string, initial?: OpsSupportConversation) {
  return useQuery({
    queryKey: supportDeskKeys.detail(code, id),
    queryFn: ({ signal }) =>
      opsCall('opsSupportDetail', { params: { merchantCode: code, conversationId: id }, signal }),
    ...(initial ? { initialData: initial } : {}),
    staleTime: 15_000,
  });
}

export function useSupportTranscript(code: string, id: string) {
  return useInfiniteQuery({
    queryKey: supportDeskKeys.history(code, id),
    queryFn: ({ pageParam, signal }): Promise<ChatPage> =>
      opsCall('opsSupportMessages', {
        params: { merchantCode: code, conversationId: id },
        query: { limit: supportLimits.pageSize, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.list[0]?.id : undefined),
    staleTime: Infinity,
  });
}

/**
 * A queue row changed (from the channel or an action's answer): the cached lists and the detail
 * follow. A row new to a list, or one that moved between open and closed, refetches the lists.
 */
export function applyConversation(client: QueryClient, code: string, row: OpsSupportConversation) {
  client.setQueryData(supportDeskKeys.detail(code, row.id), row);
  let found = false;
  let moved = false;
  client.setQueriesData<SupportQueue>({ queryKey: supportDeskKeys.lists(code) }, (data) => {
    if (!data) return data;
    const at = data.list.findIndex((c) => c.id === row.id);
    if (at === -1) return data;
    if (data.list[at]!.status !== row.status) {
      moved = true;
      return data;
    }
    found = true;
    const list = [...data.list];
    list[at] = row;
    return { ...data, list };
  });
  if (!found || moved) void client.invalidateQueries({ queryKey: supportDeskKeys.lists(code) });
}

function useConversationAction(
  code: string,
  action: 'opsSupportAssign' | 'opsSupportClose' | 'opsSupportRead',
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => opsCall(action, { params: { merchantCode: code, conversationId: id } }),
    onSuccess: (row) => applyConversation(client, code, row),
  });
}

export const useAssignConversation = (code: string) => useConversationAction(code, 'opsSupportAssign');
export const useCloseConversation = (code: string) => useConversationAction(code, 'opsSupportClose');
export const useMarkConversationRead = (code: string) => useConversationAction(code, 'opsSupportRead');

export const sendSupportReply = (
  code: string,
  id: string,
  body: { clientId: string; text?: string; attachment?: string },
) => opsCall('opsSupportSend', { params: { merchantCode: code, conversationId: id }, body });

export const loadOpsAttachment = (code: string) => (id: string) =>
  opsCall('opsSupportAttachment', { params: { merchantCode: code, attachmentId: id } });

export function useCannedReplies(code: string) {
  return useQuery({
    queryKey: supportDeskKeys.canned(code),
    queryFn: ({ signal }) => opsCall('opsSupportCannedList', { params: { merchantCode: code }, signal }),
    staleTime: 60_000,
  });
}

export type CannedInput = { title: string; body: string; sortOrder: number };

export function useSaveCanned(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CannedInput }) =>
      id === null
        ? opsCall('opsSupportCannedCreate', { params: { merchantCode: code }, body: input })
        : opsCall('opsSupportCannedUpdate', { params: { merchantCode: code, cannedId: id }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: supportDeskKeys.canned(code) }),
  });
}

export function useDeleteCanned(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      opsCall('opsSupportCannedDelete', { params: { merchantCode: code, cannedId: id } }),
    onSettled: () => client.invalidateQueries({ queryKey: supportDeskKeys.canned(code) }),
  });
}
