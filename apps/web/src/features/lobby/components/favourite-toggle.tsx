import type { LobbyGame } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import { useFavouriteActions, useFavouriteIdsQuery } from '../api/games';
import { throttleLeading } from '../lib/throttle';

/** Spec §9: one favourite call per 1000 ms, the first click wins. */
export const FAVOURITE_THROTTLE_MS = 1000;

/**
 * The heart on a game card. A visitor is asked to log in (spec §2); a member's click adds or
 * removes the game, throttled so a double click cannot undo itself.
 */
export function FavouriteToggle({
  game,
}: {
  game: Pick<LobbyGame, 'nodeId' | 'vassalage' | 'gameType' | 'gameName'>;
}) {
  const { t } = useTranslation('lobby');
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const { data: ids } = useFavouriteIdsQuery();
  const { add, remove } = useFavouriteActions();
  const on = !!ids?.includes(game.nodeId);
  // One throttle per card for its lifetime; it runs whichever toggle the click asked for.
  const [throttled] = useState(() => throttleLeading((task: () => void) => task(), FAVOURITE_THROTTLE_MS));
  const toggle = () =>
    throttled(() => {
      (on ? remove(game) : add(game)).catch((err: unknown) => showToast(errorText(err), 'error'));
    });

  return (
    <button
      type="button"
      className={`game-card__fav${on ? ' is-on' : ''}`}
      aria-pressed={on}
      aria-label={
        on ? t('remove_favourite', { name: game.gameName }) : t('add_favourite', { name: game.gameName })
      }
      onClick={() => (token ? toggle() : openModal('login'))}
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
