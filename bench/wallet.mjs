// Wallet bench: main ↔ vendor wallet transfers per second and p99 latency over HTTP on PostgreSQL
// and PGlite, next to the raw-SQL ceiling of the same double-entry posting (pgbench) on the same
// PostgreSQL server. See bench/README.md, "wallet".
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, log, wholeNumberOption } from './lib/common.mjs';
import { encryptedCaller, expectOk, fetchPublicKey } from './lib/envelope.mjs';
import { assertAllOk } from './lib/load.mjs';
import { cleanupPgbenchSync, measureRawTransfers } from './lib/pgbench.mjs';
import * as scratch from './lib/postgres.mjs';
import * as srv from './lib/server.mjs';

export const description = 'Wallet transfers/s and p99 over HTTP (PostgreSQL, PGlite) vs raw SQL (pgbench)';
export const usage =
  '[--connections N] [--duration S] [--accounts N] [--hot] [--skip-build]   (defaults: 50, 10 s, 10000)';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const OPS_API_KEY = 'bench-wallet-operator-key-0001';
const TRANSFER_PATH = '/wps/relay/GCS_walletTransfer';
const ADJUST_PATH = '/ops/merchants/demo/adjustments';
const DIRECTIONS = [['MAIN', 'PT'], ['PT', 'MAIN']]; // prettier-ignore
/** The seeded demo accounts' password, the demo agent's invitation code, a payment password. */
const [PASSWORD, INVITATION_CODE, PAY_PASSWORD] = ['demo1234', 'DEMO2026', '246810'];
const WARMUP_SECONDS = 2;
/** The targets at 50 connections: reported, never failed on. */
const TARGETS = { ratio: 0.7, p99Ms: 100 };
/** Opening balance of every raw-SQL account, in minor units: transfers of ±1 never empty one. */

/** @typedef {{ connections: number, duration: number, accounts: number, hot: boolean }} Options */

/** @param {string[]} args */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      accounts: { type: 'string', default: '10000' },
      hot: { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  /** @type {Options} */
  const opts = {
    connections: wholeNumberOption('connections', values.connections, 1, 1000),
    duration: wholeNumberOption('duration', values.duration, 1, 3600, 'a whole number of seconds'),
    accounts: wholeNumberOption('accounts', values.accounts, 2, 10_000_000),
    hot: values.hot ?? false,
  };
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  log(
    `POST ${TRANSFER_PATH}: 0.01 MAIN→PT and PT→MAIN in turn on each of ${opts.connections} connection(s),` +
      ` ${WARMUP_SECONDS} s warm-up then ${opts.duration} s measured; mode: ${modeName(opts)}`,
  );
  return srv.withCleanup(() => measureAll(opts), {
    what: 'stopping pgbench, dropping the bench database',
    onSignal: async () => {
      cleanupPgbenchSync();
      await scratch.dropScratchDatabase();
    },
    onExit: () => {
      cleanupPgbenchSync();
      scratch.warnIfNotDropped();
    },
  });
}

/** @param {Options} opts */
const modeName = ({ hot, connections }) =>
  hot ? 'single hot account (demoplayer on every connection)' : `distinct members (${connections})`;

/**
 * PostgreSQL over HTTP and raw (each on a fresh scratch database), then PGlite over HTTP.
 * @param {Options} opts
 */
