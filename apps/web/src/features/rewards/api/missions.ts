import type { RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export type MissionSummary = RouteReply<Routes['missionSummary']>;
export type MissionItem = MissionSummary['list'][number];
export type MissionBoard = RouteReply<Routes['missionLeaderboard']>;

/** Missions move with every bet: read again each half minute while the page is open. */
export function useMissionSummaryQuery() {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['member', 'missions', token, i18n.language],
    queryFn: ({ signal }) => call('missionSummary', { signal }),
    enabled: !!token && !isTrial,
    refetchInterval: 30_000,
  });
}

export function useMissionBoardQuery() {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  return useQuery({
    queryKey: ['member', 'missions', token, 'board'],
    queryFn: ({ signal }) => call('missionLeaderboard', { signal }),
    enabled: !!token && !isTrial,
    refetchInterval: 60_000,
  });
}

/** Claims a done task; the missions, the badges (reward centre, menu) and the balance follow. */
export function useClaimMission() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: (missionId: string) => call('missionClaim', { body: { missionId } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['member', 'missions', token] });
      void client.invalidateQueries({ queryKey: ['member', 'promotions', token] });
      void client.invalidateQueries({ queryKey: ['promo', 'available', token] });
      void client.invalidateQueries({ queryKey: ['member', 'wallet', token] });
    },
  });
}
