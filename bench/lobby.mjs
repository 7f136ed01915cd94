// Lobby bench: requests per second and p99 of the games list (GCSGAME_gameList) on the built
// server, against a bare Fastify hello-world measured in the same run on the same machine. The
// ratio says how much of raw Fastify's throughput the catalogue read keeps.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT, ensureBuilt, indent, log, wholeNumberOption } from './lib/common.mjs';
import { assertAllOk } from './lib/load.mjs';
import {
  FRESH_DB_READY_MS,
  SERVER_BUILD,
  freePort,
  httpRequest,
  sleep,
  startServer,
  stopServer,
  withCleanup,
  withDataDir,
} from './lib/server.mjs';

export const description = 'Games-list requests per second and p99 against a bare Fastify hello-world';
export const usage =
  '[--connections N] [--duration S] [--rounds N] [--skip-build]   (defaults: 16 connections, 4 s, 5 rounds)';

/** A category page as the web client asks for it (spec §7: pageSize 24 off the home page). */
const LIST_PATH =
  '/wps/relay/GCSGAME_gameList?clientType=3&platform=flash,html5-desktop&gameType=RNG&pageNo=1&pageSize=24&language=EN';
const WARMUP_SECONDS = 3;
/** What Chromium and Firefox send: the lobby is read by browsers, which always accept compression. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** The target of the issue: the catalogue read keeps at least half of bare Fastify's rate. */
const TARGET_RATIO = 0.5;

/**
 * CPU time (user + system) a process has used, in µs, from /proc; null where there is no /proc.
 * On a shared machine the request rate moves with everyone else's load, while the server's CPU
 * time per request barely does: the second ratio is the steadier one.
 * @param {number | undefined} pid
 */
function cpuMicros(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // clock ticks at USER_HZ 100
  } catch {
    return null;
  }
}

/** The hello-world: Fastify with no plugins, one JSON route, no logging. */
const HELLO_SOURCE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
`;

/**
 * @param {string[]} args
 * @returns {Promise<Record<string, number>>}
 */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      connections: { type: 'string', default: '16' },
      duration: { type: 'string', default: '4' },
      rounds: { type: 'string', default: '5' },
      'skip-build': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const connections = wholeNumberOption('connections', values.connections, 1, 1000);
  const duration = wholeNumberOption('duration', values.duration, 1, 3600, 'a whole number of seconds');
  const rounds = wholeNumberOption('rounds', values.rounds, 1, 100);
  ensureBuilt({ ...SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  log(
    `${connections} connection(s); ${WARMUP_SECONDS} s warm-up each, then ${rounds} round(s) of ${duration} s per target,` +
      ` the targets taking turns within each round (the machine's cores are shared by the load generator and the` +
      ` server, and its speed drifts: turns keep a drift from landing on one target only)`,
  );
  return withCleanup(() => measure({ connections, duration, rounds }));
}

/** The middle value (the mean of the two middle ones for an even count). */
const median = (/** @type {number[]} */ values) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};
const round2 = (/** @type {number} */ x) => Math.round(x * 100) / 100;

/**
 * @param {{ connections: number, duration: number, rounds: number }} options
 * @returns {Promise<Record<string, number>>}
 */
