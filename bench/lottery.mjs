// Lottery bench (docs/lottery.md): bet placement over HTTP at 50 connections (`POST /lgw/betting`,
// each bet paid through the house vendor's signed `bet` callback) beside the raw-SQL transfer
// ceiling (pgbench) on the same PostgreSQL server; then one draw with 100,000 open bets from
// 10,000 members settled (set-based evaluation, wins in `settle` batches), timed by the server
// and checked: every bet paid once, every wallet = opening − stakes + payouts, the ledger sound.
import autocannon from 'autocannon';
import pg from 'pg';
import { log } from './lib/common.mjs';
import { checkHouseBets, opsCaller, runHouseBench } from './lib/house-bench.mjs';
import { assertAllOk } from './lib/load.mjs';
import { fundedMembers } from './lib/members.mjs';
import * as srv from './lib/server.mjs';

export const description =
  'Lottery: bet placement/s and p99 over HTTP vs one raw SQL transfer, and one draw of 100,000 bets settled (PostgreSQL)';
export const usage = '[--members N] [--bets N] [--connections N] [--duration S] [--skip-build]';

const OPS_API_KEY = 'bench-lottery-operator-key-0001';
/** Each member's opening balance (minor units): far more than the bench stakes. */
const OPENING = 10_000_000n;
/** The draw the bench sells: VN north, one draw a day, so its sales stay open through the run. */
const GAME = 'VN_NORTH';
/** Bet types and selections mixed as players do (one unit of 1.00 at multiple 1 each). */
const SELECTIONS = [
  ['vn.lo', () => two()],
  ['vn.lo', () => distinct(2)],
  ['vn.de', () => two()],
  ['vn.xien2', () => distinct(3)],
  ['vn.3cang', () => String(Math.floor(Math.random() * 1000)).padStart(3, '0')],
];
const two = () => String(Math.floor(Math.random() * 100)).padStart(2, '0');
/** `k` different two-digit numbers. */
const distinct = (/** @type {number} */ k) => {
  const set = new Set();
  while (set.size < k) set.add(two());
  return [...set].join(',');
};
/** Orders per filling request (the body allows 20): 100,000 bets come from 10,000 requests, one member each. */
const FILL_ORDERS = 10;

