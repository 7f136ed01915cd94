import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type PvpTableReply = RouteReply<Routes['pvpTable']>;
export type PvpSeatItem = PvpTableReply['seats'][number];
export type PvpHandItem = NonNullable<PvpTableReply['hand']>;
/** A table as the felts draw it: a room from the server, or a practice table with computer players. */
export type PvpTableView = Omit<PvpTableReply, 'seats' | 'serverTime'> & {
  seats: (PvpSeatItem & { computer?: boolean })[];
};
/** An action at a turn-based table, and how it is sent (to the server, or to a practice table). */
export type PvpActBody = Omit<RouteBodyIn<Routes['pvpAct']>, 'tableCode' | 'handId'>;

export const pvpKeys = {
  table: (code: string) => ['pvp', 'table', code] as const,
};

/** A room with the server's clock offset; without a socket it is read again every two seconds. */
export function usePvpTable(code: string, poll: boolean) {
  return useQuery({
    queryKey: pvpKeys.table(code),
    queryFn: async ({ signal }) => {
      const reply = await call('pvpTable', { query: { tableCode: code }, signal });
      return { table: reply, offsetMs: Date.parse(reply.serverTime) - Date.now() };
    },
    refetchInterval: poll ? 2_000 : 20_000,
  });
}

export const usePvpSit = () =>
  useMutation({ mutationFn: (body: RouteBodyIn<Routes['pvpSit']>) => call('pvpSit', { body }) });
export const usePvpBet = () =>
  useMutation({ mutationFn: (body: RouteBodyIn<Routes['pvpBet']>) => call('pvpBet', { body }) });
export const usePvpAct = () =>
  useMutation({ mutationFn: (body: RouteBodyIn<Routes['pvpAct']>) => call('pvpAct', { body }) });
export const usePvpLeave = () =>
  useMutation({ mutationFn: (body: RouteBodyIn<Routes['pvpLeave']>) => call('pvpLeave', { body }) });
