import type { RedEnvelopeSendBody, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export type SentEnvelope = RouteReply<Routes['redEnvelopeSent']>['list'][number];

const sentKey = (token: string | null) => ['member', 'red-envelopes', token, 'sent'] as const;

/** The agent's envelopes with how much of each was grabbed. */
export function useSentEnvelopesQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: sentKey(token),
    queryFn: ({ signal }) => call('redEnvelopeSent', { signal }),
    enabled: !!token,
    refetchInterval: 15_000,
  });
}

export function useSendEnvelope() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: (body: RedEnvelopeSendBody) => call('redEnvelopeSend', { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: sentKey(token) }),
  });
}

/** Opens (grabs) an envelope; the reward centre, which lists it, refreshes. */
export function useGrabEnvelope() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return useMutation({
    mutationFn: (envelopeId: string) => call('redEnvelopeGrab', { body: { envelopeId } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['member', 'promotions', token] }),
  });
}
