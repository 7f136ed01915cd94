import { useCallback, useEffect, useRef, useState } from 'react';

/** Seconds left of a countdown that ticks once a second; `start(n)` (re)starts it. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback(
    (seconds: number) => {
      stop();
      setLeft(seconds);
      timer.current = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    },
    [stop],
  );

  useEffect(() => {
    if (left === 0) stop();
  }, [left, stop]);
  useEffect(() => stop, [stop]);
  return { left, start, running: left > 0 };
}

/**
 * Runs `fn` at most once per `ms` (leading call; later calls inside the window are dropped):
 * SMS sends and captcha refreshes (spec §9, 1000 ms).
 */
export function useThrottle<A extends unknown[]>(fn: (...args: A) => void, ms = 1000) {
  const last = useRef(-Infinity);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  return useCallback(
    (...args: A) => {
      const now = Date.now();
      if (now - last.current < ms) return;
      last.current = now;
      latest.current(...args);
    },
    [ms],
  );
}
