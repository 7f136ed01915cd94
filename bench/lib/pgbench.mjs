// pgbench as a child process, for benches that measure a raw-SQL ceiling: run a custom script for
// a while, read its rate and every transaction's latency. Neither the process nor its temp dir
// outlives the bench: call cleanupPgbenchSync from withCleanup's onExit and onSignal.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indent } from './common.mjs';

/** The pgbench running now and its temp dir (script, logs). */
const live = {
  child: /** @type {import('node:child_process').ChildProcess | null} */ (null),
  dir: /** @type {string | null} */ (null),
};

/** Kills a running pgbench and removes its temp dir, synchronously. */
export function cleanupPgbenchSync() {
  live.child?.kill('SIGKILL');
  if (live.dir) fs.rmSync(live.dir, { recursive: true, force: true });
  live.dir = null;
}

/**
 * Runs `pgbench -n -c clients -j threads -T seconds -f <script> <url>` (the binary on PATH, or
 * $PGBENCH). With `latencies`, also logs each transaction (`-l`) and returns their latencies.
 * Fails, with pgbench's output, unless it exits 0 with no failed transaction.
 * @param {object} options
 * @param {string} options.url the database (a libpq connection URI)
 * @param {string} options.script the custom script's text
 * @param {number} options.clients
 * @param {number} options.threads
 * @param {number} options.seconds
 * @param {boolean} [options.latencies]
 * @returns {Promise<{ count: number, tps: number, latenciesMs: number[] }>} the transactions
 *   processed, tps without the initial connection time, and the latencies in ms, sorted
 */
export async function runPgbench({ url, script, clients, threads, seconds, latencies = false }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-bench-pgbench-'));
  live.dir = dir;
  try {
    const file = path.join(dir, 'script.sql');
    fs.writeFileSync(file, script);
    const args = ['-n', '-c', String(clients), '-j', String(threads), '-T', String(seconds), '-f', file];
    if (latencies) args.push('-l', '--log-prefix', path.join(dir, 'log'));
    const { count, tps } = await spawnPgbench([...args, url]);
    return { count, tps, latenciesMs: latencies ? readLogs(dir, count) : [] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    live.dir = null;
  }
}

/**
 * The value below which the fraction `q` of the sorted values lie (nearest rank).
 * @param {number[]} sorted ascending, not empty
 * @param {number} q from 0 to 1
 */
export function percentile(sorted, q) {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

/**
 * The latencies (ms, sorted) from pgbench's per-transaction logs `log.<pid>[.<thread>]`, whose
 * third column is the latency in µs; fails unless there is one timed line per transaction.
 * @param {string} dir
 * @param {number} count transactions pgbench reported
 */
function readLogs(dir, count) {
  const micros = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('log.'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((line) => Number(line.split(' ')[2]));
  if (micros.length !== count || micros.some((m) => !Number.isFinite(m))) {
    throw new Error(`pgbench logged ${micros.length} transaction(s), not all timed, but reported ${count}`);
  }
  return micros.map((m) => m / 1000).sort((a, b) => a - b);
}

/**
 * @param {string[]} args
 * @returns {Promise<{ count: number, tps: number }>}
 */
function spawnPgbench(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.PGBENCH || 'pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    live.child = child;
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', (err) => reject(new Error(`pgbench could not start: ${err.message}`)));
    child.once('exit', (code, signal) => {
      live.child = null;
      const count = Number(/transactions actually processed: (\d+)/.exec(out)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
      // "without initial connection time" since PostgreSQL 14, "excluding connections establishing" before
      const tps = Number(/tps = ([\d.]+) \((?:without initial|excluding)/.exec(out)?.[1]);
      if (code === 0 && failed === 0 && count > 0 && tps > 0) resolve({ count, tps });
      else
        reject(
          new Error(`pgbench exited with ${signal ?? `code ${code}`}, ${failed} failed:\n${indent(out)}`),
        );
    });
  });
}
