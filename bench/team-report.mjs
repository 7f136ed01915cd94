// Team reports at size: a tree of 10,000 members under the demo agent and 1,000,000 bets, on
// PostgreSQL. Times the agent's team overview and user profit and loss over HTTP (they read the
// rollups through member_tree) and, for contrast, the naive query (WITH RECURSIVE over parent_id
// plus a sum over raw bets). See bench/README.md and docs/reports.md.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureBuilt, log, median, wholeNumberOption } from './lib/common.mjs';
import { encryptBody, fetchPublicKey } from './lib/envelope.mjs';
import * as scratch from './lib/postgres.mjs';
import * as srv from './lib/server.mjs';

export const description =
  'Agent team overview and profit and loss over 10,000 members and 1,000,000 bets (PostgreSQL)';
export const usage = '[--members N] [--bets N] [--days N] [--runs N] [--skip-build]';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const TARGET_P50_MS = 50;

/**
 * @param {number[]} xs
 * @param {number} q
 */
const p = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round1 = (/** @type {number} */ x) => Math.round(x * 10) / 10;

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
    members: wholeNumberOption('members', values.members ?? '10000', 500, 1_000_000),
    bets: wholeNumberOption('bets', values.bets ?? '1000000', 1, 50_000_000),
    days: wholeNumberOption('days', values.days ?? '30', 1, 93),
    runs: wholeNumberOption('runs', values.runs ?? '30', 3, 1000),
  };
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await scratch.postgresProblem(url);
  if (problem) throw new Error(`PostgreSQL does not answer at ${scratch.redact(url)}: ${problem}`);
  const db = await scratch.createScratchDatabase(url, 'arcadia_team');
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
  // The server migrates the empty database and seeds the demo brand, agent and player.
  const server = await srv.startServer({ dataDir, env: { DATABASE_URL: dbUrl } });
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const t0 = performance.now();
    const { root, merchant } = await generate(client, opts);
    log(
      `generated ${opts.members} members and ${opts.bets} bets in ${Math.round((performance.now() - t0) / 1000)} s`,
    );
    // What the agent.team-rollup jobs do: the whole window once, then the last two days.
    let started = performance.now();
    await client.query(
      `select team_rollup_refresh($1, current_date - $2::int, current_date, 100, array[1, 2, 41, 42])`,
      [merchant, opts.days],
    );
    const refreshWindowMs = Math.round(performance.now() - started);
    started = performance.now();
    await client.query(
      `select team_rollup_refresh($1, current_date - 1, current_date, 100, array[1, 2, 41, 42])`,
      [merchant],
    );
    const refreshTwoDaysMs = Math.round(performance.now() - started);
    log(`team rollup refresh: ${opts.days} days ${refreshWindowMs} ms, last two days ${refreshTwoDaysMs} ms`);

    const token = await login(server.port);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - (opts.days - 1) * 86_400_000).toISOString().slice(0, 10);
    const call = async (/** @type {string} */ path) => {
      const started = performance.now();
      const res = await srv.httpRequest(server.port, 'GET', path, { headers: { authorization: token } });
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
      return { ms, value: /** @type {any} */ (res.json).value };
    };
    const time = async (/** @type {string} */ path, runs = opts.runs) => {
      await call(path); // warm
      const ms = [];
      let value;
      for (let i = 0; i < runs; i++) {
        const r = await call(path);
        ms.push(r.ms);
        value = r.value;
      }
      return { p50: round1(median(ms)), p95: round1(p(ms, 0.95)), value };
    };

    const monthStart = `${today.slice(0, 8)}01`;
    const overview = await time('/wps/agent/team/overview?period=month');
    const overviewToday = await time('/wps/agent/team/overview?period=today');
    // A custom range counts its distinct active members live (docs/reports.md): a few runs only.
    const overviewCustom = await time(`/wps/agent/team/overview?period=custom&from=${from}&to=${today}`, 3);
    const pnl = await time(`/wps/agent/team/pnl?from=${from}&to=${today}&view=direct&pageSize=100`);
    const pnlCategory = await time(`/wps/agent/team/pnl?from=${from}&to=${today}&view=category`);
    log(
      `overview (this month, from ${monthStart}): p50 ${overview.p50} ms, p95 ${overview.p95} ms — team ${overview.value.teamSize}, ` +
        `${overview.value.betCount} bets, stake ${overview.value.stake}, payout ${overview.value.payout}, ` +
        `P&L ${overview.value.profitLoss}, active ${overview.value.activeMembers}, deposits ${overview.value.depositAmount}`,
    );
    log(
      `overview (today): p50 ${overviewToday.p50} ms, p95 ${overviewToday.p95} ms — ${overviewToday.value.betCount} bets`,
    );
    log(`overview (custom ${opts.days} days, live active count): p50 ${overviewCustom.p50} ms`);
    log(
      `user P&L, direct rows (${opts.days} days): p50 ${pnl.p50} ms, p95 ${pnl.p95} ms — ${pnl.value.totalCount} rows`,
    );
    log(`user P&L by category (${opts.days} days): p50 ${pnlCategory.p50} ms, p95 ${pnlCategory.p95} ms`);

    // The naive contrast: walk the tree with WITH RECURSIVE and sum the raw bets.
    const naiveSql = `
      with recursive team as (
        select id from member where id = $1
        union all
        select m.id from member m join team on m.parent_id = team.id)
      select count(*)::text as bets, coalesce(sum(b.stake), 0)::text as stake,
        coalesce(sum(b.payout), 0)::text as payout
      from bet b where b.merchant_id = $2 and b.member_id in (select id from team)
        and b.placed_at >= $3::date and b.placed_at < $4::date + 1`;
    const naiveMs = [];
    let naive;
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      naive = (await client.query(naiveSql, [root, merchant, monthStart, today])).rows[0];
      naiveMs.push(performance.now() - started);
    }
    const naiveP50 = round1(median(naiveMs));
    log(
      `naive recursive scan over raw bets: p50 ${naiveP50} ms — ${naive.bets} bets, stake ${Number(naive.stake) / 100}`,
    );

    // The rollup path must give exactly the raw figures.
    const same =
      Number(naive.bets) === overview.value.betCount &&
      Math.round(overview.value.stake * 100) === Number(naive.stake) &&
      Math.round(overview.value.payout * 100) === Number(naive.payout);
    if (!same) throw new Error('the rollup figures differ from the raw bets');
    log('rollup figures equal the raw sums: yes');
    const met = (/** @type {number} */ v) => (v <= TARGET_P50_MS ? 'met' : 'NOT met');
    log(`target p50 ≤ ${TARGET_P50_MS} ms: overview ${met(overview.p50)}, user P&L ${met(pnl.p50)}`);

    return {
      teamMembersCount: overview.value.teamSize,
      betsCount: overview.value.betCount,
      overviewP50Ms: overview.p50,
      overviewP95Ms: overview.p95,
      overviewTodayP50Ms: overviewToday.p50,
      overviewCustomRangeP50Ms: overviewCustom.p50,
      rollupRefreshWindowMs: refreshWindowMs,
      rollupRefreshTwoDaysMs: refreshTwoDaysMs,
      pnlDirectP50Ms: pnl.p50,
      pnlDirectP95Ms: pnl.p95,
      pnlCategoryP50Ms: pnlCategory.p50,
      naiveRecursiveP50Ms: naiveP50,
    };
  } finally {
    await client.end();
    await srv.stopServer(server, { label: 'server', uncleanExit: 'warn' });
  }
}

