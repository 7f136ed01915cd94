import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall } from '../api/ops-client';

export type OpsVendor = RouteReply<Routes['opsVendorList']>['list'][number];
export type OpsGame = RouteReply<Routes['opsGameList']>['list'][number];
export type GamePatch = RouteBodyIn<Routes['opsGameUpdate']>;
export type VendorPatch = RouteBodyIn<Routes['opsVendorUpdate']>;

const keys = {
  all: (code: string) => ['ops', 'brand', code, 'catalogue'] as const,
  vendors: (code: string) => ['ops', 'brand', code, 'catalogue', 'vendors'] as const,
  games: (code: string, q: object) => ['ops', 'brand', code, 'catalogue', 'games', q] as const,
};

export function useVendors(code: string) {
  return useQuery({
    queryKey: keys.vendors(code),
    queryFn: ({ signal }) => opsCall('opsVendorList', { params: { merchantCode: code }, signal }),
  });
}

export function useGames(code: string, q: { vassalage: string; gameType: string; pageNo: number }) {
  return useQuery({
    queryKey: keys.games(code, q),
    queryFn: ({ signal }) =>
      opsCall('opsGameList', {
        params: { merchantCode: code },
        query: {
          pageNo: q.pageNo,
          pageSize: 50,
          ...(q.vassalage ? { vassalage: q.vassalage } : {}),
          ...(q.gameType ? { gameType: q.gameType as OpsGame['gameType'] } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useCatalogueMutation<A, R>(code: string, fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
    },
  });
}

export function useUpdateVendor(code: string) {
  return useCatalogueMutation(code, ({ vassalage, body }: { vassalage: string; body: VendorPatch }) =>
    opsCall('opsVendorUpdate', { params: { merchantCode: code, vassalage }, body }),
  );
}

export function useUpdateGame(code: string) {
  return useCatalogueMutation(code, ({ nodeId, body }: { nodeId: number; body: GamePatch }) =>
    opsCall('opsGameUpdate', { params: { merchantCode: code, nodeId }, body }),
  );
}

export function useSetCredential(code: string) {
  return useCatalogueMutation(
    code,
    ({ vassalage, body }: { vassalage: string; body: RouteBodyIn<Routes['opsVendorCredentialSet']> }) =>
      opsCall('opsVendorCredentialSet', { params: { merchantCode: code, vassalage }, body }),
  );
}
