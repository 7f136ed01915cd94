import {
  REBATE_WINDOW_DAYS,
  type RebatePayment,
  type RebateSettings,
  rebateProductTypes,
  rebateSettingsSchema,
} from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import * as repo from './rewards.rebate.repository.js';
import type { PaymentRow } from './rewards.rebate.repository.js';

const DAY_MS = 86_400_000;
/**
 * Members the daily job pays in one transaction (one `ledger_credit_many` call). Each chunk's
 * statements and temporary tables cost the same whatever its size, so larger chunks pay faster:
 * 100,000 members in 11.4 s at 1,000, 10.0 s at 2,500, 9.4 s at 5,000 (bench/rewards). The price
 * is the time a chunk holds its members' wallets locked — under a second at 5,000, during which a
 * bet of one of them waits.
 */
export const REBATE_CHUNK = 5_000;
/** Chunks of the daily rebate settled at once (one database connection each). */
export const REBATE_LANES = 2;
/**
 * Days of what was paid kept per member (counted back from today): enough for every window an
 * operator may still settle (`REBATE_OLDEST_RUN_DAYS`), and a member's state row stays small.
 */
export const REBATE_KEEP_DAYS = 56;
/** The oldest closed day an operator may run the daily rebate for, in days before today. */
export const REBATE_OLDEST_RUN_DAYS = REBATE_KEEP_DAYS - REBATE_WINDOW_DAYS;

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** The brand's rebate settings with their defaults. */
export function rebateSettings(brand: Brand): RebateSettings {
  return rebateSettingsSchema.parse(brand.settings.rebate ?? {});
}

/** Product types and their rates in millionths, for SQL (`unnest`). */
function rateArrays(settings: RebateSettings) {
  const types: string[] = [];
  const ppm: string[] = [];
  // In the categories' order (the stored settings are jsonb, whose keys come back sorted by length).
  for (const type of rebateProductTypes) {
    const rate = settings.rates[type];
    if (!rate) continue;
    types.push(type);
    ppm.push(String(Math.round(rate * 1_000_000)));
  }
  return { types, ppm };
}

/** VIP tiers' extra rates in millionths, by level (none when the brand runs no VIP). */
function tierExtras(brand: Brand) {
  const vip = brand.settings.vip;
  const tiers = vip?.enabled ? vip.tiers : [];
  return {
    levels: tiers.map((t) => t.level),
    ppm: tiers.map((t) => String(Math.round(t.rebateExtra * 1_000_000))),
  };
}

/** What a member is owed over a window: Σ(earned − paid), the valid bets not yet rebated, and what the window was paid so far. */
interface Owed {
  amount: bigint;
  validBet: bigint;
  paidBefore: bigint;
}

/**
 * Rebates (docs/rewards.md): what members earned on their valid bets, the manual claim, the daily
 * job, and the bonus details. Every payment locks the member's main wallet, reads its window and
 * posts through the ledger in the same transaction, so nothing is paid twice.
 */