/** @param {string[]} args */
export async function run(args) {
  return runHouseBench(args, {
    what: 'draw',
    placement:
      'a placement is an HTTP request with a session, validation, the order and bet rows, and a signed bet callback with its posting',
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
    env: { DATABASE_URL: dbUrl, OPS_API_KEY, JOBS_ENABLED: '0', TEST_CLOCK: '1' },
    readyTimeoutMs: srv.FRESH_DB_READY_MS,
  });
  const ops = opsCaller(server, OPS_API_KEY);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await ops('/ops/lottery/run');
    const near = await srv.httpRequest(server.port, 'GET', `/lgw/numeros/near?gameId=${GAME}`);
    const issue = near.json.value.currentNumero;
    const closesIn = Date.parse(issue.closeTime) - Date.now();
    if (closesIn < 10 * 60_000)
      throw new Error(`${GAME} ${issue.numero} closes in under ten minutes: run again after its draw`);
    log(`${GAME} issue ${issue.numero}, sales close at ${issue.closeTime}`);

    const t0 = performance.now();
    const members = await fundedMembers(c, opts.members, 'lotbench', OPENING);
    log(
      `${members.length} members with ${Number(OPENING) / 100} each and a site session in ${Math.round(performance.now() - t0)} ms`,
    );

    // Placement: one order of one bet per request, each connection its own members in turn.
    const placement = await load(
      server.port,
      members,
      issue.numero,
      opts.connections,
      opts.duration,
      1,
      'placement',
    );
    const placementsPerSec = Math.round((placement.result['2xx'] / placement.result.duration) * 10) / 10;
    log(
      `placement: ${placement.result['2xx']} bets in ${placement.result.duration.toFixed(1)} s = ${placementsPerSec}/s; ` +
        `latency p50 ${placement.result.latency.p50} ms, p99 ${placement.result.latency.p99} ms`,
    );

    // Fill the draw up to the wanted number of open bets, 20 orders a request.
    const have = Number(
      (await c.query(`select count(*) from lottery_bet where status = 'open'`)).rows[0].count,
    );
    const missing = Math.max(0, opts.bets - have);
    if (missing > 0) {
      const f0 = performance.now();
      await load(
        server.port,
        members,
        issue.numero,
        opts.connections,
        0,
        FILL_ORDERS,
        'filling',
        Math.ceil(missing / FILL_ORDERS),
      );
      log(`filled to ${opts.bets} open bets in ${Math.round((performance.now() - f0) / 1000)} s`);
    }
    const open = (
      await c.query(
        `select count(*)::int as n, count(distinct member_id)::int as m from lottery_bet where status = 'open'`,
      )
    ).rows[0];
    log(`the draw holds ${open.n} open bets from ${open.m} members`);
    await c.query('vacuum analyze lottery_bet');

    // The draw: the server's clock moves past it, and the operator's pass draws and settles it.
    const drawAt = Date.parse(issue.drawTime);
    const now = Date.parse((await ops('/dev/clock', { advanceMs: 0 })).now);
    await ops('/dev/clock', { advanceMs: Math.max(0, drawAt - now + 1000) });
    const started = performance.now();
    const pass = await ops('/ops/lottery/run');
    const wallMs = Math.round(performance.now() - started);
    const mine = pass.drawn.find((/** @type {{ gameId: string }} */ d) => d.gameId === GAME);
    if (!mine) {
      throw new Error(
        `the pass did not settle ${GAME} (${pass.drawn.length} issues drawn); server log:\n${server.logs().slice(-3000)}`,
      );
    }
    const settleMs = Math.round(mine.ms);
    const postings = Number(
      (
        await c.query(
          `select count(*) from vendor_tx where type = 'win' and ledger_transaction_id is not null and round_id like 'L%'`,
        )
      ).rows[0].count,
    );
    log(
      `settlement: ${mine.settled} bets (${mine.won} winning) in ${settleMs} ms by the server (${wallMs} ms for the whole operator pass) = ` +
        `${Math.round(mine.settled / (settleMs / 1000))} bets/s; ${postings} ledger postings (one per winning bet), ${mine.paid} bets closed at the platform`,
    );
    log(
      `  phases: read and evaluate ${Math.round(mine.phases.readAndEvaluateMs)} ms, ` +
        `pay (settle callbacks and the bets' records) ${Math.round(mine.phases.payMs)} ms`,
    );
    await srv.stopServer(server, { label: 'lottery', uncleanExit: 'warn' });

    // Checks: paid once, wallets add up, the ledger sound.
    await checkHouseBets(c, dbUrl, {
      table: 'lottery_bet',
      prefix: 'L',
      memberIds: members.map((m) => m.id),
      opening: OPENING,
      kept: ['won', 'lost', 'open'],
    });
    return {
      placementsPerSec,
      placementP99Ms: placement.result.latency.p99,
      settledBets: mine.settled,
      settleMs,
      settleWallMs: wallMs,
      betsPerSec: Math.round(mine.settled / (settleMs / 1000)),
      winPostings: postings,
    };
  } finally {
    await c.end();
    await srv.killAll();
  }
}

/**
 * autocannon: each connection bets for its members in turn (one request at a time), `orders`
 * orders per request on the issue. Runs `seconds`, or `amount` requests when seconds is 0.
 * @param {number} port
 * @param {{ id: string, token: string }[]} members
 * @param {string} numero
 * @param {number} connections
 * @param {number} seconds
 * @param {number} orders
 * @param {string} label
 * @param {number} [amount]
 */
async function load(port, members, numero, connections, seconds, orders, label, amount) {
  /** @type {import('./lib/load.mjs').Failure | null} */
  let firstFailure = null;
  let next = 0;
  const body = () => {
    const contents = Array.from({ length: orders }, () => {
      const [playId, pick] = SELECTIONS[Math.floor(Math.random() * SELECTIONS.length)];
      return {
        gameId: GAME,
        playId,
        bettingContent: pick(),
        singleBetPrice: 1,
        winStop: false,
        bettingApproach: 1,
        numero: [{ numero, multiple: 1 }],
      };
    });
    return JSON.stringify({ prizeMode: 'Lott', device: 'WEB', contents });
  };
  const request = {
    method: /** @type {const} */ ('POST'),
    path: '/lgw/betting',
    setupRequest: (/** @type {any} */ req) => {
      const m = members[next++ % members.length];
      return {
        ...req,
        body: body(),
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
