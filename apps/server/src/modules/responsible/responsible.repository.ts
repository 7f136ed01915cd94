import type { RgPeriod, RgPlayLimitKind } from '@arcadia/contract';
import { type Insertable, type Kysely, type Transaction, sql } from 'kysely';
import type { Database, RgExclusionTable } from '../../db/schema.js';
import { WINDOW_MS } from './responsible.periods.js';

/**
 * Responsible gaming's queries (docs/responsible-gaming.md). Every function takes the query runner
 * to use — the database, or the caller's transaction; the services keep the transactions, the locks
 * and the order of the statements.
 */
export type Db = Kysely<Database> | Transaction<Database>;
export type LimitKind = 'deposit' | RgPlayLimitKind;
export type RgEventAction = 'limit_set' | 'limit_pending' | 'limit_applied' | 'excluded';

/** One deposit decision at a time per member (a transaction-scoped advisory lock). */
export const lockDeposits = (tx: Transaction<Database>, memberId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`rg-deposit:${memberId}`}))`.execute(tx);

/** A member's limit changes one at a time (a transaction-scoped advisory lock). */
export const lockPlay = (tx: Transaction<Database>, memberId: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`rg-play:${memberId}`}))`.execute(tx);

/** The member's exclusions not yet over at `now`. */
export const exclusionsInForce = (q: Db, memberId: string, now: Date) =>
  q
    .selectFrom('rg_exclusion')
    .select(['kind', 'ends_at'])
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();

export const insertExclusion = (tx: Transaction<Database>, values: Insertable<RgExclusionTable>) =>
  tx.insertInto('rg_exclusion').values(values).execute();

/** The member's open game launches end now. */
export const endVendorSessions = (tx: Transaction<Database>, memberId: string, now: Date) =>
  tx
    .updateTable('vendor_session')
    .set({ expires_at: now })
    .where('member_id', '=', memberId)
    .where('expires_at', '>', now)
    .execute();

export const insertEvent = (
  q: Db,
  memberId: string,
  action: RgEventAction,
  detail: Record<string, unknown>,
) =>
  q
    .insertInto('rg_event')
    .values({ member_id: memberId, action, detail: JSON.stringify(detail) })
    .execute();

/** The member's last 200 events, newest first. */
export const eventHistory = (q: Db, memberId: string) =>
  q
    .selectFrom('rg_event')
    .select(['action', 'detail', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();

/** Applies every pending limit change whose time has come; returns the limits changed. */
export const applyDueLimits = (q: Db, memberId: string, now: Date) =>
  q
    .updateTable('rg_limit')
    .set((eb) => ({
      amount: eb.ref('pending_amount'),
      pending_amount: null,
      pending_from: null,
      updated_at: now,
    }))
    .where('member_id', '=', memberId)
    .where('pending_from', '<=', now)
    .returning(['kind', 'period', 'amount'])
    .execute();

export const limitsOf = (q: Db, memberId: string) =>
  q.selectFrom('rg_limit').selectAll().where('member_id', '=', memberId).execute();

/** A limit in force from now (any pending change dropped). */
export const upsertLimit = (
  tx: Transaction<Database>,
  memberId: string,
  kind: LimitKind,
  period: RgPeriod,
  amount: string | null,
  now: Date,
) =>
  tx
    .insertInto('rg_limit')
    .values({ member_id: memberId, kind, period, amount, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['member_id', 'kind', 'period']).doUpdateSet({
        amount,
        pending_amount: null,
        pending_from: null,
        updated_at: now,
      }),
    )
    .execute();

/** A limit change that waits until `from`; the limit in force stays until then. */
export const setPendingLimit = (
  tx: Transaction<Database>,
  memberId: string,
  kind: LimitKind,
  period: RgPeriod,
  amount: string | null,
  from: Date,
  now: Date,
) =>
  tx
    .updateTable('rg_limit')
    .set({ pending_amount: amount, pending_from: from, updated_at: now })
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .execute();

/**
 * Per window, the stakes and the net loss — the bets' (an open bet: its stake) and the transfers
 * into vendor wallets — over the database's clock, counted by `rg_play_used` as the guards in the
 * database count them.
 */
export const playUsed = (q: Db, memberId: string) =>
  sql<{ period: RgPeriod; wager: string; loss: string }>`
      select p.period, u.wager, u.loss
      from (values ('day', ${`${WINDOW_MS.day / 1000} seconds`}::interval),
                   ('week', ${`${WINDOW_MS.week / 1000} seconds`}::interval),
                   ('month', ${`${WINDOW_MS.month / 1000} seconds`}::interval)) as p (period, w)
      cross join lateral rg_play_used(${memberId}::bigint, p.w) u`.execute(q);

/** Deposits made or waiting since each window's start (failed, cancelled and rejected ones do not count). */
export const depositsSince = (q: Db, memberId: string, since: Record<RgPeriod, Date>) =>
  q
    .selectFrom('deposit_request')
    .select([
      sql<string>`coalesce(sum(amount) filter (where created_at > ${since.day}), 0)`.as('day'),
      sql<string>`coalesce(sum(amount) filter (where created_at > ${since.week}), 0)`.as('week'),
      sql<string>`coalesce(sum(amount), 0)`.as('month'),
    ])
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'paid'])
    .where('created_at', '>', since.month)
    .executeTakeFirstOrThrow();

