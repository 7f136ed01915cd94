import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { opsCall } from './ops-client';

/** Every house lottery game with its issue on sale (the public menus: every brand sells the same draws). */
export function useLotteryGames() {
  return useQuery({
    queryKey: ['ops', 'lottery', 'games'],
    queryFn: async ({ signal }) => {
      const [lott, vn] = await Promise.all([
        call('lotteryMenus', { signal }),
        call('lotteryVnMenus', { signal }),
      ]);
      return [...lott, ...vn].flatMap((g) => g.gameMenus);
    },
    staleTime: 60_000,
  });
}

/** Whether a game is official (from its public rules). */
export function useLotteryOfficial(gameId: string) {
  return useQuery({
    queryKey: ['ops', 'lottery', 'official', gameId],
    queryFn: async ({ signal }) => (await call('lotteryRules', { query: { gameId }, signal })).official,
    enabled: gameId !== '',
  });
}

export function useSetOfficial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { gameId: string; official: boolean; reason: string }) =>
      opsCall('opsLotteryOfficial', { body }),
    onSettled: (_r, _e, v) =>
      client.invalidateQueries({ queryKey: ['ops', 'lottery', 'official', v.gameId] }),
  });
}

export function useEnterLotteryResult() {
  return useMutation({
    mutationFn: (body: { gameId: string; numero: string; numbers: string[]; reason: string }) =>
      opsCall('opsLotteryResult', { body }),
  });
}
