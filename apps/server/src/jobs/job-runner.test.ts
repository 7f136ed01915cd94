import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDatabase } from '../test/test-database.js';
import { createJobRunner } from './job-runner.js';

let handle: DatabaseHandle;
const quiet = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  handle = await createTestDatabase();
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

const lease = (name: string) =>
  handle.db.selectFrom('job_lease').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

describe('job runner', () => {
  it('runs a job on one instance only, however many schedulers tick at once', async () => {
    let runs = 0;
    const runners = Array.from({ length: 4 }, () =>
      createJobRunner({ db: handle.db, log: quiet, tickMs: 1000 }),
    );
    for (const r of runners) {
      r.register({
        name: 'exclusive',
        everyMs: 60_000,
        run: async () => {
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 50));
        },
      });
    }
    const started = await Promise.all(runners.map((r) => r.tick()));
    await Promise.all(runners.map((r) => r.idle()));
    expect(started.flat()).toEqual(['exclusive']);
    expect(runs).toBe(1);
    // Finished, but its interval has not passed: nobody runs it again yet.
    expect((await Promise.all(runners.map((r) => r.tick()))).flat()).toEqual([]);
    const row = await lease('exclusive');
    expect(row.last_finished_at).not.toBeNull();
    expect(row.last_error).toBeNull();
    expect(Number(row.runs)).toBe(1);
  });

  it('runs again once the interval has passed, and records a failure without keeping the lease', async () => {
    const observed: [string, boolean][] = [];
    const runner = createJobRunner({
      db: handle.db,
      log: quiet,
      tickMs: 1000,
      onRun: (job, ok, seconds) => {
        expect(seconds).toBeGreaterThanOrEqual(0);
        observed.push([job, ok]);
      },
    });
    let calls = 0;
    runner.register({
      name: 'flaky',
      everyMs: 1,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('upstream down');
      },
    });
    await runner.tick();
    await runner.idle();
    expect((await lease('flaky')).last_error).toBe('upstream down');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await runner.tick()).toEqual(['flaky']);
    await runner.idle();
    expect(calls).toBe(2);
    expect((await lease('flaky')).last_error).toBeNull();
    // The observer (metrics) heard both runs with their outcomes.
    expect(observed).toEqual([
      ['flaky', false],
      ['flaky', true],
    ]);
  });

  it('does not start a job whose lease another live instance holds', async () => {
    const a = createJobRunner({ db: handle.db, log: quiet, tickMs: 1000 });
    const b = createJobRunner({ db: handle.db, log: quiet, tickMs: 1000 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    a.register({ name: 'long', everyMs: 1, run: () => gate });
    b.register({ name: 'long', everyMs: 1, run: async () => undefined });
    expect(await a.tick()).toEqual(['long']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await b.tick()).toEqual([]);
    release();
    await a.idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await b.tick()).toEqual(['long']);
    await b.idle();
  });
});
