// The daily rebate at size (docs/rewards.md): the team-report tree grown to 100,000 members with
// 1,000,000 settled bets over the last week, on PostgreSQL. Times the daily rebate job for
// yesterday through the operator's run route (every member with valid bets in the window paid
// what it earned), checks every payment against a naive recomputation from the raw bets, that a
// rerun pays nothing, and that the rebate's postings balance and move each wallet by its rebate.
// Then times the VIP review over the same members (upgrades, one-time bonuses) and its rerun.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ensureBuilt, log, wholeNumberOption } from './lib/common.mjs';
import * as scratch from './lib/postgres.mjs';
import * as srv from './lib/server.mjs';
import { fundedMembers } from './lib/members.mjs';
import { generate } from './team-report.mjs';

export const description =
  'Daily rebate: 100,000 members and 1,000,000 bets over a week, paid in one job run (PostgreSQL)';
export const usage = '[--members N] [--bets N] [--skip-build]';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const OPS_API_KEY = 'bench-rewards-operator-key-0001';
const TARGET_DAILY_MS = 10_000;
/** Members grabbing one red envelope at once. */
const GRABBERS = 1_000;
/** The demo brand's rates in millionths (apps/server/src/seeds/brands/demo.ts). */
const RATES = { RNG: 8000, FISH: 8000, LIVE: 5000, PVP: 5000 };

