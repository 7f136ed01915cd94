import type { LobbyGame, RouteQueryIn, RouteReply, Routes, VendorCard, VendorLane } from '@arcadia/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useBrand } from '../../../lib/permission';
import { useSessionStore } from '../../../lib/session-store';

export type { LobbyGame, VendorCard, VendorLane };
export type GameListQuery = NonNullable<RouteQueryIn<Routes['gameList']>>;
export type GamePage = RouteReply<Routes['gameList']>;
export type Announcements = RouteReply<Routes['announcements']>;
export type Banner = Announcements['banners'][number];
export type Popup = Announcements['popup'][number];
export type Notice = Announcements['player'][number];

/**
 * Query keys. Catalogue reads are public and keyed by language; member lists sit under
 * `['member', …]` (logout's `removeQueries(['member'])` forgets them) and are keyed by token.
 */
export const lobbyKeys = {
  lanes: (lang: string) => ['lobby', 'lanes', lang] as const,
  games: (q: GameListQuery) => ['lobby', 'games', q] as const,
  hot: (lang: string) => ['lobby', 'hot', lang] as const,
  announcements: (lang: string, token: string | null) => ['lobby', 'announcements', lang, !!token] as const,
  notices: (lang: string, page: number) => ['lobby', 'notices', lang, page] as const,
  favouriteIds: (token: string | null) => ['member', 'lobby', token, 'favouriteIds'] as const,
  favourites: (token: string | null) => ['member', 'lobby', token, 'favourites'] as const,
  recent: (token: string | null) => ['member', 'lobby', token, 'recent'] as const,
};

const useToken = () => useSessionStore((s) => s.token);

/**
 * Vendor lanes with the spec §4 sports split applied: SPORTS cards of the brand's e-sports and
 * cockfight lists become ESPORTS and COCKFIGHT lanes placed after SPORTS (a server that already
 * split them leaves nothing to move).
 */
export function splitSports(
  lanes: readonly VendorLane[],
  esports: readonly string[],
  cockfight: readonly string[],
): VendorLane[] {
  const out: VendorLane[] = [];
  for (const lane of lanes) {
    if (lane.title !== 'SPORTS') {
      const moved = out.find((l) => l.title === lane.title);
      if (moved) moved.cards = [...moved.cards, ...lane.cards];
      else out.push({ ...lane, cards: [...lane.cards] });
      continue;
    }
    const pick = (codes: readonly string[]) => lane.cards.filter((c) => codes.includes(c.vassalage));
    const e = pick(esports);
    const c = pick(cockfight);
    out.push({ ...lane, cards: lane.cards.filter((x) => !e.includes(x) && !c.includes(x)) });
    if (e.length) out.push({ title: 'ESPORTS', cards: e, gameClassify: [] });
    if (c.length) out.push({ title: 'COCKFIGHT', cards: c, gameClassify: [] });
  }
  return out;
}

export function useVendorLanesQuery() {
  const brand = useBrand();
  const lang = currentLanguage();
  return useQuery({
    queryKey: lobbyKeys.lanes(lang),
    queryFn: () => call('gameVendors', { query: { platform: 'html5-desktop', language: lang } }),
    select: (r) => splitSports(r.data.lanes, brand.esportGames, brand.cockfightGames),
    staleTime: 5 * 60_000,
  });
}

/** The cards of one category's lane (empty while loading or when the category has none). */
export function useLaneCards(category: string): VendorCard[] {
  const { data } = useVendorLanesQuery();
  return useMemo(() => data?.find((l) => l.title === category)?.cards ?? [], [data, category]);
}

export function useAnnouncementsQuery() {
  const lang = currentLanguage();
  const token = useToken();
  return useQuery({
    queryKey: lobbyKeys.announcements(lang, token),
    queryFn: () => call('announcements', { query: { types: 'B,PL,PU,PR', platform: 'W', language: lang } }),
    staleTime: 5 * 60_000,
  });
}
