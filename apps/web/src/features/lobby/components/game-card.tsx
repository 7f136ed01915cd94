import type { LobbyGame } from '@arcadia/contract';
import { useTranslation } from '../../../lib/i18n';
import { FavouriteToggle } from './favourite-toggle';

interface GameCardProps {
  game: LobbyGame;
  onPlay(game: LobbyGame, accountType: 0 | 1): void;
  /** Whether the game is one of the member's favourites (always false for a visitor). */
  favourite: boolean;
  onFavourite(game: LobbyGame, on: boolean): void;
}

/**
 * Spec §2 game list card: image, vendor display name, game name, play, free trial and the
 * favourite toggle. The image falls back to a generated tile when the artwork fails to load.
 */
export function GameCard({ game, onPlay, favourite, onFavourite }: GameCardProps) {
  const { t } = useTranslation('lobby');
  const name = game.gameName || game.nodeName;
  return (
    <article className="game-card" aria-label={name}>
      <div className="game-card__art">
        <span className="game-card__fallback" aria-hidden="true">
          {name}
        </span>
        <img
          src={game.showIcon || game.defaultIcon}
          alt=""
          loading="lazy"
          decoding="async"
          width="200"
          height="200"
          onError={(e) => e.currentTarget.classList.add('is-broken')}
        />
        <FavouriteToggle
          on={favourite}
          label={t(favourite ? 'remove_favourite' : 'add_favourite', { name: game.gameName })}
          onToggle={() => onFavourite(game, favourite)}
        />
      </div>
      <div className="game-card__text">
        <span className="game-card__name">{name}</span>
        <span className="game-card__vendor">{game.displayName}</span>
      </div>
      {/* After the text, not inside the artwork: with a pointer they cover the artwork on hover;
          on touch screens (no hover) they sit below the name, so nothing is ever hidden. */}
      <div className="game-card__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => onPlay(game, 1)}
        >
          {t('play_now')}
        </button>
        {game.trial && (
          <button type="button" className="button button--small" onClick={() => onPlay(game, 0)}>
            {t('free_trial')}
          </button>
        )}
      </div>
    </article>
  );
}
