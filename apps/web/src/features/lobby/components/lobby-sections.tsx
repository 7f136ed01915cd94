import type { GameType, LobbyGame, VendorCard } from '@arcadia/contract';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Section } from '../../../components/section';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useVendorLanesQuery } from '../api/lobby';
import { useFavouritesQuery, useGamesQuery, useHotGamesQuery } from '../api/games';
import { mxwinVendors } from '../lib/categories';
import { HOME_PAGE_SIZE, HOME_VENDOR_LIMIT, swiperPages } from '../lib/paging';
import { GameSwiper } from './game-swiper';
import { VendorFilter, type VendorOption } from './vendor-filter';

const HOME_ROWS = 2;

/**
 * A home section served page by page by the games list: the vendor filter (at most five vendors)
 * and the swiper. Changing the vendor resets to page 1 and clears the list (spec §4): the old
 * vendor's games are not kept on screen while the new ones load. Until the section comes near the
 * viewport it shows its placeholder cards and fetches nothing.
 */
export function CatalogueSection({
  id,
  title,
  gameType,
  vendors,
  withAll = true,
}: {
  id: string;
  title: string;
  gameType: GameType | 'MXWIN';
  vendors: readonly VendorCard[];
  withAll?: boolean;
}) {
  const { t } = useTranslation('lobby');
  const [vendor, setVendor] = useState(withAll ? '' : (vendors[0]?.vassalage ?? ''));
  const [page, setPage] = useState(1);
  // A section below a phone's first screen asks for its games when the visitor scrolls near it.
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const games = useGamesQuery(
    {
      gameType,
      pageNo: page,
      pageSize: HOME_PAGE_SIZE,
      ...(vendor ? { vassalage: vendor } : {}),
    },
    near,
  );
  const shown = useDeferredData(games.data);
  const list = shown.data?.games ?? [];
  return (
    <Section
      ref={ref}
      id={id}
      title={title}
      actions={
        <VendorFilter
          vendors={vendors}
          value={vendor}
          withAll={withAll}
          label={t('vendor_filter', { section: title })}
          onChange={(v) => {
            setVendor(v);
            setPage(1);
          }}
        />
      }
    >
      <GameSwiper
        games={list}
        rows={HOME_ROWS}
        page={page}
        totalPages={shown.data?.totalPages ?? 0}
        onPage={setPage}
        loading={!near || games.isFetching || shown.settling}
        label={title}
      />
    </Section>
  );
}

/** A section over a list already in memory (hot games, favourites), paged on the client. */
export function LocalSection({
  id,
  title,
  games,
  loading,
}: {
  id: string;
  title: string;
  games: readonly LobbyGame[];
  loading: boolean;
}) {
  const { t } = useTranslation('lobby');
  const [vendor, setVendor] = useState('');
  const [page, setPage] = useState(1);
  const vendors = useMemo(() => {
    const seen = new Map<string, VendorOption>();
    for (const g of games) if (!seen.has(g.vassalage)) seen.set(g.vassalage, g);
    return [...seen.values()].slice(0, HOME_VENDOR_LIMIT);
  }, [games]);
  const pages = useMemo(
    () => swiperPages(vendor ? games.filter((g) => g.vassalage === vendor) : games, HOME_ROWS),
    [games, vendor],
  );
  const current = Math.min(page, Math.max(1, pages.length));
  return (
    <Section
      id={id}
      title={title}
      actions={
        <VendorFilter
          vendors={vendors.length > 1 ? vendors : []}
          value={vendor}
          label={t('vendor_filter', { section: title })}
          onChange={(v) => {
            setVendor(v);
            setPage(1);
          }}
        />
      }
    >
      <GameSwiper
        games={pages[current - 1] ?? []}
        rows={HOME_ROWS}
        page={current}
        totalPages={pages.length}
        onPage={setPage}
        loading={loading}
        label={title}
      />
    </Section>
  );
}

export type HomeTab = 'HOME' | 'FAV' | 'HOT' | 'RNG' | 'FISH' | 'LIVE' | 'PVP' | 'MXWIN';

/**
 * The home lobby sections of spec §2: hot, favourites (members), RNG, FISH, LIVE, PVP and MXWIN
 * (more than 10 RNG vendors). On HOME every section shows; another tab shows its own section.
 */
export default function LobbySections({ tab, loggedIn }: { tab: HomeTab; loggedIn: boolean }) {
  const { t } = useTranslation(['lobby', 'common']);
  const lanes = useDeferredData(useVendorLanesQuery().data);
  const hotQuery = useHotGamesQuery();
  const hot = useDeferredData(hotQuery.data);
  const showFav = loggedIn && (tab === 'HOME' || tab === 'FAV');
  const favouritesQuery = useFavouritesQuery(showFav);
  const favourites = useDeferredData(favouritesQuery.data);
  const cards = (type: GameType) => lanes.data?.find((l) => l.title === type)?.cards ?? [];
  const rng = cards('RNG');
  const mxwin = mxwinVendors(rng);
  const show = (key: HomeTab) => tab === 'HOME' || tab === key;

  const catalogue: { key: HomeTab & GameType; title: string }[] = [
    { key: 'RNG', title: t('common:con_rng') },
    { key: 'FISH', title: t('common:con_fish') },
    { key: 'LIVE', title: t('common:con_live') },
    { key: 'PVP', title: t('pvp_promo') },
  ];

  return (
    <div className="lobby-sections">
      {show('HOT') && (
        <LocalSection
          id="section-hot"
          title={t('popular_nav')}
          games={hot.data ?? []}
          loading={hotQuery.isLoading || hot.settling}
        />
      )}
      {showFav && (
        <LocalSection
          id="section-fav"
          title={t('local_fav')}
          games={favourites.data ?? []}
          loading={favouritesQuery.isLoading || favourites.settling}
        />
      )}
      {catalogue
        .filter((s) => show(s.key) && cards(s.key).length > 0)
        .map((s) => (
          <CatalogueSection
            key={s.key}
            id={`section-${s.key.toLowerCase()}`}
            title={s.title}
            gameType={s.key}
            vendors={cards(s.key).slice(0, HOME_VENDOR_LIMIT)}
          />
        ))}
      {show('MXWIN') && mxwin.length > 0 && (
        <CatalogueSection
          id="section-mxwin"
          title={t('mxwin')}
          gameType="MXWIN"
          vendors={mxwin}
          withAll={false}
        />
      )}
    </div>
  );
}
