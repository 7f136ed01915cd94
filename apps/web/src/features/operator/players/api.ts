import type {
  OpsPlayerStatusBody,
  PlayerSearchField,
  PlayerStatus,
  RouteReply,
  Routes,
} from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall } from '../api/ops-client';

export type PlayerSearchPage = RouteReply<Routes['opsPlayerSearch']>;
export type PlayerDetailReply = RouteReply<Routes['opsPlayerDetail']>;
export type PlayerActivityReply = RouteReply<Routes['opsPlayerActivity']>;
export type PlayerLinkedReply = RouteReply<Routes['opsPlayerLinked']>;
export type RgReply = RouteReply<Routes['opsRgStatus']>;

export const PLAYERS_PAGE_SIZE = 20;

const keys = {
  all: (code: string) => ['ops', 'brand', code, 'players'] as const,
  search: (code: string, q: string, by: PlayerSearchField, status: string, pageNo: number) =>
    [...keys.all(code), 'search', q, by, status, pageNo] as const,
  member: (code: string, account: string) => [...keys.all(code), 'member', account] as const,
};

export interface PlayerSearch {
  q: string;
  by: PlayerSearchField;
  status: PlayerStatus | '';
  pageNo: number;
}

export function usePlayerSearch(code: string, s: PlayerSearch) {
  return useQuery({
    queryKey: keys.search(code, s.q, s.by, s.status, s.pageNo),
    queryFn: ({ signal }) =>
      opsCall('opsPlayerSearch', {
        params: { merchantCode: code },
        query: {
          q: s.q || undefined,
          by: s.by,
          status: s.status || undefined,
          pageNo: s.pageNo,
          pageSize: PLAYERS_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

const params = (code: string, account: string) => ({ merchantCode: code, account });

export function usePlayerDetail(code: string, account: string) {
  return useQuery({
    queryKey: [...keys.member(code, account), 'detail'],
    queryFn: ({ signal }) => opsCall('opsPlayerDetail', { params: params(code, account), signal }),
    staleTime: 5_000,
    retry: false,
  });
}

export function usePlayerActivity(code: string, account: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.member(code, account), 'activity'],
    queryFn: ({ signal }) => opsCall('opsPlayerActivity', { params: params(code, account), signal }),
    enabled,
    staleTime: 5_000,
  });
}

export function usePlayerLinked(code: string, account: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.member(code, account), 'linked'],
    queryFn: ({ signal }) => opsCall('opsPlayerLinked', { params: params(code, account), signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function usePlayerNotes(code: string, account: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.member(code, account), 'notes'],
    queryFn: ({ signal }) => opsCall('opsPlayerNotes', { params: params(code, account), signal }),
    enabled,
    staleTime: 5_000,
  });
}

/** The member's limits and breaks: responsible gaming's own operator endpoint. */
export function usePlayerRg(code: string, account: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.member(code, account), 'rg'],
    queryFn: ({ signal }) => opsCall('opsRgStatus', { params: params(code, account), signal }),
    enabled,
    staleTime: 5_000,
  });
}

/** After any action: the member's views, the search results and the audit log read again. */
function useRefresh(code: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: keys.all(code) });
    void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
  };
}

export function usePlayerStatus(code: string, account: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (body: OpsPlayerStatusBody) =>
      opsCall('opsPlayerStatus', { params: params(code, account), body }),
    onSuccess: refresh,
  });
}

export function usePlayerSessionEnd(code: string, account: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ sessionId, reason }: { sessionId: string; reason: string }) =>
      opsCall('opsPlayerSessionEnd', { params: { ...params(code, account), sessionId }, body: { reason } }),
    onSuccess: refresh,
  });
}

export function usePlayerPasswordReset(code: string, account: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (reason: string) =>
      opsCall('opsPlayerPasswordReset', { params: params(code, account), body: { reason } }),
    onSuccess: refresh,
  });
}

export function usePlayerNoteAdd(code: string, account: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (text: string) =>
      opsCall('opsPlayerNoteAdd', { params: params(code, account), body: { text } }),
    onSuccess: refresh,
  });
}
