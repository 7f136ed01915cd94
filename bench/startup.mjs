// Startup bench: what the browser downloads for the home route, and how fast the server is ready.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { ROOT, ensureBuilt, log, median, toKB } from './lib/common.mjs';

export const description = 'Home route JavaScript size (gzip) and server ready time';
export const usage = '[--skip-build] [--runs N]   (N server starts of each kind, default 3)';

const WEB_DIST = 'apps/web/dist';
const MANIFEST = `${WEB_DIST}/.vite/manifest.json`;
const SERVER_MAIN = 'apps/server/dist/main.js';
const ENTRY_KEY = 'index.html';
const HOME_KEY = 'src/app/routes/home.tsx';

const POLL_INTERVAL_MS = 25;
const READY_TIMEOUT_MS = 60_000;
const EXIT_TIMEOUT_MS = 30_000;
const OPS_API_KEY = 'bench-operator-key-123456';
/** Server settings inherited from the shell that would change what is measured. */
const SCRUBBED_ENV = ['DATABASE_URL', 'REDIS_URL', 'HOST', 'BRAND_FILE', 'STATIC_DIR', 'SHUTDOWN_TIMEOUT_MS'];

/**
 * @param {string[]} args
 * @returns {Promise<Record<string, number>>}
 */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: { 'skip-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
    strict: true,
    allowPositionals: false,
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
    throw new Error(`--runs must be a whole number from 1 to 100, got "${values.runs}"`);
  }
  const skipBuild = values['skip-build'] ?? false;

  // Build (or check) both outputs before measuring anything.
  ensureBuilt({
    workspace: '@arcadia/web',
    output: MANIFEST,
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages',
      'package-lock.json',
    ],
    skipBuild,
  });
  ensureBuilt({
    workspace: '@arcadia/server',
    output: SERVER_MAIN,
    sources: ['apps/server/src', 'apps/server/tsup.config.ts', 'packages', 'package-lock.json'],
    skipBuild,
  });

  const bundle = measureHomeBundle();
  log('');
  const server = await measureServer(runs);
  return { ...bundle, ...server };
}

// ─── Home route bundle ─────────────────────────────────────────────────────────────────────────

/**
 * @typedef {object} ManifestChunk
 * @property {string} file
 * @property {string[]} [imports]
 * @property {string[]} [dynamicImports]
 * @property {string[]} [css]
 * @property {boolean} [isEntry]
 * @property {boolean} [isDynamicEntry]
 */

