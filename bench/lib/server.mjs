// The built server as a child process, for the benches: start it on a free port with a temp data
// dir, wait until it is ready, stop it, talk HTTP to it, and make sure no process or temp dir
// outlives the bench, whatever happens.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, indent, log, warn } from './common.mjs';
import * as scratch from './postgres.mjs';

/** What `ensureBuilt` needs to build the server, or to tell that its build is stale. */
export const SERVER_BUILD = {
  workspace: '@arcadia/server',
  output: 'apps/server/dist/main.js',
  sources: ['apps/server/src', 'apps/server/scripts', 'packages', 'package-lock.json'],
};

const OPS_API_KEY = 'bench-operator-key-123456';
/** Server settings inherited from the shell that would change what is measured. */
const SCRUBBED_ENV = ['DATABASE_URL', 'REDIS_URL', 'HOST', 'BRAND_FILE', 'STATIC_DIR', 'SHUTDOWN_TIMEOUT_MS'];
const POLL_INTERVAL_MS = 25;
/** A readiness probe that hangs this long counts as "no answer"; the next poll tries again. */
const POLL_TIMEOUT_MS = 2000;
const READY_TIMEOUT_MS = 60_000;
/**
 * A readiness wait for benches that start on a fresh database, which migrates and seeds first: on
 * a machine shared with other heavy work that has taken longer than the default 60 s.
 */
export const FRESH_DB_READY_MS = 300_000;
const EXIT_TIMEOUT_MS = 30_000;
/** How much of the server's stdout and stderr to keep for error messages and log parsing. */
const KEEP_LOGS = 64 * 1024;

/**
 * @typedef {object} ExitStatus
 * @property {number | null} code
 * @property {string | null} signal
 * @property {number} at performance.now() when it exited
 * @property {Error} [error] set when the process could not be spawned
 */

/**
 * @typedef {object} Server
 * @property {import('node:child_process').ChildProcess} child
 * @property {number} port
 * @property {number} readyMs from just before spawn until GET /readyz first answered 200
 * @property {Promise<ExitStatus>} exited
 * @property {() => string} logs the last part of its stdout and stderr
 */

// ─── Cleanup registry ──────────────────────────────────────────────────────────────────────────

/** Children still running and temp dirs still on disk: cleaned up whatever happens. */
/** @type {Set<import('node:child_process').ChildProcess>} */
const liveChildren = new Set();
/** @type {Set<string>} */
const tempDirs = new Set();

/** Kills what is left and removes temp dirs, synchronously: all an 'exit' handler can do. */
function killAndRemoveSync() {
  for (const child of liveChildren) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  liveChildren.clear();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/**
 * Runs `fn` with every server and temp dir it creates registered for cleanup: on return or throw
 * they are killed and removed; if the runner exits early or gets SIGINT/SIGTERM (Ctrl+C), too.
 * @template T
 * @param {() => Promise<T>} fn
 * @param {object} [extra] cleanup of the bench's own, beyond servers and temp dirs
 * @param {string} [extra.what] what `onSignal` does, e.g. "dropping the bench database"
 * @param {() => Promise<void>} [extra.onSignal] on SIGINT/SIGTERM, after the servers are killed;
 *   given 5 s before the process exits
 * @param {() => void} [extra.onExit] when the process exits before `fn` settles: synchronous only
 * @returns {Promise<T>}
 */
export async function withCleanup(fn, extra = {}) {
  const onExit = () => {
    killAndRemoveSync();
    extra.onExit?.();
  };
  const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
    const doing = extra.what
      ? `stopping the server, removing temp dirs, ${extra.what}`
      : 'stopping the server and removing temp dirs';
    console.error(`\n  ${signal}: ${doing}`);
    killAndRemoveSync();
    if (!extra.onSignal) process.exit(130);
    void withTimeout(extra.onSignal(), 5000, () => new Error(`${extra.what ?? 'cleanup'} timed out`))
      .catch((err) => warn(err.message))
      .finally(() => process.exit(130));
  };
  process.on('exit', onExit);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await fn();
  } finally {
    await killAll();
    killAndRemoveSync();
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * Runs `fn` with a fresh temp dir (for the server's DATA_DIR), then removes it. Any server still
 * running is killed first (only after a failure): a server left running must go before its data dir.
 * @template T
 * @param {(dataDir: string) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withDataDir(fn) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-bench-'));
  tempDirs.add(dataDir);
  try {
    return await fn(dataDir);
  } finally {
    await killAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
    tempDirs.delete(dataDir);
  }
}

/** Kills any server still running and waits for it to go. */
export async function killAll() {
  const waits = [...liveChildren].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
        child.once('exit', () => resolve(undefined));
        child.kill('SIGKILL');
      }),
  );
  await withTimeout(
    Promise.all(waits),
    5000,
    () => new Error('a server process did not die on SIGKILL'),
  ).catch((err) => console.error(`  ${err.message}`));
  liveChildren.clear();
}

// ─── Server process ────────────────────────────────────────────────────────────────────────────

/**
 * Starts the built server (`node apps/server/dist/main.js` from the root) on a free port with
 * DEMO=1, LOG_LEVEL=warn, NODE_ENV=production and a fixed OPS_API_KEY, and waits until GET /readyz
 * answers 200. Fails, with the end of its output, when it exits first or is not ready in time.
 * @param {object} options
 * @param {string} options.dataDir its DATA_DIR (see withDataDir)
 * @param {NodeJS.ProcessEnv} [options.env] more variables, e.g. DATABASE_URL
 * @param {number} [options.readyTimeoutMs] how long to wait for /readyz (default 60 s); benches
 *   that start on a fresh database, which migrates and seeds first, allow longer
 * @returns {Promise<Server>}
 */