/** @param {string[]} args */
export async function run(args) {
  const { values } = parseArgs({
    args,
    options: { members: { type: 'string' }, bets: { type: 'string' }, 'skip-build': { type: 'boolean' } },
  });
  const opts = {
    members: wholeNumberOption('members', values.members ?? '100000', 500, 2_000_000),
    bets: wholeNumberOption('bets', values.bets ?? '1000000', 1, 50_000_000),
    // Bets over the window (the last 7 UTC days, today included: today's are not yesterday's run).
    days: 7,
  };
  ensureBuilt({ ...srv.SERVER_BUILD, skipBuild: values['skip-build'] ?? false });
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  const problem = await scratch.postgresProblem(url);
  if (problem) throw new Error(`PostgreSQL does not answer at ${scratch.redact(url)}: ${problem}`);
  const db = await scratch.createScratchDatabase(url, 'arcadia_rewards');
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
    await generate(c, opts);
    log(
      `generated ${opts.members} members and ${opts.bets} bets in ${Math.round((performance.now() - t0) / 1000)} s`,
    );
    await c.query('vacuum analyze');
    await c.query(
      `create temporary table bal0 as select owner_id, balance from ledger_account where kind = 'main'`,
    );
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const runDay = async () => {
      const started = performance.now();
      const res = await srv.httpRequest(server.port, 'POST', '/ops/merchants/demo/rebate/run', {
        headers: { 'x-ops-key': OPS_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ day: yesterday, reason: 'rebate bench' }),
        timeoutMs: 600_000,
      });
      const ms = Math.round(performance.now() - started);
      if (res.status !== 200) throw new Error(`rebate run answered ${res.status}: ${res.text.slice(0, 300)}`);
      return { ms, value: /** @type {{ payments: number, amount: number, ms: number }} */ (res.json.value) };
    };
    const first = await runDay();
    log(
      `daily rebate for ${yesterday}: ${first.ms} ms over HTTP (${first.value.ms} ms in the server) — ` +
        `${first.value.payments} payments, ${first.value.amount} paid`,
    );
    const again = await runDay();
    log(`rerun: ${again.ms} ms — ${again.value.payments} payments`);
    if (again.value.payments !== 0) throw new Error('a rerun of the daily rebate paid again');

    // Every member's payment equals the naive recomputation from the raw bets of the window
    // (⌊Σ valid bet × rate⌋ per member, day and product type; the 0.10 minimum payout).
    const cases = Object.entries(RATES)
      .map(([type, ppm]) => `when '${type}' then ${ppm}`)
      .join(' ');
    const { rows } = await c.query(
      `with earned as (
         select member_id, sum(e) as amount from (
           select member_id, (placed_at at time zone 'UTC')::date as day, game_type,
             floor(sum(valid_bet)::numeric * (case game_type ${cases} else 0 end) / 1000000) as e
           from bet where status = 'settled'
             and (placed_at at time zone 'UTC')::date between $1::date - 6 and $1::date
           group by 1, 2, 3) x group by 1),
       paid as (select member_id, sum(amount) as amount from rebate_payment group by 1)
       select
         (select count(*) from earned where amount >= 10)::int as owed,
         (select count(*) from paid)::int as paid,
         (select count(*) from earned e full join paid p using (member_id)
           where coalesce(p.amount, 0) <> case when coalesce(e.amount, 0) >= 10 then e.amount else 0 end)::int as wrong`,
      [yesterday],
    );
    const { owed, paid, wrong } = rows[0];
    if (wrong !== 0) throw new Error(`${wrong} members paid other than the naive recomputation`);
    if (owed !== first.value.payments || paid !== owed)
      throw new Error(`payments ${first.value.payments}, paid ${paid}, owed ${owed}`);
    log(`every payment equals the naive recomputation from raw bets: yes (${owed} members)`);
    // The generator writes the tree's balances directly (not through the ledger), so the whole
    // ledger checker does not apply here: the rebate's own postings are checked instead.
    const unbalanced = await c.query(
      `select count(*)::int as n from (select x.id from ledger_transaction x join ledger_entry e on e.transaction_id = x.id
         where x.kind = 'REBATE' group by x.id having sum(e.amount) <> 0) u`,
    );
    const moved = await c.query(
      `select count(*)::int as n from ledger_account a
       left join bal0 b on b.owner_id = a.owner_id
       left join (select member_id, sum(amount) as amount from rebate_payment group by 1) p on p.member_id = a.owner_id
       where a.kind = 'main' and a.balance - coalesce(b.balance, 0) <> coalesce(p.amount, 0)`,
    );
    if (unbalanced.rows[0].n !== 0 || moved.rows[0].n !== 0)
      throw new Error(
        `${unbalanced.rows[0].n} unbalanced postings, ${moved.rows[0].n} wallets moved other than paid`,
      );
    log('every REBATE posting balanced; every wallet moved by exactly its rebate');
    log(
      `target: daily rebate ≤ ${TARGET_DAILY_MS} ms: ${first.ms} ms, ${first.ms <= TARGET_DAILY_MS ? 'met' : 'NOT met'}`,
    );

    // The VIP review over the same members: upgrades and their one-time bonuses.
    const review = async () => {
      const started = performance.now();
      const res = await srv.httpRequest(server.port, 'POST', '/ops/merchants/demo/vip/run', {
        headers: { 'x-ops-key': OPS_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'vip bench' }),
        timeoutMs: 600_000,
      });
      const ms = Math.round(performance.now() - started);
      if (res.status !== 200) throw new Error(`vip run answered ${res.status}: ${res.text.slice(0, 300)}`);
      return {
        ms,
        value: /** @type {{ reviewed: number, upgraded: number, bonuses: number }} */ (res.json.value),
      };
    };
    const vip = await review();
    log(
      `VIP review: ${vip.ms} ms — ${vip.value.reviewed} members reviewed, ${vip.value.upgraded} upgraded, ` +
        `${vip.value.bonuses} in bonuses`,
    );
    const vipAgain = await review();
    log(
      `VIP rerun: ${vipAgain.ms} ms — ${vipAgain.value.upgraded} upgraded, ${vipAgain.value.bonuses} in bonuses`,
    );
    if (vipAgain.value.upgraded !== 0 || vipAgain.value.bonuses !== 0)
      throw new Error('a VIP rerun changed something');
    const bonusCheck = await c.query(
      `select count(*)::int as n from (select x.member_id from ledger_transaction x where x.kind = 'VIP_BONUS'
         group by x.member_id having count(*) > 1) d`,
    );
    if (bonusCheck.rows[0].n !== 0) throw new Error(`${bonusCheck.rows[0].n} members paid VIP bonuses twice`);
    log('every member paid its VIP bonuses once');
    log(
      `target: VIP review ≤ ${TARGET_DAILY_MS} ms: ${vip.ms} ms, ${vip.ms <= TARGET_DAILY_MS ? 'met' : 'NOT met'}`,
    );

    // Red envelope: demoagent sends 1,000 lucky shares to 1,000 direct downlines, who all grab at once.
    const envelope = await redEnvelopeRun(c, server.port, GRABBERS);
    log(
      `red envelope: ${GRABBERS} grabs at once in ${envelope.ms} ms (${envelope.perSec}/s), p99 ${envelope.p99Ms} ms; ` +
        `${envelope.paidCount} shares paid, ${envelope.paid} of ${envelope.total} minor units: exactly the total`,
    );
    return {
      dailyRebateMs: first.ms,
      dailyRebateServerMs: first.value.ms,
      paymentsCount: first.value.payments,
      rerunMs: again.ms,
      vipReviewMs: vip.ms,
      vipReviewedCount: vip.value.reviewed,
      vipUpgradedCount: vip.value.upgraded,
      vipRerunMs: vipAgain.ms,
      envelopeGrabsPerSec: envelope.perSec,
      envelopeGrabP99Ms: envelope.p99Ms,
    };
  } finally {
    await c.end();
    await srv.stopServer(server, { label: 'server', uncleanExit: 'warn' });
  }
}

