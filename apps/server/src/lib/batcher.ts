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

export function createBatcher<I, O>(
  flush: (items: I[]) => Promise<Settled<O>[]>,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): Batcher<I, O> {
  const maxBatch = options.maxBatch ?? 64;
  // More than one flush in flight lets the database overlap a commit with the next batch.
  const maxInFlight = options.maxInFlight ?? 2;
  type Waiter = { item: I; resolve: (v: O) => void; reject: (e: unknown) => void };
  let queue: Waiter[] = [];
  let inFlight = 0;
  let idle: (() => void)[] = [];

  const pump = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
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
