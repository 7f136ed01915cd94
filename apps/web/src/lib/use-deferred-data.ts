import { useDeferredValue } from 'react';

/**
 * A query's data rendered in a deferred pass. Data arriving from the network re-renders its
 * subscribers at once and in one piece; a list of cards or rows rendered that way is a long task
 * that keeps a phone's main thread blocked. The deferred pass is split by React into short slices.
 *
 * `settling` is true while fresh data has arrived but is not on screen yet: show the loading state
 * then, not an empty one. Data going away (a new key, a reset) shows at once.
 */
export function useDeferredData<T>(data: T | undefined): { data: T | undefined; settling: boolean } {
  const deferred = useDeferredValue(data);
  if (data === undefined) return { data: undefined, settling: false };
  return { data: deferred, settling: deferred !== data };
}
