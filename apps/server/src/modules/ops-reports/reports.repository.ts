import type { OpsReportGrouping } from '@arcadia/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The brand report queries (docs/back-office.md "Reports"). Bets come from the brand rollups
 * (`brand_game_day`, `brand_day`) for every day refreshed after it ended, and from `bet` for the
 * other days (today, a day the refresh has not reached); money from
 * `member_money_daily` (main-wallet movements per member, day and ledger kind); registrations from
 * `member`. Minor units come back as text (int8), days as 'YYYY-MM-DD'.
 */

/** Inclusive UTC days, 'YYYY-MM-DD'. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * Ledger kinds that are the brand's promotional spend on a member's main wallet: rebates, bonuses
 * (less forfeits), VIP and referral rewards, mission rewards, points turned into cash, and red
 * envelopes (signed: what members send each other cancels out, the brand's rain remains).
 */
export const BONUS_KINDS = [
  'REBATE',
  'LOTTERY_REBATE',
  'VIP_BONUS',
  'BONUS',
  'BONUS_FORFEIT',
  'REFERRAL',
  'MISSION_REWARD',
  'POINTS_CASH',
  'POINTS_CONVERT',
  'RED_ENVELOPE_SEND',
  'RED_ENVELOPE_GRAB',
  'RED_ENVELOPE_REFUND',
];

export interface BetGroupRow {
  key: string;
  vendor: string | null;
  bet_count: string;
  stake: string;
  valid_bet: string;
  payout: string;
}

