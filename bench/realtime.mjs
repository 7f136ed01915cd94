// Real-time bench: how many sockets one instance holds, how long a broadcast takes to reach all of
// them, and the latency from a ledger posting to the member's `balance.changed` event at a fixed
// posting rate. See bench/README.md, "realtime", and docs/realtime.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import { ensureBuilt, log, wholeNumberOption } from './lib/common.mjs';
import { encryptedCaller, fetchPublicKey } from './lib/envelope.mjs';
import { percentile as nearestRank } from './lib/pgbench.mjs';
import * as scratch from './lib/postgres.mjs';
import * as srv from './lib/server.mjs';

export const description =
  'Sockets held by one instance, broadcast delivery p50/p99, posting → balance.changed p99 at a fixed rate';
export const usage =
  '[--sockets N] [--members N] [--rate N] [--duration S] [--broadcasts N] [--skip-build]   (defaults: 10000, 100, 1000/s, 10 s, 5)';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const OPS_API_KEY = 'bench-realtime-operator-key-0001';
const TRANSFER_PATH = '/wps/relay/GCS_walletTransfer';
/** Members who move money during the latency phase (one socket each). */
const PAYERS = 50;
/** Handshakes in flight at once while connecting. */
const CONNECT_CONCURRENCY = 250;
/** The issue's targets: reported, never failed on. */
const TARGETS = { sockets: 10_000, balanceP99Ms: 50, rate: 1000 };

/** @param {string[]} args */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      sockets: { type: 'string', default: '10000' },
      members: { type: 'string', default: '100' },
      rate: { type: 'string', default: '1000' },
      duration: { type: 'string', default: '10' },
      broadcasts: { type: 'string', default: '5' },
      'skip-build': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const opts = {
    sockets: wholeNumberOption('sockets', values.sockets, 1, 19_000),
    members: wholeNumberOption('members', values.members, 1, 10_000),
    rate: wholeNumberOption('rate', values.rate, 1, 100_000),
    duration: wholeNumberOption('duration', values.duration, 1, 600, 'a whole number of seconds'),
    broadcasts: wholeNumberOption('broadcasts', values.broadcasts, 1, 100),
  };
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await scratch.postgresProblem(url);
  return srv.withCleanup(
    () =>
      problem
        ? (log(`PostgreSQL unusable at ${scratch.redact(url)} (${problem}): measuring on PGlite`),
          measure({}, opts))
        : srv.onScratchDatabase(url, (db) => measure({ DATABASE_URL: db }, opts)),
    {
      what: 'closing sockets, dropping the bench database',
      onSignal: () => scratch.dropScratchDatabase(),
      onExit: () => scratch.warnIfNotDropped(),
    },
  );
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ sockets: number, members: number, rate: number, duration: number, broadcasts: number }} opts
 */
