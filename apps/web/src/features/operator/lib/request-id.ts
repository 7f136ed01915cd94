import { useCallback, useRef } from 'react';
import { ApiError } from '../../../lib/api-client';

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The adjustment's idempotency key: the same for as long as the same adjustment has not gone
 * through, so a retry after a network error replays instead of adjusting twice; a new one for a
 * changed adjustment and after a success.
 */
export function useRequestId() {
  const pending = useRef<{ action: string; requestId: string } | null>(null);
  const idFor = useCallback((action: string) => {
    if (pending.current?.action !== action) pending.current = { action, requestId: newRequestId() };
    return pending.current.requestId;
  }, []);
  const settle = useCallback((error?: unknown) => {
    if (!error || (error instanceof ApiError && error.code === 'duplicate.request')) pending.current = null;
  }, []);
  return { idFor, settle };
}