/** Applies a session limit's raise or removal once its time has come. */
export const applyDueSessionLimit = (q: Db, memberId: string, now: Date) =>
  q
    .updateTable('rg_setting')
    .set((eb) => ({
      session_limit_minutes: eb.ref('session_limit_pending'),
      session_limit_pending: null,
      session_limit_pending_from: null,
      updated_at: now,
    }))
    .where('member_id', '=', memberId)
    .where('session_limit_pending_from', '<=', now)
    .execute();

export const settingsOf = (q: Db, memberId: string) =>
  q.selectFrom('rg_setting').selectAll().where('member_id', '=', memberId).executeTakeFirst();

export const upsertRealityCheck = (q: Db, memberId: string, minutes: number | null, now: Date) =>
  q
    .insertInto('rg_setting')
    .values({ member_id: memberId, reality_check_minutes: minutes, updated_at: now })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: now }),
    )
    .execute();

/** A session limit in force from now (any pending change dropped). */
export const upsertSessionLimit = (
  tx: Transaction<Database>,
  memberId: string,
  minutes: number | null,
  now: Date,
) =>
  tx
    .insertInto('rg_setting')
    .values({ member_id: memberId, session_limit_minutes: minutes, updated_at: now })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        session_limit_minutes: minutes,
        session_limit_pending: null,
        session_limit_pending_from: null,
        updated_at: now,
      }),
    )
    .execute();

/** A session limit change that waits until `from`. */
export const setPendingSessionLimit = (
  tx: Transaction<Database>,
  memberId: string,
  minutes: number | null,
  from: Date,
  now: Date,
) =>
  tx
    .updateTable('rg_setting')
    .set({ session_limit_pending: minutes, session_limit_pending_from: from, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();

/**
 * Ends each open session once it has lasted `minutes` (at once for one already older), and the
 * member's real-money games with the login.
 */
export async function capSessions(tx: Transaction<Database>, memberId: string, minutes: number) {
  await sql`
      update session set expires_at = least(expires_at, created_at + ${minutes} * interval '1 minute')
       where member_id = ${memberId} and revoked_at is null and expires_at > now()`.execute(tx);
  // The games already open end with the login.
  await sql`
      update vendor_session set expires_at = least(expires_at, coalesce(
        (select max(s.expires_at) from session s where s.member_id = ${memberId} and s.revoked_at is null),
        now()))
       where member_id = ${memberId} and mode = 'real' and expires_at > now()`.execute(tx);
}

export const sessionStart = (q: Db, sessionId: string) =>
  q.selectFrom('session').select('created_at').where('id', '=', sessionId).executeTakeFirst();

export const sessionExpiry = (q: Db, sessionId: string) =>
  q.selectFrom('session').select('expires_at').where('id', '=', sessionId).executeTakeFirst();

/** The net result of the member's bets placed since `startedAt` (void ones excluded). */
export const betNetSince = (q: Db, memberId: string, startedAt: Date) =>
  q
    .selectFrom('bet')
    .select(sql<string>`coalesce(sum(payout - stake), 0)`.as('net'))
    .where('member_id', '=', memberId)
    .where('placed_at', '>=', startedAt)
    .where('status', '<>', 'void')
    .executeTakeFirstOrThrow();

/** The brand's member with this account, if any. */
export const memberByAccount = (q: Db, merchantId: number, account: string) =>
  q
    .selectFrom('member')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('account', '=', account)
    .executeTakeFirst();
