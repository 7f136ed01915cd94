import { useEffect, useState } from 'react';

/**
 * The server's time, ticking every `everyMs`: countdowns and deals run on it, not on the device's
 * clock (`offsetMs` is the server's time less the device's, from a reply's `serverTime`).
 */
export function useServerNow(offsetMs: number, everyMs = 250) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now() + offsetMs), everyMs);
    return () => clearInterval(id);
  }, [offsetMs, everyMs]);
  return now;
}
