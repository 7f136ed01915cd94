import type { OpsRebateRunBody, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall } from './ops-client';

export type OpsRebateSummary = RouteReply<Routes['opsRebateSummary']>;

const keys = { summary: (code: string) => ['ops', 'brand', code, 'rebate'] as const };

/** The brand's rebate: settings, settled days, today's manual claims and the unpaid liability. */
export function useOpsRebateSummary(code: string) {
  return useQuery({
    queryKey: keys.summary(code),
    queryFn: ({ signal }) => opsCall('opsRebateSummary', { params: { merchantCode: code }, signal }),
    refetchInterval: 60_000,
  });
}

export function useOpsRebateRun(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsRebateRunBody) => opsCall('opsRebateRun', { params: { merchantCode: code }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.summary(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
    },
  });
}
