// Brand reports at size: 100,000 members and 1,000,000 bets over 30 days on PostgreSQL. Times the
// back office's revenue report (GET /ops/merchants/demo/reports/ggr, per day, vendor, game and
// category) over HTTP, next to the floor measured in the same run — the rollup query alone, sent
// straight to PostgreSQL — and to the naive sum over raw bets. The target is p50 ≤ 100 ms for the
// 30-day report per day. See bench/README.md and docs/back-office.md "Reports".
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureBuilt, log, median, wholeNumberOption } from './lib/common.mjs';
import * as scratch from './lib/postgres.mjs';
import * as srv from './lib/server.mjs';

export const description =
  'Back-office revenue report over 100,000 members and 1,000,000 bets in 30 days (PostgreSQL), against p50 ≤ 100 ms';
export const usage = '[--members N] [--bets N] [--days N] [--runs N] [--skip-build]';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const TARGET_P50_MS = 100;
const OPS_KEY = 'bench-operator-key-123456';

/**
 * @param {number[]} xs
 * @param {number} q
 */
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round1 = (/** @type {number} */ x) => Math.round(x * 10) / 10;
const isoDay = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10);

/** @param {string[]} args */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: {
      members: { type: 'string' },
      bets: { type: 'string' },
      days: { type: 'string' },
      runs: { type: 'string' },
      'skip-build': { type: 'boolean' },
    },
  });
  const opts = {
    members: wholeNumberOption('members', values.members ?? '100000', 100, 2_000_000),
    bets: wholeNumberOption('bets', values.bets ?? '1000000', 1, 50_000_000),
    days: wholeNumberOption('days', values.days ?? '30', 3, 92),
    runs: wholeNumberOption('runs', values.runs ?? '40', 5, 1000),
  };
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await scratch.postgresProblem(url);
  if (problem) throw new Error(`PostgreSQL does not answer at ${scratch.redact(url)}: ${problem}`);
  // A database of its own, dropped at the end: never the tests' database.
  const db = await scratch.createScratchDatabase(url, 'arcadia_reports');
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
 * @param {{ members: number, bets: number, days: number, runs: number }} opts
 */
