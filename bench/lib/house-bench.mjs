// The house products' benches (lottery, sportsbook): the same options, the same scratch
// PostgreSQL database for the measured run, the raw-SQL transfer ceiling beside it, and the same
// report of placement and settlement.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, ensureBuilt, log, wholeNumberOption } from './common.mjs';
import { cleanupPgbenchSync, measureRawTransfers } from './pgbench.mjs';
import * as scratch from './postgres.mjs';
import * as srv from './server.mjs';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
export const TARGET_SETTLE_MS = 2000;

/**
 * @typedef {{ members: number, bets: number, connections: number, duration: number }} HouseBenchOptions
 * @typedef {{ placementsPerSec: number, placementP99Ms: number, settledBets: number, settleMs: number } & Record<string, number>} HouseFigures
 */

/**
 * Parses the options, measures on a scratch database, then the raw-SQL ceiling on another, and
 * prints the comparison and the settlement target.
 * @param {string[]} args
 * @param {{ what: string, placement: string, measure: (dbUrl: string, dataDir: string, opts: HouseBenchOptions) => Promise<HouseFigures> }} bench
 */
export async function runHouseBench(args, bench) {
  const { values } = parseArgs({
    args,
    options: {
      members: { type: 'string', default: '10000' },
      bets: { type: 'string', default: '100000' },
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      'skip-build': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  /** @type {HouseBenchOptions} */
  const opts = {
    members: wholeNumberOption('members', values.members, 10, 1_000_000),
    bets: wholeNumberOption('bets', values.bets, 100, 10_000_000),
    connections: wholeNumberOption('connections', values.connections, 1, 1000),
    duration: wholeNumberOption('duration', values.duration, 1, 3600, 'a whole number of seconds'),
  };
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await scratch.postgresProblem(url);
  if (problem) throw new Error(`PostgreSQL does not answer at ${scratch.redact(url)}: ${problem}`);
  return srv.withCleanup(
    async () => {
      /** @type {Record<string, number>} */
      const figures = await srv.onScratchDatabase(url, (db) =>
        srv.withDataDir((dir) => bench.measure(db, dir, opts)),
      );
      const raw = await srv.onScratchDatabase(url, (db) =>
        measureRawTransfers(db, { ...opts, accounts: 10_000, warmupSeconds: 2 }),
      );
      figures.rawTransfersPerSec = raw.perSec;
      figures.rawP99Ms = raw.p99Ms;
      figures.placementRatio = Math.round((figures.placementsPerSec / raw.perSec) * 100) / 100;
      log('');
      log(
        `placement: ${figures.placementsPerSec}/s (p99 ${figures.placementP99Ms} ms) beside the raw-SQL transfer ` +
          `ceiling ${raw.perSec}/s (p99 ${raw.p99Ms} ms): ratio ${figures.placementRatio.toFixed(2)} ` +
          `(${bench.placement})`,
      );
      const met = figures.settleMs <= TARGET_SETTLE_MS ? 'met' : 'NOT met';
      log(
        `target one ${bench.what} of ${figures.settledBets} bets settled ≤ ${TARGET_SETTLE_MS} ms: ${figures.settleMs} ms, ${met}`,
      );
      return figures;
    },
    {
      what: 'stopping pgbench, dropping the bench database',
      onSignal: async () => {
        cleanupPgbenchSync();
        await scratch.dropScratchDatabase();
      },
      onExit: () => {
        cleanupPgbenchSync();
        scratch.warnIfNotDropped();
      },
    },
  );
}

/**
 * POSTs to an operator route with the bench's key; resolves with the reply's `value`.
 * @param {{ port: number }} server
 * @param {string} key
 */
export function opsCaller(server, key) {
  return async (/** @type {string} */ urlPath, /** @type {unknown} */ body) => {
    const res = await srv.httpRequest(server.port, 'POST', urlPath, {
      headers: { 'x-ops-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 600_000,
    });
    if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}: ${res.text.slice(0, 300)}`);
    return res.json.value;
  };
}

/**
 * What every house bench checks after its settlement (the run fails otherwise): every bet settled
 * and paid once; every member's wallet = opening − stakes + payouts; each platform bet row agrees
 * with the product's bet; `ledger:check` clean.
 * @param {import('pg').Client} c
 * @param {string} dbUrl
 * @param {{ table: 'lottery_bet' | 'sport_bet', prefix: string, memberIds: string[], opening: bigint, kept: string[] }} what
 *   `kept`: the statuses whose stakes stay taken (the rest were refunded or refused)
 */
export async function checkHouseBets(c, dbUrl, what) {
  const kept = `{${what.kept.join(',')}}`;
  const unpaid = (
    await c.query(
      `select count(*)::int as n from ${what.table} where status = any($1::text[]) and not paid`,
      [kept],
    )
  ).rows[0].n;
  if (unpaid !== 0) throw new Error(`${unpaid} bets not settled and paid`);
  const bad = (
    await c.query(
      `select count(*)::int as n from ledger_account a where a.owner_id = any($1::bigint[]) and a.kind = 'main'
         and a.balance <> $2::bigint + (select coalesce(sum(payout - stake), 0) from ${what.table} b
                                        where b.member_id = a.owner_id and b.status = any($3::text[]))`,
      [`{${what.memberIds.join(',')}}`, String(what.opening), kept],
    )
  ).rows[0].n;
  if (bad !== 0) throw new Error(`${bad} wallets do not equal opening − stakes + payouts`);
  const platform = (
    await c.query(
      `select count(*)::int as n from ${what.table} x join bet b on b.round_id = $1 || x.id and b.adapter = 'house'
       where b.status <> 'settled' or b.payout <> x.payout or b.stake <> x.stake`,
      [what.prefix],
    )
  ).rows[0].n;
  if (platform !== 0) throw new Error(`${platform} platform bet rows disagree with the product's`);
  const check = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/ledger-check.js')], {
    env: { ...process.env, DATABASE_URL: dbUrl },
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`ledger check failed: ${check.stdout}${check.stderr}`);
  log(
    'checks: every bet settled and paid once; every wallet = opening − stakes + payouts; platform bet rows agree; ledger:check clean',
  );
}
