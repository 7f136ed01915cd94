import type { RiskSettings } from '@arcadia/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toMinor } from '../../lib/money.js';

/**
 * The risk scan's queries (docs/back-office.md, "Risk"): the checks — each one insert of the flags
 * for new rows over its line — the brand's scan lock, its cursors and settings. The scan service
 * keeps the transaction and the order.
 */
type Tx = Transaction<Database>;

/** The advisory lock class of a brand's risk scan (the second key is the brand). */
const RISK_SCAN_LOCK = 7401;
/**
 * How far back each scan reads before its cursor: a row written by a transaction that began before
 * the last scan but committed after it still carries the earlier time. The unique source key
 * makes reading a row twice harmless.
 */
const OVERLAP = sql`interval '10 minutes'`;

/** The brand's `settings.risk` as stored (unchecked). */
export async function storedRiskSettings(db: Kysely<Database> | Tx, merchantId: number): Promise<unknown> {
  const { rows } = await sql<{ risk: unknown }>`
    select settings -> 'risk' as risk from merchant where id = ${merchantId}`.execute(db);
  return rows[0]?.risk;
}

/**
 * One check: reads the rows newer than its cursor (less the overlap) and inserts a flag for each
 * event over the line; returns the flags raised. `since` is the cursor, `t` the threshold.
 */
type Check = (tx: Tx, merchantId: number, since: Date, s: RiskSettings, scale: number) => Promise<number>;

const count = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0n);