export function createRebates(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  clock: Clock;
  hub: () => RealtimeHub | undefined;
}) {
  const { db, ledger } = deps;

  const paymentOut = (r: PaymentRow, scale: number): RebatePayment => ({
    id: String(r.id),
    kind: r.kind,
    from: r.from_day,
    to: r.to_day,
    validBet: toMajor(r.valid_bet, scale),
    amount: toMajor(r.amount, scale),
    createdAt: new Date(r.created_at).toISOString(),
  });

  /**
   * Earned rebate and valid bets per member and day of a window, each product type's day floored
   * on its own (⌊valid bet × rate⌋). Trial accounts earn nothing. `null` when no product type has
   * a rate.
   */
  function earnedQuery(brand: Brand, settings: RebateSettings, from: string, to: string, ids: string | null) {
    const rates = rateArrays(settings);
    if (rates.types.length === 0) return null;
    return repo.earnedQuery(brand, rates, tierExtras(brand), from, to, ids);
  }

  /**
   * Locks the members' main wallets (created as needed) and reads their window: what each day earned
   * and what was paid for it (into `rebate_window`, for `recordPaid`), and per member what is owed:
   * Σ(earned − paid), the valid bets not yet rebated, and the window's paid total so far. Every
   * payment of a member holds its wallet's lock from here to its commit (the payment credits that
   * wallet), so two payments of one member run one after the other and the second reads what the
   * first recorded. Wallets are locked in id order, like every posting.
   */
  async function lockWindow(
    tx: Transaction<Database>,
    brand: Brand,
    settings: RebateSettings,
    from: string,
    to: string,
    memberIds: string[],
  ): Promise<{ owed: Map<string, Owed>; mainOf: Map<string, string> }> {
    const ids = `{${memberIds.join(',')}}`;
    await repo.insertMainWallets(tx, brand, ids);
    const wallets = await repo.lockMainWallets(tx, brand, ids);
    const mainOf = new Map(wallets.map((w) => [String(w.owner_id), String(w.id)]));
    const earned = earnedQuery(brand, settings, from, to, ids);
    if (!earned) return { owed: new Map(), mainOf };
    await repo.resetRebateWindow(tx);
    await repo.fillRebateWindow(tx, earned, ids, from, to);
    const rows = await repo.owedInWindow(tx);
    const owed = new Map<string, Owed>();
    for (const r of rows)
      owed.set(String(r.member_id), {
        amount: BigInt(r.amount),
        validBet: BigInt(r.valid_bet),
        paidBefore: BigInt(r.paid),
      });
    return { owed, mainOf };
  }

  /**
   * Marks the window's days of the paid members paid up to what they earned — each member's state
   * row rewritten once from `rebate_window` (filled by `lockWindow` in the same transaction) and its
   * days outside the window as they were, those older than `REBATE_KEEP_DAYS` dropped — and records
   * the payments.
   */
  async function recordPaid(
    tx: Transaction<Database>,
    brand: Brand,
    kind: 'daily' | 'manual',
    from: string,
    to: string,
    paid: { memberId: string; amount: bigint; validBet: bigint; ledgerTx: string }[],
  ): Promise<PaymentRow[]> {
    const keepFrom = addDays(utcDay(deps.clock.now()), -(REBATE_KEEP_DAYS - 1));
    const ids = `{${paid.map((p) => p.memberId).join(',')}}`;
    // A member is paid only when its window earned something, so each paid member has a day here.
    await repo.upsertRebateState(tx, brand, ids, keepFrom, from, to);
    return repo.insertPayments(tx, brand, kind, from, to, paid);
  }

  /** One member's `REBATE` credit (from the brand's promotions expense, in `ledger.creditMany`). */
  function credit(
    memberId: string,
    accountId: string,
    key: string,
    amount: bigint,
    window: { from: string; to: string },
  ) {
    return {
      idempotencyKey: key,
      request: { memberId, amount: amount.toString(), ...window },
      memberId,
      accountId,
      amount,
      reference: `rebate:${window.from}:${window.to}`,
      metadata: window,
    };
  }

  const enabled = (brand: Brand) => {
    const settings = rebateSettings(brand);
    if (!settings.enabled) throw new AppError('function.disabled');
    return settings;
  };

  const windowEnding = (to: string) => ({ from: addDays(to, -(REBATE_WINDOW_DAYS - 1)), to });

  const announce = (brand: Brand, rows: PaymentRow[], memberIds: string[]) => {
    const hub = deps.hub();
    if (!hub) return;
    rows.forEach((r, i) => hub.toMember(memberIds[i]!, 'rebate.paid', paymentOut(r, brand.currencyScale)));
  };

  return {
    settings: rebateSettings,

    /** The manual-rebate page: per product type over the window ending today, paid and claimable. */
    async accrued(brand: Brand, memberId: string) {
      const settings = enabled(brand);
      const { from, to } = windowEnding(utcDay(deps.clock.now()));
      const { types, ppm } = rateArrays(settings);
      const scale = brand.currencyScale;
      // The member's VIP tier adds its extra rate to every product's.
      const extras = tierExtras(brand);
      const level = await repo.memberVipLevel(db, memberId);
      const extraPpm = level === undefined ? 0 : Number(extras.ppm[extras.levels.indexOf(level)] ?? 0);
      const perType =
        types.length === 0
          ? []
          : await repo.accruedPerType(db, brand, memberId, { types, ppm }, extraPpm, from, to);
      const paidRow = await repo.memberPaidInWindow(db, memberId, from, to);
      const accrued = perType.reduce((sum, r) => sum + BigInt(r.earned), 0n);
      const paid = BigInt(paidRow?.paid ?? 0);
      const min = settingToMinor(settings.minPayout, scale);
      const due = accrued - paid;
      const last = await repo.lastPayment(db, memberId);
      const rateOf = new Map(Object.entries(settings.rates));
      return {
        from,
        to,
        list: types.map((type) => {
          const r = perType.find((p) => p.game_type === type);
          return {
            productType: type,
            rate: Math.round(((rateOf.get(type) ?? 0) + extraPpm / 1_000_000) * 1_000_000) / 1_000_000,
            validBet: toMajor(r?.valid_bet ?? 0n, scale),
            amount: toMajor(r?.earned ?? 0n, scale),
          };
        }),
        accrued: toMajor(accrued, scale),
        paid: toMajor(paid, scale),
        claimable: due > 0n && due >= min ? toMajor(due, scale) : 0,
        minPayout: settings.minPayout,
        lastPayment: last ? paymentOut(last as PaymentRow, scale) : null,
      };
    },

    /** A manual claim: pays the window's unpaid rebate now, or refuses with `rebate.nothing_to_claim`. */
    async claim(brand: Brand, memberId: string) {
      const settings = enabled(brand);
      const window = windowEnding(utcDay(deps.clock.now()));
      const min = settingToMinor(settings.minPayout, brand.currencyScale);
      const out = await ledger.transaction(async (tx) => {
        const locked = await lockWindow(tx, brand, settings, window.from, window.to, [memberId]);
        const due = locked.owed.get(memberId) ?? { amount: 0n, validBet: 0n, paidBefore: 0n };
        if (due.amount <= 0n || due.amount < min)
          throw new AppError('rebate.nothing_to_claim', { minPayout: settings.minPayout });
        const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
        const main = { id: locked.mainOf.get(memberId)! };
        // The locked state names the payment: the window's paid total only grows, so the key is unique.
        const paidBefore = due.paidBefore;
        const [p] = await ledger.creditMany(tx, {
          merchantId: brand.id,
          kind: 'REBATE',
          from: expense,
          items: [
            credit(
              memberId,
              main.id,
              `rebate:manual:${memberId}:${window.to}:${paidBefore}`,
              due.amount,
              window,
            ),
          ],
        });
        const [row] = await recordPaid(tx, brand, 'manual', window.from, window.to, [
          { memberId, amount: due.amount, validBet: due.validBet, ledgerTx: p!.transactionId },
        ]);
        const balance = p!.entries.find((e) => e.accountId === main.id)!.balanceAfter!;
        return { row: row!, balance };
      });
      announce(brand, [out.row], [memberId]);
      return {
        payment: paymentOut(out.row, brand.currencyScale),
        balance: toMajor(out.balance, brand.currencyScale),
      };
    },

    /**
     * The daily job for one closed day: every member with valid bets in the window ending that day
     * is paid what the window earned and has not been paid (at least the minimum payout), in
     * transactions of `REBATE_CHUNK` members. Rerunnable: a member already paid is owed nothing.
     */
    async settleDay(brand: Brand, day: string) {
      const started = Date.now();
      const settings = rebateSettings(brand);
      const window = windowEnding(day);
      const { types } = rateArrays(settings);
      let payments = 0;
      let amount = 0n;
      if (settings.enabled && types.length > 0) {
        const min = settingToMinor(settings.minPayout, brand.currencyScale);
        // Looked up once, outside the chunks' transactions (and cached): not once per chunk.
        const expense = await ledger.systemAccount(db, brand.id, 'promotions_expense', brand.currency);
        const members = await repo.membersWithValidBets(db, brand, window.from, window.to, types);
        const ids = members.map((m) => String(m.member_id));
        const chunks: string[][] = [];
        for (let i = 0; i < ids.length; i += REBATE_CHUNK) chunks.push(ids.slice(i, i + REBATE_CHUNK));
        // Chunks hold disjoint members: `REBATE_LANES` of them run at once, each its own transaction.
        const settleChunk = async (chunk: string[]) => {
          const done = await ledger.transaction(async (tx) => {
            const { owed, mainOf } = await lockWindow(tx, brand, settings, window.from, window.to, chunk);
            const due: ({ memberId: string } & Owed)[] = [];
            for (const [memberId, o] of owed)
              if (o.amount > 0n && o.amount >= min) due.push({ memberId, ...o });
            if (due.length === 0) return { rows: [] as PaymentRow[], memberIds: [] as string[], sum: 0n };
            const posted = await ledger.creditMany(tx, {
              merchantId: brand.id,
              kind: 'REBATE',
              from: expense,
              items: due.map((d) => {
                // The locked state names the payment (the window's paid total only grows): a
                // second run of the same day after late bets pays the rest under a new key.
                const key = `rebate:daily:${d.memberId}:${day}:${d.paidBefore}`;
                return credit(d.memberId, mainOf.get(d.memberId)!, key, d.amount, window);
              }),
            });
            const rows = await recordPaid(
              tx,
              brand,
              'daily',
              window.from,
              window.to,
              due.map((d, k) => ({ ...d, ledgerTx: posted[k]!.transactionId })),
            );
            return {
              rows,
              memberIds: due.map((d) => d.memberId),
              sum: due.reduce((s, d) => s + d.amount, 0n),
            };
          });
          payments += done.rows.length;
          amount += done.sum;
          announce(brand, done.rows, done.memberIds);
        };
        let next = 0;
        await Promise.all(
          Array.from({ length: Math.min(REBATE_LANES, chunks.length) }, async () => {
            while (next < chunks.length) await settleChunk(chunks[next++]!);
          }),
        );
      }
      await repo.recordRun(db, brand, day, payments, amount);
      return { day, payments, amount, ms: Date.now() - started };
    },

    /** Closed days the daily job has not settled yet: yesterday, when it is not done (the job runs each). */
    async pendingDays(brand: Brand): Promise<string[]> {
      const yesterday = addDays(utcDay(deps.clock.now()), -1);
      const done = await repo.findRun(db, brand, yesterday);
      return done ? [] : [yesterday];
    },

    /** Bonus details: the member's rebate payments, newest first. */
    async records(brand: Brand, memberId: string, page: { pageNo: number; pageSize: number }) {
      const scale = brand.currencyScale;
      const totals = await repo.paymentTotals(db, memberId);
      const rows = await repo.paymentPage(db, memberId, page);
      const totalCount = Number(totals.n);
      return {
        list: rows.map((r) => paymentOut(r as PaymentRow, scale)),
        total: toMajor(totals.total, scale),
        pageNo: page.pageNo,
        totalPages: Math.max(1, Math.ceil(totalCount / page.pageSize)),
        totalCount,
      };
    },

    /** The operator's summary: settled days, today's manual claims, and the window's unpaid rebate. */
    async summary(brand: Brand) {
      const settings = rebateSettings(brand);
      const scale = brand.currencyScale;
      const today = utcDay(deps.clock.now());
      const window = windowEnding(today);
      const days = await repo.recentRuns(db, brand);
      const earnedSql = earnedQuery(brand, settings, window.from, window.to, null);
      const earned = earnedSql ? (await earnedSql.execute(db)).rows : [];
      const paid = await repo.brandPaidInWindow(db, brand, window.from, window.to);
      const manual = await repo.manualPaidSince(db, brand, today);
      const outstanding = earned.reduce((s, e) => s + BigInt(e.earned), 0n) - BigInt(paid!.paid);
      return {
        settings,
        days: days.map((d) => ({
          day: d.day,
          payments: d.payments,
          amount: toMajor(d.amount, scale),
          settledAt: new Date(d.settled_at).toISOString(),
        })),
        outstanding: toMajor(outstanding > 0n ? outstanding : 0n, scale),
        manualToday: toMajor(manual.amount, scale),
      };
    },
  };
}

export type Rebates = ReturnType<typeof createRebates>;
