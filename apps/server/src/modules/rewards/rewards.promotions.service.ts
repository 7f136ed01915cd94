import {
  type Promotion,
  type PromotionStatus,
  type PromotionsSettings,
  promotionsSettingsSchema,
} from '@arcadia/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BonusGrantTable, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import { sanitizeMessageHtml } from '../inbox/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { Applications } from './rewards.applications.service.js';
import { isUniqueViolation } from '../member/index.js';
import * as repo from './rewards.promotions.repository.js';
import { addDays, utcDay } from './rewards.rebate.service.js';
import { createTurnoverGate } from './rewards.turnover-gate.js';

type Db = Kysely<Database> | Transaction<Database>;
type GrantRow = Selectable<BonusGrantTable>;

export function promotionsSettings(brand: Brand): PromotionsSettings {
  return promotionsSettingsSchema.parse(brand.settings.promotions ?? {});
}

/** A localized text in the caller's language, else the brand's default, else any. */
export function pick(text: Record<string, string>, language: string, fallback: string): string {
  return text[language] ?? text[fallback] ?? Object.values(text)[0] ?? '';
}

/**
 * Promotions and bonus money (docs/rewards.md): what a member may claim and the bonus it pays, the
 * turnover each bonus asks for (valid bets since the oldest open bonus, weighted per product type,
 * counted against the open bonuses in order), the withdrawal check and forfeiting.
 */
