import type { LobbyGame, RouteReply, Routes } from '@arcadia/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { FAVOURITES_PAGE_SIZE, NOTICE_PAGE_SIZE } from '../lib/paging';
import { type GameListQuery, lobbyKeys } from './lobby';

/**
 * Game lists, favourites, recent games, notices and launch: what the lobby's lazily loaded parts
 * read (the shell's reads, vendor lanes and announcements, are in lobby.ts).
 */

const useToken = () => useSessionStore((s) => s.token);

export function useGamesQuery(query: GameListQuery, enabled = true) {
  const lang = currentLanguage();
  const q = { clientType: 3, platform: 'flash,html5-desktop', ...query, language: lang };
  // The original returns nothing for `language` together with `gameName`; the search omits it.
  if (q.gameName) delete (q as Partial<GameListQuery>).language;
  return useQuery({
    queryKey: lobbyKeys.games(q),
    queryFn: ({ signal }) => call('gameList', { query: q, signal }),
    // Paging keeps the current cards until the next page arrives; another filter (vendor,
    // category, sub-class, search) clears the list at once (spec §4).
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[2] as GameListQuery | undefined;
      return before && samePagedList(before, q) ? previous : undefined;
    },
    enabled,
  });
}

function samePagedList(a: GameListQuery, b: GameListQuery): boolean {
  const keys = ['gameType', 'vassalage', 'gameClassify', 'gameName', 'pageSize', 'language'] as const;
  return keys.every((k) => a[k] === b[k]);
}

export function useHotGamesQuery() {
  const lang = currentLanguage();
  return useQuery({
    queryKey: lobbyKeys.hot(lang),
    queryFn: () =>
      call('hotGames', { query: { isPlatform: 2, platform: 'flash,html5-desktop', language: lang } }),
    select: (r) => r.list,
  });
}

export function useNoticeListQuery(page: number, enabled: boolean) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: lobbyKeys.notices(lang, page),
    queryFn: () =>
      call('noticeList', { query: { pageNo: page, pageSize: NOTICE_PAGE_SIZE, language: lang } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFavouriteIdsQuery() {
  const token = useToken();
  return useQuery({
    queryKey: lobbyKeys.favouriteIds(token),
    queryFn: () => call('favouriteIds'),
    enabled: !!token,
  });
}

export function useFavouritesQuery(enabled = true) {
  const token = useToken();
  const lang = currentLanguage();
  return useQuery({
    queryKey: lobbyKeys.favourites(token),
    queryFn: () =>
      call('favouriteList', {
        query: {
          clientType: 3,
          platform: 'flash',
          language: lang,
          pageNo: 1,
          pageSize: FAVOURITES_PAGE_SIZE,
        },
      }),
    enabled: !!token && enabled,
    select: (r) => r.content,
  });
}

export function useRecentGamesQuery() {
  const token = useToken();
  const lang = currentLanguage();
  return useQuery({
    queryKey: lobbyKeys.recent(token),
    queryFn: () => call('recentGames', { query: { language: lang } }),
    enabled: !!token,
    select: (r) => r.list,
  });
}

type FavouriteGame = Pick<LobbyGame, 'nodeId' | 'vassalage' | 'gameType'>;

/**
 * Spec §4 favourites: adding is skipped when the id is already there; removal updates the local
 * lists first, then tells the server (and puts them back if it refuses).
 */
export function useFavouriteActions() {
  const client = useQueryClient();
  const token = useToken();
  const idsKey = lobbyKeys.favouriteIds(token);
  const listKey = lobbyKeys.favourites(token);

  const add = useCallback(
    async (game: FavouriteGame) => {
      const ids = client.getQueryData<number[]>(idsKey) ?? [];
      if (ids.includes(game.nodeId)) return;
      await call('favouriteAdd', {
        body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
      });
      client.setQueryData<number[]>(idsKey, (old = []) =>
        old.includes(game.nodeId) ? old : [...old, game.nodeId],
      );
      void client.invalidateQueries({ queryKey: listKey });
    },
    [client, idsKey, listKey],
  );

  const remove = useCallback(
    async (game: FavouriteGame) => {
      type List = RouteReply<Routes['favouriteList']>;
      const prevIds = client.getQueryData<number[]>(idsKey);
      const prevList = client.getQueryData<List>(listKey);
      client.setQueryData<number[]>(idsKey, (old) => old?.filter((id) => id !== game.nodeId));
      client.setQueryData<List>(listKey, (old) =>
        old ? { ...old, content: old.content.filter((g) => g.nodeId !== game.nodeId) } : old,
      );
      try {
        await call('favouriteRemove', {
          body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
        });
      } catch (err) {
        client.setQueryData(idsKey, prevIds);
        client.setQueryData(listKey, prevList);
        throw err;
      }
    },
    [client, idsKey, listKey],
  );

  return { add, remove };
}

export interface LaunchInput {
  nodeId?: number | null | undefined;
  gameCode?: string | null | undefined;
  vassalage: string;
  gameType: string;
  /** 1 real money (default), 0 free trial. */
  accountType?: 0 | 1;
}

/** `GET /wps/game/launchGame` → the game's address (`value.content.game_url`). */
export async function fetchLaunchUrl(input: LaunchInput): Promise<string> {
  const reply = await call('launchGame', {
    query: {
      launchMode: 'GLS',
      accountType: input.accountType ?? 1,
      language: currentLanguage(),
      gameType: input.gameType,
      vassalage: input.vassalage,
      platform: 'html5-desktop',
      ...(input.nodeId ? { nodeId: input.nodeId } : {}),
      ...(input.gameCode ? { gameCode: input.gameCode } : {}),
    },
  });
  return reply.content.game_url;
}
