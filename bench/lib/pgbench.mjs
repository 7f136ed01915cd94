// pgbench as a child process, for benches that measure a raw-SQL ceiling: run a custom script for
// a while, read its rate and every transaction's latency. Neither the process nor its temp dir
// outlives the bench: call cleanupPgbenchSync from withCleanup's onExit and onSignal.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indent, log } from './common.mjs';
import * as scratch from './postgres.mjs';

/** The pgbench running now and its temp dir (script, logs). */
const live = {
  child: /** @type {import('node:child_process').ChildProcess | null} */ (null),
  dir: /** @type {string | null} */ (null),
};

/** Kills a running pgbench and removes its temp dir, synchronously. */
export function cleanupPgbenchSync() {
  live.child?.kill('SIGKILL');
  if (live.dir) fs.rmSync(live.dir, { recursive: true, force: true });
  live.dir = null;
}

/**
 * Runs `pgbench -n -c clients -j threads -T seconds -f <script> <url>` (the binary on PATH, or
 * $PGBENCH). With `latencies`, also logs each transaction (`-l`) and returns their latencies.
 * Fails, with pgbench's output, unless it exits 0 with no failed transaction.
 * @param {object} options
 * @param {string} options.url the database (a libpq connection URI)
 * @param {string} options.script the custom script's text
 * @param {number} options.clients
 * @param {number} options.threads
 * @param {number} options.seconds
 * @param {boolean} [options.latencies]
 * @returns {Promise<{ count: number, tps: number, latenciesMs: number[] }>} the transactions
 *   processed, tps without the initial connection time, and the latencies in ms, sorted
 */
