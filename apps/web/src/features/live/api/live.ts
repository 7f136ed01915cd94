import type { LiveRound, LiveTotals, RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type LiveTableItem = RouteReply<Routes['liveTables']>['list'][number];
export type LiveBetItem = RouteReply<Routes['liveMyBets']>['list'][number];
export type LiveBetBody = RouteBodyIn<Routes['liveBet']>;
export type { LiveRound, LiveTotals };

export const liveKeys = {
  table: (code: string) => ['live', 'table', code] as const,
  totals: (code: string) => ['live', 'totals', code] as const,
  /** The member's bets: under the member's prefix, so an ended session drops them. */
  myBets: (code: string) => ['member', 'live-bets', code] as const,
};

/**
 * One table with its round and history, and the server's clock offset (the countdown runs on the
 * server's time). `poll`: without a socket (a visitor), the table is read again every two seconds.
 */
export function useLiveTable(code: string, poll: boolean) {
  return useQuery({
    queryKey: liveKeys.table(code),
    queryFn: async ({ signal }) => {
      const reply = await call('liveTables', { query: { tableCode: code }, signal });
      return { table: reply.list[0]!, offsetMs: Date.parse(reply.serverTime) - Date.now() };
    },
    refetchInterval: poll ? 2_000 : 30_000,
  });
}

export function useLiveTotals(code: string, poll: boolean) {
  return useQuery({
    queryKey: liveKeys.totals(code),
    queryFn: ({ signal }) => call('liveTotals', { query: { tableCode: code }, signal }),
    refetchInterval: poll ? 2_000 : false,
  });
}

export function useLiveMyBets(code: string, enabled: boolean) {
  return useQuery({
    queryKey: liveKeys.myBets(code),
    queryFn: ({ signal }) =>
      call('liveMyBets', { query: { tableCode: code, pageNo: 1, pageSize: 30 }, signal }),
    enabled,
  });
}

export function usePlaceLiveBet() {
  return useMutation({ mutationFn: (body: LiveBetBody) => call('liveBet', { body }) });
}