async function measure({ connections, duration, rounds }) {
  log('');
  const { hello, plain, browser, games } = await withHelloWorld(async (helloPort, helloPid) => {
    log(`hello-world: bare Fastify on port ${helloPort}, GET /`);
    return withDataDir(async (dataDir) => {
      const server = await startLobbyServer(dataDir);
      try {
        log(
          `lobby: server ready in ${Math.round(server.readyMs)} ms on port ${server.port} (PGlite, DEMO=1)`,
        );
        const headers = { merchant: 'demo' };
        // One request first: a wrong setup must fail here with the reason, not as a rate of errors.
        const first = await httpRequest(server.port, 'GET', LIST_PATH, { headers });
        const value = /** @type {any} */ (first.json)?.value;
        if (first.status !== 200 || !Array.isArray(value?.games)) {
          throw new Error(
            `GET ${LIST_PATH} answered HTTP ${first.status}:\n${indent(first.text.slice(0, 2000))}`,
          );
        }
        log(
          `lobby: GET ${LIST_PATH}\n  answers ${value.games.length} of ${value.totalCount} games` +
            ` (${first.text.length} bytes)` +
            (value.games.length === 0 ? ' — no adapter serves the demo games, so the list is empty' : ''),
        );
        const targets = {
          hello: { label: 'hello-world', port: helloPort, pid: helloPid, path: '/', headers: {} },
          plain: { label: 'games list', port: server.port, pid: server.child.pid, path: LIST_PATH, headers },
          browser: {
            label: 'games list, browser Accept-Encoding',
            port: server.port,
            pid: server.child.pid,
            path: LIST_PATH,
            headers: { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          },
        };
        /** @type {Record<keyof typeof targets, Awaited<ReturnType<typeof loadTest>>[]>} */
        const runs = { hello: [], plain: [], browser: [] };
        const order = /** @type {const} */ (['hello', 'plain', 'browser']);
        // Every target warms up before the first round, so no round measures a cold target.
        log('');
        for (const key of order) {
          const t = targets[key];
          await warmUp(t.label, t.port, t.path, t.headers, connections);
        }
        for (let r = 1; r <= rounds; r++) {
          log('');
          for (const key of order) {
            const t = targets[key];
            const label = `round ${r}, ${t.label}`;
            runs[key].push(await loadTest(label, t.port, t.pid, t.path, t.headers, connections, duration));
          }
          const [h, p, b] = [runs.hello[r - 1], runs.plain[r - 1], runs.browser[r - 1]];
          log(
            `round ${r}: ratio ${(p.rps / h.rps).toFixed(2)}× (browser ${(b.rps / h.rps).toFixed(2)}×)` +
              (p.cpuUs && h.cpuUs ? `, CPU ratio ${(h.cpuUs / p.cpuUs).toFixed(2)}×` : ''),
          );
        }
        return { ...runs, games: value.games.length };
      } finally {
        await stopServer(server, { label: 'lobby', uncleanExit: 'warn' });
      }
    });
  });

  /** Median over the rounds of one figure. */
  const mid = (
    /** @type {{ rps: number, p99Ms: number, cpuUs: number | null }[]} */ list,
    /** @type {'rps' | 'p99Ms'} */ key,
  ) => median(list.map((x) => x[key]));
  const ratios = plain.map((p, i) => p.rps / hello[i].rps);
  const browserRatios = browser.map((b, i) => b.rps / hello[i].rps);
  const exact = { ratio: median(ratios), browser: median(browserRatios) };
  const ratio = round2(exact.ratio);
  const browserRatio = round2(exact.browser);
  const verdict = (/** @type {number} */ r) => (r >= TARGET_RATIO ? '' : ' — BELOW TARGET');
  log('');
  log(
    `games list ${mid(plain, 'rps').toFixed(0)} req/s (p99 ${mid(plain, 'p99Ms')} ms) vs hello-world` +
      ` ${mid(hello, 'rps').toFixed(0)} req/s (p99 ${mid(hello, 'p99Ms')} ms), medians over ${rounds} round(s):` +
      ` ratio ${exact.ratio.toFixed(3)}× (median of the rounds' ratios ${ratios.map((x) => x.toFixed(3)).join(', ')};` +
      ` target ≥ ${TARGET_RATIO}×)${verdict(exact.ratio)}`,
  );
  log(
    `games list as a browser asks (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}) ${mid(browser, 'rps').toFixed(0)} req/s` +
      ` (p99 ${mid(browser, 'p99Ms')} ms): ratio ${browserRatio.toFixed(2)}×${verdict(exact.browser)}`,
  );
  /** @type {Record<string, number>} */
  const figures = {
    lobbyReqPerSec: mid(plain, 'rps'),
    lobbyP99Ms: mid(plain, 'p99Ms'),
    lobbyGamesCount: games,
    lobbyBrowserReqPerSec: mid(browser, 'rps'),
    lobbyBrowserP99Ms: mid(browser, 'p99Ms'),
    helloReqPerSec: mid(hello, 'rps'),
    helloP99Ms: mid(hello, 'p99Ms'),
    ratio,
    browserRatio,
  };
  if (plain.every((x) => x.cpuUs !== null) && hello.every((x) => x.cpuUs !== null)) {
    const lobbyCpu = median(plain.map((x) => /** @type {number} */ (x.cpuUs)));
    const helloCpu = median(hello.map((x) => /** @type {number} */ (x.cpuUs)));
    const cpuRatio = round2(helloCpu / lobbyCpu);
    log(
      `server CPU per request (medians): games list ${lobbyCpu} µs, hello-world ${helloCpu} µs:` +
        ` the games list costs ${(lobbyCpu / helloCpu).toFixed(2)}× as much (${cpuRatio.toFixed(2)}× the rate at equal CPU)`,
    );
    Object.assign(figures, { lobbyCpuUsPerReq: lobbyCpu, helloCpuUsPerReq: helloCpu, cpuRatio });
  }
  return figures;
}

/**
 * One autocannon run; every reply must be 2xx.
 * @param {string} label
 * @param {number} port
 * @param {string} urlPath
 * @param {Record<string, string>} headers
 * @param {number} connections
 * @param {number} seconds
 */
async function loadOnce(label, port, urlPath, headers, connections, seconds) {
  /** @type {{ status: number, body: string } | null} */
  let firstFailure = null;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    headers,
    connections,
    duration: seconds,
    setupClient(client) {
      client.on('response', (statusCode, _bytes, _time) => {
        if (statusCode >= 300 && !firstFailure) firstFailure = { status: statusCode, body: '' };
      });
    },
  });
  return assertAllOk(label, result, firstFailure);
}

