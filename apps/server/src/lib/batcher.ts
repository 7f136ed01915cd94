/**
 * Group commit for hot write paths. Calls that arrive while a flush is in flight are queued and
 * flushed together by ONE call to `flush` (typically one SQL statement in one transaction), so N
 * concurrent requests cost one round trip and one commit instead of N. Each item still gets its
 * own result or its own error: `flush` returns one settled result per item, in order.
 *
 * With no concurrency there is no waiting: the first call flushes immediately with a batch of one.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
  /** Resolves when nothing is queued or in flight (for shutdown and tests). */
  drain(): Promise<void>;
}

export interface BatcherOptions {
  /** Most items in one flush. */
  maxBatch?: number;
  /** Flushes running at once; more than one lets the database overlap a commit with the next batch. */
  maxInFlight?: number;
  /**
   * While another flush is in flight, a further one starts only once this many items wait, or
   * `maxWaitMs` after the first of them queued. Without it every free slot takes whatever is
   * queued at once, and under load most flushes carry a single item, each paying a full commit.
   * With nothing in flight the queue always flushes at once.
   */
  fillTo?: number;
  maxWaitMs?: number;
}

export function createBatcher<I, O>(
  flush: (items: I[]) => Promise<Settled<O>[]>,
  options: BatcherOptions = {},
): Batcher<I, O> {
  const maxBatch = options.maxBatch ?? 64;
  const maxInFlight = options.maxInFlight ?? 2;
  const fillTo = Math.min(options.fillTo ?? 1, maxBatch);
  const maxWaitMs = options.maxWaitMs ?? 2;
  type Waiter = { item: I; resolve: (v: O) => void; reject: (e: unknown) => void };
  let queue: Waiter[] = [];
  let inFlight = 0;
  let idle: (() => void)[] = [];
  let fillTimer: NodeJS.Timeout | null = null;

  const start = (batch: Waiter[]) => {
    inFlight++;
    flush(batch.map((w) => w.item))
      .then((results) => {
        if (results.length !== batch.length) throw new Error('batch flush returned a wrong result count');
        results.forEach((r, i) => (r.ok ? batch[i]!.resolve(r.value) : batch[i]!.reject(r.error)));
      })
      .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
      .finally(() => {
        inFlight--;
        pump();
        if (inFlight === 0 && queue.length === 0) {
          const waiting = idle;
          idle = [];
          waiting.forEach((f) => f());
        }
      });
  };

  const pump = (waited = false) => {
    while (inFlight < maxInFlight && queue.length > 0) {
      if (inFlight > 0 && queue.length < fillTo && !waited) {
        fillTimer ??= setTimeout(() => {
          fillTimer = null;
          pump(true);
        }, maxWaitMs);
        return;
      }
      waited = false;
      if (fillTimer) {
        clearTimeout(fillTimer);
        fillTimer = null;
      }
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      start(batch);
    }
  };

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      });
    },
    drain() {
      if (inFlight === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
