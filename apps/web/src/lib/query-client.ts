import { MutationCache, QueryCache, QueryClient, timeoutManager } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { coalescedTimers } from './coalesced-timers';
import { useSessionStore } from './session-store';
import { useUiStore } from './ui-store';

/**
 * Session-wide reactions to a failed call, wherever it came from:
 * - `login.not.session`: the token is gone (expired, logged in elsewhere): forget the session.
 * - `password.change.required`: a session opened with a temporary password (e.g. after a reload)
 *   can do nothing else, so the forced change-password modal opens.
 */
function onSessionError(error: unknown) {
  if (!(error instanceof ApiError)) return;
  const session = useSessionStore.getState();
  if (error.code === 'login.not.session' && session.token) session.clear();
  if (error.code === 'password.change.required' && session.token) {
    session.setPasswordChange('temporary');
    useUiStore.getState().openModal('changePassword');
  }
}

// Before any query exists: the cache's staleness, clean-up and refresh timers share one platform
// timer (see coalescedTimers).
timeoutManager.setTimeoutProvider(coalescedTimers());

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onSessionError }),
    mutationCache: new MutationCache({ onError: onSessionError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client mistakes and refusals will not change on retry; network trouble might.
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
