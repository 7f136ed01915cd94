import type { ContractKindName, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useWhitelabel } from '../../../lib/permission';
import { useSessionStore } from '../../../lib/session-store';
import { session } from '../../../lib/storage';

export type Consolidated = RouteReply<Routes['contractConsolidated']>;
export type ContractOffer = Consolidated['divtypereq'][string];
export type ProcessStatus = 'A' | 'R' | 'C';

/** Query keys under `['member', …]`: logout forgets them, a reconnection refetches them. */
export const contractKeys = {
  all: (token: string | null) => ['member', 'contracts', token] as const,
  consolidated: (token: string | null) => [...contractKeys.all(token), 'consolidated'] as const,
};

/**
 * Spec §6 and reference §7: the consolidated fetch happens only for a logged-in agent on a real
 * (not trial) account while AGENTPOLICY3 is on.
 */
export function useContractsEnabled(): boolean {
  const wl = useWhitelabel();
  const { token, isLogin, isTrial, isAgent } = useSessionStore();
  return !!token && isLogin && !isTrial && isAgent && !!wl.AGENTPOLICY3;
}

export function useConsolidatedQuery() {
  const token = useSessionStore((s) => s.token);
  const enabled = useContractsEnabled();
  return useQuery({
    queryKey: contractKeys.consolidated(token),
    queryFn: async ({ signal }) => {
      const value = await call('contractConsolidated', { signal });
      // Spec §3 session items: the consolidated reply and its two switches.
      session.set('consolidated', JSON.stringify(value));
      session.set('enableSalary', value.enableSalary ? '1' : '0');
      session.set('enableContract', value.enableContract ? '1' : '0');
      return value;
    },
    enabled,
    staleTime: 60_000,
  });
}

/** The pending offers of the reply, one per kind, in the order the dialog shows them. */
export function pendingOffers(
  c: Consolidated | undefined,
): { kind: ContractKindName; offer: ContractOffer }[] {
  if (!c) return [];
  const out: { kind: ContractKindName; offer: ContractOffer }[] = [];
  const first = <T>(r: Record<string, T[]>) => Object.values(r)[0]?.[0];
  const dividend = Object.values(c.divtypereq)[0];
  if (dividend) out.push({ kind: 'dividend', offer: dividend });
  const daily = first(c.dailysalreq);
  if (daily) out.push({ kind: 'daily', offer: daily });
  const hourly = first(c.contracthoursalreq);
  if (hourly) out.push({ kind: 'hourly', offer: hourly });
  const realtime = first(c.realtimesalreq);
  if (realtime) out.push({ kind: 'realtime', offer: realtime });
  return out;
}

/** The original's process calls, one per kind (reference §2.3). */
function processCall(kind: ContractKindName, id: string, status: ProcessStatus) {
  switch (kind) {
    case 'dividend':
      return call('processDividendReq', { query: { type: 'CONS', status } });
    case 'daily':
      return call('processDailySalary', { query: { id, status } });
    case 'hourly':
      return call('processContractHourSalary', { body: { contractId: id, status } });
    case 'realtime':
      return call('processRealTimeSalaryContract', { body: { contractId: id, status } });
  }
}

/** Accept, reject or terminate; every contract view of the session is fetched again. */
export function useProcessContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: ContractKindName; id: string; status: ProcessStatus }) =>
      processCall(v.kind, v.id, v.status),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['member', 'contracts'] });
      void client.invalidateQueries({ queryKey: ['member', 'agent'] });
    },
  });
}