async function measureAll(opts) {
  /** @type {Record<string, number>} */
  const figures = {};
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await scratch.postgresProblem(url);
  if (problem) {
    log('');
    log(`PostgreSQL: skipped, nothing usable answers at ${scratch.redact(url)} (${problem}).`);
  } else {
    const http = await srv.onScratchDatabase(url, (db) =>
      measureHttp('PostgreSQL', { DATABASE_URL: db }, opts),
    );
    const raw = await srv.onScratchDatabase(url, (db) =>
      measureRawTransfers(db, { ...opts, warmupSeconds: WARMUP_SECONDS }),
    );
    figures.pgHttpTransfersPerSec = http.perSec;
    figures.pgHttpP99Ms = http.p99Ms;
    figures.pgRawTransfersPerSec = raw.perSec;
    figures.pgRawP99Ms = raw.p99Ms;
    figures.pgRatio = Math.round((http.perSec / raw.perSec) * 100) / 100;
  }
  log('');
  const lite = await measureHttp('PGlite', {}, opts);
  figures.pgliteHttpTransfersPerSec = lite.perSec;
  figures.pgliteHttpP99Ms = lite.p99Ms;

  log('');
  log(`mode: ${modeName(opts)}, ${opts.connections} connection(s)`);
  if (figures.pgRatio !== undefined) {
    const met = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
    const { pgRatio, pgHttpP99Ms } = figures;
    log(`target HTTP ÷ raw ≥ ${TARGETS.ratio}: ${pgRatio.toFixed(2)}, ${met(pgRatio >= TARGETS.ratio)}`);
    log(
      `target p99 ≤ ${TARGETS.p99Ms} ms (PostgreSQL, HTTP): ${pgHttpP99Ms} ms, ${met(pgHttpP99Ms <= TARGETS.p99Ms)}`,
    );
  }
  return figures;
}

// ─── Over HTTP ─────────────────────────────────────────────────────────────────────────────────

/**
 * Starts the server, prepares one session per connection, checks one round trip, warms up,
 * measures, stops the server.
 * @param {string} label
 * @param {NodeJS.ProcessEnv} env
 * @param {Options} opts
 */
async function measureHttp(label, env, opts) {
  return srv.withDataDir(async (dataDir) => {
    const server = await srv.startServer({ dataDir, env: { ...env, OPS_API_KEY } });
    log(`${label}: server ready in ${Math.round(server.readyMs)} ms on port ${server.port}`);
    const tokens = await sessions(server.port, label, opts);
    for (const [from, to] of DIRECTIONS) {
      const body = transferBody(from, to, `check-${from}-${to}`);
      const reply = await srv.httpRequest(server.port, 'POST', TRANSFER_PATH, {
        headers: jsonHeaders(tokens[0]),
        body,
      });
      expectOk(`${label}: a first transfer ${from}→${to}`, reply);
    }
    const warmup = await load(server.port, tokens, `${label} warm-up`, opts.connections, WARMUP_SECONDS);
    log(`${label}: warm-up ${warmup['2xx']} transfers in ${warmup.duration.toFixed(1)} s`);
    if (env.DATABASE_URL) await scratch.checkpoint(env.DATABASE_URL);
    const result = await load(server.port, tokens, label, opts.connections, opts.duration);
    const perSec = Math.round((result['2xx'] / result.duration) * 10) / 10;
    const { p50, p99, max } = result.latency;
    log(
      `${label}: ${result['2xx']} transfers in ${result.duration.toFixed(1)} s = ${perSec.toFixed(1)}/s;` +
        ` latency p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`,
    );
    await srv.stopServer(server, { label, uncleanExit: 'warn' }); // the figures are taken
    return { perSec, p99Ms: p99 };
  });
}

/**
 * One session token per connection. Distinct members: bench1…benchN, registered below demoagent
 * (its invitation code) and paid by it; the agent is funded by an operator adjustment when that
 * route answers, else by the demo player's 1000.00 paid up to it. Hot: demoplayer's token on all.
 * @param {number} port
 * @param {string} label
 * @param {Options} opts
 * @returns {Promise<string[]>}
 */
