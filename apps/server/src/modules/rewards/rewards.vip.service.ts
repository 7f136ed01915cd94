import { type VipProgress, type VipSettings, type VipTier, vipSettingsSchema } from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import * as repo from './rewards.vip.repository.js';

/** Members one review transaction covers. */
export const VIP_CHUNK = 2_000;

/** The brand's VIP settings with their defaults. */
export function vipSettings(brand: Brand): VipSettings {
  return vipSettingsSchema.parse(brand.settings.vip ?? {});
}

/** The tier of a level (the top tier for a level past the table, tier 0's name when there is none). */
export function tierName(settings: VipSettings, level: number): string {
  return settings.tiers[Math.min(level, settings.tiers.length - 1)]?.name ?? `VIP${level}`;
}

const monthStart = (d: Date) => `${d.toISOString().slice(0, 7)}-01`;
const previousMonthStart = (d: Date) =>
  monthStart(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)));

interface Figures {
  total: bigint;
  month: bigint;
  lastMonth: bigint;
  deposit: bigint;
}

/** The highest tier whose thresholds the figures meet (tier 0 always). */
export function qualifyingLevel(tiers: VipTier[], f: Figures, scale: number): number {
  let best = 0;
  for (const t of tiers) {
    const meets =
      f.total >= settingToMinor(t.totalTurnover, scale) &&
      f.month >= settingToMinor(t.monthlyTurnover, scale) &&
      f.deposit >= settingToMinor(t.minDeposit, scale);
    if (meets) best = Math.max(best, t.level);
  }
  return best;
}

export interface VipChange {
  memberId: string;
  level: number;
  name: string;
  /** Upgrade bonus paid, minor units. */
  bonus: bigint;
}

/**
 * VIP (docs/rewards.md): reviews members' tiers — the month's keep check, upgrades to the highest
 * tier they qualify for, each tier's bonus paid once ever through the ledger — and the member's
 * progress. A review locks its members' `member_vip` rows and pays in the same transaction.
 */
