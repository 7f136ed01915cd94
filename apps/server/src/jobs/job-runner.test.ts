import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDatabase } from '../test/test-database.js';
import { type Job, createJobRunner } from './job-runner.js';

let handle: DatabaseHandle;
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

const lease = (name: string) =>
  handle.db.selectFrom('job_lease').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

/** The leases' clock: every runner of these tests reads it, and only the tests move it. */
let clockMs = Date.parse('2030-01-01T00:00:00Z');
const now = () => new Date(clockMs);
const advance = (ms: number) => {
  clockMs += ms;
};
const runner = (extra: { onRun?: (job: string, ok: boolean, seconds: number) => void } = {}) =>
  createJobRunner({ db: handle.db, log: quiet, tickMs: 1000, now, ...extra });

/** A promise the test settles when it chooses. */
function gate() {
  let open: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

describe('job runner', () => {
  it('runs a job on one instance only, however many schedulers tick at once', async () => {
    let runs = 0;
    const running = gate();
    const runners = Array.from({ length: 4 }, () => runner());
    for (const r of runners) {
      r.register({
        name: 'exclusive',
        everyMs: 60_000,
        run: async () => {
          runs++;
          await running.done;
        },
      });
    }
    const started = await Promise.all(runners.map((r) => r.tick()));
    running.open();
    await Promise.all(runners.map((r) => r.idle()));
    expect(started.flat()).toEqual(['exclusive']);
    expect(runs).toBe(1);
    const finishedAt = now();
    // Finished, but its interval has not passed: nobody runs it again yet.
    advance(59_999);
    expect((await Promise.all(runners.map((r) => r.tick()))).flat()).toEqual([]);
    const row = await lease('exclusive');
    expect(row.last_finished_at).toEqual(finishedAt);
    expect(row.last_error).toBeNull();
    expect(Number(row.runs)).toBe(1);
    // Once it has: exactly one of them runs it again.
    advance(2);
    expect((await Promise.all(runners.map((r) => r.tick()))).flat()).toEqual(['exclusive']);
    await Promise.all(runners.map((r) => r.idle()));
    expect(runs).toBe(2);
  });

  it('runs again once the interval has passed, and records a failure without keeping the lease', async () => {
    const observed: [string, boolean][] = [];
    const r = runner({
      onRun: (job, ok, seconds) => {
        expect(seconds).toBeGreaterThanOrEqual(0);
        observed.push([job, ok]);
      },
    });
    let calls = 0;
    r.register({
      name: 'flaky',
      everyMs: 1000,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('upstream down');
      },
    });
    expect(await r.tick()).toEqual(['flaky']);
    await r.idle();
    expect((await lease('flaky')).last_error).toBe('upstream down');
    // The failure gave the lease back, but the interval still counts from the start.
    advance(1000);
    expect(await r.tick()).toEqual([]);
    advance(1);
    expect(await r.tick()).toEqual(['flaky']);
    await r.idle();
    expect(calls).toBe(2);
    expect((await lease('flaky')).last_error).toBeNull();
    // The observer (metrics) heard both runs with their outcomes.
    expect(observed).toEqual([
      ['flaky', false],
      ['flaky', true],
    ]);
  });

  it('does not start a job whose lease another live instance holds', async () => {
    const a = runner();
    const b = runner();
    const long = gate();
    a.register({ name: 'long', everyMs: 1000, leaseMs: 60_000, run: () => long.done });
    b.register({ name: 'long', everyMs: 1000, leaseMs: 60_000, run: async () => undefined });
    expect(await a.tick()).toEqual(['long']);
    // Its interval has passed, but a still holds the lease.
    advance(5000);
    expect(await b.tick()).toEqual([]);
    long.open();
    await a.idle();
    advance(1);
    expect(await b.tick()).toEqual(['long']);
    await b.idle();
  });

  it('frees the lease of a holder that died once its lease time is over', async () => {
    const dead = runner();
    const alive = runner();
    let aliveRuns = 0;
    dead.register({
      name: 'orphan',
      everyMs: 1000,
      leaseMs: 30_000,
      run: () => new Promise(() => undefined),
    });
    alive.register({
      name: 'orphan',
      everyMs: 1000,
      leaseMs: 30_000,
      run: async () => {
        aliveRuns++;
      },
    });
    expect(await dead.tick()).toEqual(['orphan']);
    advance(30_000);
    expect(await alive.tick()).toEqual([]);
    advance(1);
    expect(await alive.tick()).toEqual(['orphan']);
    await alive.idle();
    expect(aliveRuns).toBe(1);
    expect(Number((await lease('orphan')).runs)).toBe(2);
  });
});

describe('local jobs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A local job whose runs the test finishes one by one. */
  function localJob(name: string, everyMs: number) {
    const runs: { finish: () => void; fail: (err: Error) => void }[] = [];
    const job: Job = {
      name,
      everyMs,
      local: true,
      run: () =>
        new Promise<void>((resolve, reject) => {
          runs.push({ finish: resolve, fail: reject });
        }),
    };
    return { job, runs };
  }

  it('run on every instance on their own timer, never two at once on one instance', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const observed: [string, boolean][] = [];
    const a = runner({ onRun: (job, ok) => observed.push([job, ok]) });
    const b = runner();
    const onA = localJob('sweep', 250);
    const onB = localJob('sweep', 250);
    a.register(onA.job);
    b.register(onB.job);
    // No lease: the leased pass never starts them.
    expect(await a.tick()).toEqual([]);

    a.start();
    b.start();
    // Each instance starts its own run at once, without asking the other.
    expect(onA.runs).toHaveLength(1);
    expect(onB.runs).toHaveLength(1);

    // The first run on a is still going: its timer fires four times and starts nothing.
    await vi.advanceTimersByTimeAsync(1000);
    expect(onA.runs).toHaveLength(1);
    // On b the run finished: the next tick of b's own timer starts the next one.
    onB.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(250);
    expect(onB.runs).toHaveLength(2);
    expect(onA.runs).toHaveLength(1);

    // a's run fails: it is reported, and the timer goes on with the next run.
    onA.runs[0]!.fail(new Error('table busy'));
    await vi.advanceTimersByTimeAsync(249);
    expect(onA.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(onA.runs).toHaveLength(2);
    expect(observed).toEqual([['sweep', false]]);
    onA.runs[1]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(observed).toEqual([
      ['sweep', false],
      ['sweep', true],
    ]);
    await a.stop();

    // Stopping waits for the run in progress and ends the timer.
    let stopped = false;
    const stopping = b.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    onB.runs[1]!.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(onB.runs).toHaveLength(2);
    expect(onA.runs).toHaveLength(2);
  });
});
