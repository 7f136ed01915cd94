import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall, useOpsSession } from './ops-client';

export type OpsIdentity = RouteReply<Routes['opsSessionMe']>;
export type OpsBrand = OpsIdentity['brands'][number];
export type OpsDeposit = RouteReply<Routes['opsDepositList']>['list'][number];
export type OpsWithdrawal = RouteReply<Routes['opsWithdrawList']>['list'][number];
export type OpsAuditEntry = RouteReply<Routes['opsAuditList']>['list'][number];
export type AdjustmentBody = RouteBodyIn<Routes['opsAdjustment']>;

/** Rows per queue page (newest first, like the API). */
export const QUEUE_PAGE_SIZE = 50;
/** The queues refresh themselves this often while the page is open. */
const QUEUE_REFRESH_MS = 20_000;

export const opsKeys = {
  all: ['ops'] as const,
  me: (token: string | null) => ['ops', 'me', token] as const,
  brand: (code: string) => ['ops', 'brand', code] as const,
  deposits: (code: string, pageNo: number) => ['ops', 'brand', code, 'deposits', 'pending', pageNo] as const,
  withdrawals: (code: string, pageNo: number) =>
    ['ops', 'brand', code, 'withdrawals', 'pending', pageNo] as const,
  audit: (code: string) => ['ops', 'brand', code, 'audit'] as const,
};

/** Who the stored operator token belongs to (nothing without a token). */
export function useOpsIdentity() {
  const token = useOpsSession((s) => s.token);
  return useQuery({
    queryKey: opsKeys.me(token),
    queryFn: ({ signal }) => opsCall('opsSessionMe', { signal }),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
}

export function useOpsLogin() {
  const client = useQueryClient();
  const setToken = useOpsSession((s) => s.setToken);
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => opsCall('opsSessionLogin', { body }),
    onSuccess: ({ token, operator }) => {
      client.setQueryData(opsKeys.me(token), operator);
      setToken(token);
    },
  });
}

export function useOpsLogout() {
  const client = useQueryClient();
  const clear = useOpsSession((s) => s.clear);
  return useMutation({
    mutationFn: () => opsCall('opsSessionLogout'),
    // Forget the session whatever the server said: the operator asked to leave.
    onSettled: () => {
      clear();
      client.removeQueries({ queryKey: opsKeys.all });
    },
  });
}

export function usePendingDeposits(code: string, pageNo: number) {
  return useQuery({
    queryKey: opsKeys.deposits(code, pageNo),
    queryFn: ({ signal }) =>
      opsCall('opsDepositList', {
        params: { merchantCode: code },
        query: { status: 'pending', pageNo, pageSize: QUEUE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
    staleTime: 5_000,
  });
}

export function usePendingWithdrawals(code: string, pageNo: number) {
  return useQuery({
    queryKey: opsKeys.withdrawals(code, pageNo),
    queryFn: ({ signal }) =>
      opsCall('opsWithdrawList', {
        params: { merchantCode: code },
        query: { status: 'pending', pageNo, pageSize: QUEUE_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
    staleTime: 5_000,
  });
}

export function useAuditLog(code: string, enabled: boolean) {
  return useQuery({
    queryKey: opsKeys.audit(code),
    queryFn: ({ signal }) =>
      opsCall('opsAuditList', { params: { merchantCode: code }, query: { pageSize: 15 }, signal }),
    enabled,
    refetchInterval: QUEUE_REFRESH_MS,
    staleTime: 5_000,
  });
}

export type Decision =
  | { kind: 'deposit'; outcome: 'approve'; id: string; note?: string }
  | { kind: 'deposit'; outcome: 'reject'; id: string; reason: string }
  | { kind: 'withdrawal'; outcome: 'approve'; id: string; note?: string }
  | { kind: 'withdrawal'; outcome: 'reject'; id: string; reason: string };

type DecisionReply = RouteReply<Routes['opsDepositApprove']> | RouteReply<Routes['opsWithdrawApprove']>;

function decide(code: string, d: Decision): Promise<DecisionReply> {
  const note = d.outcome === 'approve' && d.note ? { note: d.note } : {};
  if (d.kind === 'deposit') {
    const params = { merchantCode: code, depositId: d.id };
    return d.outcome === 'approve'
      ? opsCall('opsDepositApprove', { params, body: note })
      : opsCall('opsDepositReject', { params, body: { reason: d.reason } });
  }
  const params = { merchantCode: code, withdrawId: d.id };
  return d.outcome === 'approve'
    ? opsCall('opsWithdrawApprove', { params, body: note })
    : opsCall('opsWithdrawReject', { params, body: { reason: d.reason } });
}

/** Approve or reject a queued deposit or withdrawal; the brand's queues and log refresh after. */
export function useDecision(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) => decide(code, d),
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.brand(code) }),
  });
}

export function useAdjustment(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentBody) => opsCall('opsAdjustment', { params: { merchantCode: code }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: opsKeys.audit(code) }),
  });
}
