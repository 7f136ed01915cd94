import {
  RG_RAISE_DELAY_HOURS,
  type RgPeriod,
  type RgPlayLimitKind,
  type RgStatus,
  responsibleRoutes,
  rgPeriods,
  rgPlayLimitKinds,
} from '@arcadia/contract';
import type { FastifyInstance } from 'fastify';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type RouteHooks, registerRoute } from '../../plugins/routes.js';
import type { BrandService } from '../brand/brand.service.js';
import { opsBrandOf } from '../brand/index.js';
import { writeAudit } from '../operator/operator-audit.js';

type Db = Kysely<Database> | Transaction<Database>;
type LimitKind = 'deposit' | RgPlayLimitKind;

/** The rolling window of each period. */
const WINDOW_MS: Record<RgPeriod, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};
const RAISE_DELAY_MS = RG_RAISE_DELAY_HOURS * 3_600_000;

/** The exclusion in force for a member at `now`, if any (the one that ends last). */
export async function activeExclusion(q: Db, memberId: string, now: Date) {
  const rows = await q
    .selectFrom('rg_exclusion')
    .select(['kind', 'ends_at'])
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();
  if (rows.length === 0) return null;
  const permanent = rows.find((r) => r.ends_at === null);
  if (permanent) return { kind: permanent.kind, until: null };
  const last = rows.reduce((a, b) => (new Date(b.ends_at!) > new Date(a.ends_at!) ? b : a));
  return { kind: last.kind, until: new Date(last.ends_at!) };
}

/** Refuses play (a game launch, a seat, a bet session) while a member is on a break. */
export async function assertMayPlay(q: Db, memberId: string, now = new Date()) {
  const ex = await activeExclusion(q, memberId, now);
  if (ex) throw new AppError('rg.excluded', { until: ex.until?.toISOString() ?? null });
}

/**
 * Responsible gaming (docs/responsible-gaming.md): deposit limits per rolling day, week and month
 * with the 24-hour rule for raising or removing one, cool-offs and self-exclusions; the deposit
 * guard the payments call inside the deposit's own transaction.
 */
