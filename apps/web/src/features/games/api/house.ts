import type { HouseEngineId, HousePlayBody, HousePlayReply, HouseSession } from '@arcadia/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * The house game client API. The caller is the launch, not the site session: every call carries
 * the launch token in `X-Game-Token`, so a game page works inside the `/seamless` iframe and in a
 * tab of its own alike.
 */
const tokenHeaders = (token: string) => ({ 'X-Game-Token': token });

export const houseKeys = {
  session: (token: string) => ['house', 'session', token] as const,
  history: (token: string) => ['house', 'history', token] as const,
  engines: () => ['house', 'engines'] as const,
};

export function useHouseSessionQuery(token: string) {
  return useQuery({
    queryKey: houseKeys.session(token),
    queryFn: ({ signal }) => call('houseSession', { headers: tokenHeaders(token), signal }),
    enabled: token !== '',
    // The frame keeps the live balance itself after the first read; refetching would race plays.
    staleTime: Infinity,
    retry: false,
  });
}

export function useHouseHistoryQuery(token: string) {
  return useQuery({
    queryKey: houseKeys.history(token),
    queryFn: ({ signal }) =>
      call('houseHistory', { headers: tokenHeaders(token), query: { limit: 20 }, signal }),
    enabled: token !== '',
    staleTime: Infinity,
  });
}

export function useHouseEnginesQuery() {
  return useQuery({
    queryKey: houseKeys.engines(),
    queryFn: ({ signal }) => call('houseEngines', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function postPlay(token: string, body: HousePlayBody): Promise<HousePlayReply> {
  return call('housePlay', { headers: tokenHeaders(token), body });
}

export function postSeed(token: string, body: { clientSeed?: string; rotate?: boolean }) {
  return call('houseSeed', { headers: tokenHeaders(token), body });
}

export function postVerify(body: {
  engine: HouseEngineId;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params?: Record<string, unknown>;
  actions?: { action: HousePlayBody['action']; params?: Record<string, unknown> }[];
  stake?: string;
}) {
  return call('houseVerify', { body });
}

export type { HousePlayBody, HousePlayReply, HouseSession };
