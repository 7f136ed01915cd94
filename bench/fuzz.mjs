// Fuzz bench: a hundred thousand requests over HTTP to the built server, generated from every route
// of the contract as visitor, member, agent and operator, most with one hostile mutation (control
// characters, huge numbers, deep nesting, prototype keys, wrong types, truncated and oversize
// bodies, broken encryption envelopes, hostile paths, queries and headers). The generator is the
// test suite's (apps/server/src/test/fuzz/), loaded through tsx. Counts every status, the 5xx
// replies and the replies that are not the envelope, the slowest reply, and checks the ledger's
// invariants on the database the run leaves behind.
import http from 'node:http';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { ROOT, ensureBuilt, indent, log, warn, wholeNumberOption } from './lib/common.mjs';
import {
  FRESH_DB_READY_MS,
  SERVER_BUILD,
  startServer,
  stopServer,
  withCleanup,
  withDataDir,
} from './lib/server.mjs';

export const description =
  'Fuzz every contract route over HTTP (≥ 100,000 requests): 5xx count, slowest reply, statuses';
export const usage =
  '[--requests N] [--connections N] [--seed N] [--skip-build]   (defaults: 100000 requests, 8 connections, a random seed)';

const OPS_API_KEY = 'bench-fuzz-operator-key-0123456789';
/** Cases are generated this many at a time (one fast-check sample each, seeded from the run's seed). */
const BATCH = 1000;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * @param {string[]} args
 * @returns {Promise<Record<string, number>>}
 */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      requests: { type: 'string', default: '100000' },
      connections: { type: 'string', default: '8' },
      seed: { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const requests = wholeNumberOption('requests', values.requests, 1, 100_000_000);
  const connections = wholeNumberOption('connections', values.connections, 1, 256);
  const seed =
    values.seed === undefined
      ? Math.floor(Math.random() * 2 ** 31)
      : wholeNumberOption('seed', values.seed, 0, 2 ** 31 - 1);
  ensureBuilt({ ...SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  log(
    `${requests} requests over ${connections} keep-alive connection(s), seed ${seed} (--seed ${seed} replays it)`,
  );
  return withCleanup(() => withDataDir((dataDir) => measure(dataDir, { requests, connections, seed })));
}

/**
 * @param {string} dataDir
 * @param {{ requests: number, connections: number, seed: number }} options
 */
async function measure(dataDir, { requests, connections, seed }) {
  const here = import.meta.url;
  const fc = (await import('fast-check')).default;
  const { allRoutes } = await tsImport('@arcadia/contract', here);
  const { allCases, keepBrandOpen } = await tsImport('../apps/server/src/test/fuzz/cases.ts', here);
  const { FuzzSession, FuzzStats } = await tsImport('../apps/server/src/test/fuzz/session.ts', here);
  const { demoAccounts } = await tsImport('../apps/server/src/seeds/seed.ts', here);

  // TRUST_PROXY: the cases' client addresses arrive as X-Forwarded-For, spreading the per-IP
  // throttles as the test's `remoteAddress` does.
  const server = await startServer({
    dataDir,
    env: { OPS_API_KEY, TRUST_PROXY: 'true' },
    readyTimeoutMs: FRESH_DB_READY_MS,
  });
  log(
    `server ready in ${Math.round(server.readyMs)} ms on port ${server.port} (PGlite, DEMO=1, NODE_ENV=production)`,
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  /** @type {import('../apps/server/src/test/fuzz/session.ts').Transport} */
  const transport = (request) => send(server.port, agent, request);

  let stats;
  let seconds = 0;
  /** Requests over the body limit the server hung up on while they were being sent. */
  let hungUp = 0;
  try {
    const session = await FuzzSession.open({
      transport,
      routes: allRoutes,
      member: demoAccounts.player,
      agent: demoAccounts.agent,
      operator: demoAccounts.operator,
      opsKey: OPS_API_KEY,
      merchant: 'demo',
    });
    log(
      `${allRoutes.length} routes × 4 callers; logged in as ${demoAccounts.player.account}, ${demoAccounts.agent.account}, ${demoAccounts.operator.username}`,
    );
    // Node's HTTP client refuses control characters in header values (and Node's server would
    // answer 400 before the app): those cases are the test suite's, through app.inject.
    const arbitrary = allCases(allRoutes, {
      headerControlCharacters: false,
      hints: { merchantCode: fc.constant('demo') },
      adjustBody: keepBrandOpen,
    });
    stats = new FuzzStats();
    const mutations = new Map();
    const started = performance.now();
    let next = 0;
    let batchStart = -BATCH;
    /** @type {unknown[]} */
    let batch = [];
    const take = () => {
      if (next >= requests) return null;
      if (next - batchStart >= BATCH) {
        batchStart = next;
        batch = fc.sample(arbitrary, { numRuns: Math.min(BATCH, requests - next), seed: seed + next });
      }
      return batch[next++ - batchStart];
    };
    let reported = 0;
    const worker = async () => {
      for (let c = take(); c != null; c = take()) {
        let sent;
        try {
          sent = await session.send(c);
        } catch (err) {
          if (!(err instanceof HungUp)) throw err;
          hungUp++;
          continue;
        }
        stats.add(c, sent);
        mutations.set(c.mutation.split(':')[0], (mutations.get(c.mutation.split(':')[0]) ?? 0) + 1);
        if (stats.requests - reported >= 10_000) {
          reported = stats.requests;
          const secs = (performance.now() - started) / 1000;
          log(
            `${stats.requests} answered in ${secs.toFixed(0)} s, ${stats.fiveXx} 5xx, ${stats.problemCount} other problem(s), ${hungUp} oversize hung up`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    seconds = (performance.now() - started) / 1000;
    log('');
    log(
      `statuses: ${[...stats.byStatus]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s} × ${n}`)
        .join(', ')}`,
    );
    log(
      `mutations: ${[...mutations]
        .sort((a, b) => b[1] - a[1])
        .map(([m, n]) => `${m} × ${n}`)
        .join(', ')}`,
    );
    log(`slowest: ${Math.round(stats.slowestMs)} ms, ${stats.slowest}`);
    if (stats.problemCount > 0) {
      warn(
        `${stats.problemCount} problem(s), the first ones:\n${indent(stats.problems.slice(0, 20).join('\n'))}`,
      );
    }
  } finally {
    agent.destroy();
    await stopServer(server, { label: 'fuzz', uncleanExit: 'warn' });
  }

  const ledger = ledgerCheck(dataDir);
  log(`ledger check: ${ledger.violations === 0 ? 'sound' : `${ledger.violations} violation(s)`}`);
  if (ledger.violations !== 0) warn(indent(ledger.output));

  /** @type {Record<string, number>} */
  const figures = {
    requestCount: stats.requests + hungUp,
    replyCount: stats.requests,
    hungUpOversizeCount: hungUp,
    fiveXxCount: stats.fiveXx,
    problemCount: stats.problemCount,
    slowestMs: Math.round(stats.slowestMs * 10) / 10,
    requestsPerSec: Math.round((stats.requests + hungUp) / seconds),
    ledgerViolationCount: ledger.violations,
  };
  for (const [status, count] of [...stats.byStatus].sort((a, b) => a[0] - b[0])) {
    figures[`status${status}Count`] = count;
  }
  if (stats.fiveXx > 0 || stats.problemCount > 0 || ledger.violations > 0) {
    throw new Error(
      `${stats.fiveXx} 5xx, ${stats.problemCount} reply problem(s), ${ledger.violations} ledger violation(s) (seed ${seed})`,
    );
  }
  return figures;
}

/** The app's body limit: a larger body may be answered (413) and the connection closed before it is all sent. */
const BODY_LIMIT = 1024 * 1024;

/** The server hung up while an oversize body was still being sent: no reply to judge. */
class HungUp extends Error {}

/**
 * One request on the keep-alive agent; the reply's body as bytes. A socket error is a failure,
 * except while sending a body over the limit: the server may refuse it and close first (HungUp).
 * @param {number} port
 * @param {http.Agent} agent
 * @param {import('../apps/server/src/test/fuzz/session.ts').WireRequest} request
 * @returns {Promise<import('../apps/server/src/test/fuzz/session.ts').WireReply>}
 */
function send(port, agent, request) {
  return new Promise((resolve, reject) => {
    /** @type {http.OutgoingHttpHeaders} */
    const headers = { ...request.headers, 'x-forwarded-for': request.client };
    const size = request.body === undefined ? 0 : Buffer.byteLength(request.body);
    if (request.body !== undefined) headers['content-length'] = size;
    let answered = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        agent,
        headers,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        answered = true;
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`${request.method} ${request.url.slice(0, 200)} timed out`)),
    );
    req.on('error', (err) => {
      if (answered) return;
      const code = /** @type {NodeJS.ErrnoException} */ (err).code;
      if (size > BODY_LIMIT && (code === 'EPIPE' || code === 'ECONNRESET')) reject(new HungUp(code));
      else reject(new Error(`${request.method} ${request.url.slice(0, 200)}: ${err.message}`));
    });
    req.end(request.body);
  });
}

/**
 * The ledger's invariants on the run's database (the built `ledger-check`, after the server stopped).
 * @param {string} dataDir
 */
function ledgerCheck(dataDir) {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/ledger-check.js')], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status === 0) return { violations: 0, output };
  const counted = /ledger: (\d+) violation/.exec(output);
  if (!counted) throw new Error(`ledger-check failed (exit ${result.status}):\n${indent(output)}`);
  return { violations: Number(counted[1]), output };
}
