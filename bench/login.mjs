// Login bench: how many password logins per second the built server completes, and their p99 latency,
// on the embedded PGlite database and (when one answers) on PostgreSQL.
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuilt, indent, log, wholeNumberOption } from './lib/common.mjs';
import {
  createScratchDatabase,
  dropScratchDatabase,
  postgresProblem,
  redact,
  warnIfNotDropped,
} from './lib/postgres.mjs';
import {
  SERVER_BUILD,
  httpRequest,
  killAll,
  startServer,
  stopServer,
  withCleanup,
  withDataDir,
} from './lib/server.mjs';

export const description = 'Logins per second and p99 latency on PGlite and PostgreSQL';
export const usage = '[--connections N] [--duration S] [--skip-build]   (defaults: 8 connections, 10 s)';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';

const KEY_PATH = '/wps/session/key/rsa';
const LOGIN_PATH = '/wps/session/login';
/** The account DEMO=1 seeds. */
const CREDENTIALS = { username: 'demoplayer', password: 'demo1234' };
/** Distinct encrypted bodies that autocannon cycles through. */
const ENVELOPE_COUNT = 200;
const WARMUP_SECONDS = 2;

/**
 * @param {string[]} args
 * @returns {Promise<Record<string, number>>}
 */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      connections: { type: 'string', default: '8' },
      duration: { type: 'string', default: '10' },
      'skip-build': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const connections = wholeNumberOption('connections', values.connections, 1, 1000);
  const duration = wholeNumberOption('duration', values.duration, 1, 3600, 'a whole number of seconds');
  ensureBuilt({ ...SERVER_BUILD, skipBuild: values['skip-build'] ?? false });

  const threadpool = process.env.UV_THREADPOOL_SIZE ?? '4 (default)';
  log(
    `Each login verifies an argon2id hash (m=19 MiB, t=2, p=1) by design, so CPU bounds the rate:` +
      ` this machine has ${os.cpus().length} core(s); libuv threadpool size ${threadpool}.`,
  );
  log(
    `POST ${LOGIN_PATH} as ${CREDENTIALS.username}, ${connections} connection(s), ` +
      `${WARMUP_SECONDS} s warm-up then ${duration} s measured, ${ENVELOPE_COUNT} distinct encrypted bodies`,
  );

  return withCleanup(() => measureBoth({ connections, duration }), {
    what: 'dropping the bench database',
    onSignal: dropScratchDatabase,
    onExit: warnIfNotDropped,
  });
}

/**
 * PGlite, then PostgreSQL when one answers (on a scratch database, dropped whatever happens).
 * @param {{ connections: number, duration: number }} loadOptions
 * @returns {Promise<Record<string, number>>}
 */
async function measureBoth(loadOptions) {
  /** @type {Record<string, number>} */
  const figures = {};
  log('');
  const pglite = await measureDatabase('PGlite', {}, loadOptions);
  figures.pgliteLoginsPerSec = pglite.loginsPerSec;
  figures.pgliteP99Ms = pglite.p99Ms;

  log('');
  const postgresUrl = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await postgresProblem(postgresUrl);
  if (problem) {
    log(`PostgreSQL: skipped, nothing usable answers at ${redact(postgresUrl)} (${problem}).`);
    log('  Start one there or set BENCH_DATABASE_URL to measure it too.');
    return figures;
  }
  const database = await createScratchDatabase(postgresUrl, 'arcadia_bench');
  try {
    log(`PostgreSQL at ${redact(postgresUrl)}, fresh database ${database.name}`);
    const postgres = await measureDatabase('PostgreSQL', { DATABASE_URL: database.url }, loadOptions);
    figures.postgresLoginsPerSec = postgres.loginsPerSec;
    figures.postgresP99Ms = postgres.p99Ms;
  } finally {
    await killAll(); // the server must be gone before its database
    await dropScratchDatabase();
  }
  return figures;
}

// ─── One database ──────────────────────────────────────────────────────────────────────────────

/**
 * Starts the server, checks one login, warms up, measures, stops the server.
 * @param {string} label
 * @param {NodeJS.ProcessEnv} env for the server, e.g. DATABASE_URL
 * @param {{ connections: number, duration: number }} loadOptions
 * @returns {Promise<{ loginsPerSec: number, p99Ms: number }>}
 */
