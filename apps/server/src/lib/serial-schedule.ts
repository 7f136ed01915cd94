import type { FastifyInstance } from 'fastify';

/**
 * A pass that runs on an interval and on demand, never two at once on this instance (a slow pass
 * — many draws due after downtime — is not overlapped by the next one). The house lottery and the
 * sportsbook schedule their draws, kick-offs and settlements with it.
 */
export function createSerialSchedule<P>(options: {
  pass: () => Promise<P>;
  /** What a pass that failed (logged) or was skipped answers. */
  empty: P;
  onError: (err: unknown) => void;
}) {
  let running: Promise<P | undefined> = Promise.resolve(undefined);
  let busy = false;
  let timer: NodeJS.Timeout | null = null;

  /** Starts a pass unless one is running; resolves with the running pass's outcome. */
  const tick = () => {
    if (busy) return running;
    busy = true;
    running = options
      .pass()
      .catch((err: unknown) => {
        options.onError(err);
        return undefined;
      })
      .finally(() => (busy = false));
    return running;
  };

  return {
    tick,
    /** A pass now: waits for one in flight, then runs its own. */
    async runNow(): Promise<P> {
      await running;
      return (await tick()) ?? options.empty;
    },
    /** Runs a pass every `everyMs` once the app is ready (the first in the background), until it closes. */
    start(app: FastifyInstance, everyMs: number) {
      app.addHook('onReady', async () => {
        // Readiness does not wait for the schedule.
        void tick();
        timer = setInterval(() => void tick(), everyMs);
        timer.unref();
      });
      app.addHook('onClose', async () => {
        if (timer) clearInterval(timer);
        await running;
      });
    },
  };
}
