/**
 * The server's clock for schedules: what the settlement jobs take as "now". In production it is
 * the wall clock. With `TEST_CLOCK=1` (end-to-end suites, never a deployment) `POST /dev/clock`
 * moves it forward, so a period that a test's bets fall in can end without waiting a day; the
 * database's own `now()` (when a bet was placed, when a posting was made) is never moved.
 * docs/configuration.md, docs/jobs.md.
 */
export interface Clock {
  now(): Date;
  /** Milliseconds the clock is ahead of the wall clock (0 unless moved). */
  offsetMs(): number;
  /** Whether `advance` is allowed (`TEST_CLOCK=1`). */
  readonly settable: boolean;
  /** Moves the clock forward by `ms`; refused unless settable. Returns the new now. */
  advance(ms: number): Date;
}

export function createClock(options: { settable: boolean }): Clock {
  let offset = 0;
  return {
    settable: options.settable,
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    advance(ms) {
      if (!options.settable) throw new Error('the clock is not settable (TEST_CLOCK is off)');
      if (!Number.isSafeInteger(ms) || ms < 0) throw new Error('the clock moves forward only');
      offset += ms;
      return new Date(Date.now() + offset);
    },
  };
}
