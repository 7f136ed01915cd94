import {
  type Promotion,
  type PromotionStatus,
  type PromotionsSettings,
  promotionsSettingsSchema,
  rebateProductTypes,
} from '@arcadia/contract';
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { BonusGrantTable, Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import { sanitizeMessageHtml } from '../inbox/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { Applications } from './rewards.applications.service.js';
import { isUniqueViolation } from '../member/index.js';
import { addDays, utcDay } from './rewards.rebate.service.js';

type Db = Kysely<Database> | Transaction<Database>;
type GrantRow = Selectable<BonusGrantTable>;

export function promotionsSettings(brand: Brand): PromotionsSettings {
  return promotionsSettingsSchema.parse(brand.settings.promotions ?? {});
}

/** A localized text in the caller's language, else the brand's default, else any. */
export function pick(text: Record<string, string>, language: string, fallback: string): string {
  return text[language] ?? text[fallback] ?? Object.values(text)[0] ?? '';
}

/** Weights per product type in hundredths (missing: all of it counts). */
function weightArrays(s: PromotionsSettings) {
  return {
    types: [...rebateProductTypes],
    weights: rebateProductTypes.map((t) => String(Math.round((s.weights[t] ?? 1) * 100))),
  };
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
      const vip = await tx
        .selectFrom('member_vip')
        .select('level')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if ((vip?.level ?? 0) < p.minVip) return { reason: 'promotion.vip_required' };
    }
    if (p.maxMemberDays > 0 || p.minDeposits > 0) {
      const { rows } = await sql<{ created_at: Date | string; deposits: string }>`
        select m.created_at,
          (select count(*) from ledger_transaction t where t.member_id = m.id and t.kind = 'DEPOSIT') as deposits
        from member m where m.id = ${memberId}`.execute(tx);
      const m = rows[0];
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
      const first = await tx
        .selectFrom('ledger_transaction as t')
        .innerJoin('ledger_entry as e', 'e.transaction_id', 't.id')
        .innerJoin('ledger_account as a', (j) =>
          j.onRef('a.id', '=', 'e.account_id').on('a.kind', '=', 'main'),
        )
        .select(['t.created_at', 'e.amount'])
        .where('t.member_id', '=', memberId)
        .where('t.kind', '=', 'DEPOSIT')
        .orderBy('t.id')
        .limit(1)
        .executeTakeFirst();
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
      const { rows } = await sql<{ amount: string | null }>`
        select max(e.amount) as amount
        from ledger_transaction t
        join ledger_entry e on e.transaction_id = t.id
        join ledger_account a on a.id = e.account_id and a.kind = 'main'
        where t.member_id = ${memberId} and t.kind = 'DEPOSIT'
          and t.created_at >= (${today}::date::timestamp at time zone 'UTC')
          and t.id > (select min(f.id) from ledger_transaction f where f.member_id = ${memberId} and f.kind = 'DEPOSIT')`.execute(
        tx,
      );
      if (rows[0]?.amount === null || rows[0]?.amount === undefined)
        return { reason: 'promotion.reload_deposit' };
      const base = BigInt(rows[0].amount);
      if (base < settingToMinor(p.minBase, scale)) return { reason: 'promotion.deposit_too_small' };
      const amount = capped(share(base));
      return amount > 0n ? { amount, period: today } : { reason: 'promotion.nothing' };
    }
    // Rescue: yesterday's net loss on settled bets.
    const yesterday = addDays(utcDay(now), -1);
    const row = await tx
      .selectFrom('member_stat_daily')
      .select(sql<string>`coalesce(sum(valid_bet - payout), 0)`.as('loss'))
      .where('member_id', '=', memberId)
      .where(sql<boolean>`day = ${yesterday}::date`)
      .executeTakeFirst();
    const loss = BigInt(row?.loss ?? 0);
    if (loss <= 0n || loss < settingToMinor(p.minBase, scale)) return { reason: 'promotion.no_loss' };
    const amount = capped(share(loss));
    return amount > 0n ? { amount, period: yesterday } : { reason: 'promotion.nothing' };
  }

  /**
   * The turnover still needed: Σ of the open bonuses' requirements minus the weighted valid bets
   * placed since the oldest of them. When nothing is left, the open bonuses are marked met.
   */
  async function turnover(tx: Db, brand: Brand, memberId: string) {
    const open = await tx
      .selectFrom('bonus_grant')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'open')
      .orderBy('granted_at')
      .execute();
    if (open.length === 0) return { left: 0n, done: 0n, required: 0n };
    const { types, weights } = weightArrays(promotionsSettings(brand));
    const { rows } = await sql<{ done: string }>`
      select coalesce(floor(sum(b.valid_bet * w.weight / 100.0)), 0)::bigint as done
      from bet b join unnest(${types}::text[], ${weights}::int[]) as w(game_type, weight) on w.game_type = b.game_type
      where b.member_id = ${memberId} and b.status = 'settled' and b.placed_at >= ${open[0]!.granted_at}`.execute(
      tx,
    );
    const done = BigInt(rows[0]?.done ?? 0);
    const required = open.reduce((s, g) => s + BigInt(g.required), 0n);
    const left = required - done;
    if (left <= 0n && !tx.isTransaction) {
      await db
        .updateTable('bonus_grant')
        .set({ status: 'met', closed_at: new Date() })
        .where(
          'id',
          'in',
          open.map((g) => g.id),
        )
        .where('status', '=', 'open')
        .execute();
    }
    return { left: left > 0n ? left : 0n, done, required };
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
    BigInt(
      (
        await tx
          .selectFrom('ledger_account')
          .select('balance')
          .where('owner_id', '=', memberId)
          .where('kind', '=', 'main')
          .executeTakeFirst()
      )?.balance ?? 0,
    );

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
          ? (
              await db
                .selectFrom('bonus_grant')
                .select(['promotion_id', 'period'])
                .where('member_id', '=', memberId)
                .where((w) =>
                  w.or([
                    w('period', '=', 'once'),
                    w('granted_at', '>=', new Date(now.getTime() - 2 * 86_400_000)),
                  ]),
                )
                .execute()
            ).map((g) => `${g.promotion_id}:${g.period}`)
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
          const grant = await tx
            .insertInto('bonus_grant')
            .values({
              merchant_id: brand.id,
              member_id: memberId,
              promotion_id: p.id,
              period: e.period,
              amount: e.amount,
              required,
              ledger_transaction_id: posting.transactionId,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
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
      const rows = await db
        .selectFrom('bonus_grant')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
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
        const g = await tx
          .selectFrom('bonus_grant')
          .selectAll()
          .where('id', '=', grantId)
          .where('member_id', '=', memberId)
          .forUpdate()
          .executeTakeFirst();
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
        const row = await tx
          .updateTable('bonus_grant')
          .set({ status: 'forfeited', closed_at: new Date() })
          .where('id', '=', g.id)
          .returningAll()
          .executeTakeFirstOrThrow();
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
