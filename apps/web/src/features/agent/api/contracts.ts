import type { ContractKindName, RouteBodyIn, RouteQueryIn, RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { useSocketEvent } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';
import { agentKeys, exportPageSize } from './agent';

export type MyContract = RouteReply<Routes['agentContractMine']>;
export type Contract = NonNullable<MyContract['current']>;
export type ContractEvent = MyContract['history'][number];
export type DownlineContracts = RouteReply<Routes['agentContractDownlines']>;
export type DownlineContractRow = DownlineContracts['list'][number];
export type ContractBillsQuery = Omit<
  NonNullable<RouteQueryIn<Routes['agentContractBills']>>,
  'pageNo' | 'pageSize'
> & {
  pageNo: number;
  pageSize: number;
};
export type ContractBillsPage = RouteReply<Routes['agentContractBills']>;
export type ContractBill = ContractBillsPage['list'][number];
export type ContractOfferInput = NonNullable<RouteBodyIn<Routes['agentContractOffer']>>;

const contractKeys = {
  all: (token: string | null, kind: ContractKindName) =>
    [...agentKeys.all(token), 'contracts', kind] as const,
};

const useToken = () => useSessionStore((s) => s.token);

export function useMyContractQuery(kind: ContractKindName) {
  const token = useToken();
  return useQuery({
    queryKey: [...contractKeys.all(token, kind), 'mine'],
    queryFn: ({ signal }) => call('agentContractMine', { params: { kind }, signal }),
    enabled: !!token,
  });
}

export function useDownlineContractsQuery(kind: ContractKindName, pageNo: number) {
  const token = useToken();
  return useQuery({
    queryKey: [...contractKeys.all(token, kind), 'downlines', pageNo],
    queryFn: ({ signal }) =>
      call('agentContractDownlines', { params: { kind }, query: { pageNo, pageSize: 20 }, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function useContractBillsQuery(kind: ContractKindName, query: ContractBillsQuery) {
  const token = useToken();
  return useQuery({
    queryKey: [...contractKeys.all(token, kind), 'bills', query],
    queryFn: ({ signal }) => call('agentContractBills', { params: { kind }, query, signal }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

/** One page of bills at the export size, for the CSV. */
export function fetchContractBills(kind: ContractKindName, query: ContractBillsQuery, pageNo: number) {
  return call('agentContractBills', {
    params: { kind },
    query: { ...query, pageNo, pageSize: exportPageSize },
  });
}

function useInvalidate(kind: ContractKindName) {
  const client = useQueryClient();
  const token = useToken();
  return () => {
    void client.invalidateQueries({ queryKey: contractKeys.all(token, kind) });
    void client.invalidateQueries({ queryKey: ['member', 'contracts'] });
  };
}

/** Offers (or renews) a contract to a direct downline agent. */
export function useOfferContract(kind: ContractKindName) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (body: ContractOfferInput) => call('agentContractOffer', { params: { kind }, body }),
    onSuccess: invalidate,
  });
}

/** Ends a direct downline's contract (and withdraws its pending offer). */
export function useTerminateDownlineContract(kind: ContractKindName) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (memberId: string) =>
      call('agentContractTerminate', { params: { kind }, body: { memberId } }),
    onSuccess: invalidate,
  });
}

/** The holder ends its own contract in force (`C` on the kind's process call). */
export function useTerminateOwnContract(kind: ContractKindName) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: (id: string) => {
      switch (kind) {
        case 'dividend':
          return call('processDividendReq', { query: { type: 'CONS', status: 'C' } });
        case 'daily':
          return call('processDailySalary', { query: { id, status: 'C' } });
        case 'hourly':
          return call('processContractHourSalary', { body: { contractId: id, status: 'C' } });
        case 'realtime':
          return call('processRealTimeSalaryContract', { body: { contractId: id, status: 'C' } });
      }
    },
    onSuccess: invalidate,
  });
}

/** Keeps a kind's pages live: a state change or a payment refetches its contract and bill views. */
export function useContractEvents(kind: ContractKindName) {
  const client = useQueryClient();
  const token = useToken();
  const refetch = (changed: ContractKindName) => {
    if (changed === kind) void client.invalidateQueries({ queryKey: contractKeys.all(token, kind) });
  };
  useSocketEvent('contract.changed', (e) => refetch(e.kind));
  useSocketEvent('contract.offer', (e) => refetch(e.kind));
  useSocketEvent('salary.paid', (e) => refetch(e.kind));
}
