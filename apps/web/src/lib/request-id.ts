import { useCallback, useRef } from 'react';
import { ApiError } from './api-client';

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Idempotency keys for money actions (wallet transfers, operator adjustments). `idFor(action)`
 * returns the same `requestId` for as long as the same action (its signature: what the server
 * compares, e.g. from, to and amount) has not gone through, so resubmitting after a network error
 * or a timeout replays the first attempt instead of moving the money again. A changed action gets
 * a new key, and so does the next action after a success.
 */
export function useRequestId() {
  const pending = useRef<{ action: string; requestId: string } | null>(null);
  const idFor = useCallback((action: string) => {
    if (pending.current?.action !== action) pending.current = { action, requestId: newRequestId() };
    return pending.current.requestId;
  }, []);
  /** After the call: a success ends the action; `duplicate.request` means this key is spent. */
  const settle = useCallback((error?: unknown) => {
    if (!error || (error instanceof ApiError && error.code === 'duplicate.request')) pending.current = null;
  }, []);
  return { idFor, settle };
}