async function measure(env, opts) {
  return srv.withDataDir(async (dataDir) => {
    const server = await srv.startServer({
      dataDir,
      env: { ...env, OPS_API_KEY, JOBS_ENABLED: '0' },
      readyTimeoutMs: srv.FRESH_DB_READY_MS,
    });
    /** @type {import('socket.io-client').Socket[]} */
    const sockets = [];
    try {
      log(`server ready in ${Math.round(server.readyMs)} ms on port ${server.port}`);
      const base = `http://127.0.0.1:${server.port}`;
      const idle = await members(server.port, 'rtidle', opts.members, false);
      const payers = await members(server.port, 'rtpay', PAYERS, true);
      log(`${opts.members} members for idle sockets, ${PAYERS} funded members for postings`);

      // 1. Connections.
      const rssBefore = rssBytes(server.child.pid);
      const started = performance.now();
      let [connected, refused] = [0, 0];
      for (let i = 0; i < opts.sockets; i += CONNECT_CONCURRENCY) {
        const batch = [];
        for (let j = i; j < Math.min(opts.sockets, i + CONNECT_CONCURRENCY); j++) {
          const socket = open(base, idle[j % idle.length]);
          sockets.push(socket);
          batch.push(
            once(socket, 'connect', 30_000).then(
              () => connected++,
              () => refused++,
            ),
          );
        }
        await Promise.all(batch);
      }
      const connectSeconds = (performance.now() - started) / 1000;
      await srv.sleep(2000);
      const rssAfter = rssBytes(server.child.pid);
      const perConnectionKB = connected ? (rssAfter - rssBefore) / connected / 1024 : 0;
      log(
        `connected ${connected} of ${opts.sockets} sockets in ${connectSeconds.toFixed(1)} s (${refused} failed);` +
          ` server RSS ${mb(rssBefore)} → ${mb(rssAfter)} MB = ${perConnectionKB.toFixed(1)} KB per connection`,
      );

      // 2. Broadcasts: an operator's live announcement reaches every socket of the brand.
      const broadcastP50 = [];
      const broadcastP99 = [];
      const broadcastAll = [];
      for (let b = 0; b < opts.broadcasts; b++) {
        const live = sockets.filter((s) => s.connected);
        const sentAt = performance.now();
        const arrivals = live.map((s) =>
          once(s, 'announcement.new', 30_000).then(
            () => performance.now() - sentAt,
            () => Number.POSITIVE_INFINITY,
          ),
        );
        const reply = await srv.httpRequest(server.port, 'POST', '/ops/merchants/demo/announcements', {
          headers: { 'content-type': 'application/json', 'x-ops-key': OPS_API_KEY },
          body: JSON.stringify({ type: 'PL', title: { EN: `Bench broadcast ${b + 1}` } }),
        });
        if (reply.status !== 200)
          throw new Error(`announcement answered HTTP ${reply.status}: ${reply.text}`);
        const times = (await Promise.all(arrivals)).sort((x, y) => x - y);
        const missed = times.filter((t) => !Number.isFinite(t)).length;
        const got = times.filter(Number.isFinite);
        broadcastP50.push(percentile(got, 0.5));
        broadcastP99.push(percentile(got, 0.99));
        broadcastAll.push(got[got.length - 1] ?? 0);
        log(
          `broadcast ${b + 1}: ${got.length} of ${live.length} sockets; p50 ${ms(percentile(got, 0.5))},` +
            ` p99 ${ms(percentile(got, 0.99))}, last ${ms(got[got.length - 1] ?? 0)}${missed ? `, ${missed} MISSED` : ''}`,
        );
        await srv.sleep(500);
      }

      // 3. Postings at a fixed rate → balance.changed on the payer's socket (while every idle socket stays open).
      const payerSockets = payers.map((token) => open(base, token));
      sockets.push(...payerSockets);
      await Promise.all(payerSockets.map((s) => once(s, 'connect', 30_000)));
      /** @type {number[]} */
      const delivery = [];
      for (const s of payerSockets) {
        s.on('balance.changed', (/** @type {{ at: number }} */ e) => delivery.push(Date.now() - e.at));
      }
      const posting = await paced(server.port, payers, opts.rate, opts.duration);
      await srv.sleep(1000);
      delivery.sort((x, y) => x - y);
      const expected = posting.ok * 2; // a transfer changes two of the member's wallets
      log(
        `postings: ${posting.ok} transfers in ${opts.duration} s = ${(posting.ok / opts.duration).toFixed(0)}/s` +
          ` (${posting.failed} failed), reply p50 ${ms(percentile(posting.latencies, 0.5))} p99 ${ms(percentile(posting.latencies, 0.99))}`,
      );
      log(
        `balance.changed: ${delivery.length} of ${expected} events; posting → event p50 ${ms(percentile(delivery, 0.5))},` +
          ` p99 ${ms(percentile(delivery, 0.99))}, max ${ms(delivery[delivery.length - 1] ?? 0)}`,
      );

      const figures = {
        socketsConnectedCount: connected,
        socketsFailedCount: refused,
        connectSeconds: round(connectSeconds),
        memoryPerConnectionKB: round(perConnectionKB),
        broadcastP50Ms: round(median(broadcastP50)),
        broadcastP99Ms: round(median(broadcastP99)),
        broadcastAllMs: round(median(broadcastAll)),
        postingsPerSec: round(posting.ok / opts.duration),
        balanceEventCount: delivery.length,
        balanceExpectedCount: expected,
        balanceP50Ms: percentile(delivery, 0.5),
        balanceP99Ms: percentile(delivery, 0.99),
      };
      const met = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
      log('');
      log(`target ≥ ${TARGETS.sockets} sockets: ${connected}, ${met(connected >= TARGETS.sockets)}`);
      log(
        `target balance.changed p99 ≤ ${TARGETS.balanceP99Ms} ms at ${TARGETS.rate} postings/s: ` +
          `${figures.balanceP99Ms} ms at ${figures.postingsPerSec}/s, ` +
          met(figures.balanceP99Ms <= TARGETS.balanceP99Ms && figures.postingsPerSec >= TARGETS.rate * 0.95),
      );
      return figures;
    } finally {
      for (const s of sockets) s.close();
      await srv.stopServer(server, { label: 'realtime', uncleanExit: 'warn' });
    }
  });
}

