// Bets bench: signed seamless-wallet callbacks (bet, then the closing win) per second and p99 over
// HTTP on PostgreSQL and PGlite, next to the raw-SQL ceiling of one double-entry transfer
// (pgbench) on the same PostgreSQL server. See bench/README.md, "bets", and docs/vendor-protocol.md.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { ensureBuilt, log, wholeNumberOption } from './lib/common.mjs';
import { assertAllOk } from './lib/load.mjs';
import { cleanupPgbenchSync, measureRawTransfers } from './lib/pgbench.mjs';
import * as scratch from './lib/postgres.mjs';
import * as srv from './lib/server.mjs';

export const description =
  'Seamless bet+win callbacks/s and p99 over HTTP (PostgreSQL, PGlite) vs one raw SQL transfer (pgbench)';
export const usage =
  '[--connections N] [--duration S] [--only postgres|pglite] [--skip-build]   (defaults: 50, 10 s, both)';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const VENDOR = 'house';
/** The bench sets the brand's house secret itself, so it can sign. */
const SECRET = crypto.randomBytes(32).toString('hex');
const WARMUP_SECONDS = 2;
/** The targets at 50 connections: reported, never failed on. */
const TARGETS = { ratio: 1.0, p99Ms: 50 };
/** Each bench member's opening balance, in minor units; bets and wins of 1 keep it level. */
const OPENING = 1_000_000n;
/** Accounts in the raw ceiling's ledger (the wallet bench's default). */
const RAW_ACCOUNTS = 10_000;

/** @typedef {{ connections: number, duration: number, only: string | undefined }} Options */