export const checks: Record<string, Check> = {
  // A settled bet whose win (payout − stake) reaches the threshold; by settlement time.
  large_win: async (tx, m, since, s, scale) =>
    count(
      await sql`
      insert into risk_flag (merchant_id, kind, source_key, member_id, amount, details)
      select b.merchant_id, 'large_win', b.id::text, b.member_id, b.payout - b.stake,
        jsonb_build_object('betId', b.id::text, 'game', b.game_code, 'gameType', b.game_type,
          'stake', b.stake::text, 'payout', b.payout::text, 'threshold', ${toMinor(s.largeWin, scale).toString()}::text,
          'at', b.settled_at)
      from bet b
      where b.merchant_id = ${m} and b.status = 'settled' and b.settled_at > ${since}::timestamptz - ${OVERLAP}
        and b.payout - b.stake >= ${toMinor(s.largeWin, scale).toString()}::bigint
      on conflict (merchant_id, kind, source_key) do nothing`.execute(tx),
    ),
  // A paid deposit of at least the threshold; by the time it was paid.
  large_deposit: async (tx, m, since, s, scale) =>
    count(
      await sql`
      insert into risk_flag (merchant_id, kind, source_key, member_id, amount, details)
      select d.merchant_id, 'large_deposit', d.id::text, d.member_id, d.amount,
        jsonb_build_object('depositId', d.id::text, 'channel', d.channel,
          'threshold', ${toMinor(s.largeDeposit, scale).toString()}::text, 'at', d.updated_at)
      from deposit_request d
      where d.merchant_id = ${m} and d.status = 'paid' and d.updated_at > ${since}::timestamptz - ${OVERLAP}
        and d.amount >= ${toMinor(s.largeDeposit, scale).toString()}::bigint
      on conflict (merchant_id, kind, source_key) do nothing`.execute(tx),
    ),
  // A withdrawal request of at least the threshold, whatever its later fate; by request time.
  large_withdrawal: async (tx, m, since, s, scale) =>
    count(
      await sql`
      insert into risk_flag (merchant_id, kind, source_key, member_id, amount, details)
      select w.merchant_id, 'large_withdrawal', w.id::text, w.member_id, w.amount,
        jsonb_build_object('withdrawalId', w.id::text,
          'threshold', ${toMinor(s.largeWithdrawal, scale).toString()}::text, 'at', w.created_at)
      from withdraw_request w
      where w.merchant_id = ${m} and w.created_at > ${since}::timestamptz - ${OVERLAP}
        and w.amount >= ${toMinor(s.largeWithdrawal, scale).toString()}::bigint
      on conflict (merchant_id, kind, source_key) do nothing`.execute(tx),
    ),
  // A withdrawal requested within the window after the member's last paid deposit, with no bet
  // (other than a void one) placed between the two.
  withdraw_without_play: async (tx, m, since, s) =>
    count(
      await sql`
      insert into risk_flag (merchant_id, kind, source_key, member_id, amount, details)
      select w.merchant_id, 'withdraw_without_play', w.id::text, w.member_id, w.amount,
        jsonb_build_object('withdrawalId', w.id::text, 'depositId', d.id::text, 'depositAmount', d.amount::text,
          'depositAt', d.updated_at, 'at', w.created_at,
          'minutes', floor(extract(epoch from w.created_at - d.updated_at) / 60)::int)
      from withdraw_request w
      cross join lateral (
        select x.id, x.amount, x.updated_at from deposit_request x
        where x.member_id = w.member_id and x.status = 'paid' and x.updated_at <= w.created_at
        order by x.updated_at desc limit 1) d
      where w.merchant_id = ${m} and w.created_at > ${since}::timestamptz - ${OVERLAP}
        and d.updated_at > w.created_at - make_interval(hours => ${s.noPlayWindowHours}::int)
        and not exists (
          select 1 from bet b where b.member_id = w.member_id and b.status <> 'void'
            and b.placed_at >= d.updated_at and b.placed_at <= w.created_at)
      on conflict (merchant_id, kind, source_key) do nothing`.execute(tx),
    ),
  // An IP that registered or last logged in this many accounts (or more), seen on a registration
  // or a login since the cursor. One flag per IP, naming its newest account.
  shared_ip: async (tx, m, since, s) =>
    count(
      await sql`
      with ips as (
        select created_ip as ip from member
        where merchant_id = ${m} and created_ip is not null and created_at > ${since}::timestamptz - ${OVERLAP}
        union
        select last_login_ip from member
        where merchant_id = ${m} and last_login_ip is not null and last_login_at > ${since}::timestamptz - ${OVERLAP}),
      hits as (
        select i.ip, x.id, x.account, x.created_at from ips i
        join member x on x.merchant_id = ${m} and x.created_ip = i.ip
        union
        select i.ip, x.id, x.account, x.created_at from ips i
        join member x on x.merchant_id = ${m} and x.last_login_ip = i.ip),
      grouped as (
        select ip, count(*) as n, (array_agg(id order by created_at desc, id desc))[1] as newest,
          jsonb_agg(account order by created_at desc, id desc) as accounts
        from hits group by ip)
      insert into risk_flag (merchant_id, kind, source_key, member_id, amount, details)
      select ${m}, 'shared_ip', ip, newest, null,
        jsonb_build_object('ip', ip, 'count', n, 'accounts', accounts, 'threshold', ${s.sharedIpAccounts}::int)
      from grouped where n >= ${s.sharedIpAccounts}
      on conflict (merchant_id, kind, source_key) do nothing`.execute(tx),
    ),
};

/** A brand's scans one at a time (a job and a reader catching up wait for each other). */
export const lockScan = (tx: Tx, merchantId: number) =>
  sql`select pg_advisory_xact_lock(${RISK_SCAN_LOCK}::int, ${merchantId}::int)`.execute(tx);

/** The brand's cursors, one per check. */
export async function scanCursors(tx: Tx, merchantId: number) {
  const { rows } = await sql<{ scanner: string; scanned_to: Date }>`
      select scanner, scanned_to from risk_scan where merchant_id = ${merchantId}`.execute(tx);
  return rows;
}

/** The transaction's start on the database's clock. */
export async function transactionNow(tx: Tx) {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(tx);
  return rows[0]!.now;
}

/** Moves a check's cursor. */
export const moveCursor = (tx: Tx, merchantId: number, scanner: string, now: Date) =>
  sql`
        insert into risk_scan (merchant_id, scanner, scanned_to) values (${merchantId}, ${scanner}, ${now})
        on conflict (merchant_id, scanner) do update set scanned_to = excluded.scanned_to`.execute(tx);
