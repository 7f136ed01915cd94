import type { AvailablePromo, RouteReply, Routes } from '@arcadia/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSocketEvent } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';

export type ReferralDetails = RouteReply<Routes['referralDetails']>;
export type Referee = RouteReply<Routes['referees']>['list'][number];

const referralKeys = {
  details: (token: string | null) => ['member', 'referral', token] as const,
  referees: (token: string | null, pageNo: number) =>
    ['member', 'referral', token, 'referees', pageNo] as const,
  available: (token: string | null) => ['promo', 'available', token] as const,
};

/** The member's referral code (made on first visit), its terms and what it earned. */
export function useReferralDetailsQuery() {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  const client = useQueryClient();
  useSocketEvent(
    'referral.paid',
    () => void client.invalidateQueries({ queryKey: ['member', 'referral', token] }),
  );
  return useQuery({
    queryKey: referralKeys.details(token),
    queryFn: ({ signal }) => call('referralDetails', { query: { autoGenerate: 'true' }, signal }),
    enabled: !!token && !isTrial,
  });
}

export function useRefereesQuery(pageNo: number, pageSize = 10) {
  const token = useSessionStore((s) => s.token);
  const isTrial = useSessionStore((s) => s.isTrial);
  return useQuery({
    queryKey: referralKeys.referees(token, pageNo),
    queryFn: ({ signal }) => call('referees', { query: { pageNo, pageSize }, signal }),
    enabled: !!token && !isTrial,
  });
}

const off: AvailablePromo = { REFERRAL: { enabled: false }, MISSION: { enabled: false, count: 0 } };

/** Which programmes the brand runs (spec §3 availablePromo); all off until known. */
export function useAvailablePromo(): AvailablePromo {
  const token = useSessionStore((s) => s.token);
  const query = useQuery({
    queryKey: referralKeys.available(token),
    queryFn: ({ signal }) => call('availablePromo', { signal }),
    staleTime: 60_000,
    // Visitors see the referral entries anyway (spec §2): only members ask.
    enabled: !!token,
  });
  return query.data ?? off;
}