export function createPromotions(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  clock: Clock;
  /** Activity applications: an approved one is what an `application` promotion pays. */
  applications: Applications;
}) {
  const { db, ledger } = deps;
  const { turnover } = createTurnoverGate(db);

  /** What the promotion pays the member now and for which period, or why it cannot. */
  async function evaluate(
    tx: Db,
    brand: Brand,
    p: Promotion,
    memberId: string,
    now: Date,
  ): Promise<{ amount: bigint; period: string } | { reason: string }> {
    const scale = brand.currencyScale;
    const cap = settingToMinor(p.cap, scale);
    const capped = (v: bigint) => (cap > 0n && v > cap ? cap : v);
    const share = (base: bigint) => (base * BigInt(Math.round(p.percent * 10_000))) / 10_000n;
    if (p.minVip > 0) {
      const vip = await repo.memberVipLevel(tx, memberId);
      if ((vip?.level ?? 0) < p.minVip) return { reason: 'promotion.vip_required' };
    }
    if (p.maxMemberDays > 0 || p.minDeposits > 0) {
      const m = await repo.memberAgeAndDeposits(tx, memberId);
      if (
        p.maxMemberDays > 0 &&
        (!m || now.getTime() - new Date(m.created_at).getTime() > p.maxMemberDays * 86_400_000)
      )
        return { reason: 'promotion.new_members_only' };
      if (p.minDeposits > 0 && Number(m?.deposits ?? 0) < p.minDeposits)
        return { reason: 'promotion.deposits_required' };
    }
    if (p.kind === 'application') {
      const amount = await deps.applications.issued(tx, memberId, p.id);
      return amount ? { amount, period: 'once' } : { reason: 'promotion.not_issued' };
    }
    if (p.kind === 'daily_signin') {
      const amount = settingToMinor(p.amount, scale);
      return amount > 0n ? { amount, period: utcDay(now) } : { reason: 'promotion.nothing' };
    }
    if (p.kind === 'first_deposit') {
      const first = await repo.firstDeposit(tx, memberId);
      if (!first) return { reason: 'promotion.deposit_first' };
      const base = BigInt(first.amount);
      if (base < settingToMinor(p.minBase, scale)) return { reason: 'promotion.deposit_too_small' };
      if (now.getTime() - new Date(first.created_at).getTime() > p.withinDays * 86_400_000)
        return { reason: 'promotion.too_late' };
      const amount = capped(share(base));
      return amount > 0n ? { amount, period: 'once' } : { reason: 'promotion.nothing' };
    }
    if (p.kind === 'reload') {
      // Today's largest deposit that was not the member's first ever (that one is the welcome's).
      const today = utcDay(now);
      const reload = await repo.largestReload(tx, memberId, today);
      if (reload?.amount === null || reload?.amount === undefined)
        return { reason: 'promotion.reload_deposit' };
      const base = BigInt(reload.amount);
      if (base < settingToMinor(p.minBase, scale)) return { reason: 'promotion.deposit_too_small' };
      const amount = capped(share(base));
      return amount > 0n ? { amount, period: today } : { reason: 'promotion.nothing' };
    }
    // Rescue: yesterday's net loss on settled bets.
    const yesterday = addDays(utcDay(now), -1);
    const row = await repo.dayLoss(tx, memberId, yesterday);
    const loss = BigInt(row?.loss ?? 0);
    if (loss <= 0n || loss < settingToMinor(p.minBase, scale)) return { reason: 'promotion.no_loss' };
    const amount = capped(share(loss));
    return amount > 0n ? { amount, period: yesterday } : { reason: 'promotion.nothing' };
  }

  const grantOut = (g: GrantRow, brand: Brand, title: string) => ({
    id: String(g.id),
    promotionId: g.promotion_id,
    title,
    amount: toMajor(g.amount, brand.currencyScale),
    required: toMajor(g.required, brand.currencyScale),
    status: g.status,
    grantedAt: new Date(g.granted_at).toISOString(),
    closedAt: g.closed_at ? new Date(g.closed_at).toISOString() : null,
  });

  const titleOf = (brand: Brand, id: string, language: string) => {
    const p = promotionsSettings(brand).list.find((x) => x.id === id);
    return p ? pick(p.title, language, brand.defaultLanguage) : id;
  };

  const mainBalance = async (tx: Db, memberId: string) =>
    BigInt((await repo.mainBalance(tx, memberId))?.balance ?? 0);

  return {
    settings: promotionsSettings,

    categories(brand: Brand) {
      const counts = new Map<string, number>();
      for (const p of promotionsSettings(brand).list)
        counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
      return {
        list: [...counts].map(([category, count]) => ({
          category: category as Promotion['category'],
          count,
        })),
      };
    },

    /** The promotions in the caller's language, each with the member's status. */
    async list(brand: Brand, memberId: string | null, language: string) {
      const now = deps.clock.now();
      // The member's claims, read once: `promotion:period` (first deposit: `once`; the others: a day).
      const claimed = new Set(
        memberId
          ? (await repo.recentClaims(db, memberId, new Date(now.getTime() - 2 * 86_400_000))).map(
              (g) => `${g.promotion_id}:${g.period}`,
            )
          : [],
      );
      const applied = memberId ? await deps.applications.byPromotion(memberId) : new Map();
      const out = [];
      for (const p of promotionsSettings(brand).list) {
        let status: PromotionStatus;
        let claimable: number | null = null;
        let reason: string | null = null;
        if (p.startsAt && Date.parse(p.startsAt) > now.getTime()) status = 'coming soon';
        else if (p.endsAt && Date.parse(p.endsAt) <= now.getTime()) status = 'close';
        else if (!memberId) status = 'join';
        else if (p.kind === 'application') {
          // Spec §4: join (apply), applying, rejected, issued (approved: claim it), claimed.
          const a = applied.get(p.id);
          const taken = claimed.has(`${p.id}:once`);
          status = !a ? 'join' : a.status !== 'issued' ? a.status : taken ? 'claimed' : 'issued';
          if (status === 'issued') claimable = toMajor(a!.amount, brand.currencyScale);
        } else {
          const e = await evaluate(db, brand, p, memberId, now);
          if ('reason' in e) {
            // A first-deposit bonus already taken reads as claimed, not as "too late".
            const taken = claimed.has(`${p.id}:once`);
            status = taken ? 'claimed' : 'process';
            reason = taken ? null : e.reason;
          } else {
            const taken = claimed.has(`${p.id}:${e.period}`);
            status = taken ? 'claimed' : 'claim';
            if (!taken) claimable = toMajor(e.amount, brand.currencyScale);
          }
        }
        out.push({
          id: p.id,
          kind: p.kind,
          category: p.category,
          title: pick(p.title, language, brand.defaultLanguage),
          summary: pick(p.summary, language, brand.defaultLanguage),
          content: sanitizeMessageHtml(pick(p.content, language, brand.defaultLanguage)),
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          wagering: p.wagering,
          status,
          claimable,
          reason,
        });
      }
      return { list: out };
    },

    /** Claims a promotion: the bonus and its requirement in one transaction, once per period. */
    async claim(brand: Brand, memberId: string, promotionId: string, language: string) {
      const p = promotionsSettings(brand).list.find((x) => x.id === promotionId);
      if (!p) throw new AppError('promotion.unknown', { promotionId });
      const now = deps.clock.now();
      if (
        (p.startsAt && Date.parse(p.startsAt) > now.getTime()) ||
        (p.endsAt && Date.parse(p.endsAt) <= now.getTime())
      )
        throw new AppError('promotion.not_eligible', { reason: 'promotion.closed' });
      try {
        const out = await ledger.transaction(async (tx) => {
          const e = await evaluate(tx, brand, p, memberId, now);
          if ('reason' in e) throw new AppError('promotion.not_eligible', { reason: e.reason });
          const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
          const main = await ledger.memberAccount(tx, brand.id, memberId, 'main', 'MAIN', brand.currency);
          const posting = await ledger.post(
            {
              merchantId: brand.id,
              kind: 'BONUS',
              idempotencyKey: `bonus:${memberId}:${p.id}:${e.period}`,
              request: { promotionId: p.id, period: e.period, amount: e.amount.toString() },
              memberId,
              reference: `promotion:${p.id}`,
              entries: [
                { accountId: expense, amount: -e.amount },
                { accountId: main.id, amount: e.amount },
              ],
            },
            tx,
          );
          const required = (e.amount * BigInt(Math.round(p.wagering * 100))) / 100n;
          const grant = await repo.insertGrant(tx, {
            merchant_id: brand.id,
            member_id: memberId,
            promotion_id: p.id,
            period: e.period,
            amount: e.amount,
            required,
            ledger_transaction_id: posting.transactionId,
          });
          return { grant, balance: posting.entries.find((x) => x.accountId === main.id)!.balanceAfter! };
        });
        const t = await turnover(db, brand, memberId);
        return {
          grant: grantOut(out.grant, brand, pick(p.title, language, brand.defaultLanguage)),
          balance: toMajor(out.balance, brand.currencyScale),
          turnoverLeft: toMajor(t.left, brand.currencyScale),
        };
      } catch (err) {
        // The period's bonus was taken (by this claim's parallel twin): its key or its row says so.
        if (
          isUniqueViolation(err, 'bonus_grant_member_id_promotion_id_period_key') ||
          (err instanceof AppError && err.code === 'duplicate.request')
        )
          throw new AppError('promotion.claimed', { promotionId });
        throw err;
      }
    },

    /** The member's bonuses and the turnover left before a withdrawal. */
    async status(brand: Brand, memberId: string, language: string) {
      const t = await turnover(db, brand, memberId);
      const rows = await repo.latestGrants(db, memberId);
      const scale = brand.currencyScale;
      return {
        list: rows.map((g) => grantOut(g, brand, titleOf(brand, g.promotion_id, language))),
        turnoverLeft: toMajor(t.left, scale),
        turnoverDone: toMajor(t.done > t.required ? t.required : t.done, scale),
        turnoverRequired: toMajor(t.required, scale),
      };
    },

    /** For the withdrawal (inside its transaction): the turnover still owed, minor units. */
    async turnoverLeft(tx: Db, brand: Brand, memberId: string): Promise<bigint> {
      return (await turnover(tx, brand, memberId)).left;
    },

    /** Gives up an open bonus: its amount (as far as the wallet holds it) goes back. */
    async forfeit(brand: Brand, memberId: string, grantId: string, language: string) {
      const out = await ledger.transaction(async (tx) => {
        const g = await repo.lockGrant(tx, memberId, grantId);
        if (!g) throw new AppError('not.found');
        if (g.status !== 'open') throw new AppError('request.state', { status: g.status });
        const main = await ledger.memberAccount(tx, brand.id, memberId, 'main', 'MAIN', brand.currency);
        const held = await mainBalance(tx, memberId);
        const back = BigInt(g.amount) < held ? BigInt(g.amount) : held;
        let balance = held;
        if (back > 0n) {
          const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
          const posting = await ledger.post(
            {
              merchantId: brand.id,
              kind: 'BONUS_FORFEIT',
              idempotencyKey: `bonus-forfeit:${g.id}`,
              request: { grantId: g.id },
              memberId,
              reference: `promotion:${g.promotion_id}`,
              entries: [
                { accountId: main.id, amount: -back },
                { accountId: expense, amount: back },
              ],
            },
            tx,
          );
          balance = posting.entries.find((x) => x.accountId === main.id)!.balanceAfter!;
        }
        const row = await repo.markForfeited(tx, g.id);
        return { row, balance };
      });
      const t = await turnover(db, brand, memberId);
      return {
        grant: grantOut(out.row, brand, titleOf(brand, out.row.promotion_id, language)),
        balance: toMajor(out.balance, brand.currencyScale),
        turnoverLeft: toMajor(t.left, brand.currencyScale),
      };
    },
  };
}

export type Promotions = ReturnType<typeof createPromotions>;
