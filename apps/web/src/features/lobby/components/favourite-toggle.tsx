/**
 * The heart on a game card: whether the game is a favourite and what a click does come from the
 * list that holds the cards (`useFavouriteToggle`).
 */
export function FavouriteToggle({ on, label, onToggle }: { on: boolean; label: string; onToggle(): void }) {
  return (
    <button
      type="button"
      className={`game-card__fav${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={label}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