async function measure(dbUrl, dataDir, opts) {
  const server = await srv.startServer({ dataDir, env: { DATABASE_URL: dbUrl, DEMO_PLAY: '0' } });
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    let started = performance.now();
    const merchant = await generate(client, opts);
    log(
      `generated ${opts.members} members and ${opts.bets} bets in ${Math.round((performance.now() - started) / 1000)} s`,
    );

    // What the ops-reports.rollup.window job does: the whole window, up to yesterday.
    started = performance.now();
    await client.query(`select brand_report_refresh($1, current_date - $2::int, current_date - 1)`, [
      merchant,
      opts.days + 1,
    ]);
    const refreshWindowMs = Math.round(performance.now() - started);
    started = performance.now();
    await client.query(`select brand_report_refresh($1, current_date - 3, current_date - 1)`, [merchant]);
    const refreshThreeDaysMs = Math.round(performance.now() - started);
    log(`rollup refresh: ${opts.days} days ${refreshWindowMs} ms, three days ${refreshThreeDaysMs} ms`);

    const now = Date.now();
    const to = isoDay(now);
    const from = isoDay(now - (opts.days - 1) * 86_400_000);
    const call = async (/** @type {string} */ path) => {
      const t0 = performance.now();
      const res = await srv.httpRequest(server.port, 'GET', path, { headers: { 'x-ops-key': OPS_KEY } });
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
      return { ms, value: /** @type {any} */ (res.json)?.value, text: res.text };
    };
    const time = async (/** @type {string} */ path, runs = opts.runs) => {
      await call(path);
      const ms = [];
      let last;
      for (let i = 0; i < runs; i++) {
        last = await call(path);
        ms.push(last.ms);
      }
      return {
        p50: round1(median(ms)),
        p95: round1(quantile(ms, 0.95)),
        value: last?.value,
        text: last?.text,
      };
    };
    const base = `/ops/merchants/demo/reports`;
    const q = `from=${from}&to=${to}`;
    const byDay = await time(`${base}/ggr?${q}&groupBy=day`);
    log(
      `GGR per day (${opts.days} days): p50 ${byDay.p50} ms, p95 ${byDay.p95} ms — ${byDay.value.totals.betCount} bets, ` +
        `GGR ${byDay.value.totals.ggr}, NGR ${byDay.value.totals.ngr}, ${byDay.value.liveDays} days summed live`,
    );
    const others = {};
    for (const g of ['vendor', 'game', 'category']) {
      others[g] = await time(`${base}/ggr?${q}&groupBy=${g}`);
      log(
        `GGR per ${g}: p50 ${others[g].p50} ms, p95 ${others[g].p95} ms — ${others[g].value.rows.length} rows`,
      );
    }
    const payments = await time(`${base}/payments?${q}`);
    log(`payments per day: p50 ${payments.p50} ms, p95 ${payments.p95} ms`);
    const players = await time(`${base}/players?${q}`, 5);
    log(`players per day (distinct over the range, live): p50 ${players.p50} ms, p95 ${players.p95} ms`);
    const top = await time(`${base}/top-players?${q}`, 5);
    log(`top winners and losers (live over the per-member rollup): p50 ${top.p50} ms, p95 ${top.p95} ms`);
    const csv = await time(`${base}/ggr/csv?${q}&groupBy=game`, 5);
    log(`CSV per game: p50 ${csv.p50} ms, ${csv.text.length} bytes`);

    // The floor: the rollup part of the per-day query, straight to PostgreSQL (no HTTP, no JSON).
    const floorSql = `select day, sum(bet_count), sum(stake), sum(payout) from brand_game_day
      where merchant_id = $1 and day between $2::date and $3::date group by day`;
    const floorMs = [];
    for (let i = 0; i < opts.runs; i++) {
      started = performance.now();
      await client.query(floorSql, [merchant, from, to]);
      floorMs.push(performance.now() - started);
    }
    const floorP50 = round1(median(floorMs));
    // The naive contrast, and the check: the raw bets summed over the same days.
    const naiveMs = [];
    let naive;
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      naive = (
        await client.query(
          `select count(*)::text as n, sum(stake)::text as stake, sum(payout)::text as payout from bet
           where merchant_id = $1 and status <> 'void' and placed_at >= $2::date and placed_at < $3::date + 1`,
          [merchant, from, to],
        )
      ).rows[0];
      naiveMs.push(performance.now() - started);
    }
    const naiveP50 = round1(median(naiveMs));
    log(`floor (rollup query alone): p50 ${floorP50} ms; naive sum over raw bets: p50 ${naiveP50} ms`);
    const t = byDay.value.totals;
    if (String(t.betCount) !== naive.n || t.stake !== naive.stake || t.payout !== naive.payout) {
      throw new Error(
        `the report (${t.betCount}, ${t.stake}, ${t.payout}) differs from the raw bets (${naive.n}, ${naive.stake}, ${naive.payout})`,
      );
    }
    log('report figures equal the raw sums: yes');
    const ratio = byDay.p50 / TARGET_P50_MS;
    log(
      `target p50 ≤ ${TARGET_P50_MS} ms: p50 ÷ target = ${ratio.toFixed(2)} (${ratio <= 1 ? 'met' : 'NOT met'}); ` +
        `endpoint ÷ floor = ${(byDay.p50 / Math.max(floorP50, 0.1)).toFixed(1)}`,
    );
    return {
      membersCount: opts.members,
      betsCount: Number(naive.n),
      ggrDayP50Ms: byDay.p50,
      ggrDayP95Ms: byDay.p95,
      ggrVendorP50Ms: others.vendor.p50,
      ggrGameP50Ms: others.game.p50,
      ggrCategoryP50Ms: others.category.p50,
      paymentsP50Ms: payments.p50,
      playersP50Ms: players.p50,
      topPlayersP50Ms: top.p50,
      csvGameP50Ms: csv.p50,
      floorP50Ms: floorP50,
      naiveRawP50Ms: naiveP50,
      targetRatio: Math.round(ratio * 100) / 100,
      rollupRefreshWindowMs: refreshWindowMs,
      rollupRefreshThreeDaysMs: refreshThreeDaysMs,
    };
  } finally {
    await client.end();
    await srv.stopServer(server, { label: 'server', uncleanExit: 'warn' });
  }
}