async function sessions(port, label, { connections, hot }) {
  const call = encryptedCaller(port, await fetchPublicKey(port));
  const login = async (/** @type {string} */ username) =>
    (await call('POST', '/wps/session/login', { username, password: PASSWORD })).token;
  const payPassword = { newPaymentPassword: PAY_PASSWORD, confirmPaymentPassword: PAY_PASSWORD };
  const setPayPassword = (/** @type {string} */ token) =>
    call('POST', '/wps/member/password/payment', { password: PASSWORD, ...payPassword }, token);
  const team = (/** @type {string} */ token, /** @type {object} */ payload) =>
    call(
      'POST',
      '/wps/member/transfer/team',
      { ...payload, paymentPassword: PAY_PASSWORD, requestId: id() },
      token,
    );

  if (hot) {
    log(`${label}: mode single hot account: every connection moves demoplayer's money (1000.00 in MAIN)`);
    return Array(connections).fill(await login('demoplayer'));
  }
  const agent = await login('demoagent');
  await setPayPassword(agent);
  const tokens = [];
  for (let i = 1; i <= connections; i++) {
    const member = { username: `bench${i}`, password: 'secret123', confirmPassword: 'secret123' };
    const body = { ...member, affiliateCode: INVITATION_CODE, login: true };
    tokens.push((await call('PUT', '/wps/member/register', body)).token);
  }
  let [fund, source] = [100_000, 'an operator adjustment of 100000.00'];
  const ops = await srv.httpRequest(port, 'POST', ADJUST_PATH, {
    headers: { 'content-type': 'application/json', 'x-ops-key': OPS_API_KEY },
    body: JSON.stringify({
      account: 'demoagent',
      amount: String(fund),
      reason: 'bench funding',
      requestId: id(),
    }),
  });
  if (ops.status < 200 || ops.status > 299) {
    const code = /** @type {any} */ (ops.json)?.code ?? 'no code';
    log(
      `${label}: POST ${ADJUST_PATH} answered HTTP ${ops.status} (${code}); funding demoagent from demoplayer`,
    );
    const player = await login('demoplayer');
    await setPayPassword(player);
    await team(player, { direction: 'UPLINE', amount: '1000.00' });
    [fund, source] = [1000, "demoplayer's 1000.00, paid up to demoagent"];
  }
  const each = (Math.floor((fund * 100) / connections) / 100).toFixed(2);
  for (let i = 1; i <= connections; i++) {
    await team(agent, { direction: 'DOWNLINE', targetAccount: `bench${i}`, amount: each });
  }
  log(
    `${label}: mode distinct members: bench1…bench${connections} below demoagent, ${each} each (${source})`,
  );
  return tokens;
}

/**
 * autocannon against the transfer route. Each connection alternates MAIN→PT and PT→MAIN with its
 * token, one request at a time, so it never moves money out of an empty wallet. Fails unless every
 * reply is a 2xx new (not replayed) transfer.
 * @param {number} port
 * @param {string[]} tokens one per connection
 * @param {string} label
 * @param {number} connections
 * @param {number} seconds
 */
async function load(port, tokens, label, connections, seconds) {
  const tag = crypto.randomBytes(6).toString('hex');
  let [sent, replayed] = [0, 0];
  /** @type {import('./lib/load.mjs').Failure | null} */
  let firstFailure = null;
  const onResponse = (/** @type {number} */ status, /** @type {unknown} */ body) => {
    if (status < 200 || status > 299) firstFailure ??= { status, body: String(body) };
    else if (String(body).includes('"replayed":true')) replayed++;
  };
  const pair = (/** @type {string} */ token) =>
    DIRECTIONS.map(([from, to]) => ({
      method: /** @type {const} */ ('POST'),
      path: TRANSFER_PATH,
      headers: jsonHeaders(token),
      setupRequest: (/** @type {any} */ req) => ({
        ...req,
        body: transferBody(from, to, `${tag}.${sent++}`),
      }),
      onResponse,
    }));
  let nextClient = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: pair(tokens[0]),
    setupClient: (/** @type {any} */ c) => c.setRequests(pair(tokens[nextClient++ % tokens.length])),
  });
  return assertAllOk(label, result, firstFailure, replayed ? [`${replayed} replayed request id(s)`] : []);
}

/** @param {string} token */
const jsonHeaders = (token) => ({ 'content-type': 'application/json', authorization: token });
/** @type {(from: string, to: string, requestId: string) => string} */
const transferBody = (from, to, requestId) =>
  JSON.stringify({ fromWallet: from, toWallet: to, amount: '0.01', requestId });
const id = () => `bench-${crypto.randomBytes(8).toString('hex')}`;
