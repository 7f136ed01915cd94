// Startup bench: what the browser downloads for the home route, and how fast the server is ready.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, ensureBuilt, log, median, toKB, wholeNumberOption } from './lib/common.mjs';
import { SERVER_BUILD, startServer, stopServer, withCleanup, withDataDir } from './lib/server.mjs';
import {
  ENTRY_KEY,
  HOME_KEY,
  MANIFEST,
  measureHomeBundle as measureHomeBundle_,
} from '../scripts/home-bundle.mjs';

export const description = 'Home route JavaScript size (gzip) and server ready time';
export const usage = '[--skip-build] [--runs N]   (N server starts of each kind, default 3)';

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

function measureHomeBundle() {
  log('Home route bundle (Vite manifest: index.html entry + home route, static imports only)');
  const { chunks, css, jsRaw, jsGzip, cssGzip, homeIsLazy } = measureHomeBundle_(ROOT);
  if (!homeIsLazy) log(`note: ${ENTRY_KEY} does not lazily import ${HOME_KEY}; measuring both anyway`);
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