const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;
const dayAfter = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'UTC')`;

/** Consecutive runs of the given sorted days. */
export function dayRuns(days: string[]): DayRange[] {
  const runs: DayRange[] = [];
  for (const d of days) {
    const last = runs[runs.length - 1];
    if (last && Date.parse(d) - Date.parse(last.to) === 86_400_000) last.to = d;
    else runs.push({ from: d, to: d });
  }
  return runs;
}

/** Every day of the range, in order. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let t = Date.parse(range.from); t <= Date.parse(range.to); t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

const groupKeys: Record<OpsReportGrouping, { key: RawBuilder<unknown>; vendor: RawBuilder<unknown> }> = {
  day: { key: sql`to_char(x.day, 'YYYY-MM-DD')`, vendor: sql`null::text` },
  vendor: { key: sql`x.adapter`, vendor: sql`null::text` },
  game: { key: sql`x.adapter || '/' || x.game_code`, vendor: sql`x.adapter` },
  category: { key: sql`x.game_type`, vendor: sql`null::text` },
};

const none = sql`null::text`;
const betDay = sql`(b.placed_at at time zone 'UTC')::date`;
/** The bet columns each grouping reads from live days (the others stay null). */
const liveDims: Record<
  OpsReportGrouping,
  {
    day: RawBuilder<unknown>;
    adapter: RawBuilder<unknown>;
    game: RawBuilder<unknown>;
    type: RawBuilder<unknown>;
  }
> = {
  day: { day: betDay, adapter: none, game: none, type: none },
  vendor: { day: sql`null::date`, adapter: sql`b.adapter`, game: none, type: none },
  game: { day: sql`null::date`, adapter: sql`b.adapter`, game: sql`b.game_code`, type: none },
  category: { day: sql`null::date`, adapter: none, game: none, type: sql`b.game_type` },
};

export function createReportsRepository(db: Kysely<Database>) {
  return {
    /** Days of the range whose rollup rows may be read (refreshed after the day ended). */
    async sealedDays(merchantId: number, range: DayRange): Promise<Set<string>> {
      const { rows } = await sql<{ day: string }>`
        select to_char(day, 'YYYY-MM-DD') as day from brand_day
        where merchant_id = ${merchantId} and day between ${range.from}::date and ${range.to}::date
          and refreshed_at >= ((day + 1)::timestamp at time zone 'UTC')`.execute(db);
      return new Set(rows.map((r) => r.day));
    },

    /** Bet sums grouped by day, vendor, game or category: rollup days plus the live days. */
    async betGroups(
      merchantId: number,
      sealed: string[],
      live: DayRange[],
      groupBy: OpsReportGrouping,
    ): Promise<BetGroupRow[]> {
      const parts: RawBuilder<unknown>[] = [];
      if (sealed.length > 0) {
        parts.push(sql`select g.day, g.adapter, g.game_code, g.game_type, g.bet_count, g.stake, g.valid_bet, g.payout
          from brand_game_day g where g.merchant_id = ${merchantId} and g.day = any(${sealed}::date[])`);
      }
      if (live.length > 0) {
        const inRuns = sql.join(
          live.map((r) => sql`(b.placed_at >= ${dayStart(r.from)} and b.placed_at < ${dayAfter(r.to)})`),
          sql` or `,
        );
        // Only the dimensions the grouping reads: a live day is tens of thousands of bets, and
        // hashing four columns for each costs more than the sums.
        const dims = liveDims[groupBy];
        parts.push(sql`select ${dims.day} as day, ${dims.adapter} as adapter, ${dims.game} as game_code,
            ${dims.type} as game_type,
            count(*) as bet_count, sum(b.stake) as stake, sum(b.valid_bet) as valid_bet, sum(b.payout) as payout
          from bet b where b.merchant_id = ${merchantId} and b.status <> 'void' and (${inRuns})
          group by 1, 2, 3, 4`);
      }
      if (parts.length === 0) return [];
      const { key, vendor } = groupKeys[groupBy];
      // A live day is tens of thousands of bets: room to group them in memory (a hash, not a sort
      // spilled to disk, which the planner picks with the default work_mem).
      return db.transaction().execute(async (tx) => {
        await sql`set local work_mem = '32MB'`.execute(tx);
        const { rows } = await sql<BetGroupRow>`
          select ${key} as key, ${vendor} as vendor, sum(x.bet_count)::text as bet_count, sum(x.stake)::text as stake,
            sum(x.valid_bet)::text as valid_bet, sum(x.payout)::text as payout
          from (${sql.join(parts, sql` union all `)}) x
          group by 1, 2 order by 1`.execute(tx);
        return rows;
      });
    },

    /** Promotional spend per day (signed sum of BONUS_KINDS on main wallets). */
    async bonusByDay(merchantId: number, range: DayRange) {
      const { rows } = await sql<{ day: string; amount: string }>`
        select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.amount)::text as amount from member_money_daily d
        where d.merchant_id = ${merchantId} and d.day between ${range.from}::date and ${range.to}::date
          and d.kind = any(${BONUS_KINDS}::text[])
        group by d.day`.execute(db);
      return new Map(rows.map((r) => [r.day, r.amount]));
    },

    /** Deposits and withdrawals per day (withdrawals less the ones returned). */
    async paymentsByDay(merchantId: number, range: DayRange) {
      const { rows } = await sql<{
        day: string;
        deposit_count: string;
        deposit_amount: string;
        depositors: string;
        withdraw_count: string;
        withdraw_amount: string;
      }>`
        select to_char(d.day, 'YYYY-MM-DD') as day,
          coalesce(sum(d.tx_count) filter (where d.kind = 'DEPOSIT'), 0)::text as deposit_count,
          coalesce(sum(d.amount) filter (where d.kind = 'DEPOSIT'), 0)::text as deposit_amount,
          count(distinct d.member_id) filter (where d.kind = 'DEPOSIT' and d.tx_count > 0)::text as depositors,
          (coalesce(sum(d.tx_count) filter (where d.kind = 'WITHDRAW'), 0)
            - coalesce(sum(d.tx_count) filter (where d.kind = 'WITHDRAW_REVERSAL'), 0))::text as withdraw_count,
          (-coalesce(sum(d.amount) filter (where d.kind in ('WITHDRAW', 'WITHDRAW_REVERSAL')), 0))::text as withdraw_amount
        from member_money_daily d
        where d.merchant_id = ${merchantId} and d.day between ${range.from}::date and ${range.to}::date
          and d.kind in ('DEPOSIT', 'WITHDRAW', 'WITHDRAW_REVERSAL')
        group by d.day`.execute(db);
      return new Map(rows.map((r) => [r.day, r]));
    },

    /** Distinct depositing members over the whole range. */
    async depositorsOver(merchantId: number, range: DayRange) {
      const { rows } = await sql<{ n: string }>`
        select count(distinct d.member_id)::text as n from member_money_daily d
        where d.merchant_id = ${merchantId} and d.day between ${range.from}::date and ${range.to}::date
          and d.kind = 'DEPOSIT' and d.tx_count > 0`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Registrations per day. */
    async newByDay(merchantId: number, range: DayRange) {
      const { rows } = await sql<{ day: string; n: string }>`
        select to_char((m.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::text as n
        from member m
        where m.merchant_id = ${merchantId} and m.created_at >= ${dayStart(range.from)}
          and m.created_at < ${dayAfter(range.to)}
        group by 1`.execute(db);
      return new Map(rows.map((r) => [r.day, Number(r.n)]));
    },

    /** Members who placed a bet, per day: the rollup's count for sealed days, live for the others. */
    async activeByDay(merchantId: number, sealed: string[], live: DayRange[]) {
      const out = new Map<string, number>();
      if (sealed.length > 0) {
        const { rows } = await sql<{ day: string; n: number }>`
          select to_char(day, 'YYYY-MM-DD') as day, active_members as n from brand_day
          where merchant_id = ${merchantId} and day = any(${sealed}::date[])`.execute(db);
        for (const r of rows) out.set(r.day, Number(r.n));
      }
      for (const r of live) {
        const { rows } = await sql<{ day: string; n: string }>`
          select to_char((b.placed_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
            count(distinct b.member_id)::text as n
          from bet b where b.merchant_id = ${merchantId} and b.status <> 'void'
            and b.placed_at >= ${dayStart(r.from)} and b.placed_at < ${dayAfter(r.to)}
          group by 1`.execute(db);
        for (const x of rows) out.set(x.day, Number(x.n));
      }
      return out;
    },

    /** Distinct members who placed a bet over the whole range (the per-member daily rollup). */
    async activeOver(merchantId: number, range: DayRange) {
      const { rows } = await sql<{ n: string }>`
        select count(distinct s.member_id)::text as n from member_stat_daily s
        where s.merchant_id = ${merchantId} and s.day between ${range.from}::date and ${range.to}::date
          and s.bet_count > 0`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    /** Members by result (payout − stake) over the range: the best `limit` and the worst `limit`. */
    async topPlayers(merchantId: number, range: DayRange, limit: number) {
      type Row = { account: string; bet_count: string; stake: string; payout: string; net: string };
      const { rows } = await sql<Row & { side: 'w' | 'l' }>`
        with per_member as (
          select s.member_id, sum(s.bet_count) as bet_count, sum(s.stake) as stake, sum(s.payout) as payout,
            sum(s.payout) - sum(s.stake) as net
          from member_stat_daily s
          where s.merchant_id = ${merchantId} and s.day between ${range.from}::date and ${range.to}::date
          group by s.member_id
        ), ranked as (
          (select 'w' as side, * from per_member where net > 0 order by net desc, member_id limit ${limit})
          union all
          (select 'l' as side, * from per_member where net < 0 order by net asc, member_id limit ${limit})
        )
        select r.side, m.account, r.bet_count::text, r.stake::text, r.payout::text, r.net::text
        from ranked r join member m on m.id = r.member_id
        order by r.side, case when r.side = 'w' then -r.net else r.net end, r.member_id`.execute(db);
      const pick = (side: 'w' | 'l') => rows.filter((r) => r.side === side);
      return { winners: pick('w'), losers: pick('l') };
    },

    /** Recomputes the brand rollups for the given days (the refresh jobs, and the bench). */
    async refresh(merchantId: number, range: DayRange) {
      await db.transaction().execute(async (tx) => {
        // One refresh of a brand at a time (the jobs, several instances).
        await sql`select pg_advisory_xact_lock(7302, ${merchantId})`.execute(tx);
        await sql`select brand_report_refresh(${merchantId}, ${range.from}::date, ${range.to}::date)`.execute(
          tx,
        );
      });
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
