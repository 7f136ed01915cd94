import type { RouteBodyIn, RouteReply, Routes, SportsCategory } from '@arcadia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type SportsEventItem = RouteReply<Routes['sportsEvents']>['list'][number];
export type SportsMarketItem = SportsEventItem['markets'][number];
export type SportsBetItem = RouteReply<Routes['sportsMyBets']>['list'][number];
export type SportsBetBody = RouteBodyIn<Routes['sportsBet']>;

export const sportsKeys = {
  events: (category: SportsCategory) => ['sports', 'events', category] as const,
  /** The member's bets: under the member's prefix, so an ended session drops them. */
  myBets: (status: 'open' | 'settled') => ['member', 'sports-bets', status] as const,
};

/** A category's book (public): events with their markets and current prices. */
export function useSportsEvents(category: SportsCategory) {
  return useQuery({
    queryKey: sportsKeys.events(category),
    queryFn: ({ signal }) => call('sportsEvents', { query: { category }, signal }),
    // Kick-offs and results arrive on the topic; a slow refresh covers a page without a socket.
    refetchInterval: 60_000,
  });
}

export function useSportsBets(status: 'open' | 'settled', enabled: boolean) {
  return useQuery({
    queryKey: sportsKeys.myBets(status),
    queryFn: ({ signal }) => call('sportsMyBets', { query: { status, pageNo: 1, pageSize: 20 }, signal }),
    enabled,
  });
}

export function usePlaceSportsBet() {
  return useMutation({ mutationFn: (body: SportsBetBody) => call('sportsBet', { body }) });
}