async function measureDatabase(label, env, { connections, duration }) {
  return withDataDir(async (dataDir) => {
    const server = await startServer({ dataDir, env });
    log(`${label}: server ready in ${Math.round(server.readyMs)} ms on port ${server.port}`);

    const key = await httpRequest(server.port, 'GET', KEY_PATH);
    const publicKey = /** @type {any} */ (key.json)?.value?.publicKey;
    if (key.status !== 200 || typeof publicKey !== 'string') {
      throw new Error(`GET ${KEY_PATH} answered HTTP ${key.status}: ${key.text.slice(0, 500)}`);
    }
    const envelopes = Array.from({ length: ENVELOPE_COUNT }, () => encryptBody(publicKey, CREDENTIALS));

    // One login first: a wrong setup must fail here with the reason, not as a rate of errors.
    const first = await httpRequest(server.port, 'POST', LOGIN_PATH, {
      headers: envelopeHeaders(envelopes[0]),
      body: envelopes[0].body,
    });
    const token = /** @type {any} */ (first.json)?.value?.token;
    if (first.status !== 200 || typeof token !== 'string' || token === '') {
      throw new Error(
        `${label}: the first login answered HTTP ${first.status} without value.token:\n` +
          indent(first.text.slice(0, 2000)),
      );
    }

    const warmup = await load(server.port, envelopes, connections, WARMUP_SECONDS);
    assertAllOk(`${label} warm-up`, warmup);
    log(`${label}: warm-up ${warmup.result['2xx']} logins in ${warmup.result.duration.toFixed(1)} s`);

    const measured = await load(server.port, envelopes, connections, duration, true);
    assertAllOk(label, measured);
    const { result } = measured;
    const ok = result['2xx'];
    const loginsPerSec = Math.round((ok / result.duration) * 10) / 10;
    const { p50, p99, max } = result.latency;
    log(
      `${label}: ${ok} logins in ${result.duration.toFixed(1)} s = ${loginsPerSec.toFixed(1)}/s;` +
        ` latency p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`,
    );

    // The figures are taken: a server that stops badly only earns a warning.
    await stopServer(server, { label, uncleanExit: 'warn' });
    return { loginsPerSec, p99Ms: p99 };
  });
}

/**
 * @typedef {object} Envelope
 * @property {string} header the Encryption header
 * @property {string} body the JSON body
 */

/**
 * The client's steps (docs/api.md "Encrypted bodies"; the server's encryptBodyForTest): a random
 * AES-256 key wrapped with RSA-OAEP-SHA256, the JSON payload sealed with AES-256-GCM.
 * @param {string} publicKeyPem
 * @param {unknown} payload
 * @returns {Envelope}
 */
function encryptBody(publicKeyPem, payload) {
  const aesKey = crypto.randomBytes(32);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', aesKey, iv, { authTagLength: 16 });
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const wrapped = crypto.publicEncrypt(
    { key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    header: wrapped.toString('base64'),
    body: JSON.stringify({ value: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64') }),
  };
}

/** @param {Envelope} envelope */
function envelopeHeaders(envelope) {
  return { 'content-type': 'application/json', encryption: envelope.header };
}

/**
 * @typedef {object} LoadRun
 * @property {any} result autocannon's result
 * @property {{ status: number, body: string } | null} firstFailure
 */

/**
 * Runs autocannon against the login route, cycling through the envelopes.
 * @param {number} port
 * @param {Envelope[]} envelopes
 * @param {number} connections
 * @param {number} seconds
 * @param {boolean} [progress] print a line when it starts
 * @returns {Promise<LoadRun>}
 */
async function load(port, envelopes, connections, seconds, progress = false) {
  /** @type {LoadRun['firstFailure']} */
  let firstFailure = null;
  const onResponse = (/** @type {number} */ status, /** @type {string} */ body) => {
    if ((status < 200 || status > 299) && !firstFailure) firstFailure = { status, body };
  };
  // Each connection starts at a different envelope, so concurrent requests carry different bodies.
  let nextOffset = 0;
  const offsetBy = Math.max(1, Math.floor(envelopes.length / connections));
  const requests = envelopes.map((e) => ({
    method: /** @type {const} */ ('POST'),
    path: LOGIN_PATH,
    headers: envelopeHeaders(e),
    body: e.body,
    onResponse,
  }));
  if (progress) log(`measuring for ${seconds} s …`);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests,
    setupClient: (/** @type {any} */ client) => {
      const offset = (nextOffset++ * offsetBy) % requests.length;
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
    },
  });
  return { result, firstFailure };
}

/**
 * Fails when any response was not 2xx or any request errored: a throttle or an error reply would
 * make the rate meaningless.
 * @param {string} label
 * @param {LoadRun} run
 */
function assertAllOk(label, { result, firstFailure }) {
  const problems = [];
  if (result.non2xx > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, s]) => `${s.count}× HTTP ${code}`)
      .join(', ');
    problems.push(`${result.non2xx} non-2xx response(s)${codes ? ` (${codes})` : ''}`);
  }
  if (result.errors > 0) problems.push(`${result.errors} connection error(s)`);
  if (result.timeouts > 0) problems.push(`${result.timeouts} timeout(s)`);
  if (result['2xx'] === 0) problems.push('no successful login at all');
  if (problems.length === 0) return;
  const sample = firstFailure
    ? `\n  first failure, HTTP ${firstFailure.status}:\n${indent(String(firstFailure.body).slice(0, 2000))}`
    : '';
  throw new Error(`${label}: ${problems.join(', ')}; the figure would be meaningless${sample}`);
}
