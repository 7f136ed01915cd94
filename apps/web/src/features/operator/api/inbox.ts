import type { OpsInboxSendBody, RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsCall } from './ops-client';

export type OpsInboxPage = RouteReply<Routes['opsInboxList']>;
export type OpsInboxMessage = OpsInboxPage['list'][number];

/** Rows per page of the brand's sent messages. */
export const OPS_INBOX_PAGE_SIZE = 10;

export const opsInboxKeys = {
  all: (code: string) => ['ops', 'brand', code, 'inbox'] as const,
  page: (code: string, pageNo: number) => [...opsInboxKeys.all(code), pageNo] as const,
};

/** Operator and agent messages of the brand with read counts; refreshed while the page is open. */
export function useOpsInboxMessages(code: string, pageNo: number) {
  return useQuery({
    queryKey: opsInboxKeys.page(code, pageNo),
    queryFn: ({ signal }) =>
      opsCall('opsInboxList', {
        params: { merchantCode: code },
        query: { pageNo, pageSize: OPS_INBOX_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    staleTime: 5_000,
  });
}

export function useOpsInboxSend(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsInboxSendBody) => opsCall('opsInboxSend', { params: { merchantCode: code }, body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: opsInboxKeys.all(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
    },
  });
}

export function useOpsInboxCancel(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      opsCall('opsInboxCancel', { params: { merchantCode: code, messageId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: opsInboxKeys.all(code) });
      void client.invalidateQueries({ queryKey: ['ops', 'brand', code, 'audit'] });
    },
  });
}