export function createVip(deps: {
  db: Kysely<Database>;
  ledger: LedgerService;
  clock: Clock;
  hub: () => RealtimeHub | undefined;
}) {
  const { db, ledger } = deps;

  async function figures(
    tx: Kysely<Database> | Transaction<Database>,
    brand: Brand,
    ids: string[],
    now: Date,
  ): Promise<Map<string, Figures>> {
    const list = `{${ids.join(',')}}`;
    const bets = await repo.betFigures(tx, brand.id, list, monthStart(now), previousMonthStart(now));
    const deposits = await repo.depositFigures(tx, brand.id, list);
    const out = new Map<string, Figures>(
      ids.map((id) => [id, { total: 0n, month: 0n, lastMonth: 0n, deposit: 0n }]),
    );
    for (const b of bets) {
      const f = out.get(String(b.member_id))!;
      f.total = BigInt(b.total);
      f.month = BigInt(b.month);
      f.lastMonth = BigInt(b.last_month);
    }
    for (const d of deposits) out.get(String(d.member_id))!.deposit = BigInt(d.amount);
    return out;
  }

  /** Reviews these members (non-trial members of the brand) in one transaction. */
  async function reviewChunk(brand: Brand, settings: VipSettings, ids: string[], now: Date) {
    const thisMonth = monthStart(now);
    const scale = brand.currencyScale;
    const result = await ledger.transaction(async (tx) => {
      const list = `{${ids.join(',')}}`;
      await repo.insertVipRows(tx, brand.id, list, thisMonth);
      const current = await repo.lockVipRows(tx, list);
      const f = await figures(tx, brand, ids, now);
      const reached = await repo.reachedTiers(tx, list);
      const had = new Set(reached.map((r) => `${r.member_id}:${r.level}`));
      const changes: VipChange[] = [];
      const bonusRows: { memberId: string; level: number; amount: bigint }[] = [];
      let downgraded = 0;
      let upgraded = 0;
      const updates: { memberId: string; level: number; changed: boolean }[] = [];
      for (const row of current) {
        const memberId = String(row.member_id);
        const fig = f.get(memberId)!;
        let level = Math.min(row.level, settings.tiers.length - 1);
        // The keep check, once a month: last month's turnover against the tier's keep figure.
        if (row.reviewed_month < thisMonth && level > 0) {
          const keep = settingToMinor(settings.tiers[level]!.keepTurnover, scale);
          if (fig.lastMonth < keep) {
            level -= 1;
            downgraded += 1;
          }
        }
        const best = qualifyingLevel(settings.tiers, fig, scale);
        if (best > level) {
          level = best;
          upgraded += 1;
        }
        // Every tier up to this one is reached: its bonus is paid the first time only.
        for (let l = 1; l <= level; l++) {
          if (had.has(`${memberId}:${l}`)) continue;
          bonusRows.push({
            memberId,
            level: l,
            amount: settingToMinor(settings.tiers[l]!.upgradeBonus, scale),
          });
        }
        const changed = level !== row.level;
        if (changed || row.reviewed_month < thisMonth) updates.push({ memberId, level, changed });
        if (changed) changes.push({ memberId, level, name: tierName(settings, level), bonus: 0n });
      }
      if (updates.length > 0) await repo.updateVipRows(tx, thisMonth, updates);
      // Bonuses: one posting per member for the tiers it reached for the first time.
      const perMember = new Map<string, { levels: number[]; amount: bigint }>();
      for (const b of bonusRows) {
        const m = perMember.get(b.memberId) ?? { levels: [], amount: 0n };
        m.levels.push(b.level);
        m.amount += b.amount;
        perMember.set(b.memberId, m);
      }
      const paying = [...perMember].filter(([, m]) => m.amount > 0n);
      const txOf = new Map<string, string>();
      if (paying.length > 0) {
        const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
        await repo.insertMainWallets(
          tx,
          brand.id,
          brand.currency,
          paying.map(([id]) => id),
        );
        const mains = await repo.mainWallets(
          tx,
          brand.id,
          paying.map(([id]) => id),
        );
        const mainOf = new Map(mains.map((m) => [String(m.owner_id), String(m.id)]));
        const posted = await ledger.creditMany(tx, {
          merchantId: brand.id,
          kind: 'VIP_BONUS',
          from: expense,
          // Each tier's bonus is paid once ever (vip_bonus), so the tiers name the posting.
          items: paying.map(([memberId, m]) => ({
            idempotencyKey: `vip-bonus:${memberId}:${m.levels.join(',')}`,
            request: { memberId, levels: m.levels, amount: m.amount.toString() },
            memberId,
            accountId: mainOf.get(memberId)!,
            amount: m.amount,
            reference: `vip:${Math.max(...m.levels)}`,
            metadata: { levels: m.levels },
          })),
        });
        paying.forEach(([memberId], i) => txOf.set(memberId, posted[i]!.transactionId));
        for (const c of changes) c.bonus = perMember.get(c.memberId)?.amount ?? 0n;
      }
      if (bonusRows.length > 0) await repo.insertBonuses(tx, brand.id, bonusRows, txOf);
      const bonuses = bonusRows.reduce((s, b) => s + b.amount, 0n);
      return { changes, upgraded, downgraded, bonuses, figures: f };
    });
    const hub = deps.hub();
    if (hub)
      for (const c of result.changes)
        hub.toMember(c.memberId, 'vip.changed', {
          level: c.level,
          name: c.name,
          bonus: toMajor(c.bonus, scale),
        });
    return result;
  }

  return {
    settings: vipSettings,

    /**
     * Reviews every member of the brand with bets, deposits or a tier: chunks of `VIP_CHUNK`, each
     * in its own transaction. Idempotent: a second review changes and pays nothing.
     */
    async review(brand: Brand) {
      const started = Date.now();
      const settings = vipSettings(brand);
      const totals = { reviewed: 0, upgraded: 0, downgraded: 0, bonuses: 0n };
      if (!settings.enabled || settings.tiers.length < 2) return { ...totals, ms: Date.now() - started };
      const now = deps.clock.now();
      const rows = await repo.membersToReview(db, brand.id);
      const ids = rows.map((r) => String(r.id));
      for (let i = 0; i < ids.length; i += VIP_CHUNK) {
        const r = await reviewChunk(brand, settings, ids.slice(i, i + VIP_CHUNK), now);
        totals.reviewed += Math.min(VIP_CHUNK, ids.length - i);
        totals.upgraded += r.upgraded;
        totals.downgraded += r.downgraded;
        totals.bonuses += r.bonuses;
      }
      return { ...totals, ms: Date.now() - started };
    },

    /** The member's tier and progress (the original's rank progress), after reviewing it. */
    async progress(brand: Brand, memberId: string): Promise<VipProgress> {
      const settings = vipSettings(brand);
      const scale = brand.currencyScale;
      const now = deps.clock.now();
      const enabled = settings.enabled && settings.tiers.length >= 2;
      const fig = enabled
        ? (await reviewChunk(brand, settings, [memberId], now)).figures.get(memberId)!
        : (await figures(db, brand, [memberId], now)).get(memberId)!;
      const row = enabled ? await repo.memberLevel(db, memberId) : undefined;
      const level = row?.level ?? 0;
      const next = settings.tiers[level + 1] ?? null;
      const here = settings.tiers[level];
      const target = next ?? here;
      const m = (v: bigint) => toMajor(v, scale);
      return {
        hasVip: enabled,
        playerRankName: tierName(settings, level),
        playerRankLevel: level,
        nextRankName: next?.name ?? null,
        monthlyTurnover: { actual: m(fig.month), expected: target?.monthlyTurnover ?? 0 },
        totalTurnover: { actual: m(fig.total), expected: target?.totalTurnover ?? 0 },
        totalDeposit: { actual: m(fig.deposit), expected: target?.minDeposit ?? 0 },
        keepTurnover: { actual: m(fig.month), expected: here?.keepTurnover ?? 0 },
        tiers: enabled ? settings.tiers : [],
      };
    },
  };
}

export type Vip = ReturnType<typeof createVip>;