/** @param {string} base @param {string} token */
function open(base, token) {
  return io(base, {
    path: '/ws',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
}

/**
 * @param {import('socket.io-client').Socket} socket
 * @param {string} event
 * @param {number} timeoutMs
 */
function once(socket, event, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), timeoutMs);
    socket.once(event, (/** @type {unknown} */ payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
    if (event === 'connect')
      socket.once('connect_error', (/** @type {Error} */ err) => {
        clearTimeout(timer);
        reject(err);
      });
  });
}

/**
 * Registers `count` members (and funds them with an operator adjustment when `fund`), returning
 * their session tokens.
 * @param {number} port @param {string} prefix @param {number} count @param {boolean} fund
 */
async function members(port, prefix, count, fund) {
  const call = encryptedCaller(port, await fetchPublicKey(port));
  const tag = crypto.randomBytes(3).toString('hex');
  /** @type {string[]} */
  const tokens = [];
  for (let i = 0; i < count; i += 10) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 10); j++) {
      const username = `${prefix}${tag}${j}`;
      batch.push(
        call('PUT', '/wps/member/register', {
          username,
          password: 'secret123',
          confirmPassword: 'secret123',
          login: true,
        }).then(async (/** @type {{ token: string }} */ v) => {
          if (fund) {
            const reply = await srv.httpRequest(port, 'POST', '/ops/merchants/demo/adjustments', {
              headers: { 'content-type': 'application/json', 'x-ops-key': OPS_API_KEY },
              body: JSON.stringify({
                account: username,
                amount: '1000',
                reason: 'bench funding',
                requestId: id(),
              }),
            });
            if (reply.status !== 200) throw new Error(`funding answered HTTP ${reply.status}: ${reply.text}`);
            // Half into PT as well: the paced phase alternates MAIN → PT and PT → MAIN per member
            // with several in flight, so a PT → MAIN may be served before the MAIN → PT sent
            // before it; both wallets hold enough that no transfer is refused for balance.
            const seed = await srv.httpRequest(port, 'POST', TRANSFER_PATH, {
              headers: { 'content-type': 'application/json', authorization: v.token },
              body: JSON.stringify({ fromWallet: 'MAIN', toWallet: 'PT', amount: '500', requestId: id() }),
            });
            if (seed.status !== 200) throw new Error(`seeding PT answered HTTP ${seed.status}: ${seed.text}`);
          }
          return v.token;
        }),
      );
    }
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/**
 * Sends wallet transfers (MAIN → PT and back, 0.01) at `rate` per second for `seconds`, spread over
 * the payers, over keep-alive connections; returns the successes and reply latencies.
 * @param {number} port @param {string[]} tokens @param {number} rate @param {number} seconds
 */
async function paced(port, tokens, rate, seconds) {
  const url = `http://127.0.0.1:${port}${TRANSFER_PATH}`;
  const flip = tokens.map(() => false);
  /** @type {number[]} */
  const latencies = [];
  let [sent, ok, failed] = [0, 0, 0];
  /** @type {string | null} */
  let firstFailure = null;
  /** @type {Promise<void>[]} */
  const inflight = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent++) {
      const who = sent % tokens.length;
      flip[who] = !flip[who];
      const [from, to] = flip[who] ? ['MAIN', 'PT'] : ['PT', 'MAIN'];
      const at = performance.now();
      inflight.push(
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: tokens[who] },
          body: JSON.stringify({ fromWallet: from, toWallet: to, amount: '0.01', requestId: id() }),
        }).then(
          async (res) => {
            const text = await res.text();
            if (res.ok) {
              ok++;
              latencies.push(performance.now() - at);
            } else {
              failed++;
              firstFailure ??= `HTTP ${res.status} ${text.slice(0, 300)}`;
            }
          },
          (/** @type {Error} */ err) => {
            failed++;
            firstFailure ??= err.message;
          },
        ),
      );
    }
    await srv.sleep(2);
  }
  await Promise.all(inflight);
  latencies.sort((x, y) => x - y);
  if (firstFailure) log(`first failed transfer: ${firstFailure}`);
  return { ok, failed, latencies };
}

/** Resident memory of a process (Linux), in bytes. @param {number | undefined} pid */
function rssBytes(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Nearest-rank percentile of sorted values; 0 for none. @param {number[]} sorted @param {number} q */
const percentile = (sorted, q) => (sorted.length ? nearestRank(sorted, q) : 0);
const id = () => `rt-${crypto.randomBytes(8).toString('hex')}`;
const mb = (/** @type {number} */ bytes) => (bytes / 1024 / 1024).toFixed(0);
const ms = (/** @type {number} */ v) => `${v.toFixed(1)} ms`;
const round = (/** @type {number} */ v) => Math.round(v * 10) / 10;
/** @param {number[]} values */
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}
