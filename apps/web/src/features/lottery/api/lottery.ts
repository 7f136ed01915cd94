import type { RouteBodyIn, RouteReply, Routes } from '@arcadia/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type LotteryMenus = RouteReply<Routes['lotteryMenus']>;
export type LotteryNear = RouteReply<Routes['lotteryNear']> & { offsetMs: number };
export type LotteryOpenedPage = RouteReply<Routes['lotteryOpened']>;
export type LotteryOpenedItem = LotteryOpenedPage['list'][number];
export type LotteryRulesReply = RouteReply<Routes['lotteryRules']>;

/** Which lottery page: LOTT and ELOTT games (/lottery), VN (/vnLottery) or SEA (/seaLottery). */
export type LotteryHallKind = 'lott' | 'vn' | 'sea';

/** Query keys; draws are public, so not under the member's keys. */
export const lotteryKeys = {
  menus: (hall: LotteryHallKind) => ['lottery', 'menus', hall] as const,
  near: (gameId: string) => ['lottery', 'near', gameId] as const,
  opened: (gameId: string) => ['lottery', 'opened', gameId] as const,
  rules: (gameId: string) => ['lottery', 'rules', gameId] as const,
};

/** The games of a hall, with the issue on sale. */
export function useLotteryMenus(hall: LotteryHallKind) {
  return useQuery({
    queryKey: lotteryKeys.menus(hall),
    queryFn: async ({ signal }) => {
      if (hall === 'lott') return call('lotteryMenus', { signal });
      const groups = await call('lotteryVnMenus', { signal });
      return groups.filter((g) =>
        hall === 'sea' ? g.gameGroupCode === 'sea_4d' : g.gameGroupCode !== 'sea_4d',
      );
    },
    staleTime: 60_000,
  });
}

/**
 * The issue on sale and the ones ahead, with `offsetMs`: how far the server's clock is ahead of
 * this device's (countdowns and the close of sales run on the server's time).
 */
export function useNearIssue(gameId: string) {
  return useQuery({
    queryKey: lotteryKeys.near(gameId),
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const near = await call('lotteryNear', { query: { gameId }, signal });
      const received = Date.now();
      return { ...near, offsetMs: Date.parse(near.serverTime) - (sent + received) / 2 };
    },
  });
}

export function useOpened(gameId: string) {
  return useQuery({
    queryKey: lotteryKeys.opened(gameId),
    queryFn: ({ signal }) => call('lotteryOpened', { query: { gameId, pageNo: 1, pageSize: 10 }, signal }),
  });
}

export function useLotteryRules(gameId: string) {
  return useQuery({
    queryKey: lotteryKeys.rules(gameId),
    queryFn: ({ signal }) => call('lotteryRules', { query: { gameId }, signal }),
    staleTime: 10 * 60_000,
  });
}

/** Recomputes a drawn issue from its revealed seed on the server's public verifier. */
export function useVerifyDraw() {
  return useMutation({
    mutationFn: (item: LotteryOpenedItem) =>
      call('lotteryVerify', {
        body: { gameId: item.gameId, numero: item.numero, serverSeed: item.serverSeed ?? '' },
      }),
  });
}

export type LotteryBet = RouteReply<Routes['lotteryMyBets']>['list'][number];
export type LotteryBetBody = RouteBodyIn<Routes['lotteryBet']>;

/** The member's bets (of one game), newest first; kept fresh by `lottery.bet` events. */
export const myBetsKey = (gameId: string) => ['lottery', 'my-bets', gameId] as const;

export function useMyBets(gameId: string) {
  return useQuery({
    queryKey: myBetsKey(gameId),
    queryFn: ({ signal }) =>
      call('lotteryMyBets', { query: { gameId, status: 'all', pageNo: 1, pageSize: 15 }, signal }),
  });
}

/** Units a selection covers, from the server (the one place the bet types' maths lives). */
export function useQuote(gameId: string, playId: string, bettingContent: string | null) {
  return useQuery({
    queryKey: ['lottery', 'quote', gameId, playId, bettingContent] as const,
    queryFn: ({ signal }) =>
      call('lotteryQuote', { query: { gameId, playId, bettingContent: bettingContent ?? '' }, signal }),
    enabled: bettingContent !== null,
    retry: false,
    staleTime: Infinity,
  });
}

export function usePlaceBet() {
  return useMutation({ mutationFn: (body: LotteryBetBody) => call('lotteryBet', { body }) });
}

export function useCancelChase() {
  return useMutation({
    mutationFn: (orderId: string) => call('lotteryCancelChase', { body: { orderId } }),
  });
}