export function createResponsibleModule(deps: { db: Kysely<Database>; brands: BrandService; clock: Clock }) {
  const { db, clock } = deps;

  const event = (
    q: Db,
    memberId: string,
    action: 'limit_set' | 'limit_pending' | 'limit_applied' | 'excluded',
    detail: Record<string, unknown>,
  ) =>
    q
      .insertInto('rg_event')
      .values({ member_id: memberId, action, detail: JSON.stringify(detail) })
      .execute();

  /** The member's limits of every kind, with any raise or removal whose 24 hours are up applied first. */
  async function limits(q: Db, memberId: string, now: Date) {
    const due = await q
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
    for (const d of due)
      await event(q, memberId, 'limit_applied', { kind: d.kind, period: d.period, amount: d.amount });
    return q.selectFrom('rg_limit').selectAll().where('member_id', '=', memberId).execute();
  }

  /**
   * Per window, the stakes and the net loss — the bets' (an open bet: its stake) and the transfers
   * into vendor wallets — over the database's clock, counted by `rg_play_used` as the guards in the
   * database count them.
   */
  async function played(q: Db, memberId: string) {
    const { rows } = await sql<{ period: RgPeriod; wager: string; loss: string }>`
      select p.period, u.wager, u.loss
      from (values ('day', ${`${WINDOW_MS.day / 1000} seconds`}::interval),
                   ('week', ${`${WINDOW_MS.week / 1000} seconds`}::interval),
                   ('month', ${`${WINDOW_MS.month / 1000} seconds`}::interval)) as p (period, w)
      cross join lateral rg_play_used(${memberId}::bigint, p.w) u`.execute(q);
    const n = (v: string) => (BigInt(v) > 0n ? BigInt(v) : 0n);
    const of = (p: RgPeriod) => rows.find((r) => r.period === p)!;
    return {
      wager: { day: n(of('day').wager), week: n(of('week').wager), month: n(of('month').wager) },
      loss: { day: n(of('day').loss), week: n(of('week').loss), month: n(of('month').loss) },
    };
  }

  /** The member's settings, with a session limit's raise or removal applied once its 24 hours are up. */
  async function settings(q: Db, memberId: string, now: Date) {
    await q
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
    return q.selectFrom('rg_setting').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  }

  /**
   * A session limit (shorter, or a first one) applies at once to the sessions already open: each
   * ends once it has lasted the limit — at once for one already older (`login.not.session`).
   */
  async function capSessions(tx: Transaction<Database>, memberId: string, minutes: number) {
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

  /** One limit as the member sees it: in force, used, left in the window, and any pending change. */
  function view(r: Awaited<ReturnType<typeof limits>>[number] | undefined, period: RgPeriod, used: bigint) {
    const amount = r?.amount ? BigInt(r.amount) : null;
    const left = amount === null ? null : amount > used ? amount - used : 0n;
    return {
      period,
      amount: amount?.toString() ?? null,
      used: used.toString(),
      remaining: left?.toString() ?? null,
      pending: r?.pending_from
        ? { amount: r.pending_amount ?? null, from: new Date(r.pending_from).toISOString() }
        : null,
    };
  }

  /** Deposits made or waiting in each window (failed, cancelled and rejected ones do not count). */
  async function used(q: Db, memberId: string, now: Date) {
    const since = (p: RgPeriod) => new Date(now.getTime() - WINDOW_MS[p]);
    const row = await q
      .selectFrom('deposit_request')
      .select([
        sql<string>`coalesce(sum(amount) filter (where created_at > ${since('day')}), 0)`.as('day'),
        sql<string>`coalesce(sum(amount) filter (where created_at > ${since('week')}), 0)`.as('week'),
        sql<string>`coalesce(sum(amount), 0)`.as('month'),
      ])
      .where('member_id', '=', memberId)
      .where('status', 'in', ['pending', 'paid'])
      .where('created_at', '>', since('month'))
      .executeTakeFirstOrThrow();
    return { day: BigInt(row.day), week: BigInt(row.week), month: BigInt(row.month) };
  }

  /** The asking session's start and the net result of the bets placed since (an open bet: its stake). */
  async function sessionOf(q: Db, memberId: string, sessionId: string) {
    const row = await q
      .selectFrom('session')
      .select('created_at')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return null;
    const startedAt = new Date(row.created_at);
    const net = await q
      .selectFrom('bet')
      .select(sql<string>`coalesce(sum(payout - stake), 0)`.as('net'))
      .where('member_id', '=', memberId)
      .where('placed_at', '>=', startedAt)
      .where('status', '<>', 'void')
      .executeTakeFirstOrThrow();
    return { startedAt: startedAt.toISOString(), net: String(net.net) };
  }

  async function status(q: Db, memberId: string, sessionId: string | null = null): Promise<RgStatus> {
    const now = clock.now();
    const rows = await limits(q, memberId, now);
    const sums = await used(q, memberId, now);
    const play = await played(q, memberId);
    const ex = await activeExclusion(q, memberId, now);
    const setting = await settings(q, memberId, now);
    const ends =
      sessionId === null || setting?.session_limit_minutes == null
        ? null
        : await q.selectFrom('session').select('expires_at').where('id', '=', sessionId).executeTakeFirst();
    return {
      realityCheckMinutes: setting?.reality_check_minutes ?? null,
      sessionLimit: {
        minutes: setting?.session_limit_minutes ?? null,
        pending: setting?.session_limit_pending_from
          ? {
              minutes: setting.session_limit_pending,
              from: new Date(setting.session_limit_pending_from).toISOString(),
            }
          : null,
        endsAt: ends ? new Date(ends.expires_at).toISOString() : null,
      },
      session: sessionId === null ? null : await sessionOf(q, memberId, sessionId),
      depositLimits: rgPeriods.map((period) =>
        view(
          rows.find((x) => x.kind === 'deposit' && x.period === period),
          period,
          sums[period],
        ),
      ),
      playLimits: rgPlayLimitKinds.flatMap((kind) =>
        rgPeriods.map((period) => ({
          kind,
          ...view(
            rows.find((x) => x.kind === kind && x.period === period),
            period,
            play[kind][period],
          ),
        })),
      ),
      exclusion: ex ? { kind: ex.kind, until: ex.until?.toISOString() ?? null } : null,
    };
  }

  /**
   * Inside a deposit's transaction, before it is recorded: one deposit decision at a time per
   * member (an advisory lock), refused while on a break or above what a limit leaves.
   */
  async function depositGuard(tx: Transaction<Database>, memberId: string, amount: bigint) {
    await sql`select pg_advisory_xact_lock(hashtext(${`rg-deposit:${memberId}`}))`.execute(tx);
    const now = clock.now();
    await assertMayPlay(tx, memberId, now);
    const rows = (await limits(tx, memberId, now)).filter((r) => r.kind === 'deposit');
    if (!rows.some((r) => r.amount)) return;
    const sums = await used(tx, memberId, now);
    for (const r of rows) {
      if (!r.amount) continue;
      const left = BigInt(r.amount) - sums[r.period];
      if (amount > left)
        throw new AppError('rg.deposit_limit', {
          period: r.period,
          remaining: (left > 0n ? left : 0n).toString(),
        });
    }
  }

  async function setLimit(
    tx: Transaction<Database>,
    memberId: string,
    kind: LimitKind,
    period: RgPeriod,
    wanted: bigint | null,
    by = 'member',
  ) {
    const now = clock.now();
    const current = (await limits(tx, memberId, now)).find((r) => r.kind === kind && r.period === period);
    const inForce = current?.amount ? BigInt(current.amount) : null;
    const lower = wanted !== null && (inForce === null || wanted < inForce);
    const same = wanted === inForce;
    if (lower || same) {
      await tx
        .insertInto('rg_limit')
        .values({ member_id: memberId, kind, period, amount: wanted?.toString() ?? null, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['member_id', 'kind', 'period']).doUpdateSet({
            amount: wanted?.toString() ?? null,
            pending_amount: null,
            pending_from: null,
            updated_at: now,
          }),
        )
        .execute();
      if (lower) await event(tx, memberId, 'limit_set', { kind, period, amount: wanted!.toString(), by });
      return;
    }
    // A raise, or removing the limit: it waits its 24 hours; the limit in force stays until then.
    const from = new Date(now.getTime() + RAISE_DELAY_MS);
    await tx
      .updateTable('rg_limit')
      .set({ pending_amount: wanted?.toString() ?? null, pending_from: from, updated_at: now })
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('period', '=', period)
      .execute();
    await event(tx, memberId, 'limit_pending', {
      kind,
      period,
      amount: wanted?.toString() ?? null,
      from: from.toISOString(),
      by,
    });
  }

  function endOf(
    now: Date,
    body: { kind: 'cooloff'; hours: number } | { kind: 'self_exclusion'; months: number | null },
  ) {
    if (body.kind === 'cooloff') return new Date(now.getTime() + body.hours * 3_600_000);
    if (body.months === null) return null;
    const end = new Date(now);
    end.setUTCMonth(end.getUTCMonth() + body.months);
    return end;
  }

  /**
   * A member's limit changes one at a time. The bets themselves are checked in the database, under
   * the lock of the member's main wallet (`rg_bet_guard`, migration 202611300060).
   */
  const lockPlay = (tx: Transaction<Database>, memberId: string) =>
    sql`select pg_advisory_xact_lock(hashtext(${`rg-play:${memberId}`}))`.execute(tx);

  return {
    depositGuard,
    /** The member's session time limit in milliseconds, or null: a new login lasts no longer. */
    async sessionLimitMs(memberId: string): Promise<number | null> {
      const setting = await settings(db, memberId, clock.now());
      return setting?.session_limit_minutes == null ? null : setting.session_limit_minutes * 60_000;
    },
    register(app: FastifyInstance, hooks: RouteHooks) {
      registerRoute(app, hooks, responsibleRoutes.rgStatus, async ({ session }) =>
        status(db, session!.member.id, session!.sessionId),
      );

      registerRoute(app, hooks, responsibleRoutes.rgRealityCheck, async ({ session, body }) => {
        const memberId = session!.member.id;
        const now = clock.now();
        await db
          .insertInto('rg_setting')
          .values({ member_id: memberId, reality_check_minutes: body.minutes, updated_at: now })
          .onConflict((oc) =>
            oc.column('member_id').doUpdateSet({ reality_check_minutes: body.minutes, updated_at: now }),
          )
          .execute();
        return status(db, memberId, session!.sessionId);
      });

      registerRoute(app, hooks, responsibleRoutes.rgSessionLimit, async ({ session, body }) => {
        const memberId = session!.member.id;
        await db.transaction().execute(async (tx) => {
          await lockPlay(tx, memberId);
          const now = clock.now();
          const current = (await settings(tx, memberId, now))?.session_limit_minutes ?? null;
          const wanted = body.minutes;
          const lower = wanted !== null && (current === null || wanted < current);
          if (lower || wanted === current) {
            await tx
              .insertInto('rg_setting')
              .values({ member_id: memberId, session_limit_minutes: wanted, updated_at: now })
              .onConflict((oc) =>
                oc.column('member_id').doUpdateSet({
                  session_limit_minutes: wanted,
                  session_limit_pending: null,
                  session_limit_pending_from: null,
                  updated_at: now,
                }),
              )
              .execute();
            if (lower) {
              await capSessions(tx, memberId, wanted);
              await event(tx, memberId, 'limit_set', { kind: 'session', minutes: wanted });
            }
            return;
          }
          const from = new Date(now.getTime() + RAISE_DELAY_MS);
          await tx
            .updateTable('rg_setting')
            .set({ session_limit_pending: wanted, session_limit_pending_from: from, updated_at: now })
            .where('member_id', '=', memberId)
            .execute();
          await event(tx, memberId, 'limit_pending', {
            kind: 'session',
            minutes: wanted,
            from: from.toISOString(),
          });
        });
        return status(db, memberId, session!.sessionId);
      });

      registerRoute(app, hooks, responsibleRoutes.rgDepositLimit, async ({ session, body }) => {
        const memberId = session!.member.id;
        await db.transaction().execute(async (tx) => {
          await sql`select pg_advisory_xact_lock(hashtext(${`rg-deposit:${memberId}`}))`.execute(tx);
          await setLimit(
            tx,
            memberId,
            'deposit',
            body.period,
            body.amount === null ? null : BigInt(body.amount),
          );
        });
        return status(db, memberId, session!.sessionId);
      });

      registerRoute(app, hooks, responsibleRoutes.rgPlayLimit, async ({ session, body }) => {
        const memberId = session!.member.id;
        await db.transaction().execute(async (tx) => {
          await lockPlay(tx, memberId);
          await setLimit(
            tx,
            memberId,
            body.kind,
            body.period,
            body.amount === null ? null : BigInt(body.amount),
          );
        });
        return status(db, memberId, session!.sessionId);
      });

      registerRoute(app, hooks, responsibleRoutes.rgExclude, async ({ brand, session, body }) => {
        const memberId = session!.member.id;
        await db.transaction().execute(async (tx) => {
          await sql`select pg_advisory_xact_lock(hashtext(${`rg-deposit:${memberId}`}))`.execute(tx);
          const now = clock.now();
          const ends = endOf(now, body);
          const current = await activeExclusion(tx, memberId, now);
          // A break can only be made longer: never shortened, never lifted.
          if (current && (current.until === null || (ends !== null && ends <= current.until)))
            throw new AppError('rg.exclusion_active', { until: current.until?.toISOString() ?? null });
          await tx
            .insertInto('rg_exclusion')
            .values({
              merchant_id: brand.id,
              member_id: memberId,
              kind: body.kind,
              starts_at: now,
              ends_at: ends,
            })
            .execute();
          // The games already open stop taking bets: their launch sessions end now.
          await tx
            .updateTable('vendor_session')
            .set({ expires_at: now })
            .where('member_id', '=', memberId)
            .where('expires_at', '>', now)
            .execute();
          await event(tx, memberId, 'excluded', { kind: body.kind, until: ends?.toISOString() ?? null });
        });
        return status(db, memberId, session!.sessionId);
      });

      /** The brand's member named in an operator path, or 404. */
      const opsMember = async (merchantCode: string, account: string) => {
        const brand = await opsBrandOf(deps.brands, merchantCode);
        const member = await db
          .selectFrom('member')
          .select('id')
          .where('merchant_id', '=', brand.id)
          .where('account', '=', account)
          .executeTakeFirst();
        if (!member) throw new AppError('not.found', { account });
        return { brand, memberId: String(member.id) };
      };

      registerRoute(app, hooks, responsibleRoutes.opsRgDepositLimit, async ({ params, body, operator }) => {
        const { brand, memberId } = await opsMember(params.merchantCode, params.account);
        await db.transaction().execute(async (tx) => {
          await sql`select pg_advisory_xact_lock(hashtext(${`rg-deposit:${memberId}`}))`.execute(tx);
          await setLimit(
            tx,
            memberId,
            'deposit',
            body.period,
            body.amount === null ? null : BigInt(body.amount),
            operator!.username,
          );
          await writeAudit(tx, {
            merchantId: brand.id,
            actor: operator!.username,
            action: 'rg.deposit_limit',
            target: params.account,
            payload: { period: body.period, amount: body.amount, reason: body.reason },
          });
        });
        return status(db, memberId);
      });

      registerRoute(app, hooks, responsibleRoutes.opsRgPlayLimit, async ({ params, body, operator }) => {
        const { brand, memberId } = await opsMember(params.merchantCode, params.account);
        await db.transaction().execute(async (tx) => {
          await lockPlay(tx, memberId);
          await setLimit(
            tx,
            memberId,
            body.kind,
            body.period,
            body.amount === null ? null : BigInt(body.amount),
            operator!.username,
          );
          await writeAudit(tx, {
            merchantId: brand.id,
            actor: operator!.username,
            action: 'rg.play_limit',
            target: params.account,
            payload: { kind: body.kind, period: body.period, amount: body.amount, reason: body.reason },
          });
        });
        return status(db, memberId);
      });

      registerRoute(app, hooks, responsibleRoutes.opsRgStatus, async ({ params }) => {
        const { memberId } = await opsMember(params.merchantCode, params.account);
        const member = { id: memberId };
        const history = await db
          .selectFrom('rg_event')
          .select(['action', 'detail', 'created_at'])
          .where('member_id', '=', String(member.id))
          .orderBy('id', 'desc')
          .limit(200)
          .execute();
        return {
          ...(await status(db, String(member.id))),
          history: history.map((h) => ({
            at: new Date(h.created_at).toISOString(),
            action: h.action,
            detail: h.detail,
          })),
        };
      });
    },
  };
}

export type ResponsibleModule = ReturnType<typeof createResponsibleModule>;
