import { useCallback } from 'react';
import { useTranslation } from './i18n';
import { ApiError } from './api-client';

/**
 * Translates a failed call by its stable code (`errors:<code>`, then `gameErrors:<code>`; docs/api.md), falling back to
 * the server's English message for a code this build does not know yet; the reply's `value` fills
 * the message's placeholders. A rate-limit reply adds how long to wait, from
 * `value.retryAfterSeconds`.
 */
export function useApiErrorText() {
  // The errors namespace loads right after start-up, not with the shell: a lobby card holding this
  // hook must not hold the first paint for it (an error shown before it arrives reads the
  // server's English message).
  const { t } = useTranslation('errors', { useSuspense: false });
  return useCallback(
    (err: unknown): string => {
      if (!(err instanceof ApiError)) return t('system.error');
      const wait = Number(err.value?.retryAfterSeconds);
      if (err.code === 'TOO_MANY_REQUESTS' && Number.isFinite(wait) && wait > 0)
        return t('too_many_requests_wait', { seconds: Math.ceil(wait) });
      // The reply's `value` fills the message's placeholders ({{min}}, {{max}}, …).
      const values =
        err.value && typeof err.value === 'object' && !Array.isArray(err.value)
          ? (err.value as Record<string, unknown>)
          : {};
      // Codes of the games and rewards domains live in their own namespace, loaded after start-up
      // (not with the shell); until it arrives the server's English message stands in.
      const options = { ...values, ns: ['errors', 'gameErrors'], defaultValue: err.message };
      return String(t(err.code as 'network', options as { defaultValue: string }));
    },
    [t],
  );
}
