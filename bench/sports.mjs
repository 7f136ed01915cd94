// Sportsbook bench (docs/sportsbook.md): bet placement over HTTP at 50 connections (`POST
// /sports/bets`, each stake taken through the house vendor's signed `bet` callback) beside the
// raw-SQL transfer ceiling (pgbench) on the same PostgreSQL server; then one popular market with
// 100,000 open bets settled by its result (wins in `settle` batches), timed and checked: every bet
// paid once, every wallet = opening − stakes + payouts, the platform's bet rows agree, the ledger
// sound.
import autocannon from 'autocannon';
import pg from 'pg';
import { log } from './lib/common.mjs';
import { checkHouseBets, opsCaller, runHouseBench } from './lib/house-bench.mjs';
import { assertAllOk } from './lib/load.mjs';
import { fundedMembers } from './lib/members.mjs';
import * as srv from './lib/server.mjs';

export const description =
  'Sportsbook: bet placement/s and p99 over HTTP vs one raw SQL transfer, and one market of 100,000 bets settled (PostgreSQL)';
export const usage = '[--members N] [--bets N] [--connections N] [--duration S] [--skip-build]';

const OPS_API_KEY = 'bench-sports-operator-key-00001';
/** Each member's opening balance (minor units): far more than the bench stakes. */
const OPENING = 10_000_000n;
/** Stake of each bet (minor units): 1.00. */
const STAKE = '100';
const PRICES = { home: '2100', draw: '3300', away: '3500' };

/** @param {string[]} args */
export async function run(args) {
  return runHouseBench(args, {
    what: 'market',
    placement:
      'a placement is an HTTP request with a session, validation, the bet and leg rows, and a signed bet callback with its posting',
    measure,
  });
}

/**
 * @param {string} dbUrl
 * @param {string} dataDir
 * @param {{ members: number, bets: number, connections: number, duration: number }} opts
 */
async function measure(dbUrl, dataDir, opts) {
  const server = await srv.startServer({
    dataDir,
    env: { DATABASE_URL: dbUrl, OPS_API_KEY, JOBS_ENABLED: '0', TEST_CLOCK: '1', SPORTS_SIMULATOR: '0' },
    readyTimeoutMs: srv.FRESH_DB_READY_MS,
  });
  const ops = opsCaller(server, OPS_API_KEY);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    // One popular fixture a day ahead: its match-result market takes every bet.
    await ops('/ops/sports/feed', {
      reason: 'bench fixture',
      events: [
        {
          externalId: 'bench:derby',
          category: 'SPORTS',
          sport: 'football',
          league: 'Bench League',
          home: 'Harbour City',
          away: 'Redfield Rovers',
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
          markets: [
            { kind: '1x2', selections: Object.entries(PRICES).map(([key, odds]) => ({ key, odds })) },
          ],
        },
      ],
    });
    const book = await srv.httpRequest(server.port, 'GET', '/sports/events?category=SPORTS');
    const event = book.json.value.list.find(
      (/** @type {{ league: string }} */ e) => e.league === 'Bench League',
    );
    const marketId = event.markets[0].marketId;

    const t0 = performance.now();
    const members = await fundedMembers(c, opts.members, 'sptbench', OPENING);
    log(
      `${members.length} members with ${Number(OPENING) / 100} each and a site session in ${Math.round(performance.now() - t0)} ms`,
    );

    const placement = await load(
      server.port,
      members,
      marketId,
      opts.connections,
      opts.duration,
      'placement',
    );
    const placementsPerSec = Math.round((placement.result['2xx'] / placement.result.duration) * 10) / 10;
    log(
      `placement: ${placement.result['2xx']} bets in ${placement.result.duration.toFixed(1)} s = ${placementsPerSec}/s; ` +
        `latency p50 ${placement.result.latency.p50} ms, p99 ${placement.result.latency.p99} ms`,
    );

    // Fill the market up to the wanted number of open bets (a single per request, as members bet).
    const have = Number(
      (await c.query(`select count(*) from sport_bet where status = 'open'`)).rows[0].count,
    );
    const missing = Math.max(0, opts.bets - have);
    if (missing > 0) {
      const f0 = performance.now();
      await load(server.port, members, marketId, opts.connections, 0, 'filling', missing);
      log(`filled to ${opts.bets} open bets in ${Math.round((performance.now() - f0) / 1000)} s`);
    }
    const open = (
      await c.query(
        `select count(*)::int as n, count(distinct member_id)::int as m from sport_bet where status = 'open'`,
      )
    ).rows[0];
    log(`the market holds ${open.n} open bets from ${open.m} members`);
    await c.query('vacuum analyze sport_bet');
    await c.query('vacuum analyze sport_bet_leg');

    // The result: 2–1 to the home side; the operator's call settles every bet.
    const started = performance.now();
    const settled = await ops('/ops/sports/result', {
      eventId: event.eventId,
      result: { kind: 'score', home: 2, away: 1 },
      reason: 'bench result',
    });
    const settleMs = Math.round(performance.now() - started);
    const won = Number((await c.query(`select count(*) from sport_bet where status = 'won'`)).rows[0].count);
    const postings = Number(
      (
        await c.query(
          `select count(*) from vendor_tx where type = 'win' and ledger_transaction_id is not null and round_id like 'S%'`,
        )
      ).rows[0].count,
    );
    log(
      `settlement: ${settled.settled} bets (${won} winning) in ${settleMs} ms (the operator's call: result, legs, settle batches, records) = ` +
        `${Math.round(settled.settled / (settleMs / 1000))} bets/s; ${postings} ledger postings (one per winning bet)`,
    );
    await srv.stopServer(server, { label: 'sports', uncleanExit: 'warn' });

    await checkHouseBets(c, dbUrl, {
      table: 'sport_bet',
      prefix: 'S',
      memberIds: members.map((m) => m.id),
      opening: OPENING,
      kept: ['won', 'lost', 'void', 'open'],
    });
    return {
      placementsPerSec,
      placementP99Ms: placement.result.latency.p99,
      settledBets: settled.settled,
      settleMs,
      betsPerSec: Math.round(settled.settled / (settleMs / 1000)),
      winPostings: postings,
    };
  } finally {
    await c.end();
    await srv.killAll();
  }
}

/**
 * autocannon: each connection bets a single for its members in turn. Runs `seconds`, or `amount`
 * requests when seconds is 0.
 * @param {number} port
 * @param {{ id: string, token: string }[]} members
 * @param {string} marketId
 * @param {number} connections
 * @param {number} seconds
 * @param {string} label
 * @param {number} [amount]
 */
async function load(port, members, marketId, connections, seconds, label, amount) {
  /** @type {import('./lib/load.mjs').Failure | null} */
  let firstFailure = null;
  let next = 0;
  const keys = Object.entries(PRICES);
  const request = {
    method: /** @type {const} */ ('POST'),
    path: '/sports/bets',
    setupRequest: (/** @type {any} */ req) => {
      const m = members[next++ % members.length];
      const [key, odds] = keys[Math.floor(Math.random() * keys.length)];
      return {
        ...req,
        body: JSON.stringify({ legs: [{ marketId, key, odds }], stake: STAKE }),
        headers: { 'content-type': 'application/json', authorization: m.token, merchant: 'demo' },
      };
    },
    onResponse: (/** @type {number} */ status, /** @type {unknown} */ b) => {
      if (status !== 200) firstFailure ??= { status, body: String(b) };
    },
  };
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    ...(seconds > 0 ? { duration: seconds } : { amount }),
    timeout: 60,
    requests: [request],
  });
  assertAllOk(label, result, firstFailure);
  return { result };
}
