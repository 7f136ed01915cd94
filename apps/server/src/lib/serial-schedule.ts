/**
 * A pass that runs on an interval and on demand, never two at once on this instance (a slow pass
 * — many draws due after downtime — is not overlapped by the next one). The house products' local jobs
 * (jobs/job-runner.ts) run their passes through it.
 */
export function createSerialSchedule<P>(options: {
  pass: () => Promise<P>;
  /** What a pass that failed (logged) or was skipped answers. */
  empty: P;
  onError: (err: unknown) => void;
}) {
  let running: Promise<P | undefined> = Promise.resolve(undefined);
  let busy = false;

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
  };
}
