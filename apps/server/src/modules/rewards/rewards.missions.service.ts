import {
  type Mission,
  type MissionOut,
  type MissionsSettings,
  missionsSettingsSchema,
} from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { settingToMinor, toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import type { LedgerService } from '../ledger/index.js';
import { maskAccount } from '../records/records.service.js';
import * as repo from './rewards.missions.repository.js';
import { pick } from './rewards.promotions.service.js';
import { addDays, utcDay } from './rewards.rebate.service.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Leaderboard rows shown. */
const BOARD_SIZE = 20;

export function missionsSettings(brand: Brand): MissionsSettings {
  return brand.settings.missions ?? missionsSettingsSchema.parse({});
}

/** The ISO week (Monday to Sunday, UTC) holding `now`. */
export function weekOf(now: Date): { from: string; to: string } {
  const today = utcDay(now);
  const from = addDays(today, -((now.getUTCDay() + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** A task's current period. */
export function periodOf(mission: Pick<Mission, 'period'>, now: Date): { from: string; to: string } {
  if (mission.period === 'weekly') return weekOf(now);
  const today = utcDay(now);
  return { from: today, to: today };
}

/** Amount kinds are measured in minor units; counts as they are. */
const isAmount = (m: Mission) => m.kind === 'bet_amount' || m.kind === 'deposit';

/**
 * Missions (docs/rewards.md): each task's progress is read from the day tables the bets and
 * deposits write in their own transactions (`member_stat_daily`, `member_money_daily`) and from
 * the member's logins (`session`), so a task moves as the member plays. A claim inserts the
 * `mission_claim` row (its primary key: once per member, task and period) and posts the reward in
 * the same transaction.
 */
export function createMissions(deps: { db: Kysely<Database>; ledger: LedgerService }) {
  const { db, ledger } = deps;
  // Periods follow the wall clock, as the bets, deposits and logins they measure are stamped (the
  // settlement clock of src/lib/clock.ts, which tests move forward, is for the settlement jobs).
  const wallNow = () => new Date();

  /** The member's measure of each task over its current period (minor units for amounts). */
  async function progress(
    tx: Db,
    memberId: string,
    missions: Mission[],
    now: Date,
  ): Promise<Map<string, bigint>> {
    const week = weekOf(now);
    const today = utcDay(now);
    // One read per table over the week (a day is inside it), split per day and product type here.
    // One after the other: inside a claim they share the transaction's connection.
    const bets = await repo.betsByDay(tx, memberId, week);
    const money = await repo.depositsByDay(tx, memberId, week);
    const logins = await repo.loginDays(tx, memberId, week.from);
    const out = new Map<string, bigint>();
    for (const m of missions) {
      const inPeriod = (day: string) =>
        m.period === 'weekly' ? day >= week.from && day <= week.to : day === today;
      let value = 0n;
      if (m.kind === 'bet_amount' || m.kind === 'bet_count')
        for (const b of bets)
          if (inPeriod(b.day) && (!m.category || b.game_type === m.category))
            value += BigInt(m.kind === 'bet_amount' ? b.valid_bet : b.bet_count);
      if (m.kind === 'deposit') for (const d of money) if (inPeriod(d.day)) value += BigInt(d.amount);
      if (m.kind === 'login_days') for (const l of logins) if (inPeriod(l.day)) value += 1n;
      out.set(m.id, value);
    }
    return out;
  }

  const targetOf = (brand: Brand, m: Mission) =>
    isAmount(m) ? settingToMinor(m.target, brand.currencyScale) : BigInt(Math.ceil(m.target));

  function describe(
    brand: Brand,
    m: Mission,
    measured: bigint,
    claimed: boolean,
    language: string,
    now: Date,
  ): MissionOut {
    const period = periodOf(m, now);
    const target = targetOf(brand, m);
    const shown = (v: bigint) => (isAmount(m) ? toMajor(v, brand.currencyScale) : Number(v));
    return {
      id: m.id,
      period: m.period,
      kind: m.kind,
      category: m.category,
      title: pick(m.title, language, brand.defaultLanguage),
      target: shown(target),
      progress: shown(measured < target ? measured : target),
      reward: m.reward,
      points: m.points,
      status: claimed ? 'claimed' : measured >= target ? 'claimable' : 'in_progress',
      periodStart: period.from,
      periodEnd: period.to,
    };
  }

  async function claimedKeys(tx: Db, memberId: string, now: Date): Promise<Set<string>> {
    const rows = await repo.claimsSince(tx, memberId, weekOf(now).from);
    return new Set(rows.map((r) => `${r.mission_id}:${r.period_start}`));
  }

  async function weekPoints(tx: Db, memberId: string, now: Date): Promise<number> {
    return Number(await repo.pointsSince(tx, memberId, weekOf(now).from));
  }

  return {
    settings: missionsSettings,

    async summary(brand: Brand, memberId: string, language: string) {
      const s = missionsSettings(brand);
      if (!s.enabled) return { enabled: false, list: [], weekPoints: 0, claimable: 0 };
      const now = wallNow();
      const [measured, claimed, points] = await Promise.all([
        progress(db, memberId, s.list, now),
        claimedKeys(db, memberId, now),
        weekPoints(db, memberId, now),
      ]);
      const list = s.list.map((m) =>
        describe(
          brand,
          m,
          measured.get(m.id)!,
          claimed.has(`${m.id}:${periodOf(m, now).from}`),
          language,
          now,
        ),
      );
      return {
        enabled: true,
        list,
        weekPoints: points,
        claimable: list.filter((m) => m.status === 'claimable').length,
      };
    },

    /** Tasks done and not claimed (the menu badge), 0 when the brand runs no missions. */
    async claimableCount(brand: Brand, memberId: string): Promise<number> {
      return (await this.summary(brand, memberId, brand.defaultLanguage)).claimable;
    },

    async claim(brand: Brand, memberId: string, missionId: string, language: string) {
      const s = missionsSettings(brand);
      const m = s.enabled ? s.list.find((x) => x.id === missionId) : undefined;
      if (!m) throw new AppError('not.found', { missionId });
      const now = wallNow();
      const period = periodOf(m, now);
      const out = await ledger.transaction(async (tx) => {
        const measured = (await progress(tx, memberId, [m], now)).get(m.id)!;
        if (measured < targetOf(brand, m)) throw new AppError('mission.not_done', { missionId });
        const reward = settingToMinor(m.reward, brand.currencyScale);
        // The key decides: a parallel claim waits on this row and then finds it taken.
        const row = await repo.insertClaim(tx, {
          member_id: memberId,
          merchant_id: brand.id,
          mission_id: m.id,
          period_start: period.from,
          reward,
          points: m.points,
        });
        if (!row) throw new AppError('mission.claimed', { missionId });
        const main = await ledger.memberAccount(tx, brand.id, memberId, 'main', 'MAIN', brand.currency);
        let balance = BigInt((await repo.accountBalance(tx, main.id))?.balance ?? 0);
        if (reward > 0n) {
          const expense = await ledger.systemAccount(tx, brand.id, 'promotions_expense', brand.currency);
          const posting = await ledger.post(
            {
              merchantId: brand.id,
              kind: 'MISSION_REWARD',
              idempotencyKey: `mission:${memberId}:${m.id}:${period.from}`,
              request: { missionId: m.id, period: period.from, reward: reward.toString() },
              memberId,
              reference: `mission:${m.id}`,
              entries: [
                { accountId: expense, amount: -reward },
                { accountId: main.id, amount: reward },
              ],
            },
            tx,
          );
          balance = posting.entries.find((e) => e.accountId === main.id)!.balanceAfter!;
          await repo.setClaimTransaction(tx, memberId, m.id, period.from, posting.transactionId);
        }
        return { measured, balance };
      });
      return {
        mission: describe(brand, m, out.measured, true, language, now),
        balance: toMajor(out.balance, brand.currencyScale),
        weekPoints: await weekPoints(db, memberId, now),
      };
    },

    async leaderboard(brand: Brand, memberId: string) {
      const week = weekOf(wallNow());
      const rows = await repo.weekBoard(db, brand.id, week, addDays(week.to, 1), BOARD_SIZE);
      const me = rows.find((r) => String(r.member_id) === memberId);
      let mine: { rank: number | null; points: number } = {
        rank: me ? Number(me.rank) : null,
        points: me ? Number(me.points) : 0,
      };
      if (!me) {
        const points = await weekPoints(db, memberId, wallNow());
        if (points > 0) {
          const above = await repo.membersAbove(db, brand.id, week.from, addDays(week.to, 1), points);
          mine = { rank: above + 1, points };
        }
      }
      return {
        from: week.from,
        to: week.to,
        list: rows.map((r) => ({
          rank: Number(r.rank),
          account: maskAccount(r.account),
          points: Number(r.points),
        })),
        me: mine,
      };
    },
  };
}

export type Missions = ReturnType<typeof createMissions>;