/**
 * The warm-up run of one target (JIT, caches, connection set-up), not counted.
 * @param {string} label
 * @param {number} port
 * @param {string} urlPath
 * @param {Record<string, string>} headers
 * @param {number} connections
 */
async function warmUp(label, port, urlPath, headers, connections) {
  const warm = await loadOnce(label, port, urlPath, headers, connections, WARMUP_SECONDS);
  log(`${label}: warm-up ${warm['2xx']} requests in ${warm.duration.toFixed(1)} s`);
}

/**
 * One measured run, with the serving process's CPU time per request.
 * @param {string} label
 * @param {number} port
 * @param {number | undefined} pid the process serving `port`, for its CPU time
 * @param {string} urlPath
 * @param {Record<string, string>} headers
 * @param {number} connections
 * @param {number} duration
 */
async function loadTest(label, port, pid, urlPath, headers, connections, duration) {
  const cpuBefore = cpuMicros(pid);
  const result = await loadOnce(label, port, urlPath, headers, connections, duration);
  const cpuAfter = cpuMicros(pid);
  const cpuUs =
    cpuBefore === null || cpuAfter === null ? null : Math.round((cpuAfter - cpuBefore) / result['2xx']);
  const rps = Math.round((result['2xx'] / result.duration) * 10) / 10;
  const { p50, p99, max } = result.latency;
  log(
    `${label}: ${result['2xx']} requests in ${result.duration.toFixed(1)} s = ${rps.toFixed(0)}/s;` +
      ` latency p50 ${p50} ms, p99 ${p99} ms, max ${max} ms` +
      (cpuUs === null ? '' : `; server CPU ${cpuUs} µs per request`),
  );
  return { rps, p99Ms: p99, cpuUs };
}

/**
 * The built server as `startServer` starts it (bench/lib/server.mjs), with the fresh-database wait.
 * @param {string} dataDir
 */
const startLobbyServer = (dataDir) => startServer({ dataDir, readyTimeoutMs: FRESH_DB_READY_MS });

/**
 * Runs `fn` with the hello-world listening in its own process (like the server), then stops it.
 * @template T
 * @param {(port: number, pid: number | undefined) => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function withHelloWorld(fn) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', HELLO_SOURCE], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    const deadline = Date.now() + 15_000;
    while (!output.includes('ready')) {
      if (child.exitCode !== null) throw new Error(`the hello-world exited:\n${indent(output)}`);
      if (Date.now() > deadline) throw new Error(`the hello-world did not start:\n${indent(output)}`);
      await sleep(25);
    }
    return await fn(port, child.pid);
  } finally {
    process.removeListener('exit', kill);
    child.kill('SIGTERM');
  }
}
