// Agent contract settlement at size (docs/contracts.md): the 10,000-member tree of team-report
// (demoagent → 20 agents → 200 sub-agents → members) with 1,000,000 settled bets over 30 days, on
// PostgreSQL; every agent holds a daily-wage and a real-time salary contract. Times the daily
// settlement job (three ended days: rollup refresh, bills, payments) and the real-time job (the
// last hour's twelve 5-minute windows), through the operator's settle route, and checks every
// bill against a naive recomputation from the raw bets.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureBuilt, log, wholeNumberOption } from './lib/common.mjs';
import * as scratch from './lib/postgres.mjs';
import * as srv from './lib/server.mjs';
import { generate } from './team-report.mjs';

export const description =
  'Contract settlement: daily wages and real-time salary over 10,000 members and 1,000,000 bets (PostgreSQL)';
export const usage = '[--members N] [--bets N] [--skip-build]';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const OPS_API_KEY = 'bench-contracts-operator-key-01';
const TARGET_DAILY_MS = 10_000;
const TARGET_WINDOW_MS = 1_000;
const DAY = 86_400_000;
const WINDOW = 300_000;

/** Tier tables in minor units and rate millionths; each level's rates stay within its upline's. */
const dailyTiers = (scale) => [
  { minBet: '100000', minLoss: '0', activeMembers: 2, rateType: 'P', rate: String(8_000 * scale) },
  { minBet: '1000000', minLoss: '0', activeMembers: 10, rateType: 'P', rate: String(12_000 * scale) },
];
const rtRates = (scale) => ({
  winRate: String(5_000 * scale),
  lossRate: String(10_000 * scale),
  betRate: String(500 * scale),
});

/** @param {string[]} args */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: { members: { type: 'string' }, bets: { type: 'string' }, 'skip-build': { type: 'boolean' } },
  });
  const opts = {
    members: wholeNumberOption('members', values.members ?? '10000', 500, 1_000_000),
    bets: wholeNumberOption('bets', values.bets ?? '1000000', 1, 50_000_000),
    days: 30,
  };
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await scratch.postgresProblem(url);
  if (problem) throw new Error(`PostgreSQL does not answer at ${scratch.redact(url)}: ${problem}`);
  const db = await scratch.createScratchDatabase(url, 'arcadia_contracts');
  log(`PostgreSQL at ${scratch.redact(url)}, fresh database ${db.name}`);
  try {
    return await srv.withDataDir((dataDir) => measure(db.url, dataDir, opts));
  } finally {
    await srv.killAll();
    await scratch.dropScratchDatabase();
  }
}

/**
 * @param {string} dbUrl
 * @param {string} dataDir
 * @param {{ members: number, bets: number, days: number }} opts
 */