/**
 * demoagent (a session made here) sends an envelope of `n` lucky shares to its direct downlines —
 * `n` bench members placed under it — who all grab at once over HTTP. Checks every share paid
 * once, to distinct members, adding up to the total.
 * @param {pg.Client} c
 * @param {number} port
 * @param {number} n
 */
async function redEnvelopeRun(c, port, n) {
  const members = await fundedMembers(c, n, 'rg', 100n);
  const {
    rows: [agent],
  } = await c.query(`select id, merchant_id from member where account = 'demoagent'`);
  const ids = `{${members.map((m) => m.id).join(',')}}`;
  await c.query(`update member set parent_id = $1 where id = any($2::bigint[])`, [agent.id, ids]);
  await c.query(
    `insert into member_tree (ancestor_id, descendant_id, depth)
     select x, x, 0 from unnest($2::bigint[]) x
     union all select $1, x, 1 from unnest($2::bigint[]) x
     union all select t.ancestor_id, x, t.depth + 2 from unnest($2::bigint[]) x
       join member_tree t on t.descendant_id = $1 and t.depth >= 1`,
    [agent.id, ids],
  );
  // The envelope's money: demoagent's wallet credited through a real posting first.
  await c.query(
    `insert into ledger_account (merchant_id, owner_id, kind, code, currency)
     select $1, $2, 'main', 'MAIN', currency from merchant where id = $1 on conflict do nothing`,
    [agent.merchant_id, agent.id],
  );
  await c.query(
    `select ledger_post($1, 'ADJUSTMENT', 'bench-envelope-fund', 'bench', $2, null, '{}'::jsonb,
                        array[s.id, a.id], array[-$3::bigint, $3::bigint])
     from ledger_account s, ledger_account a
     where s.merchant_id = $1 and s.owner_id is null and s.code = 'adjustments'
       and a.owner_id = $2 and a.kind = 'main'`,
    [agent.merchant_id, agent.id, String(n * 100)],
  );
  const token = crypto.randomBytes(32).toString('base64url');
  await c.query(
    `insert into session (token_hash, member_id, merchant_id, login_type, expires_at)
     values ($1, $2, $3, 'password', now() + interval '1 day')`,
    [crypto.createHash('sha256').update(token).digest('hex'), agent.id, agent.merchant_id],
  );
  const sent = await srv.httpRequest(port, 'POST', '/wps/agent/redEnvelopes', {
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({
      total: n / 10,
      count: n,
      split: 'lucky',
      target: 'direct',
      requestId: crypto.randomUUID(),
    }),
    timeoutMs: 60_000,
  });
  if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${sent.text.slice(0, 300)}`);
  const envelopeId = sent.json.value.envelope.id;
  const started = performance.now();
  /** @type {number[]} */
  const latencies = [];
  const replies = await Promise.all(
    members.map(async (m) => {
      const t0 = performance.now();
      const res = await srv.httpRequest(port, 'POST', '/wps/redEnvelopes/grab', {
        headers: { authorization: m.token, 'content-type': 'application/json' },
        body: JSON.stringify({ envelopeId }),
        timeoutMs: 120_000,
      });
      latencies.push(performance.now() - t0);
      return res;
    }),
  );
  const ms = Math.round(performance.now() - started);
  const failed = replies.filter((r) => r.status !== 200);
  if (failed.length > 0) throw new Error(`${failed.length} grabs failed: ${failed[0].text.slice(0, 300)}`);
  const {
    rows: [check],
  } = await c.query(
    `select count(*)::int as shares, count(distinct member_id)::int as members, coalesce(sum(amount), 0)::bigint as paid,
       (select total from red_envelope where id = $1) as total,
       (select coalesce(sum(e.amount), 0) from ledger_transaction x join ledger_entry e on e.transaction_id = x.id
         join ledger_account a on a.id = e.account_id and a.kind = 'main'
         where x.kind = 'RED_ENVELOPE_GRAB' and x.reference = 'red-envelope:' || $1)::bigint as posted
     from red_envelope_share where envelope_id = $1 and member_id is not null`,
    [envelopeId],
  );
  const exact = String(check.paid) === String(check.total) && String(check.posted) === String(check.total);
  if (check.shares !== n || check.members !== n || !exact)
    throw new Error(`envelope check failed: ${JSON.stringify(check)}`);
  latencies.sort((a, b) => a - b);
  return {
    ms,
    perSec: Math.round((n / ms) * 1000),
    p99Ms: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]),
    paidCount: check.shares,
    paid: String(check.paid),
    total: String(check.total),
  };
}
