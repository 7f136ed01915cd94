/**
 * A leading-edge throttle (spec §9 "favourite toggle throttle 1000 ms"): the first call runs at
 * once, later calls inside the window are dropped, not queued — a double click on a heart must
 * not toggle twice. Returns whether the call ran.
 */
export function throttleLeading<A extends unknown[]>(
  fn: (...args: A) => void,
  windowMs: number,
  now: () => number = Date.now,
): (...args: A) => boolean {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - last < windowMs) return false;
    last = t;
    fn(...args);
    return true;
  };
}