async function measure(dbUrl, dataDir, opts) {
  const server = await srv.startServer({
    dataDir,
    env: { DATABASE_URL: dbUrl, OPS_API_KEY, JOBS_ENABLED: '0' },
    readyTimeoutMs: srv.FRESH_DB_READY_MS,
  });
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const t0 = performance.now();
    const { root, merchant } = await generate(c, opts);
    log(
      `generated ${opts.members} members and ${opts.bets} bets in ${Math.round((performance.now() - t0) / 1000)} s`,
    );
    // The bench's bets are settled when placed; the real-time window reads settled_at.
    const holders = await contractsForEveryAgent(c, merchant, root);
    log(`${holders.length} agents hold a daily-wage and a real-time salary contract`);
    await c.query('vacuum analyze');

    const settle = async (/** @type {string} */ kind) => {
      const started = performance.now();
      const res = await srv.httpRequest(server.port, 'POST', `/ops/merchants/demo/contracts/${kind}/settle`, {
        headers: { 'x-ops-key': OPS_API_KEY },
        timeoutMs: 600_000,
      });
      const ms = Math.round(performance.now() - started);
      if (res.status !== 200)
        throw new Error(`settle ${kind} answered ${res.status}: ${res.text.slice(0, 300)}`);
      return {
        ms,
        value: /** @type {{ periods: number, bills: number, payments: number }} */ (res.json.value),
      };
    };

    // What the agent.team-rollup jobs keep fresh; the daily job waits for it (docs/contracts.md).
    const started = performance.now();
    await c.query(
      `select team_rollup_refresh($1, current_date - 4, current_date, 100, array[1, 2, 41, 42])`,
      [merchant],
    );
    const refreshMs = Math.round(performance.now() - started);
    log(`team rollup refresh (the agent job's, not part of settlement): ${refreshMs} ms`);
    const daily = await settle('daily');
    log(
      `daily job (3 ended days): ${daily.ms} ms — ${daily.value.periods} periods, ` +
        `${daily.value.bills} bills, ${daily.value.payments} payments`,
    );
    const dailyAgain = await settle('daily');
    log(
      `daily rerun: ${dailyAgain.ms} ms — ${dailyAgain.value.bills} bills, ${dailyAgain.value.payments} payments`,
    );
    const realtime = await settle('realtime');
    const perWindow = Math.round(realtime.ms / Math.max(1, realtime.value.periods));
    log(
      `real-time job (${realtime.value.periods} windows of 5 minutes): ${realtime.ms} ms, ${perWindow} ms per window — ` +
        `${realtime.value.bills} bills, ${realtime.value.payments} payments`,
    );
    const realtimeAgain = await settle('realtime');
    log(`real-time rerun: ${realtimeAgain.ms} ms — ${realtimeAgain.value.payments} payments`);
    // A rerun of the real-time job may settle a window that ended meanwhile; what must hold is
    // that no bill was paid more than once: its postings add up to what it says it paid.
    if (dailyAgain.value.payments !== 0) throw new Error('a rerun of the daily job paid again');
    const twice = await c.query(
      `select count(*)::int as n from contract_bill b
       where b.paid <> coalesce((select sum(e.amount) from ledger_transaction x join ledger_entry e on e.transaction_id = x.id
                                 where x.reference = 'contract_bill:' || b.id and e.amount > 0), 0)`,
    );
    if (twice.rows[0].n !== 0) throw new Error(`${twice.rows[0].n} bills paid other than once`);
    log('every bill paid exactly once: yes');

    const checked = await checkAgainstNaive(c, merchant, holders);
    log(`bills equal the naive recomputation from raw bets: yes (${checked} bills compared)`);
    const met = (/** @type {number} */ v, /** @type {number} */ t) => (v <= t ? 'met' : 'NOT met');
    log(
      `targets: daily ≤ ${TARGET_DAILY_MS} ms ${met(daily.ms, TARGET_DAILY_MS)}, ` +
        `5-minute window ≤ ${TARGET_WINDOW_MS} ms ${met(perWindow, TARGET_WINDOW_MS)}`,
    );
    return {
      holdersCount: holders.length,
      rollupRefreshMs: refreshMs,
      dailyJobMs: daily.ms,
      dailyBillsCount: daily.value.bills,
      dailyPaymentsCount: daily.value.payments,
      dailyRerunMs: dailyAgain.ms,
      realtimeJobMs: realtime.ms,
      realtimeWindowMs: perWindow,
      realtimeBillsCount: realtime.value.bills,
      realtimeRerunMs: realtimeAgain.ms,
      naiveComparedCount: checked,
    };
  } finally {
    await c.end();
    await srv.stopServer(server, { label: 'server', uncleanExit: 'warn' });
  }
}

/**
 * Contracts in force since long ago: demoagent's paid by the platform, every agent below paid by
 * its parent, each level's rates three quarters of its upline's.
 * @param {pg.Client} c
 * @param {number} merchant
 * @param {string} root
 */
async function contractsForEveryAgent(c, merchant, root) {
  const { rows } = await c.query(
    `select m.id, m.parent_id, (select count(*) from member_tree t where t.descendant_id = m.id)::int as depth
     from member m where m.id = $1 or m.account like 'l1a%' or m.account like 'l2a%' order by depth, m.id`,
    [root],
  );
  const scaleOf = (/** @type {number} */ depth) => [4, 3, 2][Math.min(depth - 1, 2)];
  for (const r of rows) {
    const s = scaleOf(r.depth);
    const payer = String(r.id) === String(root) ? null : r.parent_id;
    for (const [kind, terms] of [
      ['daily', { tiers: dailyTiers(s), rates: null }],
      ['realtime', { tiers: [], rates: rtRates(s) }],
    ]) {
      await c.query(
        `insert into agent_contract (merchant_id, kind, member_id, payer_id, version, status, period, terms, top_rate,
           offered_by, offered_at, accepted_at)
         values ($1, $2, $3, $4, 1, 'V', null, $5, 0, 'bench', now() - interval '60 days', now() - interval '60 days')`,
        [merchant, kind, r.id, payer, JSON.stringify(terms)],
      );
    }
  }
  return rows.map((r) => ({
    id: String(r.id),
    payer: r.parent_id === null || String(r.id) === String(root) ? null : String(r.parent_id),
    depth: r.depth,
    scale: scaleOf(r.depth),
  }));
}