/**
 * Members of the demo brand, bets over the last `days` days (placing time spread evenly, a few
 * open; written in placing order, as the bet path writes them, so the BRIN index on `placed_at`
 * narrows a day's scan as it does in production), the per-member rollups as the bet path keeps them, and per member and week a
 * deposit, a withdrawal and a rebate in the money rollup. Bulk SQL for speed: the report queries
 * cannot tell these rows from ones written one by one.
 * @param {pg.Client} c
 * @param {{ members: number, bets: number, days: number }} opts
 */
async function generate(c, opts) {
  const { rows } = await c.query(`select id from merchant where code = 'demo'`);
  const merchant = rows[0].id;
  log(`generating ${opts.members} members …`);
  await c.query(
    `insert into member (merchant_id, account, type, password_hash, register_method, created_at)
     select $1, 'r' || g, 0, 'x', 'SEED', now() - make_interval(secs => random() * ($3 + 10) * 86400)
     from generate_series(1, $2) g`,
    [merchant, opts.members, opts.days],
  );
  await c.query(
    `create temporary table ids as select row_number() over (order by id) as n, id from member
                 where register_method = 'SEED' and merchant_id = $1`,
    [merchant],
  );
  await c.query('create index on ids (n)');
  log(`generating ${opts.bets} bets …`);
  await c.query(
    `insert into bet (merchant_id, member_id, adapter, vassalage, game_code, game_type, round_id, stake, valid_bet,
       payout, status, placed_at, settled_at)
     select $1, t.id, v.adapter, v.vass, v.code, v.type, 'b' || g, s.stake,
       case when s.st = 'settled' then s.stake else 0 end,
       case when s.st = 'settled' and random() < 0.45 then (s.stake * (1 + random() * 2))::bigint else 0 end,
       s.st, s.at, case when s.st = 'open' then null else s.at end
     from generate_series(1, $2) g
     cross join lateral (select (100 + floor(random() * 10000))::bigint as stake,
       now() - make_interval(secs => random() * $3 * 86400) as at, 1 + floor(random() * $4)::int as n,
       floor(random() * 8)::int as k,
       case when random() < 0.01 then 'open' else 'settled' end as st where g > 0) s
     join ids t on t.n = s.n
     join (values (0, 'house', 'HOUSE', 'slot-fruit', 'RNG'), (1, 'house', 'HOUSE', 'baccarat', 'LIVE'),
                  (2, 'house', 'HOUSE', 'fishing', 'FISH'), (3, 'acme', 'ACME', 'slot', 'RNG'),
                  (4, 'acme', 'ACME', 'roulette', 'LIVE'), (5, 'lottery', 'LOTTERY', 'SSC1', 'LOTTERY'),
                  (6, 'sports', 'SPORTS', 'football', 'SPORTS'), (7, 'house', 'HOUSE', 'dice', 'RNG'))
       v(k, adapter, vass, code, type) on v.k = s.k
     order by s.at`,
    [merchant, opts.bets, opts.days - 0.001, opts.members],
  );
  log('rolling the bets up …');
  // The per-member daily rollup (players, winners and losers read it); the hourly one is not read here.
  await c.query(
    `insert into member_stat_daily (merchant_id, member_id, day, game_type, vassalage, bet_count, stake, valid_bet, payout)
     select merchant_id, member_id, (placed_at at time zone 'UTC')::date, game_type, vassalage, count(*), sum(stake),
       sum(valid_bet), sum(payout)
     from bet where merchant_id = $1 and member_id in (select id from ids) group by 1, 2, 3, 4, 5`,
    [merchant],
  );
  log('money rollup …');
  await c.query(
    `insert into member_money_daily (merchant_id, member_id, day, kind, tx_count, amount)
     select $1, t.id, (now() at time zone 'UTC')::date - d - (t.n % 7)::int, k.kind, 1,
       case k.kind when 'DEPOSIT' then (1000 + floor(random() * 100000))::bigint
                   when 'REBATE' then (10 + floor(random() * 1000))::bigint
                   else -(500 + floor(random() * 50000))::bigint end
     from ids t cross join generate_series(0, $2 - 1, 7) d
     cross join (values ('DEPOSIT'), ('WITHDRAW'), ('REBATE')) k(kind)
     where random() < 0.4
     on conflict do nothing`,
    [merchant, opts.days],
  );
  log('vacuum analyze …');
  await c.query('vacuum analyze');
  return merchant;
}
