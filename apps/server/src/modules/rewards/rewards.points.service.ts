import {
  type PointRedemption,
  type PointsSettings,
  pointsSettingsSchema,
  rebateProductTypes,
} from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { isUniqueViolation } from '../member/index.js';
import * as repo from './rewards.points.repository.js';
import type { RedemptionRow } from './rewards.points.repository.js';
import { addDays, utcDay } from './rewards.rebate.service.js';

/** Points have no decimals; their ledger currency. */
export const POINTS_CURRENCY = 'PTS';
/** Days the earning job looks back (a bet settled the next day still earns on its day). */
export const POINTS_WINDOW_DAYS = 3;
const CHUNK = 1_000;

export function pointsSettings(brand: Brand): PointsSettings {
  return pointsSettingsSchema.parse(brand.settings.points ?? {});
}

/**
 * Points mall (docs/rewards.md): points earned on valid bets and deposits (a job credits each day's
 * points on the points ledger), the catalogue with stock, redemptions and conversions behind the
 * payment password, and the operator's review of goods.
 */
export function createPoints(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  clock: Clock;
  checkPaymentPassword: (brand: Brand, memberId: string, password: string) => Promise<void>;
}) {
  const { db, ledger } = deps;

  const enabled = (brand: Brand) => {
    const s = pointsSettings(brand);
    if (!s.enabled) throw new AppError('function.disabled');
    return s;
  };

  const redemptionOut = (r: RedemptionRow, scale: number): PointRedemption => ({
    id: String(r.id),
    rewardId: r.reward_id,
    rewardName: r.reward_name,
    kind: r.kind,
    quantity: r.quantity,
    points: Number(r.points),
    amount: r.amount === null ? null : toMajor(r.amount, scale),
    address: r.address,
    status: r.status,
    note: r.note,
    createdAt: new Date(r.created_at).toISOString(),
    reviewedAt: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
  });

  const pointsAccount = (tx: Transaction<Database> | Kysely<Database>, brand: Brand, memberId: string) =>
    ledger.memberAccount(tx, brand.id, memberId, 'points', 'POINTS', POINTS_CURRENCY);

  async function pointBalance(memberId: string): Promise<number> {
    const row = await repo.accountBalance(db, memberId, 'points');
    return Number(row?.balance ?? 0);
  }

  /** Ratios as thousandths of a point per minor unit's major unit, for SQL. */
  function ratioArrays(s: PointsSettings) {
    const types: string[] = [];
    const milli: string[] = [];
    for (const type of rebateProductTypes) {
      const r = s.ratios[type];
      if (!r) continue;
      types.push(type);
      milli.push(String(Math.round(r * 1000)));
    }
    return { types, milli, deposit: String(Math.round(s.depositRatio * 1000)) };
  }

  /**
   * Takes points and pays what they buy in one transaction: the points leave the member's account
   * (`points.insufficient` if they are not there), cash (if any) comes from promotions expense.
   */
  async function spend(
    tx: Transaction<Database>,
    brand: Brand,
    memberId: string,
    input: {
      key: string;
      kind: 'POINTS_REDEEM' | 'POINTS_CONVERT';
      points: bigint;
      cash: bigint;
      request: unknown;
    },
  ) {
    const account = await pointsAccount(tx, brand, memberId);
    const issued = await ledger.systemAccount(tx, brand.id, 'points_issued', POINTS_CURRENCY);
    let pointsTx: string;
    try {
      pointsTx = (
        await ledger.post(
          {
            merchantId: brand.id,
            kind: input.kind,
            idempotencyKey: `${input.key}:points`,
            request: input.request,
            memberId,
            entries: [
              { accountId: account.id, amount: -input.points },
              { accountId: issued, amount: input.points },
            ],
          },
          tx,
        )
      ).transactionId;
    } catch (err) {
      if (err instanceof AppError && err.code === 'wallet.insufficient')
        throw new AppError('points.insufficient');
      throw err;
    }
    let cashTx: string | null = null;
    if (input.cash > 0n) {
      const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
      const main = await ledger.memberAccount(tx, brand.id, memberId, 'main', 'MAIN', brand.currency);
      cashTx = (
        await ledger.post(
          {
            merchantId: brand.id,
            kind: 'POINTS_CASH',
            idempotencyKey: `${input.key}:cash`,
            request: input.request,
            memberId,
            entries: [
              { accountId: expense, amount: -input.cash },
              { accountId: main.id, amount: input.cash },
            ],
          },
          tx,
        )
      ).transactionId;
    }
    return { pointsTx, cashTx };
  }

  /** The redemption already made under this request id (a retry), or null. */
  const existing = (memberId: string, requestId: string) =>
    repo.findRedemptionByRequest(db, memberId, requestId);

  async function after(brand: Brand, memberId: string, row: RedemptionRow) {
    const main = await repo.accountBalance(db, memberId, 'main');
    return {
      redemption: redemptionOut(row, brand.currencyScale),
      pointBalance: await pointBalance(memberId),
      balance: toMajor(main?.balance ?? '0', brand.currencyScale),
    };
  }

  /** Runs a redemption once per request id: a retry (or a parallel twin) answers the first result. */
  async function once(
    brand: Brand,
    memberId: string,
    requestId: string,
    work: (tx: Transaction<Database>) => Promise<RedemptionRow>,
  ) {
    const first = await existing(memberId, requestId);
    if (first) return after(brand, memberId, first);
    try {
      return await after(brand, memberId, await ledger.transaction(work));
    } catch (err) {
      const twin = await existing(memberId, requestId);
      if (
        twin &&
        (isUniqueViolation(err, 'point_redemption_member_id_request_id_key') || err instanceof AppError)
      )
        return after(brand, memberId, twin);
      throw err;
    }
  }

  return {
    settings: pointsSettings,

    /** The member's points, after crediting what its latest bets and deposits earned. */
    async balance(brand: Brand, memberId: string) {
      enabled(brand);
      await this.earn(brand, [memberId]);
      return { balance: await pointBalance(memberId) };
    },

    config(brand: Brand) {
      const s = pointsSettings(brand);
      return {
        enabled: s.enabled,
        ratios: rebateProductTypes
          .filter((t) => s.ratios[t])
          .map((productType) => ({ productType, points: s.ratios[productType]! })),
        depositRatio: s.depositRatio,
        convertRate: s.convertRate,
        minConvert: s.minConvert,
      };
    },

    async rewards(brand: Brand) {
      const s = pointsSettings(brand);
      const taken = await repo.stockTaken(db, brand.id);
      const takenOf = new Map(taken.map((r) => [r.reward_id, r.taken]));
      return {
        list: s.enabled
          ? s.rewards.map((r) => ({
              ...r,
              left: r.stock === null ? null : Math.max(0, r.stock - (takenOf.get(r.rewardId) ?? 0)),
            }))
          : [],
      };
    },

    /**
     * The earning job: for the last `POINTS_WINDOW_DAYS` days, every member's points for its valid
     * bets (per product type) and deposits beyond what was credited, as `POINTS_EARN` postings from
     * `points_issued`, members in chunks, each chunk's `points_day` rows locked. Idempotent. `only`:
     * these members alone (the member's own balance read credits its points at once).
     */
    async earn(brand: Brand, only?: string[]) {
      const s = pointsSettings(brand);
      if (!s.enabled) return { members: 0, points: 0n };
      // Bets and deposits are stamped by the database's time; the clock that runs the schedules
      // can be ahead of it (the test clock moves it past draws): the window covers both days.
      const clockDay = utcDay(deps.clock.now());
      const dbDay = await repo.databaseDay(db);
      const today = clockDay > dbDay ? clockDay : dbDay;
      const from = addDays(clockDay < dbDay ? clockDay : dbDay, -(POINTS_WINDOW_DAYS - 1));
      const r = ratioArrays(s);
      const unit = (10n ** BigInt(brand.currencyScale) * 1000n).toString();
      const candidates = async () =>
        (await repo.earningCandidates(db, brand.id, r, from, today)).map((m) => String(m.member_id));
      const ids = only ?? (await candidates());
      let credited = 0;
      let total = 0n;
      for (let i = 0; i < ids.length; i += CHUNK) {
        const chunk = `{${ids.slice(i, i + CHUNK).join(',')}}`;
        const paid = await ledger.transaction(async (tx) => {
          const earned = await repo.earnedPoints(tx, brand.id, r, unit, chunk, from, today);
          if (earned.length === 0) return { n: 0, points: 0n };
          await repo.insertPointsDays(tx, brand.id, earned);
          const locked = await repo.lockPointsDays(tx, chunk, from, today);
          const creditedOf = new Map(locked.map((l) => [`${l.member_id}:${l.day}`, BigInt(l.credited)]));
          // Points are never taken back: a day that earned less than was credited stays as it is.
          const dueDays = earned
            .map((e) => ({ ...e, before: creditedOf.get(`${e.member_id}:${e.day}`) ?? 0n }))
            .filter((e) => BigInt(e.points) > e.before);
          if (dueDays.length === 0) return { n: 0, points: 0n };
          const perMember = new Map<string, { points: bigint; key: string[] }>();
          for (const d of dueDays) {
            const m = perMember.get(String(d.member_id)) ?? { points: 0n, key: [] };
            m.points += BigInt(d.points) - d.before;
            m.key.push(`${d.day}:${d.before}`);
            perMember.set(String(d.member_id), m);
          }
          const issued = await ledger.systemAccount(tx, brand.id, 'points_issued', POINTS_CURRENCY);
          await repo.insertPointsAccounts(tx, brand.id, [...perMember.keys()], POINTS_CURRENCY);
          const accounts = await repo.pointsAccounts(tx, brand.id, [...perMember.keys()]);
          const accountOf = new Map(accounts.map((a) => [String(a.owner_id), String(a.id)]));
          await ledger.creditMany(tx, {
            merchantId: brand.id,
            kind: 'POINTS_EARN',
            from: issued,
            items: [...perMember].map(([memberId, m]) => ({
              // The locked days and what they had name the credit: unique as credited only grows.
              idempotencyKey: `points:earn:${memberId}:${m.key.join(',')}`,
              request: { memberId, points: m.points.toString() },
              memberId,
              accountId: accountOf.get(memberId)!,
              amount: m.points,
              reference: `points:${from}:${today}`,
            })),
          });
          await repo.setCredited(tx, dueDays);
          return { n: perMember.size, points: [...perMember.values()].reduce((a, m) => a + m.points, 0n) };
        });
        credited += paid.n;
        total += paid.points;
      }
      return { members: credited, points: total };
    },

    /** Redeems a catalogue reward (the payment password is checked first). */
    async redeem(
      brand: Brand,
      memberId: string,
      body: {
        rewardId: string;
        quantity: number;
        address?: string | undefined;
        paymentPassword: string;
        requestId: string;
      },
    ) {
      const s = enabled(brand);
      const reward = s.rewards.find((r) => r.rewardId === body.rewardId);
      if (!reward) throw new AppError('points.reward_unknown', { rewardId: body.rewardId });
      if (reward.kind === 'goods' && !body.address) throw new AppError('points.address_required');
      await deps.checkPaymentPassword(brand, memberId, body.paymentPassword);
      const points = BigInt(reward.points) * BigInt(body.quantity);
      const cash =
        reward.kind === 'cash'
          ? settingToMinor(reward.amount ?? 0, brand.currencyScale) * BigInt(body.quantity)
          : 0n;
      const request = { rewardId: reward.rewardId, quantity: body.quantity, address: body.address ?? null };
      return once(brand, memberId, body.requestId, async (tx) => {
        if (reward.stock !== null) {
          if (!(await repo.takeStock(tx, brand.id, reward.rewardId, body.quantity, reward.stock)))
            throw new AppError('points.out_of_stock');
        }
        const moved = await spend(tx, brand, memberId, {
          key: `points:redeem:${memberId}:${body.requestId}`,
          kind: 'POINTS_REDEEM',
          points,
          cash,
          request,
        });
        return repo.insertRedemption(tx, {
          merchant_id: brand.id,
          member_id: memberId,
          request_id: body.requestId,
          reward_id: reward.rewardId,
          reward_name: reward.name,
          kind: reward.kind,
          quantity: body.quantity,
          points,
          amount: reward.kind === 'cash' ? cash : null,
          address: reward.kind === 'goods' ? body.address! : null,
          status: reward.kind === 'cash' ? 'approved' : 'process',
          points_transaction_id: moved.pointsTx,
          cash_transaction_id: moved.cashTx,
        });
      });
    },

    /** Converts points to cash at the brand's rate. */
    async convert(
      brand: Brand,
      memberId: string,
      body: { points: number; paymentPassword: string; requestId: string },
    ) {
      const s = enabled(brand);
      if (s.convertRate <= 0) throw new AppError('points.convert_off');
      if (body.points < s.minConvert) throw new AppError('points.convert_min', { min: s.minConvert });
      await deps.checkPaymentPassword(brand, memberId, body.paymentPassword);
      const points = BigInt(body.points);
      const cash = (points * 10n ** BigInt(brand.currencyScale)) / BigInt(s.convertRate);
      return once(brand, memberId, body.requestId, async (tx) => {
        const moved = await spend(tx, brand, memberId, {
          key: `points:convert:${memberId}:${body.requestId}`,
          kind: 'POINTS_CONVERT',
          points,
          cash,
          request: { points: body.points },
        });
        return repo.insertRedemption(tx, {
          merchant_id: brand.id,
          member_id: memberId,
          request_id: body.requestId,
          reward_id: 'convert',
          reward_name: 'convert',
          kind: 'convert',
          quantity: 1,
          points,
          amount: cash,
          address: null,
          status: 'approved',
          points_transaction_id: moved.pointsTx,
          cash_transaction_id: moved.cashTx,
        });
      });
    },

    async redemptions(
      brand: Brand,
      memberId: string | null,
      page: { pageNo: number; pageSize: number; status?: string },
    ) {
      const { count, rows } = await repo.redemptionPage(db, brand.id, memberId, page);
      return {
        list: rows.map((r) => ({ ...redemptionOut(r, brand.currencyScale), account: r.account })),
        pageNo: page.pageNo,
        totalPages: Math.max(1, Math.ceil(count / page.pageSize)),
        totalCount: count,
      };
    },

    /** Points details: the member's points movements, newest first. */
    async details(brand: Brand, memberId: string, page: { pageNo: number; pageSize: number }) {
      const account = await repo.findPointsAccount(db, memberId);
      if (!account) return { list: [], pageNo: page.pageNo, totalPages: 1, totalCount: 0 };
      const { count, rows } = await repo.entryPage(db, account.id, page);
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          time: new Date(r.created_at).toISOString(),
          kind: r.kind as 'POINTS_EARN',
          points: Number(r.amount),
          balanceAfter: Number(r.balance_after ?? 0),
          reference: r.reference,
        })),
        pageNo: page.pageNo,
        totalPages: Math.max(1, Math.ceil(count / page.pageSize)),
        totalCount: count,
      };
    },

    /** The operator's decision on a goods redemption; a rejection returns the points and the stock. */
    async review(brand: Brand, id: string, decision: 'approve' | 'reject', note: string, actor: string) {
      const row = await ledger.transaction(async (tx) => {
        const r = await repo.lockRedemption(tx, brand.id, id);
        if (!r) throw new AppError('not.found');
        if (r.status !== 'process') throw new AppError('request.state', { status: r.status });
        let refundTx: string | null = null;
        if (decision === 'reject') {
          const account = await pointsAccount(tx, brand, r.member_id);
          const issued = await ledger.systemAccount(tx, brand.id, 'points_issued', POINTS_CURRENCY);
          refundTx = (
            await ledger.post(
              {
                merchantId: brand.id,
                kind: 'POINTS_REFUND',
                idempotencyKey: `points:refund:${r.id}`,
                request: { redemption: r.id },
                memberId: r.member_id,
                reference: `redemption:${r.id}`,
                entries: [
                  { accountId: issued, amount: -BigInt(r.points) },
                  { accountId: account.id, amount: BigInt(r.points) },
                ],
              },
              tx,
            )
          ).transactionId;
          await repo.returnStock(tx, brand.id, r.reward_id, r.quantity);
        }
        return repo.updateRedemption(tx, id, {
          status: decision === 'approve' ? 'approved' : 'rejected',
          note,
          reviewed_at: new Date(),
          reviewed_by: actor,
          refund_transaction_id: refundTx,
        });
      });
      return redemptionOut(row, brand.currencyScale);
    },
  };
}

export type Points = ReturnType<typeof createPoints>;
