import type { RouteQueryIn, Routes } from '@arcadia/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export type BetRecordQuery = RouteQueryIn<Routes['memberBetRecord']>;
export type ProfitLossQuery = RouteQueryIn<Routes['memberProfitLoss']>;

export const recordKeys = {
  bets: (token: string | null, q: BetRecordQuery) => ['records', 'bets', token, q] as const,
  profitLoss: (token: string | null, q: ProfitLossQuery) => ['records', 'profitLoss', token, q] as const,
  vendors: (language: string) => ['records', 'vendors', language] as const,
};

/** Betting record (personalHistoryCopy): the member's bets, filtered and paged. */
export function useBetRecordQuery(query: BetRecordQuery) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: recordKeys.bets(token, query),
    queryFn: ({ signal }) => call('memberBetRecord', { query, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

/** Personal profit and loss (personalProfit) by day and category. */
export function useProfitLossQuery(query: ProfitLossQuery) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: recordKeys.profitLoss(token, query),
    queryFn: ({ signal }) => call('memberProfitLoss', { query, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

/** The brand's studios per category, for the record's studio filter. */
export function useStudiosQuery(language: string) {
  return useQuery({
    queryKey: recordKeys.vendors(language),
    queryFn: ({ signal }) => call('gameVendors', { query: { language }, signal }),
    staleTime: 5 * 60_000,
    select: (reply) =>
      reply.data.lanes.flatMap((lane) =>
        lane.cards.map((c) => ({ code: c.vassalage, name: c.displayName, gameType: lane.title })),
      ),
  });
}
