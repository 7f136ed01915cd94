// Live tables bench: one table, N seated sockets, every player betting in one betting window —
// bets accepted per second, the broadcast of the close (the deal) to every socket, and the
// settlement of the round. See bench/README.md, "tables", and docs/live.md.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import { ensureBuilt, log, wholeNumberOption } from './lib/common.mjs';
import { fundedMembers } from './lib/members.mjs';
import { percentile } from './lib/pgbench.mjs';
import * as scratch from './lib/postgres.mjs';
import * as srv from './lib/server.mjs';

export const description =
  'Live table: N seated sockets betting in one window — bets/s, close broadcast p99, round settlement time (PostgreSQL)';
export const usage =
  '[--players N] [--concurrency N] [--skip-build]   (defaults: 1000 players, 64 requests in flight)';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const OPS_API_KEY = 'bench-tables-operator-key-000001';
const TABLE = 'LIVE_BACCARAT_2';
const OPENING = 10_000_000n;
/** 10.00: the high-limit table's minimum. */
const STAKE = 1000n;
const CONNECT_CONCURRENCY = 250;

/** @param {string[]} args */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      players: { type: 'string', default: '1000' },
      concurrency: { type: 'string', default: '64' },
      'skip-build': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const opts = {
    players: wholeNumberOption('players', values.players, 1, 10_000),
    concurrency: wholeNumberOption('concurrency', values.concurrency, 1, 1000),
  };
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await scratch.postgresProblem(url);
  if (problem) throw new Error(`PostgreSQL unusable at ${scratch.redact(url)}: ${problem}`);
  return srv.withCleanup(
    () => srv.onScratchDatabase(url, (db) => srv.withDataDir((dataDir) => measure(db, dataDir, opts))),
    {
      what: 'closing sockets, dropping the bench database',
      onSignal: () => scratch.dropScratchDatabase(),
      onExit: () => scratch.warnIfNotDropped(),
    },
  );
}

/**
 * @param {string} dbUrl @param {string} dataDir
 * @param {{ players: number, concurrency: number }} opts
 */