/** @param {string[]} args */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      only: { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  /** @type {Options} */
  const opts = {
    connections: wholeNumberOption('connections', values.connections, 1, 1000),
    duration: wholeNumberOption('duration', values.duration, 1, 3600, 'a whole number of seconds'),
    only: values.only,
  };
  if (opts.only !== undefined && opts.only !== 'postgres' && opts.only !== 'pglite') {
    throw new Error('--only takes postgres or pglite');
  }
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  log(
    `POST /vendor/${VENDOR}/bet then /win (0.01 each, round closed), signed, one member per connection,` +
      ` ${opts.connections} connection(s), ${WARMUP_SECONDS} s warm-up then ${opts.duration} s measured`,
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
async function measureAll(opts) {
  /** @type {Record<string, number>} */
  const figures = {};
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = opts.only === 'pglite' ? null : await scratch.postgresProblem(url);
  if (opts.only === 'pglite') {
    log('');
    log('PostgreSQL: skipped (--only pglite).');
  } else if (problem) {
    log('');
    log(`PostgreSQL: skipped, nothing usable answers at ${scratch.redact(url)} (${problem}).`);
  } else {
    const http = await srv.onScratchDatabase(url, (db) =>
      measureHttp('PostgreSQL', { DATABASE_URL: db }, opts, pgSql(db)),
    );
    const raw = await srv.onScratchDatabase(url, (db) =>
      measureRawTransfers(db, { ...opts, accounts: RAW_ACCOUNTS, warmupSeconds: WARMUP_SECONDS }),
    );
    figures.pgCallbacksPerSec = http.perSec;
    figures.pgBetsPerSec = Math.round((http.perSec / 2) * 10) / 10;
    figures.pgHttpP99Ms = http.p99Ms;
    figures.pgRawTransfersPerSec = raw.perSec;
    figures.pgRawP99Ms = raw.p99Ms;
    figures.pgRatio = Math.round((http.perSec / raw.perSec) * 100) / 100;
  }
  log('');
  if (opts.only !== 'postgres') {
    const lite = await srv.withDataDir((dir) => measureHttp('PGlite', {}, opts, liteSql(dir), dir));
    figures.pgliteCallbacksPerSec = lite.perSec;
    figures.pgliteBetsPerSec = Math.round((lite.perSec / 2) * 10) / 10;
    figures.pgliteHttpP99Ms = lite.p99Ms;
  }

  log('');
  if (figures.pgRatio !== undefined) {
    const met = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
    const { pgRatio, pgHttpP99Ms } = figures;
    log(
      `target callbacks/s ÷ raw transfers/s ≥ ${TARGETS.ratio}: ${pgRatio.toFixed(2)}, ${met(pgRatio >= TARGETS.ratio)}` +
        ' (each callback is one ledger posting plus its bet row, rollups and stored reply)',
    );
    log(
      `target p99 ≤ ${TARGETS.p99Ms} ms (PostgreSQL, HTTP): ${pgHttpP99Ms} ms, ${met(pgHttpP99Ms <= TARGETS.p99Ms)}`,
    );
  }
  return figures;
}

/**
 * Runs SQL statements against the bench database while no server holds it.
 * @typedef {(statements: (q: (text: string, params?: unknown[]) => Promise<any[]>) => Promise<void>) => Promise<void>} SqlRunner
 */

/** @param {string} url @returns {SqlRunner} */
const pgSql = (url) => (work) =>
  scratch.withClient(url, (c) => work(async (text, params) => (await c.query(text, params)).rows));

/** @param {string} dir @returns {SqlRunner} */
const liteSql = (dir) => async (work) => {
  const db = await PGlite.create({ dataDir: dir });
  try {
    await work(async (text, params) => (await db.query(text, params)).rows);
  } finally {
    await db.close();
  }
};

/**
 * The built server as `startServer` starts it (bench/lib/server.mjs), with the fresh-database wait.
 * @param {string} dataDir
 * @param {NodeJS.ProcessEnv} env
 */
const startBenchServer = (dataDir, env) =>
  srv.startServer({ dataDir, env, readyTimeoutMs: srv.FRESH_DB_READY_MS });

// ─── Over HTTP ─────────────────────────────────────────────────────────────────────────────────

/**
 * Starts the server once to migrate and seed, stops it, prepares members, funds (ledger postings),
 * launch sessions and the vendor secret in the database, starts it again and measures.
 * @param {string} label
 * @param {NodeJS.ProcessEnv} env
 * @param {Options} opts
 * @param {SqlRunner} runSql
 * @param {string} [dataDir]
 */
async function measureHttp(label, env, opts, runSql, dataDir) {
  const go = async (/** @type {string} */ dir) => {
    await srv.stopServer(await startBenchServer(dir, env), { label, uncleanExit: 'warn' });
    const players = await prepare(runSql, opts.connections);
    log(`${label}: ${players.length} bench members with ${Number(OPENING) / 100} each and a launch token`);
    const server = await startBenchServer(dir, env);
    log(`${label}: server ready in ${Math.round(server.readyMs)} ms on port ${server.port}`);
    const warmup = await load(server.port, players, `${label} warm-up`, opts.connections, WARMUP_SECONDS);
    log(`${label}: warm-up ${warmup['2xx']} callbacks in ${warmup.duration.toFixed(1)} s`);
    if (env.DATABASE_URL) await scratch.checkpoint(env.DATABASE_URL);
    const result = await load(server.port, players, label, opts.connections, opts.duration);
    const perSec = Math.round((result['2xx'] / result.duration) * 10) / 10;
    const { p50, p99, max } = result.latency;
    log(
      `${label}: ${result['2xx']} callbacks (${Math.floor(result['2xx'] / 2)} bet+win rounds) in` +
        ` ${result.duration.toFixed(1)} s = ${perSec.toFixed(1)}/s; latency p50 ${p50} ms, p99 ${p99} ms, max ${max} ms`,
    );
    await srv.stopServer(server, { label, uncleanExit: 'warn' });
    await runSql(async (q) => {
      const [check] = await q(BALANCE_CHECK, [`{${players.map((p) => p.id).join(',')}}`]);
      if (check.bad !== '0')
        throw new Error(`${label}: ${check.bad} bench wallet(s) do not add up afterwards`);
    });
    log(`${label}: every bench wallet = opening − stakes + payouts over its bet rows`);
    return { perSec, p99Ms: p99 };
  };
  return dataDir ? go(dataDir) : srv.withDataDir(go);
}

const BALANCE_CHECK = `select count(*)::text as bad from ledger_account a
  where a.owner_id = any($1::bigint[]) and a.kind = 'main'
    and a.balance <> ${OPENING} + (select coalesce(sum(payout - stake), 0) from bet b where b.member_id = a.owner_id)`;

/**
 * @param {SqlRunner} runSql
 * @param {number} n
 * @returns {Promise<{ id: string, token: string }[]>}
 */
async function prepare(runSql, n) {
  /** @type {{ id: string, token: string }[]} */
  const players = [];
  await runSql(async (q) => {
    const [{ id: merchant, currency }] = await q(`select id, currency from merchant where code = 'demo'`);
    await q(
      `insert into vendor_secret (merchant_id, vendor_code, secret) values ($1, $2, $3)
       on conflict (merchant_id, vendor_code) do update set secret = excluded.secret`,
      [merchant, VENDOR, SECRET],
    );
    await q(
      `insert into ledger_account (merchant_id, owner_id, kind, code, currency)
       values ($1, null, 'system', 'adjustments', $2) on conflict do nothing`,
      [merchant, currency],
    );
    const [{ id: adjustments }] = await q(
      `select id from ledger_account where merchant_id = $1 and owner_id is null and code = 'adjustments'`,
      [merchant],
    );
    for (let i = 1; i <= n; i++) {
      const [{ id }] = await q(
        `insert into member (merchant_id, account, type, password_hash, register_method)
         values ($1, $2, 0, 'bench: no login', 'BENCH') returning id`,
        [merchant, `betbench${i}`],
      );
      const [{ id: main }] = await q(
        `insert into ledger_account (merchant_id, owner_id, kind, code, currency)
         values ($1, $2, 'main', 'MAIN', $3) returning id`,
        [merchant, id, currency],
      );
      // A real posting, so the books balance: adjustments −, the member's main wallet +.
      await q(
        `select * from ledger_post($1, 'ADJUSTMENT', $2, 'bench', $3, null, '{}'::jsonb, $4::bigint[], $5::bigint[])`,
        [merchant, `bench-fund:${id}`, id, `{${adjustments},${main}}`, `{${-OPENING},${OPENING}}`],
      );
      const token = crypto.randomBytes(32).toString('base64url');
      await q(
        `insert into vendor_session (token_hash, merchant_id, member_id, vendor_code, game_code, mode, expires_at)
         values ($1, $2, $3, $4, 'bench-dice', 'real', now() + interval '1 day')`,
        [crypto.createHash('sha256').update(token).digest('hex'), merchant, id, VENDOR],
      );
      players.push({ id: String(id), token });
    }
  });
  return players;
}

/**
 * autocannon: each connection plays its own member's rounds, one request at a time: a bet of
 * 0.01, then the round's closing win of 0.01, with fresh ids and a signature over the exact body.
 * Fails unless every reply is HTTP 200 with status OK.
 * @param {number} port
 * @param {{ id: string, token: string }[]} players one per connection
 * @param {string} label
 * @param {number} connections
 * @param {number} seconds
 */
async function load(port, players, label, connections, seconds) {
  const tag = crypto.randomBytes(4).toString('hex');
  let seq = 0;
  /** @type {import('./lib/load.mjs').Failure | null} */
  let firstFailure = null;
  let refused = 0;
  const onResponse = (/** @type {number} */ status, /** @type {unknown} */ body) => {
    if (status !== 200) firstFailure ??= { status, body: String(body) };
    else if (!/"status": ?"OK"/.test(String(body))) {
      refused++;
      firstFailure ??= { status, body: String(body) };
    }
  };
  const signed = (/** @type {any} */ req, /** @type {object} */ body) => {
    const raw = JSON.stringify(body);
    const signature = crypto.createHmac('sha256', SECRET).update(raw).digest('hex');
    return { ...req, body: raw, headers: { ...req.headers, 'x-signature': signature } };
  };
  const rounds = (/** @type {{ id: string, token: string }} */ p) => {
    let round = '';
    return [
      {
        method: /** @type {const} */ ('POST'),
        path: `/vendor/${VENDOR}/bet`,
        headers: { 'content-type': 'application/json' },
        setupRequest: (/** @type {any} */ req) => {
          const n = seq++;
          round = `${tag}-${n}`;
          return signed(req, {
            request_id: `q-${tag}-${n}`,
            transaction_id: `b-${tag}-${n}`,
            player_id: p.id,
            session_token: p.token,
            round_id: round,
            game_code: 'bench-dice',
            amount: '1',
            currency: 'USD',
          });
        },
        onResponse,
      },
      {
        method: /** @type {const} */ ('POST'),
        path: `/vendor/${VENDOR}/win`,
        headers: { 'content-type': 'application/json' },
        setupRequest: (/** @type {any} */ req) => {
          const n = seq++;
          return signed(req, {
            request_id: `q-${tag}-${n}`,
            transaction_id: `w-${tag}-${n}`,
            player_id: p.id,
            round_id: round,
            game_code: 'bench-dice',
            amount: '1',
            currency: 'USD',
            round_closed: true,
          });
        },
        onResponse,
      },
    ];
  };
  let nextClient = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    // PGlite on a busy machine answers in seconds, not milliseconds: count those replies too.
    timeout: 60,
    requests: rounds(players[0]),
    setupClient: (/** @type {any} */ c) => c.setRequests(rounds(players[nextClient++ % players.length])),
  });
  // A warm-up on a slow embedded database may end before the first reply: that is no failure.
  if (label.endsWith('warm-up') && result['2xx'] === 0 && !firstFailure && !result.errors && !result.non2xx) {
    return result;
  }
  return assertAllOk(label, result, firstFailure, refused ? [`${refused} callback(s) not OK`] : []);
}
