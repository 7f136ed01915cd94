import type { ContractKindName, RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall } from '../api/ops-client';

/** A top agent's contract of one kind: in force, pending, history and whether it may offer the kind. */
export type TopContractView = RouteReply<Routes['opsContractGet']>;
export type TopContractBody = RouteBodyIn<Routes['opsContractSet']>;

const contractsKey = (code: string, memberId: string) =>
  ['ops', 'brand', code, 'agents', 'contracts', memberId] as const;

export function useTopContract(code: string, kind: ContractKindName, memberId: string) {
  return useQuery({
    queryKey: [...contractsKey(code, memberId), kind],
    queryFn: ({ signal }) =>
      opsCall('opsContractGet', { params: { merchantCode: code, kind, memberId }, signal }),
    staleTime: 10_000,
  });
}

/** After a change: the agent's contracts and the audit log read again. */
function useRefresh(code: string, memberId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: contractsKey(code, memberId) });
    void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
  };
}

/** Sets new terms: a new version in force at once (the platform pays it). */
export function useTopContractSet(code: string, kind: ContractKindName, memberId: string) {
  const refresh = useRefresh(code, memberId);
  return useMutation({
    mutationFn: (body: TopContractBody) =>
      opsCall('opsContractSet', { params: { merchantCode: code, kind, memberId }, body }),
    onSuccess: refresh,
  });
}

/** Ends the contract in force (and withdraws a pending version), with every contract of the kind below it. */
export function useTopContractTerminate(code: string, kind: ContractKindName, memberId: string) {
  const refresh = useRefresh(code, memberId);
  return useMutation({
    mutationFn: () => opsCall('opsContractTerminate', { params: { merchantCode: code, kind, memberId } }),
    onSuccess: refresh,
  });
}