export async function startServer({ dataDir, env: extraEnv = {}, readyTimeoutMs = READY_TIMEOUT_MS }) {
  const port = await freePort();
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env };
  for (const key of SCRUBBED_ENV) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    OPS_API_KEY,
    ...extraEnv,
  });

  let output = '';
  const append = (/** @type {Buffer} */ data) => {
    output = (output + data.toString('utf8')).slice(-KEEP_LOGS);
  };
  const logs = () => output;

  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, SERVER_BUILD.output)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(child);
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  /** @type {Promise<ExitStatus>} */
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      liveChildren.delete(child);
      resolve({ code, signal, at: performance.now() });
    });
    child.once('error', (error) => {
      liveChildren.delete(child);
      resolve({ code: null, signal: null, at: performance.now(), error });
    });
  });

  const readyAt = await waitReady({ port, spawnedAt, exited, logs }, readyTimeoutMs);
  return { child, port, readyMs: readyAt - spawnedAt, exited, logs };
}

/**
 * Polls GET /readyz every POLL_INTERVAL_MS until it answers 200; returns performance.now() then.
 * @param {{ port: number, spawnedAt: number, exited: Promise<ExitStatus>, logs: () => string }} server
 * @param {number} timeoutMs
 */
async function waitReady({ port, spawnedAt, exited, logs }, timeoutMs) {
  let exit = /** @type {ExitStatus | null} */ (null);
  void exited.then((e) => (exit = e));
  const deadline = spawnedAt + timeoutMs;
  let lastStatus = 'no answer';
  for (;;) {
    const attemptAt = performance.now();
    const status = await httpRequest(port, 'GET', '/readyz', { timeoutMs: POLL_TIMEOUT_MS }).then(
      (r) => r.status,
      () => null,
    );
    if (status === 200) return performance.now();
    lastStatus = status === null ? 'no answer' : `HTTP ${status}`;
    if (exit) {
      const why = exit.error ? exit.error.message : (exit.signal ?? `code ${exit.code}`);
      throw new Error(`the server exited (${why}) before it was ready\n${indent(logs())}`);
    }
    if (performance.now() > deadline) {
      throw new Error(
        `the server was not ready within ${timeoutMs} ms (/readyz: ${lastStatus})\n${indent(logs())}`,
      );
    }
    await sleep(Math.max(0, POLL_INTERVAL_MS - (performance.now() - attemptAt)));
  }
}

/**
 * Stops the server with SIGTERM and waits for it to exit; kills it and fails when it takes longer
 * than 30 s.
 * @param {Server} server
 * @param {object} [options]
 * @param {string} [options.label] prefixed to messages, to tell servers apart
 * @param {'throw' | 'warn'} [options.uncleanExit] what an exit other than code 0 does: 'throw'
 *   (default) when the stop itself is measured, 'warn' when the figures were taken before it
 * @returns {Promise<number>} ms from SIGTERM until the process exited
 */
export async function stopServer(server, { label, uncleanExit = 'throw' } = {}) {
  const prefix = label ? `${label}: ` : '';
  const stopAt = performance.now();
  server.child.kill('SIGTERM');
  const exit = await withTimeout(server.exited, EXIT_TIMEOUT_MS, () => {
    server.child.kill('SIGKILL');
    return new Error(
      `${prefix}the server did not exit within ${EXIT_TIMEOUT_MS} ms of SIGTERM\n${indent(server.logs())}`,
    );
  });
  if (exit.code !== 0) {
    const message = `${prefix}the server exited with ${exit.signal ?? `code ${exit.code}`} after SIGTERM (expected code 0)`;
    if (uncleanExit === 'warn') warn(message);
    else throw new Error(`${message}\n${indent(server.logs())}`);
  }
  return exit.at - stopAt;
}

// ─── HTTP and timing ───────────────────────────────────────────────────────────────────────────

/**
 * One HTTP request to the server without keep-alive: an open connection would hold up its shutdown.
 * Rejects when nothing answers in time.
 * @param {number} port
 * @param {'GET' | 'POST' | 'PUT'} method
 * @param {string} urlPath
 * @param {object} [options]
 * @param {http.OutgoingHttpHeaders} [options.headers]
 * @param {string} [options.body]
 * @param {number} [options.timeoutMs] default 10 s
 * @returns {Promise<{ status: number, text: string, json: unknown }>} json is null when the body is not JSON
 */
export function httpRequest(port, method, urlPath, { headers = {}, body, timeoutMs = 10_000 } = {}) {
  return new Promise((resolve, reject) => {
    /** @type {http.OutgoingHttpHeaders} */
    const allHeaders = { ...headers, connection: 'close' };
    if (body !== undefined) allHeaders['content-length'] = Buffer.byteLength(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        headers: allHeaders,
        timeout: timeoutMs,
      },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON: the caller reports the text
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A port that was free a moment ago: listen on port 0, note the port, close.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('could not find a free port'))));
    });
  });
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {() => Error} onTimeout called on timeout; its error rejects the result
 * @returns {Promise<T>}
 */
export function withTimeout(promise, ms, onTimeout) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout]).finally(() => clearTimeout(timer)));
}

/** @param {number} ms */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `fn` on a fresh database on the PostgreSQL server at `url`; afterwards stops every server
 * the bench started (they hold connections to it) and drops the database.
 * @template T
 * @param {string} url
 * @param {(dbUrl: string) => Promise<T>} fn
 */
export async function onScratchDatabase(url, fn) {
  const db = await scratch.createScratchDatabase(url, 'arcadia_bench');
  try {
    log('');
    log(`PostgreSQL at ${scratch.redact(url)}, fresh database ${db.name}`);
    return await fn(db.url);
  } finally {
    await killAll();
    await scratch.dropScratchDatabase();
  }
}
