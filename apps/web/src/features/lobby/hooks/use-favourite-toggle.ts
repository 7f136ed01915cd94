import type { LobbyGame } from '@arcadia/contract';
import { useCallback, useMemo, useRef } from 'react';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import { useFavouriteActions, useFavouriteIdsQuery } from '../api/games';
import { throttleLeading } from '../lib/throttle';

/** Spec §9: one favourite call per 1000 ms per game, the first click wins. */
export const FAVOURITE_THROTTLE_MS = 1000;

type FavouriteGame = Pick<LobbyGame, 'nodeId' | 'vassalage' | 'gameType' | 'gameName'>;

/**
 * The hearts of a list of game cards, held once by the list rather than by every card (a card
 * mounting its own query observer, stores and error translator made the home page's first
 * render a long task). A visitor is asked to log in (spec §2); a member's click adds or removes
 * the game, throttled per game so a double click cannot undo itself.
 */
export function useFavouriteToggle() {
  const token = useSessionStore((s) => s.token);
  const openModal = useUiStore((s) => s.openModal);
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const { data: ids } = useFavouriteIdsQuery();
  const { add, remove } = useFavouriteActions();
  const throttles = useRef(new Map<number, (task: () => void) => void>());
  const favourites = useMemo(() => new Set(ids ?? []), [ids]);
  const toggle = useCallback(
    (game: FavouriteGame, on: boolean) => {
      if (!token) return openModal('login');
      let throttled = throttles.current.get(game.nodeId);
      if (!throttled) {
        throttled = throttleLeading((task: () => void) => task(), FAVOURITE_THROTTLE_MS);
        throttles.current.set(game.nodeId, throttled);
      }
      throttled(() => {
        (on ? remove(game) : add(game)).catch((err: unknown) => showToast(errorText(err), 'error'));
      });
    },
    [token, openModal, add, remove, showToast, errorText],
  );
  return { favourites, toggle };
}
