import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export type RgStatusReply = RouteReply<Routes['rgStatus']>;
export type RgLimitItem = RgStatusReply['depositLimits'][number];
export type RgExclusion = NonNullable<RgStatusReply['exclusion']>;
export type RgDepositLimitBody = RouteBodyIn<Routes['rgDepositLimit']>;
export type RgPlayLimitBody = RouteBodyIn<Routes['rgPlayLimit']>;
export type RgExcludeBody = RouteBodyIn<Routes['rgExclude']>;
export type RgRealityCheckBody = RouteBodyIn<Routes['rgRealityCheck']>;

export const responsibleKeys = {
  status: (token: string | null) => ['responsible', 'status', token] as const,
};

/** The member's deposit, loss and wager limits (used and left in each rolling window, any pending raise) and exclusion. */
export function useRgStatus(enabled = true) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: responsibleKeys.status(token),
    queryFn: ({ signal }) => call('rgStatus', { signal }),
    enabled: enabled && Boolean(token),
  });
}

/** Both changes answer with the whole status: it replaces the cached one. */
function useStatusWriter() {
  const client = useQueryClient();
  const token = useSessionStore((s) => s.token);
  return (reply: RgStatusReply) => client.setQueryData(responsibleKeys.status(token), reply);
}

export function useRgDepositLimit() {
  const write = useStatusWriter();
  return useMutation({
    mutationFn: (body: RgDepositLimitBody) => call('rgDepositLimit', { body }),
    onSuccess: write,
  });
}

export function useRgPlayLimit() {
  const write = useStatusWriter();
  return useMutation({
    mutationFn: (body: RgPlayLimitBody) => call('rgPlayLimit', { body }),
    onSuccess: write,
  });
}

export function useRgSessionLimit() {
  const write = useStatusWriter();
  return useMutation({
    mutationFn: (body: RouteBodyIn<Routes['rgSessionLimit']>) => call('rgSessionLimit', { body }),
    onSuccess: write,
  });
}

export function useRgExclude() {
  const write = useStatusWriter();
  return useMutation({
    mutationFn: (body: RgExcludeBody) => call('rgExclude', { body }),
    onSuccess: write,
  });
}

export function useRgRealityCheck() {
  const write = useStatusWriter();
  return useMutation({
    mutationFn: (body: RgRealityCheckBody) => call('rgRealityCheck', { body }),
    onSuccess: write,
  });
}