/**
 * Recomputes every bill from the raw bets (no rollup): team sums through the closure, tiers and
 * amounts by the formulas of docs/contracts.md, and compares amounts bill by bill.
 * @param {pg.Client} c
 * @param {number} merchant
 * @param {{ id: string, payer: string | null, depth: number, scale: number }[]} holders
 */
async function checkAgainstNaive(c, merchant, holders) {
  const ids = holders.map((h) => h.id);
  let compared = 0;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let d = 3; d >= 1; d--) {
    const start = new Date(today - d * DAY);
    const end = new Date(start.getTime() + DAY);
    const { rows } = await c.query(
      `with pm as (select member_id, sum(valid_bet) as v from bet where merchant_id = $1 and status = 'settled'
                   and placed_at >= $2 and placed_at < $3 group by member_id)
       select t.ancestor_id::text as id, sum(pm.v)::text as v, count(*) filter (where pm.v >= 100)::int as active
       from pm join member_tree t on t.descendant_id = pm.member_id where t.ancestor_id = any($4::bigint[])
       group by t.ancestor_id`,
      [merchant, start, end, ids],
    );
    const fig = new Map(rows.map((r) => [r.id, { v: BigInt(r.v), active: r.active }]));
    /** @type {Map<string, bigint>} */
    const amount = new Map();
    for (const h of holders) {
      const f = fig.get(h.id) ?? { v: 0n, active: 0 };
      const tiers = dailyTiers(h.scale);
      let a = 0n;
      for (const t of tiers)
        if (f.v >= BigInt(t.minBet) && f.active >= t.activeMembers) a = (f.v * BigInt(t.rate)) / 1_000_000n;
      // A holder below one that reached nothing is owed nothing (the descent stops).
      if (h.payer !== null && amount.get(h.payer) === 0n) a = 0n;
      amount.set(h.id, a);
    }
    const bills = await c.query(
      `select member_id::text as id, amount::text as amount from contract_bill where kind = 'daily' and period_start = $1`,
      [start],
    );
    if (bills.rows.length !== holders.length)
      throw new Error(`daily ${start.toISOString()}: ${bills.rows.length} bills`);
    for (const b of bills.rows) {
      if (BigInt(b.amount) !== amount.get(b.id))
        throw new Error(
          `daily bill of ${b.id} on ${start.toISOString()}: ${b.amount} ≠ naive ${amount.get(b.id)}`,
        );
      compared += 1;
    }
  }

  // Real-time: every window of the last hour, per round, at each holder's rates.
  const last = Math.floor(Date.now() / WINDOW) * WINDOW;
  const { rows: windows } = await c.query(
    `select distinct period_start from contract_bill where kind = 'realtime' order by period_start`,
  );
  for (const { period_start: ws } of windows) {
    const start = new Date(ws);
    if (start.getTime() < last - 12 * WINDOW) continue;
    const { rows: rounds } = await c.query(
      `select t.ancestor_id::text as id, b.stake::text as stake, b.payout::text as payout
       from bet b join member_tree t on t.descendant_id = b.member_id
       where b.merchant_id = $1 and b.status = 'settled' and b.settled_at >= $2 and b.settled_at < $3
         and t.ancestor_id = any($4::bigint[])`,
      [merchant, start, new Date(start.getTime() + WINDOW), ids],
    );
    const byId = new Map(holders.map((h) => [h.id, h]));
    /** @type {Map<string, bigint>} */
    const sum = new Map();
    for (const r of rounds) {
      const rates = rtRates(byId.get(r.id).scale);
      const stake = BigInt(r.stake);
      const payout = BigInt(r.payout);
      const res = payout - stake;
      const a =
        (stake * BigInt(rates.betRate)) / 1_000_000n +
        (res > 0n
          ? (res * BigInt(rates.winRate)) / 1_000_000n
          : (-res * BigInt(rates.lossRate)) / 1_000_000n);
      sum.set(r.id, (sum.get(r.id) ?? 0n) + a);
    }
    const bills = await c.query(
      `select member_id::text as id, amount::text as amount from contract_bill where kind = 'realtime' and period_start = $1`,
      [start],
    );
    const billed = new Set(bills.rows.map((b) => b.id));
    for (const [id, a] of sum)
      if (a > 0n && !billed.has(id))
        throw new Error(`real-time: no bill for ${id} at ${start.toISOString()}`);
    for (const b of bills.rows) {
      if (BigInt(b.amount) !== (sum.get(b.id) ?? 0n))
        throw new Error(
          `real-time bill of ${b.id} at ${start.toISOString()}: ${b.amount} ≠ naive ${sum.get(b.id)}`,
        );
      compared += 1;
    }
  }
  return compared;
}
