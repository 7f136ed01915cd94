// Startup bench: what the browser downloads for the home route, and how fast the server is ready.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { ROOT, ensureBuilt, log, median, toKB, wholeNumberOption } from './lib/common.mjs';
import { SERVER_BUILD, startServer, stopServer, withCleanup, withDataDir } from './lib/server.mjs';

export const description = 'Home route JavaScript size (gzip) and server ready time';
export const usage = '[--skip-build] [--runs N]   (N server starts of each kind, default 3)';

const WEB_DIST = 'apps/web/dist';
const MANIFEST = `${WEB_DIST}/.vite/manifest.json`;
const ENTRY_KEY = 'index.html';
const HOME_KEY = 'src/app/routes/home.tsx';

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
  const runs = wholeNumberOption('runs', values.runs, 1, 100);
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
  ensureBuilt({ ...SERVER_BUILD, skipBuild });

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
 * @param {number} runs
 * @returns {Promise<{ coldReadyMs: number, warmReadyMs: number, shutdownMs: number }>}
 */
async function measureServer(runs) {
  log(
    `Server ready time: ${SERVER_BUILD.output}, PGlite in a fresh temp dir, ${runs} run(s) of cold + warm start`,
  );
  /** @type {number[]} */ const cold = [];
  /** @type {number[]} */ const warm = [];
  /** @type {number[]} */ const shutdown = [];
  await withCleanup(async () => {
    for (let i = 1; i <= runs; i++) {
      await withDataDir(async (dataDir) => {
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
      });
    }
  });
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
 * Starts the server on `dataDir`, waits for /readyz = 200, stops it with SIGTERM (it must exit 0).
 * @param {string} dataDir
 */
async function startAndStop(dataDir) {
  const server = await startServer({ dataDir });
  // The server's own figure starts after its modules have loaded: the gap to ours is Node's boot.
  const match = /Ready in (\d+) ms/.exec(server.logs());
  const selfReportedMs = match ? Number(match[1]) : null;
  const shutdownMs = await stopServer(server);
  return { readyMs: server.readyMs, selfReportedMs, shutdownMs };
}
