import type { RouteReply, Routes, SportsCategory, SportsResult } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { opsCall } from './ops-client';

export type BookEvent = RouteReply<Routes['sportsEvents']>['list'][number];

const bookKey = (category: SportsCategory) => ['ops', 'book', category] as const;

/** The sportsbook's events of a category (the public book: every brand sells the same). */
export function useBookEvents(category: SportsCategory) {
  return useQuery({
    queryKey: bookKey(category),
    queryFn: ({ signal }) => call('sportsEvents', { query: { category }, signal }),
    refetchInterval: 15_000,
  });
}

/** Enters or corrects an event's result (audited with the reason); the book refreshes after. */
export function useEnterResult(category: SportsCategory) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { eventId: string; result: SportsResult; reason: string }) =>
      opsCall('opsSportsResult', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: bookKey(category) }),
  });
}

/** Suspends or reopens a market (audited with the reason). */
export function useMarketStatus(category: SportsCategory) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { marketId: string; status: 'open' | 'suspended'; reason: string }) =>
      opsCall('opsSportsMarket', { body }),
    onSettled: () => client.invalidateQueries({ queryKey: bookKey(category) }),
  });
}
