import { afterEach, describe, expect, it, vi } from 'vitest';
import { type BatcherOptions, type Settled, createBatcher } from './batcher.js';

/** A flush the test completes by hand: every call is recorded with its items and its resolver. */
function manualFlush() {
  const calls: {
    items: number[];
    finish: (results?: Settled<string>[]) => void;
    fail: (e: unknown) => void;
  }[] = [];
  const flush = (items: number[]) =>
    new Promise<Settled<string>[]>((resolve, reject) => {
      calls.push({
        items,
        finish: (results) => resolve(results ?? items.map((i) => ({ ok: true, value: `r${i}` }))),
        fail: reject,
      });
    });
  return { calls, flush };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(options: BatcherOptions) {
  const { calls, flush } = manualFlush();
  const batcher = createBatcher(flush, options);
  return { calls, batcher };
}

describe('batcher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes a lone call at once, and what queues behind it as one batch', async () => {
    const { calls, batcher } = setup({ maxBatch: 10, maxInFlight: 1 });
    const first = batcher.submit(1);
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    const rest = [2, 3, 4].map((i) => batcher.submit(i));
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await expect(first).resolves.toBe('r1');
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.finish();
    await expect(Promise.all(rest)).resolves.toEqual(['r2', 'r3', 'r4']);
  });

  it('never puts more than maxBatch items in a flush nor runs more than maxInFlight flushes', async () => {
    const { calls, batcher } = setup({ maxBatch: 2, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5, 6, 7].map((i) => batcher.submit(i));
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[0]!.finish();
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4]]);
    calls[1]!.finish();
    calls[2]!.finish();
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4], [5, 6], [7]]);
    calls[3]!.finish();
    calls[4]!.finish();
    await expect(Promise.all(all)).resolves.toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7']);
  });

  it('gives each item its own outcome, and fails every item of a flush that throws', async () => {
    const { calls, batcher } = setup({ maxInFlight: 1 });
    const a = batcher.submit(1);
    const queued = [batcher.submit(2), batcher.submit(3)];
    calls[0]!.fail(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    calls[1]!.finish([
      { ok: false, error: new Error('refused') },
      { ok: true, value: 'fine' },
    ]);
    await expect(queued[0]).rejects.toThrow('refused');
    await expect(queued[1]).resolves.toBe('fine');
  });

  it('fails the whole flush when it returns the wrong number of results', async () => {
    const { calls, batcher } = setup({});
    const a = batcher.submit(1);
    calls[0]!.finish([]);
    await expect(a).rejects.toThrow('wrong result count');
  });

  it('while a flush is in flight, waits for fillTo items before starting another', async () => {
    vi.useFakeTimers();
    const { calls, batcher } = setup({ maxBatch: 8, maxInFlight: 4, fillTo: 3, maxWaitMs: 5 });
    void batcher.submit(1);
    expect(calls).toHaveLength(1); // nothing in flight: at once
    void batcher.submit(2);
    void batcher.submit(3);
    expect(calls).toHaveLength(1); // a free slot, but only two waiting
    void batcher.submit(4);
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    for (const c of calls) c.finish();
  });

  it('starts a short batch after maxWaitMs rather than holding it', async () => {
    vi.useFakeTimers();
    const { calls, batcher } = setup({ maxBatch: 8, maxInFlight: 4, fillTo: 3, maxWaitMs: 5 });
    void batcher.submit(1);
    const late = batcher.submit(2);
    vi.advanceTimersByTime(4);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[1]!.finish();
    await expect(late).resolves.toBe('r2');
    calls[0]!.finish();
  });

  it('flushes a short queue at once when the flush in flight completes and none is left running', async () => {
    vi.useFakeTimers();
    const { calls, batcher } = setup({ maxBatch: 8, maxInFlight: 4, fillTo: 3, maxWaitMs: 1000 });
    void batcher.submit(1);
    const second = batcher.submit(2);
    calls[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[1]!.finish();
    await expect(second).resolves.toBe('r2');
  });

  it('drain resolves once nothing is queued or in flight', async () => {
    const { calls, batcher } = setup({ maxInFlight: 1 });
    await batcher.drain(); // idle: at once
    void batcher.submit(1);
    void batcher.submit(2);
    let drained = false;
    const draining = batcher.drain().then(() => (drained = true));
    calls[0]!.finish();
    await settle();
    expect(drained).toBe(false);
    calls[1]!.finish();
    await draining;
    expect(drained).toBe(true);
  });
});