/** @param {number} port */
async function login(port) {
  const publicKey = await fetchPublicKey(port);
  const { header, body } = encryptBody(publicKey, { username: 'demoagent', password: 'demo1234' });
  const res = await srv.httpRequest(port, 'POST', '/wps/session/login', {
    headers: { 'content-type': 'application/json', encryption: header },
    body,
  });
  const token = /** @type {any} */ (res.json)?.value?.token;
  if (res.status !== 200 || !token)
    throw new Error(`login answered ${res.status}: ${res.text.slice(0, 300)}`);
  return token;
}

/**
 * The tree (under demoagent: 20 agents, 10 sub-agents each, members below those), its closure
 * rows, the raw bets, and the rollups as the bet path keeps them (per member, UTC day/hour, game
 * type and vendor); deposits and withdrawals in the money rollup; main-wallet balances.
 * Bulk SQL for speed: the report queries cannot tell these rows from ones written one by one.
 * @param {pg.Client} c
 * @param {{ members: number, bets: number, days: number }} opts
 */
export async function generate(c, opts) {
  const { rows } = await c.query(
    `select id, merchant_id, password_hash from member where account = 'demoagent'`,
  );
  const { id: root, merchant_id: merchant, password_hash: hash } = rows[0];
  const agents1 = 20;
  const agents2 = 200;
  const rest = opts.members - agents1 - agents2;
  log('generating the tree …');
  await c.query('begin');
  // Level 1: agents under demoagent; level 2: sub-agents; level 3: members under a random sub-agent.
  await c.query(
    `insert into member (merchant_id, account, type, parent_id, password_hash, register_method, created_at)
     select $1, 'l1a' || g, 2, $2, $3, 'SEED', now() - make_interval(secs => random() * 60 * 86400) from generate_series(1, $4) g`,
    [merchant, root, hash, agents1],
  );
  await c.query(
    `insert into member (merchant_id, account, type, parent_id, password_hash, register_method, created_at)
     select $1, 'l2a' || g, 2, (select id from member where account = 'l1a' || (1 + g % $4)), $2, 'SEED',
       now() - make_interval(secs => random() * 60 * 86400)
     from generate_series(1, $3) g`,
    [merchant, hash, agents2, agents1],
  );
  await c.query(
    `with parents as (select array_agg(id order by id) as ids from member where account like 'l2a%')
     insert into member (merchant_id, account, type, parent_id, password_hash, register_method, created_at, last_login_at)
     select $1, 'm' || g, 0, (select ids[1 + (g % $4)] from parents), $2, 'SEED',
       now() - make_interval(secs => random() * 60 * 86400), now() - make_interval(secs => random() * 10 * 86400)
     from generate_series(1, $3) g`,
    [merchant, hash, rest, agents2],
  );
  // Closure rows for the new members: self, then every ancestor of the parent, level by level.
  for (const pattern of ['l1a%', 'l2a%', 'm%']) {
    await c.query(
      `insert into member_tree (ancestor_id, descendant_id, depth)
       select m.id, m.id, 0 from member m where m.account like $1 and m.register_method = 'SEED' and m.id <> $2
       union all
       select t.ancestor_id, m.id, t.depth + 1 from member m join member_tree t on t.descendant_id = m.parent_id
       where m.account like $1 and m.register_method = 'SEED' and m.id <> $2`,
      [pattern, root],
    );
  }
  await c.query('commit');

  log(`generating ${opts.bets} bets …`);
  await c.query(`create temporary table team_ids as select row_number() over (order by id) as n, id from member
                 where account like 'm%' and register_method = 'SEED'`);
  await c.query(
    `insert into bet (merchant_id, member_id, adapter, vassalage, game_code, game_type, round_id, stake, valid_bet,
       payout, status, placed_at, settled_at)
     select $1, t.id, 'house', v.vass, v.code, v.type, 'b' || g, s.stake, s.stake,
       case when random() < 0.45 then (s.stake * (1 + random() * 2))::bigint else 0 end, 'settled', s.at, s.at
     from generate_series(1, $2) g
     cross join lateral (select (100 + floor(random() * 10000))::bigint as stake,
       now() - make_interval(secs => random() * $3 * 86400) as at, 1 + floor(random() * $4)::int as n,
       floor(random() * 5)::int as k where g > 0) s
     join team_ids t on t.n = s.n
     join (values (0, 'RNG', 'HOUSE', 'slot-fruit'), (1, 'LIVE', 'HOUSE', 'baccarat'), (2, 'FISH', 'HOUSE', 'fishing'),
                  (3, 'PVP', 'HOUSE', 'poker'), (4, 'RNG', 'HOUSE2', 'dice')) v(k, type, vass, code) on v.k = s.k`,
    [merchant, opts.bets, opts.days - 0.001, rest],
  );
  log('rolling the bets up …');
  for (const [table, bucket] of [
    ['member_stat_daily', `(placed_at at time zone 'UTC')::date`],
    ['member_stat_hourly', `date_trunc('hour', placed_at at time zone 'UTC') at time zone 'UTC'`],
  ]) {
    const col = table.endsWith('daily') ? 'day' : 'hour';
    await c.query(
      `insert into ${table} (merchant_id, member_id, ${col}, game_type, vassalage, bet_count, stake, valid_bet, payout)
       select merchant_id, member_id, ${bucket}, game_type, vassalage, count(*), sum(stake), sum(valid_bet), sum(payout)
       from bet group by 1, 2, 3, 4, 5`,
    );
  }
  log('money rollup and balances …');
  await c.query(
    `insert into member_money_daily (merchant_id, member_id, day, kind, tx_count, amount)
     select $1, t.id, (now() at time zone 'UTC')::date - d, k.kind, 1,
       case k.kind when 'DEPOSIT' then (1000 + floor(random() * 100000))::bigint
                   else -(500 + floor(random() * 50000))::bigint end
     from team_ids t cross join generate_series(0, $2 - 1, 7) d
     cross join (values ('DEPOSIT'), ('WITHDRAW')) k(kind)
     where random() < 0.5
     on conflict do nothing`,
    [merchant, opts.days],
  );
  await c.query(
    `insert into ledger_account (merchant_id, owner_id, kind, code, currency, balance)
     select $1, m.id, 'main', 'MAIN', 'USD', floor(random() * 1000000)::bigint
     from member m where m.register_method = 'SEED' and m.id <> $2
     on conflict do nothing`,
    [merchant, root],
  );
  log('vacuum analyze …');
  await c.query('vacuum analyze');
  return { root, merchant };
}
