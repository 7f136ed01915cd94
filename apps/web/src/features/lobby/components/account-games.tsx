import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PageHeader } from '../../../components/section';
import { useFavouritesQuery, useRecentGamesQuery } from '../api/games';
import { swiperPages, swiperRows } from '../lib/paging';
import { GameSwiper } from './game-swiper';

/** `/favorite` and `/recent`: the member's favourites (all of them, paged here) or recent games. */
export function AccountGames({ kind }: { kind: 'favourites' | 'recent' }) {
  const { t } = useTranslation('lobby');
  const [page, setPage] = useState(1);
  const favourites = useFavouritesQuery(kind === 'favourites');
  const recent = useRecentGamesQuery();
  const source = kind === 'favourites' ? favourites : recent;
  const games = source.data ?? [];
  const pages = swiperPages(games, swiperRows(false, games.length));
  const current = Math.min(page, Math.max(1, pages.length));
  const title = kind === 'favourites' ? t('favorites_title') : t('recent_title');
  return (
    <div className="page lobby-page">
      <PageHeader title={title} />
      <GameSwiper
        games={pages[current - 1] ?? []}
        rows={swiperRows(false, games.length)}
        page={current}
        totalPages={pages.length}
        onPage={setPage}
        loading={source.isLoading}
        label={title}
      />
    </div>
  );
}
