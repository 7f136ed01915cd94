import type { GameType } from '@arcadia/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/section';
import { Pagination } from '../../../components/pagination';
import { useBrand } from '../../../lib/permission';
import { useAnnouncementsQuery, useLaneCards, useVendorLanesQuery } from '../api/lobby';
import { useGamesQuery } from '../api/games';
import { PAGE_SIZE, swiperRows } from '../lib/paging';
import { BannerCarousel } from './banner-carousel';
import { GameSwiper } from './game-swiper';
import { SubCategoryTabs } from './sub-category-tabs';
import { VendorFilter } from './vendor-filter';

/**
 * Game list centre (spec §2): /live, /fish, /rng, /pvp. The category's banners, its vendors as a
 * filter, the slot sub-categories (RNG), a search, and the games 24 a page (4 rows of 6).
 * Vendor and sub-category live in the address (`?vassalage=`, `?classify=`) so that vendor links
 * and the side menu land on the right list.
 */
export function GameListCentre({
  category,
  title,
  children,
}: {
  category: GameType;
  title: string;
  /** What the route adds below the games (the live centre's chat hosts). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('lobby');
  const brand = useBrand();
  const [params, setParams] = useSearchParams();
  const vendor = params.get('vassalage') ?? '';
  const classify = category === 'RNG' ? (params.get('classify') ?? '') : '';
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(1);
  const vendors = useLaneCards(category);
  const lanes = useVendorLanesQuery();
  const announcements = useAnnouncementsQuery();
  const banners = useMemo(
    () => (announcements.data?.banners ?? []).filter((b) => b.groupName === `w_${category.toLowerCase()}`),
    [announcements.data, category],
  );

  // A search waits for a pause in typing, then starts from page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const setFilter = (key: 'vassalage' | 'classify', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPage(1);
  };

  const games = useGamesQuery({
    gameType: category,
    pageNo: page,
    pageSize: PAGE_SIZE,
    ...(vendor ? { vassalage: vendor } : {}),
    ...(classify ? { gameClassify: classify as 'SC' } : {}),
    ...(term ? { gameName: term } : {}),
  });
  const list = games.data?.games ?? [];

  // The page comes whole once its banners and studios are known: a category may have banners or
  // not, so no box can be held for them, and one appearing above the page would move it all.
  if (announcements.isPending || lanes.isPending) return <div className="page lobby-page" aria-busy="true" />;

  return (
    <div className="page lobby-page">
      <BannerCarousel banners={banners} />
      <PageHeader title={title}>
        <input
          type="search"
          className="search-input"
          placeholder={t('search_games')}
          aria-label={t('search_games')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </PageHeader>
      <VendorFilter
        vendors={vendors}
        value={vendor}
        label={t('vendor_filter', { section: title })}
        onChange={(v) => setFilter('vassalage', v)}
      />
      {category === 'RNG' && (
        <SubCategoryTabs
          supportLanguages={brand.supportLanguages}
          value={classify}
          onChange={(c) => setFilter('classify', c)}
          label={t('sub_categories')}
        />
      )}
      <GameSwiper
        games={list}
        rows={swiperRows(false, list.length)}
        page={page}
        totalPages={0}
        onPage={setPage}
        loading={games.isFetching}
        label={title}
      />
      <Pagination
        page={page}
        totalPages={games.data?.totalPages ?? 0}
        onChange={setPage}
        label={t('game_pages')}
      />
      {children}
    </div>
  );
}
