import {
  type RgPeriod,
  type RgStatus,
  type RouteBody,
  type RouteParams,
  type Routes,
  rgPeriods,
  rgPlayLimitKinds,
} from '@arcadia/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type BrandService, opsBrandOf } from '../brand/index.js';
import { writeAudit } from '../operator/index.js';
import { depositsUsed } from './deposit-limit.js';
import { type LimitRow, limitsInForce, setLimit } from './limit-changes.js';
import { playUsedByWindow } from './loss-limit.js';
import {
  type Db,
  betNetSince,
  eventHistory,
  lockDeposits,
  lockPlay,
  memberByAccount,
  sessionExpiry,
  sessionStart,
  upsertRealityCheck,
} from './responsible.repository.js';
import { activeExclusion, takeBreak } from './self-exclusion.js';
import { setSessionLimit, settingsInForce } from './session-limit.js';

/** One limit as the member sees it: in force, used, left in the window, and any pending change. */
function view(r: LimitRow | undefined, period: RgPeriod, used: bigint) {
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

/** The asking session's start and the net result of the bets placed since (an open bet: its stake). */
async function sessionOf(q: Db, memberId: string, sessionId: string) {
  const row = await sessionStart(q, sessionId);
  if (!row) return null;
  const startedAt = new Date(row.created_at);
  const net = await betNetSince(q, memberId, startedAt);
  return { startedAt: startedAt.toISOString(), net: String(net.net) };
}

const amountOf = (a: string | null) => (a === null ? null : BigInt(a));

/**
 * Responsible gaming's service (docs/responsible-gaming.md): the member's status, and the changes a
 * member or an operator makes — each in one transaction under the member's lock (deposit limits
 * and breaks under the deposit lock, play and session limits under the play lock).
 */
export function createResponsibleService(deps: { db: Kysely<Database>; brands: BrandService; clock: Clock }) {
  const { db, clock } = deps;

  async function status(q: Db, memberId: string, sessionId: string | null = null): Promise<RgStatus> {
    const now = clock.now();
    const rows = await limitsInForce(q, memberId, now);
    const sums = await depositsUsed(q, memberId, now);
    const play = await playUsedByWindow(q, memberId);
    const ex = await activeExclusion(q, memberId, now);
    const setting = await settingsInForce(q, memberId, now);
    const ends =
      sessionId === null || setting?.session_limit_minutes == null ? null : await sessionExpiry(q, sessionId);
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

  /** The brand's member named in an operator path, or 404. */
  async function opsMember(merchantCode: string, account: string) {
    const brand = await opsBrandOf(deps.brands, merchantCode);
    const member = await memberByAccount(db, brand.id, account);
    if (!member) throw new AppError('not.found', { account });
    return { brand, memberId: String(member.id) };
  }

  return {
    status: (memberId: string, sessionId: string | null = null) => status(db, memberId, sessionId),

    async setRealityCheck(memberId: string, minutes: number | null) {
      await upsertRealityCheck(db, memberId, minutes, clock.now());
    },

    async setSessionLimit(memberId: string, minutes: number | null) {
      await db.transaction().execute(async (tx) => {
        await lockPlay(tx, memberId);
        await setSessionLimit(tx, memberId, minutes, clock.now());
      });
    },

    async setDepositLimit(memberId: string, body: RouteBody<Routes['rgDepositLimit']>) {
      await db.transaction().execute(async (tx) => {
        await lockDeposits(tx, memberId);
        await setLimit(tx, memberId, 'deposit', body.period, amountOf(body.amount), clock.now());
      });
    },

    async setPlayLimit(memberId: string, body: RouteBody<Routes['rgPlayLimit']>) {
      await db.transaction().execute(async (tx) => {
        await lockPlay(tx, memberId);
        await setLimit(tx, memberId, body.kind, body.period, amountOf(body.amount), clock.now());
      });
    },

    async takeBreak(merchantId: number, memberId: string, body: RouteBody<Routes['rgExclude']>) {
      await db.transaction().execute(async (tx) => {
        await lockDeposits(tx, memberId);
        await takeBreak(tx, merchantId, memberId, body, clock.now());
      });
    },

    /** An operator's deposit limit for a member (the member's rule: lower at once), audited. */
    async opsSetDepositLimit(
      params: RouteParams<Routes['opsRgDepositLimit']>,
      body: RouteBody<Routes['opsRgDepositLimit']>,
      actor: string,
    ) {
      const { brand, memberId } = await opsMember(params.merchantCode, params.account);
      await db.transaction().execute(async (tx) => {
        await lockDeposits(tx, memberId);
        await setLimit(tx, memberId, 'deposit', body.period, amountOf(body.amount), clock.now(), actor);
        await writeAudit(tx, {
          merchantId: brand.id,
          actor,
          action: 'rg.deposit_limit',
          target: params.account,
          payload: { period: body.period, amount: body.amount, reason: body.reason },
        });
      });
      return status(db, memberId);
    },

    /** An operator's loss or wager limit for a member (the member's rule: lower at once), audited. */
    async opsSetPlayLimit(
      params: RouteParams<Routes['opsRgPlayLimit']>,
      body: RouteBody<Routes['opsRgPlayLimit']>,
      actor: string,
    ) {
      const { brand, memberId } = await opsMember(params.merchantCode, params.account);
      await db.transaction().execute(async (tx) => {
        await lockPlay(tx, memberId);
        await setLimit(tx, memberId, body.kind, body.period, amountOf(body.amount), clock.now(), actor);
        await writeAudit(tx, {
          merchantId: brand.id,
          actor,
          action: 'rg.play_limit',
          target: params.account,
          payload: { kind: body.kind, period: body.period, amount: body.amount, reason: body.reason },
        });
      });
      return status(db, memberId);
    },

    /** A member's status for the operators, with the last 200 events. */
    async opsStatus(params: RouteParams<Routes['opsRgStatus']>) {
      const { memberId } = await opsMember(params.merchantCode, params.account);
      const member = { id: memberId };
      const history = await eventHistory(db, String(member.id));
      return {
        ...(await status(db, String(member.id))),
        history: history.map((h) => ({
          at: new Date(h.created_at).toISOString(),
          action: h.action,
          detail: h.detail,
        })),
      };
    },
  };
}

export type ResponsibleService = ReturnType<typeof createResponsibleService>;