function measureHomeBundle() {
  log('Home route bundle (Vite manifest: index.html entry + home route, static imports only)');
  const dist = path.join(ROOT, WEB_DIST);
  /** @type {Record<string, ManifestChunk>} */
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, MANIFEST), 'utf8'));
  for (const key of [ENTRY_KEY, HOME_KEY]) {
    if (!manifest[key])
      throw new Error(`${MANIFEST} has no "${key}" chunk; did the entry or the home route move?`);
  }
  if (!manifest[ENTRY_KEY].dynamicImports?.includes(HOME_KEY)) {
    log(`note: ${ENTRY_KEY} does not lazily import ${HOME_KEY}; measuring both anyway`);
  }

  // Every chunk reachable from the two roots through static `imports` (not `dynamicImports`).
  /** @type {Set<string>} */
  const keys = new Set();
  const stack = [ENTRY_KEY, HOME_KEY];
  while (stack.length > 0) {
    const key = /** @type {string} */ (stack.pop());
    if (keys.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${MANIFEST}: chunk "${key}" is imported but not listed`);
    keys.add(key);
    stack.push(...(chunk.imports ?? []));
  }

  /** @param {string} file path relative to the dist directory */
  const sizes = (file) => {
    const full = path.join(dist, file);
    if (!fs.existsSync(full)) {
      throw new Error(`${WEB_DIST}/${file} is in the manifest but not on disk (is a build running?)`);
    }
    const buf = fs.readFileSync(full);
    return { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
  };

  const chunks = [...keys].map((key) => ({ key, file: manifest[key].file, ...sizes(manifest[key].file) }));
  const cssFiles = [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))];
  const css = cssFiles.map((file) => ({ file, ...sizes(file) }));

  const jsRaw = chunks.reduce((sum, c) => sum + c.raw, 0);
  const jsGzip = chunks.reduce((sum, c) => sum + c.gzip, 0);
  const cssGzip = css.reduce((sum, c) => sum + c.gzip, 0);

  const biggest = [...chunks].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
  const nameWidth = Math.max(...biggest.map((c) => path.basename(c.file).length));
  log(`${chunks.length} JS chunks, ${css.length} CSS file(s); biggest by gzip:`);
  for (const c of biggest) {
    const role = c.key === ENTRY_KEY ? '  (entry)' : c.key === HOME_KEY ? '  (home route)' : '';
    log(
      `  ${path.basename(c.file).padEnd(nameWidth)}  ${toKB(c.gzip).toFixed(1).padStart(6)} KB gzip` +
        `  ${toKB(c.raw).toFixed(1).padStart(6)} KB raw${role}`,
    );
  }
  log(
    `total JS ${toKB(jsGzip).toFixed(1)} KB gzip (${toKB(jsRaw).toFixed(1)} KB raw), CSS ${toKB(cssGzip).toFixed(1)} KB gzip`,
  );

  return {
    homeJsGzipKB: toKB(jsGzip),
    homeJsRawKB: toKB(jsRaw),
    homeCssGzipKB: toKB(cssGzip),
    homeChunkCount: chunks.length,
  };
}

// ─── Server ready time ─────────────────────────────────────────────────────────────────────────

/**
 * @typedef {object} Server
 * @property {import('node:child_process').ChildProcess} child
 * @property {number} port
 * @property {number} spawnedAt performance.now() just before spawn
 * @property {Promise<{ code: number | null, signal: string | null, at: number, error?: Error }>} exited
 * @property {() => string} output the last part of its stdout and stderr
 */

/** Children still running and temp dirs still on disk: cleaned up whatever happens. */
/** @type {Set<import('node:child_process').ChildProcess>} */
const liveChildren = new Set();
/** @type {Set<string>} */
const tempDirs = new Set();

/** Last resort (runner exiting, Ctrl+C): kill what is left and remove temp dirs, synchronously. */
function cleanupSync() {
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

/** @param {NodeJS.Signals} signal */
function onSignal(signal) {
  console.error(`\n  ${signal}: stopping the server and removing temp dirs`);
  cleanupSync();
  process.exit(130);
}

/**
 * @param {number} runs
 * @returns {Promise<{ coldReadyMs: number, warmReadyMs: number, shutdownMs: number }>}
 */
async function measureServer(runs) {
  log(`Server ready time: ${SERVER_MAIN}, PGlite in a fresh temp dir, ${runs} run(s) of cold + warm start`);
  process.on('exit', cleanupSync);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  /** @type {number[]} */ const cold = [];
  /** @type {number[]} */ const warm = [];
  /** @type {number[]} */ const shutdown = [];
  try {
    for (let i = 1; i <= runs; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-bench-'));
      tempDirs.add(dataDir);
      try {
        const c = await startAndStop(dataDir);
        const w = await startAndStop(dataDir);
        cold.push(c.readyMs);
        warm.push(w.readyMs);
        shutdown.push(c.shutdownMs, w.shutdownMs);
        const own = (/** @type {number | null} */ ms) => (ms === null ? '' : ` (server says ${ms} ms)`);
        log(
          `run ${i}/${runs}  cold ${fmtMs(c.readyMs)}${own(c.selfReportedMs)}  warm ${fmtMs(w.readyMs)}` +
            `${own(w.selfReportedMs)}  shutdown ${fmtMs(c.shutdownMs)} / ${fmtMs(w.shutdownMs)}`,
        );
      } finally {
        await killAll(); // only after a failure: a server left running must go before its data dir
        fs.rmSync(dataDir, { recursive: true, force: true });
        tempDirs.delete(dataDir);
      }
    }
  } finally {
    await killAll();
    cleanupSync();
    process.off('exit', cleanupSync);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  return {
    coldReadyMs: Math.round(median(cold)),
    warmReadyMs: Math.round(median(warm)),
    shutdownMs: Math.round(median(shutdown)),
  };
}

/** @param {number} ms */
function fmtMs(ms) {
  return `${Math.round(ms)} ms`;
}

/**
 * Starts the server on `dataDir`, waits for /readyz = 200, stops it with SIGTERM.
 * @param {string} dataDir
 */
async function startAndStop(dataDir) {
  const server = await startServer(dataDir);
  const readyAt = await waitReady(server);
  const readyMs = readyAt - server.spawnedAt;
  const match = /Ready in (\d+) ms/.exec(server.output());
  const selfReportedMs = match ? Number(match[1]) : null;

  const stopAt = performance.now();
  server.child.kill('SIGTERM');
  const exit = await withTimeout(server.exited, EXIT_TIMEOUT_MS, () => {
    server.child.kill('SIGKILL');
    return new Error(
      `the server did not exit within ${EXIT_TIMEOUT_MS} ms of SIGTERM\n${indent(server.output())}`,
    );
  });
  if (exit.code !== 0) {
    throw new Error(
      `the server exited with ${exit.signal ?? `code ${exit.code}`} after SIGTERM (expected code 0)\n${indent(server.output())}`,
    );
  }
  return { readyMs, selfReportedMs, shutdownMs: exit.at - stopAt };
}

/**
 * @param {string} dataDir
 * @returns {Promise<Server>}
 */
async function startServer(dataDir) {
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
  });

  let output = '';
  const keep = 64 * 1024;
  const append = (/** @type {Buffer} */ data) => {
    output = (output + data.toString('utf8')).slice(-keep);
  };

  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, SERVER_MAIN)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(child);
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  /** @type {Server['exited']} */
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
  return { child, port, spawnedAt, exited, output: () => output };
}

/**
 * Polls GET /readyz every POLL_INTERVAL_MS until it answers 200; returns performance.now() then.
 * @param {Server} server
 */
async function waitReady(server) {
  let exit = /** @type {Awaited<Server['exited']> | null} */ (null);
  void server.exited.then((e) => (exit = e));
  const deadline = server.spawnedAt + READY_TIMEOUT_MS;
  let lastStatus = 'no answer';
  for (;;) {
    const attemptAt = performance.now();
    const status = await getStatus(server.port, '/readyz');
    if (status === 200) return performance.now();
    lastStatus = status === null ? 'no answer' : `HTTP ${status}`;
    if (exit) {
      const why = exit.error ? exit.error.message : (exit.signal ?? `code ${exit.code}`);
      throw new Error(`the server exited (${why}) before it was ready\n${indent(server.output())}`);
    }
    if (performance.now() > deadline) {
      throw new Error(
        `the server was not ready within ${READY_TIMEOUT_MS} ms (/readyz: ${lastStatus})\n${indent(server.output())}`,
      );
    }
    await sleep(Math.max(0, POLL_INTERVAL_MS - (performance.now() - attemptAt)));
  }
}

/**
 * Status code of one GET, or null when nothing answers. No keep-alive: an open connection would
 * hold up the server's shutdown.
 * @param {number} port
 * @param {string} urlPath
 * @returns {Promise<number | null>}
 */
function getStatus(port, urlPath) {
  return new Promise((resolve) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        agent: false,
        headers: { connection: 'close' },
        timeout: 2000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? null));
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/** A port that was free a moment ago: listen on port 0, note the port, close. */
function freePort() {
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

/** Kills any server still running and waits for it to go. */
async function killAll() {
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

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {() => Error} onTimeout called on timeout; its error rejects the result
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, onTimeout) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, timeout]).finally(() => clearTimeout(timer)));
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** @param {string} text */
function indent(text) {
  const trimmed = text.trim();
  return trimmed ? trimmed.replace(/^/gm, '    | ') : '    (no output)';
}
