import type { RouteReply, Routes } from '@arcadia/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
  const client = useQueryClient();
  useSocketEvent('vip.changed', () => void client.invalidateQueries({ queryKey: vipKeys.progress(token) }));
  return useQuery({
    queryKey: vipKeys.progress(token),
    queryFn: ({ signal }) => call('vipProgress', { signal }),
    enabled: !!token,
    refetchInterval: 60_000,
  });
}
