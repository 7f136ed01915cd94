import type { RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSocketEvent } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';

export type RebateAccrued = RouteReply<Routes['rebateAccrued']>;
export type RebateRecords = RouteReply<Routes['rebateRecords']>;

/** Query keys under `['member', …]`: logout forgets them, a reconnection refetches them. */
export const rebateKeys = {
  all: (token: string | null) => ['member', 'rebate', token] as const,
  accrued: (token: string | null) => [...rebateKeys.all(token), 'accrued'] as const,
  records: (token: string | null, pageNo: number) => [...rebateKeys.all(token), 'records', pageNo] as const,
};

/** The brand's rebate rates (public; the original's `getRebate`). */
export function useRebateRatesQuery() {
  return useQuery({
    queryKey: ['rebate-rates'],
    queryFn: ({ signal }) => call('rebateSettings', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRebateAccruedQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: rebateKeys.accrued(token),
    queryFn: ({ signal }) => call('rebateAccrued', { signal }),
    enabled: !!token,
    // Valid bets arrive as rounds settle: the page keeps itself current while open.
    refetchInterval: 30_000,
  });
}

export function useRebateRecordsQuery(pageNo: number, pageSize: number) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: rebateKeys.records(token, pageNo),
    queryFn: ({ signal }) => call('rebateRecords', { query: { pageNo, pageSize }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function useClaimRebate() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: () => call('rebateClaim'),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: rebateKeys.all(token) });
      // The reward centre lists the claimable rebate.
      void client.invalidateQueries({ queryKey: ['member', 'promotions', token] });
    },
  });
}

/** A rebate paid anywhere (another tab, the daily job) refreshes the rebate pages. */
export function useRebatePaidEvents() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  useSocketEvent('rebate.paid', () => {
    void client.invalidateQueries({ queryKey: rebateKeys.all(token) });
  });
}
