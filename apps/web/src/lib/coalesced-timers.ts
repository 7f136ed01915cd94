import type { TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/**
 * A timer provider for the query cache that keeps its long timers (staleness, garbage collection,
 * the minute's refresh: ≥ 1 s) in one list behind a single platform timer armed for the earliest
 * of them. A page's first render mounts dozens of query observers, each setting and clearing
 * several such timers; through the platform each one is a timer installed and removed (and on a
 * phone's first load, a slice of the main thread), here it is a map entry. Short delays (a retry's
 * back-off, a zero delay) go to the platform as they are.
 *
 * The platform's functions are looked up at each call, so test fake timers apply.
 */
export function coalescedTimers(longMs = 1000): TimeoutProvider<number> {
  interface Entry {
    callback: TimeoutCallback;
    due: number;
    /** An interval's period; 0 for a one-off timer. */
    every: number;
  }
  const entries = new Map<number, Entry>();
  /** Ids handed out by the platform for the short timers it runs itself. */
  const native = new Set<number>();
  let nextId = -1;
  let armed: { at: number; handle: ReturnType<typeof setTimeout> } | null = null;

  const arm = () => {
    let earliest = Infinity;
    for (const e of entries.values()) if (e.due < earliest) earliest = e.due;
    if (earliest === Infinity) {
      if (armed) clearTimeout(armed.handle);
      armed = null;
      return;
    }
    // A timer already armed at or before the earliest due stays: when it fires it re-arms.
    if (armed && armed.at <= earliest) return;
    if (armed) clearTimeout(armed.handle);
    armed = { at: earliest, handle: setTimeout(fire, Math.max(0, earliest - Date.now())) };
  };
  const fire = () => {
    armed = null;
    const now = Date.now();
    const due: Entry[] = [];
    for (const [id, e] of entries) {
      if (e.due > now) continue;
      due.push(e);
      if (e.every > 0) e.due = now + e.every;
      else entries.delete(id);
    }
    arm();
    for (const e of due) e.callback();
  };
  const add = (callback: TimeoutCallback, delay: number, every: number): number => {
    const id = nextId--;
    entries.set(id, { callback, due: Date.now() + delay, every });
    arm();
    return id;
  };
  const remove = (id: number | undefined) => {
    if (id === undefined) return;
    if (entries.delete(id)) {
      // The platform timer is left armed: firing early onto nothing costs one wake-up, and
      // re-arming on every clear would cost the platform calls this provider exists to save.
      if (entries.size === 0 && armed) {
        clearTimeout(armed.handle);
        armed = null;
      }
      return;
    }
    if (native.delete(id)) clearTimeout(id);
  };

  return {
    setTimeout(callback, delay) {
      if (delay >= longMs) return add(callback, delay, 0);
      const id = setTimeout(() => {
        native.delete(id);
        callback();
      }, delay) as unknown as number;
      native.add(id);
      return id;
    },
    clearTimeout: remove,
    setInterval(callback, delay) {
      if (delay >= longMs) return add(callback, delay, delay);
      const id = setInterval(callback, delay) as unknown as number;
      native.add(id);
      return id;
    },
    // One list of timers on the platform (HTML and Node alike): clearTimeout ends an interval too.
    clearInterval: remove,
  };
}
