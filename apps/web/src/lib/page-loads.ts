import { useSyncExternalStore } from 'react';

/**
 * Page code being downloaded: the router's lazy pages report here so the top progress bar can
 * show while a page's chunk is on its way (a page is a chunk of its own, app/router.tsx).
 */
let pending = 0;
const listeners = new Set<() => void>();

function changed(delta: number) {
  pending += delta;
  for (const listener of listeners) listener();
}

export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  changed(1);
  return load.finally(() => changed(-1));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True while any page's code is loading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
