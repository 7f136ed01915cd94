import type { RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { call } from '../../../lib/api-client';
import { useSocketEvent } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';

export type RaffleStatus = RouteReply<Routes['raffleStatus']>;
export type RaffleItem = RaffleStatus['list'][number];
export type RafflePrize = RaffleItem['mine'][number];

const raffleKey = (token: string | null) => ['member', 'raffles', token] as const;

/**
 * The brand's raffles with the member's tickets and prizes (visitors see the raffles alone). The
 * tickets move with every settled bet: read again each half minute, and at once when a raffle is
 * drawn (`raffle.drawn`).
 */
export function useRafflesQuery() {
  const token = useSessionStore((s) => s.token);
  const { i18n } = useTranslation();
  const client = useQueryClient();
  useSocketEvent('raffle.drawn', () => {
    void client.invalidateQueries({ queryKey: raffleKey(token) });
    void client.invalidateQueries({ queryKey: ['member', 'promotions', token] });
  });
  return useQuery({
    queryKey: [...raffleKey(token), i18n.language],
    queryFn: ({ signal }) => call('raffleStatus', { signal }),
    refetchInterval: 30_000,
  });
}

/** Claims a raffle prize; the raffles, the reward centre (and its badge) and the balance follow. */
export function useClaimRaffle() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: (prizeId: string) => call('raffleClaim', { body: { prizeId } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: raffleKey(token) });
      void client.invalidateQueries({ queryKey: ['member', 'promotions', token] });
      void client.invalidateQueries({ queryKey: ['member', 'wallet', token] });
    },
  });
}
