import type {
  AgentMoveBody,
  RiskFlagKind,
  RiskFlagStatus,
  RiskReviewBody,
  RiskSettingsUpdateBody,
  RouteReply,
  Routes,
} from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall } from '../api/ops-client';

export type RiskFlagPage = RouteReply<Routes['opsRiskFlagList']>;
export type AgentTreeReply = RouteReply<Routes['opsAgentTree']>;

export const RISK_PAGE_SIZE = 20;

const riskKey = (code: string) => ['ops', 'brand', code, 'risk'] as const;
const agentsKey = (code: string) => ['ops', 'brand', code, 'agents'] as const;

export interface RiskFilter {
  kind: RiskFlagKind | '';
  status: RiskFlagStatus | '';
  account: string;
  pageNo: number;
}

export function useRiskFlags(code: string, f: RiskFilter) {
  return useQuery({
    queryKey: [...riskKey(code), 'flags', f.kind, f.status, f.account, f.pageNo],
    queryFn: ({ signal }) =>
      opsCall('opsRiskFlagList', {
        params: { merchantCode: code },
        query: {
          kind: f.kind || undefined,
          status: f.status || undefined,
          account: f.account || undefined,
          pageNo: f.pageNo,
          pageSize: RISK_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
    refetchInterval: 60_000,
  });
}

/** After a change: the desk's views and the audit log read again. */
function useRefresh(key: readonly unknown[], code: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
  };
}

export function useRiskReview(code: string) {
  const refresh = useRefresh(riskKey(code), code);
  return useMutation({
    mutationFn: ({ flagId, body }: { flagId: string; body: RiskReviewBody }) =>
      opsCall('opsRiskFlagReview', { params: { merchantCode: code, flagId }, body }),
    onSuccess: refresh,
  });
}

export function useRiskSettings(code: string) {
  return useQuery({
    queryKey: [...riskKey(code), 'settings'],
    queryFn: ({ signal }) => opsCall('opsRiskSettings', { params: { merchantCode: code }, signal }),
    staleTime: 30_000,
  });
}

export function useRiskSettingsUpdate(code: string) {
  const refresh = useRefresh(riskKey(code), code);
  return useMutation({
    mutationFn: (body: RiskSettingsUpdateBody) =>
      opsCall('opsRiskSettingsUpdate', { params: { merchantCode: code }, body }),
    onSuccess: refresh,
  });
}

export function useAgentTree(code: string, parentId: string | null, enabled = true) {
  return useQuery({
    queryKey: [...agentsKey(code), 'tree', parentId],
    queryFn: ({ signal }) =>
      opsCall('opsAgentTree', {
        params: { merchantCode: code },
        query: { parentId: parentId ?? undefined, pageNo: 1, pageSize: 200 },
        signal,
      }),
    enabled,
    staleTime: 10_000,
  });
}

export function useAgentSearch(code: string, q: string) {
  return useQuery({
    queryKey: [...agentsKey(code), 'search', q],
    queryFn: ({ signal }) =>
      opsCall('opsAgentSearch', { params: { merchantCode: code }, query: { q }, signal }),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
}

export function useAgentMove(code: string) {
  const refresh = useRefresh(agentsKey(code), code);
  return useMutation({
    mutationFn: (body: AgentMoveBody) => opsCall('opsAgentMove', { params: { merchantCode: code }, body }),
    onSuccess: refresh,
  });
}
