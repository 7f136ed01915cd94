import type { RouteReply, Routes } from '@arcadia/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api-client';
import { useSocketEvent } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';

export type VipProgressReply = RouteReply<Routes['vipProgress']>;

export const vipKeys = {
  progress: (token: string | null) => ['member', 'vip', token] as const,
};

/** The member's tier and progress (reviewing the member first, so a tier just reached shows). */
export function useVipProgressQuery() {
  const token = useSessionStore((s) => s.token);
  const shownLevel = useSessionStore((s) => s.vipRankLevel);
  const client = useQueryClient();
  useSocketEvent('vip.changed', () => void client.invalidateQueries({ queryKey: vipKeys.progress(token) }));
  const query = useQuery({
    queryKey: vipKeys.progress(token),
    queryFn: ({ signal }) => call('vipProgress', { signal }),
    enabled: !!token,
    refetchInterval: 60_000,
  });
  // Reading the progress reviews the member: a tier it just reached (and its bonus) may not have
  // reached this page as an event yet (the socket may still be connecting), so the header's label
  // (member info) and the balance are read again here.
  const level = query.data?.playerRankLevel;
  useEffect(() => {
    if (level === undefined || level === shownLevel) return;
    void client.invalidateQueries({ queryKey: ['member', 'info', token] });
    void client.invalidateQueries({ queryKey: ['member', 'wallet', token] });
  }, [level, shownLevel, client, token]);
  return query;
}
