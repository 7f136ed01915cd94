import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Background jobs (architecture §7). Every instance runs the same scheduler; a job runs on the
 * instance that takes its lease — one conditional upsert on `job_lease` — so N instances never
 * run one job twice at once, and a crashed holder's lease expires by itself. Jobs themselves are
 * idempotent (they key their effects by period), so a rerun after a crash changes nothing twice.
 */
export interface Job {
  name: string;
  /** Minimum time between two starts of the job, across all instances. */
  everyMs: number;
  /** Longest a run may hold the lease; a holder that dies frees the job after this. */
  leaseMs?: number;
  /**
   * Runs on every instance on its own timer (every `everyMs`, sub-second allowed), without a
   * lease: for sweeps whose every step is itself a conditional update that happens once however
   * many instances try (draws, kick-offs, table rounds). Never two runs at once on one instance.
   */
  local?: boolean;
  run(): Promise<unknown>;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function createJobRunner(deps: {
  db: Kysely<Database>;
  log: JobLogger;
  tickMs: number;
  /** Told of every finished run (metrics): the job, whether it succeeded, and its seconds. */
  onRun?: (job: string, ok: boolean, seconds: number) => void;
  /**
   * The clock leases are taken and given back by (tests move it). Absent: the database's own
   * `now()`, so every instance agrees on one clock.
   */
  now?: () => Date;
}) {
  const { db, log, tickMs } = deps;
  /** The current time as SQL: the injected clock's reading, or the database's `now()`. */
  const clock = () => (deps.now ? sql<Date>`${deps.now().toISOString()}::timestamptz` : sql<Date>`now()`);
  const owner = randomBytes(8).toString('hex');
  const jobs: Job[] = [];
  const localJobs: Job[] = [];
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  const localTimers: NodeJS.Timeout[] = [];

  /** Takes the job's lease if it is free and its interval has passed since the last start. */
  async function acquire(job: Job): Promise<boolean> {
    const leaseMs = job.leaseMs ?? Math.max(job.everyMs, 60_000);
    const now = clock();
    const { rows } = await sql<{ name: string }>`
      insert into job_lease as l (name, owner, locked_until, last_started_at, runs)
      values (${job.name}, ${owner}, ${now} + ${leaseMs} * interval '1 millisecond', ${now}, 1)
      on conflict (name) do update
        set owner = excluded.owner, locked_until = excluded.locked_until,
            last_started_at = ${now}, runs = l.runs + 1
        where l.locked_until < ${now}
          and (l.last_started_at is null or l.last_started_at < ${now} - ${job.everyMs} * interval '1 millisecond')
      returning l.name`.execute(db);
    return rows.length === 1;
  }

  async function release(job: Job, error: unknown) {
    const now = clock();
    await db
      .updateTable('job_lease')
      .set({
        locked_until: now,
        last_finished_at: now,
        last_error:
          error === null ? null : String(error instanceof Error ? error.message : error).slice(0, 500),
      })
      .where('name', '=', job.name)
      .where('owner', '=', owner)
      .execute();
  }

  /** One pass over every job: runs those whose lease this instance takes. */
  async function tick(): Promise<string[]> {
    const started: string[] = [];
    for (const job of jobs) {
      try {
        if (!(await acquire(job))) continue;
      } catch (err) {
        log.error({ err, job: job.name }, 'job lease failed');
        continue;
      }
      started.push(job.name);
      const run = (async () => {
        let failure: unknown = null;
        const began = performance.now();
        try {
          const result = await job.run();
          log.info({ job: job.name, result }, 'job finished');
        } catch (err) {
          failure = err;
          log.error({ err, job: job.name }, 'job failed');
        }
        deps.onRun?.(job.name, failure === null, (performance.now() - began) / 1000);
        await release(job, failure).catch((err: unknown) =>
          log.error({ err, job: job.name }, 'job release failed'),
        );
      })();
      running.add(run);
      void run.finally(() => running.delete(run));
    }
    return started;
  }

  /** A local job's timer: a run starts only when the previous one on this instance has finished. */
  function startLocal(job: Job) {
    let busy = false;
    const runLocal = () => {
      if (busy) return;
      busy = true;
      const began = performance.now();
      const run = job
        .run()
        .then(
          () => deps.onRun?.(job.name, true, (performance.now() - began) / 1000),
          (err: unknown) => {
            log.error({ err, job: job.name }, 'job failed');
            deps.onRun?.(job.name, false, (performance.now() - began) / 1000);
          },
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    runLocal();
    const t = setInterval(runLocal, job.everyMs);
    t.unref();
    localTimers.push(t);
  }

  return {
    register(job: Job) {
      (job.local ? localJobs : jobs).push(job);
    },
    tick,
    /** Resolves when every run started so far has finished. */
    async idle() {
      await Promise.all([...running]);
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void tick(), tickMs);
      timer.unref();
      void tick();
      for (const job of localJobs) startLocal(job);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      for (const t of localTimers.splice(0)) clearInterval(t);
      await Promise.all([...running]);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
