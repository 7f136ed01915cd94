import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import { useUiStore } from '../../../lib/ui-store';
import { fetchLaunchUrl } from '../api/games';
import { type LaunchTarget, launchRoute } from '../lib/categories';
import { useLobbyUi } from '../lib/lobby-store';

export interface LaunchableGame extends LaunchTarget {
  nodeId?: number | null | undefined;
  displayName?: string | undefined;
  gameName?: string | undefined;
}

export type Viewer = 'guest' | 'trial' | 'real';
export type GateDecision = 'login' | 'needRealAccount' | 'launch';

/**
 * Spec §4 launch gate: a guest sees the login popup; a trial account sees `in_need_true_account`
 * for real-money play; a real member launches. Free trial (accountType 0) is open to trial
 * accounts too, but needs a session like every launch.
 */
export function launchGate(viewer: Viewer, accountType: 0 | 1): GateDecision {
  if (viewer === 'guest') return 'login';
  if (viewer === 'trial' && accountType === 1) return 'needRealAccount';
  return 'launch';
}

/** The seamless page reads the launched game from the navigation state. */
export interface SeamlessState {
  url: string;
  title: string;
}

/**
 * Starts a game or vendor entry the way spec §2 routes it: lottery vendors and RNG vendor
 * entries go to their pages, VASSALAGE entries open the popup list, anything else passes the
 * launch gate and opens in `/seamless`.
 */
export function useLaunchGame() {
  const navigate = useNavigate();
  const { t } = useTranslation('lobby');
  const errorText = useApiErrorText();
  const openModal = useUiStore((s) => s.openModal);
  const setLoading = useUiStore((s) => s.setLoading);
  const openVendorPopup = useLobbyUi((s) => s.openVendorPopup);
  const showToast = useToastStore((s) => s.show);

  return useCallback(
    async (game: LaunchableGame, accountType: 0 | 1 = 1) => {
      const route = launchRoute(game);
      if (route.kind === 'route') return void navigate(route.to);
      if (route.kind === 'vendorPopup') {
        return openVendorPopup({
          vassalage: game.vassalage,
          gameType: game.gameType,
          displayName: game.displayName ?? game.vassalage,
        });
      }
      const { token, isTrial } = useSessionStore.getState();
      const decision = launchGate(!token ? 'guest' : isTrial ? 'trial' : 'real', accountType);
      if (decision === 'login') return openModal('login');
      if (decision === 'needRealAccount') return openModal('trialInfo');
      setLoading(true);
      try {
        const url = await fetchLaunchUrl({ ...game, accountType });
        // A house live table or card room is a page of this site: it opens as that page, not in a frame.
        if (url.startsWith(`${paths.live}/`) || url.startsWith(`${paths.pvp}/`)) return void navigate(url);
        const state: SeamlessState = {
          url,
          title: game.gameName ?? game.displayName ?? t('game_page_title'),
        };
        void navigate(paths.seamless, { state });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'in_need_true_account') openModal('trialInfo');
        else showToast(errorText(err), 'error');
      } finally {
        setLoading(false);
      }
    },
    [navigate, openModal, setLoading, openVendorPopup, showToast, errorText, t],
  );
}
