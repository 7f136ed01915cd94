import type { LobbyGame } from '@arcadia/contract';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { useFavouriteToggle } from '../hooks/use-favourite-toggle';
import { useLaunchGame } from '../hooks/use-launch-game';
import { GameCard } from './game-card';
import { GameGridSkeleton } from './home-skeleton';
import { SLIDES_PER_GROUP } from '../lib/paging';

interface GameSwiperProps {
  /** The games of the current page (at most 6 × rows). */
  games: readonly LobbyGame[];
  rows: number;
  page: number;
  totalPages: number;
  onPage(page: number): void;
  loading?: boolean;
  /** What is being paged, for screen readers. */
  label: string;
}

/**
 * Spec §9 paged swiper: 6 cards per group in `rows` rows, previous / next and a page indicator.
 * Empty: the No-data message.
 */
export function GameSwiper({ games, rows, page, totalPages, onPage, loading, label }: GameSwiperProps) {
  const { t } = useTranslation(['lobby', 'common']);
  const launch = useLaunchGame();
  const { favourites, toggle } = useFavouriteToggle();
  if (!loading && games.length === 0) return <EmptyState />;
  // The first page's cards are held at their final size while they load (layout shift).
  if (games.length === 0) return <GameGridSkeleton count={SLIDES_PER_GROUP * rows} />;
  return (
    <div className="game-swiper" aria-busy={loading || undefined}>
      <div className="game-grid" style={{ '--rows': rows } as React.CSSProperties}>
        {games.map((g) => (
          <GameCard
            key={g.nodeId}
            game={g}
            onPlay={(game, type) => void launch(game, type)}
            favourite={favourites.has(g.nodeId)}
            onFavourite={toggle}
          />
        ))}
      </div>
      {totalPages > 1 && (
        <div className="game-swiper__nav" role="group" aria-label={label}>
          <button
            type="button"
            className="icon-button"
            disabled={page <= 1}
            aria-label={t('common:previous_page')}
            onClick={() => onPage(page - 1)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="flip-x">
              <path
                d="m9 6 6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
          <span className="game-swiper__count" aria-live="polite">
            {t('page_of', { page, total: totalPages })}
          </span>
          <button
            type="button"
            className="icon-button"
            disabled={page >= totalPages}
            aria-label={t('common:next_page')}
            onClick={() => onPage(page + 1)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="m9 6 6 6-6 6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
