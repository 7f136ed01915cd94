import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export type PointRewardItem = RouteReply<Routes['pointRewards']>['list'][number];
export type PointRedemptionItem = RouteReply<Routes['pointRedeemList']>['list'][number];
export type PointMovement = RouteReply<Routes['pointDetails']>['list'][number];
export type RedeemBody = RouteBodyIn<Routes['pointRedeem']>;
export type ConvertBody = RouteBodyIn<Routes['pointConvert']>;

export const pointKeys = {
  all: (token: string | null) => ['member', 'points', token] as const,
  balance: (token: string | null) => [...pointKeys.all(token), 'balance'] as const,
  history: (token: string | null, pageNo: number) => [...pointKeys.all(token), 'history', pageNo] as const,
  details: (token: string | null, pageNo: number) => [...pointKeys.all(token), 'details', pageNo] as const,
};

export function usePointBalanceQuery() {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  return useQuery({
    queryKey: pointKeys.balance(token),
    queryFn: ({ signal }) => call('pointBalance', { signal }),
    enabled: !!token && !isTrial,
    refetchInterval: 60_000,
  });
}

/** The catalogue (public): what each reward costs and what is left. */
export function usePointRewardsQuery() {
  return useQuery({
    queryKey: ['points', 'rewards'],
    queryFn: ({ signal }) => call('pointRewards', { signal }),
    staleTime: 30_000,
  });
}

/** The points table (public). */
export function usePointConfigQuery() {
  return useQuery({
    queryKey: ['points', 'config'],
    queryFn: ({ signal }) => call('pointConfig', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePointHistoryQuery(pageNo: number, pageSize: number) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: pointKeys.history(token, pageNo),
    queryFn: ({ signal }) => call('pointRedeemList', { query: { pageNo, pageSize }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function usePointDetailsQuery(pageNo: number, pageSize: number) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: pointKeys.details(token, pageNo),
    queryFn: ({ signal }) => call('pointDetails', { query: { pageNo, pageSize }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

/** Redeeming or converting moves points, cash and stock: everything shown about them refreshes. */
function useRefreshAfter() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return () => {
    void client.invalidateQueries({ queryKey: pointKeys.all(token) });
    void client.invalidateQueries({ queryKey: ['points', 'rewards'] });
  };
}

export function useRedeemPoints() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (body: RedeemBody) => call('pointRedeem', { body }), onSettled: refresh });
}

export function useConvertPoints() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: ConvertBody) => call('pointConvert', { body }),
    onSettled: refresh,
  });
}