async function measure(dbUrl, dataDir, opts) {
  const server = await srv.startServer({
    dataDir,
    env: { DATABASE_URL: dbUrl, OPS_API_KEY, JOBS_ENABLED: '1' },
    readyTimeoutMs: srv.FRESH_DB_READY_MS,
  });
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  /** @type {import('socket.io-client').Socket[]} */
  const sockets = [];
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const members = await fundedMembers(c, opts.players, 'tblbench', OPENING);
    log(`${members.length} members with ${Number(OPENING) / 100} each and a session`);

    // Seat everyone: a socket each, joined to the table's topic.
    const started = performance.now();
    for (let i = 0; i < members.length; i += CONNECT_CONCURRENCY) {
      await Promise.all(
        members.slice(i, i + CONNECT_CONCURRENCY).map(async (m) => {
          const s = io(base, {
            path: '/ws',
            transports: ['websocket'],
            auth: { token: m.token },
            reconnection: false,
            forceNew: true,
          });
          sockets.push(s);
          await once(s, 'connect', 30_000);
          const joined = once(s, 'topic.joined', 10_000);
          s.emit('topic.join', { topic: `live:${TABLE}` });
          await joined;
        }),
      );
    }
    log(
      `${sockets.length} sockets seated at ${TABLE} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // Wait for a round to open, so the whole window is ahead.
    /** @type {{ roundId: string, closesAt: string, resultAt: string, roundNo: number }} */
    const round = await new Promise((resolve) => {
      const on = (/** @type {any} */ r) => {
        if (r.tableCode === TABLE && r.status === 'betting') {
          sockets[0].off('live.round', on);
          resolve(r);
        }
      };
      sockets[0].on('live.round', on);
    });
    const windowMs = Date.parse(round.closesAt) - Date.now();
    log(`round ${round.roundNo} open, ${(windowMs / 1000).toFixed(1)} s to bet`);

    // Every socket times the close (the deal) and the settlement, and counts its own bet's event.
    const closeAt = Date.parse(round.closesAt);
    const resultAt = Date.parse(round.resultAt);
    /** @type {number[]} */ const dealt = [];
    /** @type {number[]} */ const settled = [];
    let betEvents = 0;
    let totalsEvents = 0;
    for (const s of sockets) {
      s.on('live.round', (/** @type {any} */ r) => {
        if (r.roundId !== round.roundId) return;
        if (r.status === 'dealing') dealt.push(Date.now() - closeAt);
        if (r.status === 'settled') settled.push(Date.now() - resultAt);
      });
      s.on('live.bet', (/** @type {any} */ b) => b.roundId === round.roundId && betEvents++);
      s.on('live.totals', () => totalsEvents++);
    }

    // Everyone bets, `concurrency` requests in flight.
    /** @type {number[]} */ const latencies = [];
    let [accepted, refused] = [0, 0];
    /** @type {string | null} */ let firstRefusal = null;
    let next = 0;
    const betStart = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < members.length) {
          const i = next++;
          const at = performance.now();
          const res = await fetch(`${base}/live/bets`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: members[i].token },
            body: JSON.stringify({
              tableCode: TABLE,
              roundId: round.roundId,
              bets: [{ spot: i % 2 ? 'player' : 'banker', amount: String(STAKE) }],
            }),
          });
          const text = await res.text();
          if (res.ok) {
            accepted++;
            latencies.push(performance.now() - at);
          } else {
            refused++;
            firstRefusal ??= `HTTP ${res.status} ${text.slice(0, 200)}`;
          }
        }
      }),
    );
    const betSeconds = (performance.now() - betStart) / 1000;
    latencies.sort((a, b) => a - b);
    log(
      `bets: ${accepted} accepted in ${betSeconds.toFixed(2)} s = ${(accepted / betSeconds).toFixed(0)}/s` +
        ` (${refused} refused${firstRefusal ? `: ${firstRefusal}` : ''}), reply p50 ${ms(percentile(latencies, 0.5))} p99 ${ms(percentile(latencies, 0.99))}`,
    );

    // The close, the deal and the settlement reach every seat.
    const deadline = resultAt - Date.now() + 60_000;
    const until = Date.now() + Math.max(0, deadline);
    while ((settled.length < sockets.length || betEvents < accepted) && Date.now() < until)
      await srv.sleep(100);
    dealt.sort((a, b) => a - b);
    settled.sort((a, b) => a - b);
    const {
      rows: [row],
    } = await c.query(
      `select extract(epoch from settled_at - result_at) * 1000 as ms, status from live_round where id = $1`,
      [round.roundId],
    );
    const {
      rows: [check],
    } = await c.query(
      `select count(*) filter (where b.status in ('won', 'lost')) as settled,
              count(*) filter (where a.balance <> $2::bigint - b.stake + b.payout) as wrong
       from live_bet b join ledger_account a on a.owner_id = b.member_id and a.kind = 'main'
       where b.round_id = $1`,
      [round.roundId, String(OPENING)],
    );
    log(
      `close → deal event: ${dealt.length} of ${sockets.length} sockets, p50 ${ms(percentile(dealt, 0.5))}, p99 ${ms(percentile(dealt, 0.99))}` +
        ` (the schedule runs every 250 ms)`,
    );
    log(
      `result time → settled event: ${settled.length} sockets, p50 ${ms(percentile(settled, 0.5))}, p99 ${ms(percentile(settled, 0.99))};` +
        ` the round's settlement took ${Math.round(Number(row.ms))} ms after its result time (status ${row.status})`,
    );
    log(
      `bets settled ${check.settled} of ${accepted}, wallets off by their bet: ${check.wrong}; live.bet events ${betEvents}; totals events ${totalsEvents}`,
    );
    if (Number(check.wrong) !== 0 || Number(check.settled) !== accepted)
      throw new Error('the round did not settle every bet exactly');
    return {
      playersCount: sockets.length,
      betsAcceptedCount: accepted,
      betsPerSec: Math.round(accepted / betSeconds),
      betReplyP99Ms: Math.round(percentile(latencies, 0.99)),
      dealBroadcastP50Ms: Math.round(percentile(dealt, 0.5)),
      dealBroadcastP99Ms: Math.round(percentile(dealt, 0.99)),
      settleMs: Math.round(Number(row.ms)),
      settledBroadcastP99Ms: Math.round(percentile(settled, 0.99)),
    };
  } finally {
    for (const s of sockets) s.close();
    await c.end();
    await srv.stopServer(server, { label: 'tables', uncleanExit: 'warn' });
  }
}

/** @param {number} v */
const ms = (v) => `${Math.round(v)} ms`;

/**
 * @param {import('socket.io-client').Socket} socket @param {string} event @param {number} timeoutMs
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