export async function runPgbench({ url, script, clients, threads, seconds, latencies = false }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-bench-pgbench-'));
  live.dir = dir;
  try {
    const file = path.join(dir, 'script.sql');
    fs.writeFileSync(file, script);
    const args = ['-n', '-c', String(clients), '-j', String(threads), '-T', String(seconds), '-f', file];
    if (latencies) args.push('-l', '--log-prefix', path.join(dir, 'log'));
    const { count, tps } = await spawnPgbench([...args, url]);
    return { count, tps, latenciesMs: latencies ? readLogs(dir, count) : [] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    live.dir = null;
  }
}

/**
 * The value below which the fraction `q` of the sorted values lie (nearest rank).
 * @param {number[]} sorted ascending, not empty
 * @param {number} q from 0 to 1
 */
export function percentile(sorted, q) {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

/**
 * The latencies (ms, sorted) from pgbench's per-transaction logs `log.<pid>[.<thread>]`, whose
 * third column is the latency in µs; fails unless there is one timed line per transaction.
 * @param {string} dir
 * @param {number} count transactions pgbench reported
 */
function readLogs(dir, count) {
  const micros = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('log.'))
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((line) => Number(line.split(' ')[2]));
  if (micros.length !== count || micros.some((m) => !Number.isFinite(m))) {
    throw new Error(`pgbench logged ${micros.length} transaction(s), not all timed, but reported ${count}`);
  }
  return micros.map((m) => m / 1000).sort((a, b) => a - b);
}

/**
 * @param {string[]} args
 * @returns {Promise<{ count: number, tps: number }>}
 */
function spawnPgbench(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.PGBENCH || 'pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    live.child = child;
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('error', (err) => reject(new Error(`pgbench could not start: ${err.message}`)));
    child.once('exit', (code, signal) => {
      live.child = null;
      const count = Number(/transactions actually processed: (\d+)/.exec(out)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
      // "without initial connection time" since PostgreSQL 14, "excluding connections establishing" before
      const tps = Number(/tps = ([\d.]+) \((?:without initial|excluding)/.exec(out)?.[1]);
      if (code === 0 && failed === 0 && count > 0 && tps > 0) resolve({ count, tps });
      else
        reject(
          new Error(`pgbench exited with ${signal ?? `code ${code}`}, ${failed} failed:\n${indent(out)}`),
        );
    });
  });
}

// ─── The raw double-entry transfer ceiling ─────────────────────────────────────────────────────

/** Every raw account's opening balance, in minor units. */
const RAW_OPENING = 1_000_000_000n;

/**
 * The raw-SQL ceiling of the money benches: pgbench running one double-entry transfer per
 * transaction between two random accounts, on the server's ledger schema
 * (apps/server/src/db/migrations/…_create_ledger.ts, with the zero-sum check of …_ledger_statement_balance.ts) minus the merchant and member tables its
 * foreign keys point to. Afterwards the money must still add up.
 * @param {string} url the scratch database
 * @param {{ connections: number, duration: number, accounts: number, warmupSeconds: number }} opts
 * @returns {Promise<{ perSec: number, p99Ms: number }>}
 */
export async function measureRawTransfers(url, { connections, duration, accounts, warmupSeconds }) {
  const synchronousCommit = await scratch.withClient(url, async (c) => {
    await c.query(rawSchema(accounts));
    return (await c.query('show synchronous_commit')).rows[0].synchronous_commit;
  });
  const run = { url, script: rawScript(accounts), clients: connections, threads: Math.min(2, connections) };
  log(
    `raw SQL: pgbench -n -c ${run.clients} -j ${run.threads}, ${accounts} accounts, random pairs;` +
      ` synchronous_commit = ${synchronousCommit}`,
  );
  log(`raw SQL: warm-up ${(await runPgbench({ ...run, seconds: warmupSeconds })).count} transfers`);
  await scratch.checkpoint(url);
  const { count, tps, latenciesMs } = await runPgbench({ ...run, seconds: duration, latencies: true });
  const check = await scratch.withClient(url, async (c) => (await c.query(RAW_CHECK)).rows[0]);
  if (BigInt(check.total) !== RAW_OPENING * BigInt(accounts) || check.entries !== 2 * check.txs) {
    throw new Error(`raw SQL: the ledger does not add up afterwards: ${JSON.stringify(check)}`);
  }
  const ms = (/** @type {number} */ q) => Math.round(percentile(latenciesMs, q) * 10) / 10;
  const perSec = Math.round(tps * 10) / 10;
  log(
    `raw SQL: ${count} transfers in ${duration} s = ${perSec.toFixed(1)}/s (tps without connection time);` +
      ` latency p50 ${ms(0.5)} ms, p99 ${ms(0.99)} ms, max ${ms(1)} ms`,
  );
  return { perSec, p99Ms: ms(0.99) };
}

/** @param {number} n */
const rawSchema = (n) => `
  create table ledger_account (
    id bigint generated always as identity primary key, merchant_id integer not null, owner_id bigint,
    kind text not null check (kind in ('main', 'vendor', 'points', 'system')), code text not null,
    currency char(3) not null, balance bigint not null default 0, created_at timestamptz not null default now(),
    check (kind = 'system' or balance >= 0), check ((kind = 'system') = (owner_id is null)));
  create unique index ledger_account_owner_uq on ledger_account (merchant_id, coalesce(owner_id, 0), kind, code);
  create table ledger_transaction (
    id bigint generated always as identity primary key, merchant_id integer not null, kind text not null,
    idempotency_key text not null, request_hash text not null, member_id bigint, reference text,
    metadata jsonb not null default '{}'::jsonb, created_at timestamptz not null default now(),
    unique (merchant_id, idempotency_key));
  create index ledger_transaction_member_idx on ledger_transaction (member_id, created_at desc);
  create table ledger_entry (
    id bigint generated always as identity primary key,
    transaction_id bigint not null references ledger_transaction (id),
    account_id bigint not null references ledger_account (id), amount bigint not null check (amount <> 0),
    balance_after bigint, created_at timestamptz not null default now());
  create index ledger_entry_account_idx on ledger_entry (account_id, id);
  create index ledger_entry_transaction_idx on ledger_entry (transaction_id);
  create function ledger_entries_balanced() returns trigger language plpgsql as $$
  declare v_tx bigint;
  begin
    select n.tx into v_tx from (select distinct transaction_id as tx from ledger_new_entries) n
    where (select sum(e.amount) from ledger_entry e where e.transaction_id = n.tx) <> 0 limit 1;
    if v_tx is not null then
      raise exception 'ledger transaction % does not sum to zero', v_tx using errcode = '23514';
    end if;
    return null;
  end $$;
  create trigger ledger_entry_balanced_statement after insert on ledger_entry
    referencing new table as ledger_new_entries for each statement execute function ledger_entries_balanced();
  insert into ledger_account (merchant_id, owner_id, kind, code, currency, balance)
    select 1, g, 'main', 'MAIN', 'USD', ${RAW_OPENING} from generate_series(1, ${n}) g;
  analyze;`;

/** Two distinct random accounts, locked in id order; ±0.01 either way. @param {number} n */
const rawScript = (n) => `\\set a random(1, ${n})
\\set b random(1, ${n - 1})
\\set b CASE WHEN :b >= :a THEN :b + 1 ELSE :b END
\\set lo least(:a, :b)
\\set hi greatest(:a, :b)
\\set d random(0, 1) * 2 - 1
\\set nd 0 - :d
BEGIN;
INSERT INTO ledger_transaction (merchant_id, kind, idempotency_key, request_hash, member_id, reference) VALUES (1, 'TRANSFER_OUT', 'transfer:' || :lo || ':' || gen_random_uuid(), md5(random()::text), :lo, 'MAIN>PT') ON CONFLICT (merchant_id, idempotency_key) DO NOTHING RETURNING id \\gset tx_
UPDATE ledger_account SET balance = balance + :d WHERE id = :lo AND kind <> 'system' RETURNING balance \\gset lo_
UPDATE ledger_account SET balance = balance + :nd WHERE id = :hi AND kind <> 'system' RETURNING balance \\gset hi_
INSERT INTO ledger_entry (transaction_id, account_id, amount, balance_after) VALUES (:tx_id, :lo, :d, :lo_balance), (:tx_id, :hi, :nd, :hi_balance);
COMMIT;
`;

const RAW_CHECK = `select (select sum(balance) from ledger_account)::text as total,
  (select count(*) from ledger_transaction)::int as txs, (select count(*) from ledger_entry)::int as entries`;
