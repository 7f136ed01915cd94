import { randomBytes } from 'node:crypto';
import { type LiveBet, type LiveRound, type LiveTotals, trialTypes } from '@arcadia/contract';
import {
  type LiveTableDef,
  hashServerSeed,
  isLiveSpot,
  livePayout,
  liveRoundResult,
  liveSummary,
  liveTable,
  liveTables,
} from '@arcadia/games';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, LiveBetTable, LiveRoundTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import type { HouseRounds } from '../house/index.js';

type RoundRow = Selectable<LiveRoundTable>;
type BetRow = Selectable<LiveBetTable>;

/** A betting round left open this long past its close (the tables stopped meanwhile) is voided, not dealt. */
export const STALE_ROUND_MS = 5 * 60_000;
/** Recovery leaves younger placements alone: their answers may still be on the way. */
export const PLACING_AGE_MS = 60_000;
/** Totals go out at most this often per brand and table. */
const TOTALS_EVERY_MS = 500;

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function roundOut(row: RoundRow): LiveRound {
  const revealed = row.status === 'settled' || row.status === 'voided';
  return {
    tableCode: row.table_code,
    roundId: String(row.id),
    roundNo: row.round_no,
    status: row.status,
    opensAt: iso(row.opens_at),
    closesAt: iso(row.closes_at),
    resultAt: iso(row.result_at),
    seedHash: row.seed_hash,
    result: row.status === 'betting' ? null : (row.result ?? null),
    serverSeed: revealed ? row.server_seed : null,
  };
}

export function betOut(row: BetRow, roundNo: number): LiveBet {
  return {
    betId: String(row.id),
    tableCode: row.table_code,
    roundId: String(row.round_id),
    roundNo,
    spot: row.spot,
    stake: String(row.stake),
    payout: String(row.payout),
    status: row.status === 'placing' ? 'open' : (row.status as LiveBet['status']),
    placedAt: iso(row.placed_at),
    settledAt: row.settled_at ? iso(row.settled_at) : null,
  };
}

/**
 * The live tables' rounds and bets (docs/live.md). A pass of the schedule moves every table on:
 * a round opens (seed drawn, hash published), closes at its time (the result computed from the
 * seed and shown), and is settled at its result time (payouts through the house wallet, seed
 * revealed); then the next opens. Every step is a conditional update, so several instances may
 * run the schedule and each step still happens once; a crash leaves a round that the next pass
 * completes (its result is its seed's), or voids and refunds when it sat open far past its close.
 */
export function createLiveTables(deps: {
  db: Kysely<Database>;
  rounds: HouseRounds;
  clock: Clock;
  onRound: (row: RoundRow) => void;
  onTotals: (merchantId: number, totals: LiveTotals) => void;
  onBets: (rows: { row: BetRow; roundNo: number }[]) => void;
  log: Log;
  /** Server seeds (tests may fix them). */
  randomHex?: () => string;
}) {
  const { db, rounds, clock } = deps;
  const randomHex = deps.randomHex ?? (() => randomBytes(32).toString('hex'));

  async function latestRounds(): Promise<Map<string, RoundRow>> {
    const { rows } = await sql<RoundRow>`
      select distinct on (table_code) * from live_round
      order by table_code, round_no desc`.execute(db);
    return new Map(rows.map((r) => [r.table_code, r]));
  }

  async function openRound(table: LiveTableDef, after: RoundRow | undefined, now: Date) {
    const serverSeed = randomHex();
    const closes = new Date(now.getTime() + table.betMs);
    const row = await db
      .insertInto('live_round')
      .values({
        table_code: table.code,
        round_no: (after?.round_no ?? 0) + 1,
        server_seed: serverSeed,
        seed_hash: hashServerSeed(serverSeed),
        opens_at: now,
        closes_at: closes,
        result_at: new Date(closes.getTime() + table.dealMs),
      })
      .onConflict((oc) => oc.columns(['table_code', 'round_no']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) deps.onRound(row);
    return row;
  }

  async function closeRound(table: LiveTableDef, round: RoundRow) {
    const result = liveRoundResult(table.kind, round.server_seed, table.code, round.round_no);
    const row = await db
      .updateTable('live_round')
      .set({ status: 'dealing', result: JSON.stringify(result) })
      .where('id', '=', round.id)
      .where('status', '=', 'betting')
      .returningAll()
      .executeTakeFirst();
    if (row) deps.onRound(row);
    return row;
  }

  /** Refunds bets through `rollback` and records the ones applied. */
  async function refund(rows: BetRow[]) {
    const ids = await rounds.refund(rows);
    if (ids.length > 0) await db.updateTable('live_bet').set({ paid: true }).where('id', 'in', ids).execute();
    return ids.length;
  }

  const roundNos = async (roundIds: string[]) => {
    if (roundIds.length === 0) return new Map<string, number>();
    const rows = await db
      .selectFrom('live_round')
      .select(['id', 'round_no'])
      .where('id', 'in', [...new Set(roundIds)])
      .execute();
    return new Map(rows.map((r) => [String(r.id), r.round_no]));
  };

  async function notify(rows: BetRow[]) {
    if (rows.length === 0) return;
    const nos = await roundNos(rows.map((r) => String(r.round_id)));
    deps.onBets(rows.map((row) => ({ row, roundNo: nos.get(String(row.round_id)) ?? 0 })));
  }

  /**
   * Settles a dealt round: its open bets' payouts from the result, sent in `settle` batches and
   * recorded per batch; then the round is marked settled (seed revealed). Idempotent: only open
   * bets are paid, and a result applied but not recorded is sent again under the same id.
   */
  async function settleRound(roundId: string) {
    const round = await db.selectFrom('live_round').selectAll().where('id', '=', roundId).executeTakeFirst();
    if (!round || !round.result || round.status === 'voided' || round.status === 'betting') return 0;
    const result = round.result;
    const open = (await db
      .selectFrom('live_bet')
      .selectAll()
      .where('round_id', '=', roundId)
      .where('status', '=', 'open')
      .execute()) as BetRow[];
    const items = open.map((b) => ({
      ...b,
      game_code: b.table_code,
      payout: livePayout(BigInt(b.stake), b.spot, result).toString(),
    }));
    const settled: BetRow[] = [];
    await rounds.sendResults(items, async (ok, voided) => {
      if (ok.length > 0) {
        const { rows } = await sql<BetRow>`
          update live_bet b
          set status = case when x.payout > 0 then 'won' else 'lost' end, payout = x.payout,
              settled_at = now(), paid = true
          from unnest(${`{${ok.map((b) => b.id).join(',')}}`}::bigint[],
                      ${`{${ok.map((b) => b.payout).join(',')}}`}::bigint[]) as x(id, payout)
          where b.id = x.id and b.status = 'open'
          returning b.*`.execute(db);
        settled.push(...rows);
      }
      if (voided.length > 0)
        await db
          .updateTable('live_bet')
          .set({ status: 'refunded', paid: true, settled_at: sql<Date>`now()` })
          .where(
            'id',
            'in',
            voided.map((b) => b.id),
          )
          .where('status', '=', 'open')
          .execute();
    });
    const done = await db
      .updateTable('live_round')
      .set({ status: 'settled', settled_at: sql<Date>`now()` })
      .where('id', '=', roundId)
      .where('status', '=', 'dealing')
      .returningAll()
      .executeTakeFirst();
    if (done) deps.onRound(done);
    await notify(settled);
    return settled.length;
  }

  /** Voids a round not yet settled: every bet refunded, the seed revealed. */
  async function voidRound(roundId: string) {
    const row = await db
      .updateTable('live_round')
      .set({ status: 'voided', settled_at: sql<Date>`now()` })
      .where('id', '=', roundId)
      .where('status', 'in', ['betting', 'dealing'])
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    const bets = (await db
      .updateTable('live_bet')
      .set({ status: 'refunded', settled_at: sql<Date>`now()` })
      .where('round_id', '=', roundId)
      .where('status', 'in', ['open', 'placing'])
      .returningAll()
      .execute()) as BetRow[];
    await refund(bets);
    deps.onRound(row);
    await notify(bets);
    return { row, refunded: bets.length };
  }

  /** One pass over every table: open, close, settle what is due. */
  async function tick() {
    const now = clock.now();
    const latest = await latestRounds();
    const out = { opened: 0, closed: 0, settled: 0, voided: 0 };
    for (const table of liveTables) {
      const round = latest.get(table.code);
      try {
        if (!round) {
          if (await openRound(table, undefined, now)) out.opened++;
          continue;
        }
        if (round.status === 'betting' && now >= round.closes_at) {
          if (now.getTime() - round.closes_at.getTime() > STALE_ROUND_MS) {
            if (await voidRound(String(round.id))) out.voided++;
          } else if (await closeRound(table, round)) out.closed++;
          continue;
        }
        if (round.status === 'dealing' && now >= round.result_at) {
          await settleRound(String(round.id));
          out.settled++;
          continue;
        }
        const ended = round.status === 'settled' || round.status === 'voided';
        const endedAt = round.status === 'voided' ? (round.settled_at ?? round.result_at) : round.result_at;
        if (ended && now.getTime() >= new Date(endedAt).getTime() + table.pauseMs)
          if (await openRound(table, round, now)) out.opened++;
      } catch (err) {
        deps.log.error({ err, table: table.code }, 'live table step failed');
      }
    }
    return out;
  }

  /* ---------------------------------------------------------------- totals */

  const totalsDue = new Map<string, NodeJS.Timeout>();
  async function totals(merchantId: number, tableCode: string, roundId: string): Promise<LiveTotals> {
    const rows = await db
      .selectFrom('live_bet')
      .select(['spot', sql<string>`sum(stake)`.as('amount'), sql<string>`count(*)`.as('bets')])
      .where('round_id', '=', roundId)
      .where('merchant_id', '=', merchantId)
      .where('status', 'in', ['placing', 'open', 'won', 'lost'])
      .groupBy('spot')
      .execute();
    const players = await db
      .selectFrom('live_bet')
      .select(sql<string>`count(distinct member_id)`.as('n'))
      .where('round_id', '=', roundId)
      .where('merchant_id', '=', merchantId)
      .where('status', 'in', ['placing', 'open', 'won', 'lost'])
      .executeTakeFirst();
    return {
      tableCode,
      roundId,
      players: Number(players?.n ?? 0),
      spots: rows.map((r) => ({ spot: r.spot, amount: String(r.amount), bets: Number(r.bets) })),
    };
  }
  /** The table's totals go out once per half second at most, after the bets that changed them. */
  function scheduleTotals(merchantId: number, tableCode: string, roundId: string) {
    const key = `${merchantId}:${tableCode}`;
    if (totalsDue.has(key)) return;
    const timer = setTimeout(() => {
      totalsDue.delete(key);
      totals(merchantId, tableCode, roundId)
        .then((t) => deps.onTotals(merchantId, t))
        .catch((err: unknown) => deps.log.error({ err }, 'live totals failed'));
    }, TOTALS_EVERY_MS);
    timer.unref();
    totalsDue.set(key, timer);
  }

  return {
    tick,
    settleRound,
    voidRound,
    totals,
    latestRounds,

    /** The rounds settled last on a table, newest last. */
    async history(tableCode: string, limit: number) {
      const rows = await db
        .selectFrom('live_round')
        .select(['id', 'round_no', 'result', 'seed_hash', 'server_seed'])
        .where('table_code', '=', tableCode)
        .where('status', '=', 'settled')
        .orderBy('round_no', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map((r) => ({
        roundId: String(r.id),
        roundNo: r.round_no,
        summary: liveSummary(r.result!),
        result: r.result!,
        seedHash: r.seed_hash,
        serverSeed: r.server_seed,
      }));
    },

    /**
     * Places a member's bets on the round taking bets: all spots or none. Refused once the clock
     * reaches the round's close (a bet at the close itself is late), outside the table's limits
     * (the member's total on a spot this round included), and for trial accounts.
     */
    async place(
      brand: Brand,
      session: AuthedSession,
      body: { tableCode: string; roundId: string; bets: { spot: string; amount: string }[] },
    ) {
      const table = liveTable(body.tableCode);
      if (!table) throw new AppError('live.table_unknown', { tableCode: body.tableCode });
      if ((trialTypes as readonly number[]).includes(session.member.type))
        throw new AppError('live.trial_refused');
      const unit = 10n ** BigInt(brand.currencyScale);
      const min = BigInt(table.minBet) * unit;
      const max = BigInt(table.maxBet) * unit;
      const bySpot = new Map<string, bigint>();
      for (const b of body.bets) {
        if (!isLiveSpot(table.kind, b.spot)) throw new AppError('live.spot_invalid', { spot: b.spot });
        bySpot.set(b.spot, (bySpot.get(b.spot) ?? 0n) + BigInt(b.amount));
      }
      for (const amount of bySpot.values())
        if (amount < min || amount > max)
          throw new AppError('live.stake_invalid', { min: min.toString(), max: max.toString() });
      // The time of the request decides: at or after the close, the bet is late.
      const now = clock.now();
      const round = await db
        .selectFrom('live_round')
        .select(['id', 'round_no', 'status', 'closes_at'])
        .where('id', '=', body.roundId)
        .where('table_code', '=', table.code)
        .executeTakeFirst();
      if (!round || round.status !== 'betting' || now >= round.closes_at)
        throw new AppError('live.betting_closed', {
          tableCode: table.code,
          roundId: body.roundId,
          closesAt: round ? iso(round.closes_at) : null,
        });
      const memberId = session.member.id;
      const bets = await db.transaction().execute(async (tx) => {
        // One placement of a member on a round at a time: the per-spot limit holds across parallel requests.
        await sql`select pg_advisory_xact_lock(hashtext(${`live:${round.id}:${memberId}`}))`.execute(tx);
        const held = await tx
          .selectFrom('live_bet')
          .select(['spot', sql<string>`sum(stake)`.as('staked')])
          .where('round_id', '=', round.id)
          .where('member_id', '=', memberId)
          .where('status', 'in', ['placing', 'open'])
          .groupBy('spot')
          .execute();
        for (const h of held)
          if (BigInt(h.staked) + (bySpot.get(h.spot) ?? 0n) > max && bySpot.has(h.spot))
            throw new AppError('live.stake_invalid', {
              min: min.toString(),
              max: max.toString(),
              spot: h.spot,
            });
        return (await tx
          .insertInto('live_bet')
          .values(
            [...bySpot].map(([spot, stake]) => ({
              round_id: round.id,
              merchant_id: brand.id,
              member_id: memberId,
              table_code: table.code,
              spot,
              stake,
              settled_at: null,
            })),
          )
          .returningAll()
          .execute()) as BetRow[];
      });
      const results = await rounds.takeStakes(
        brand,
        memberId,
        bets.map((b) => ({ id: String(b.id), game_code: table.code, stake: b.stake })),
      );
      if (results.every((r) => r.ok && r.reply.status === 'OK')) {
        await db
          .updateTable('live_bet')
          .set({ status: 'open' })
          .where(
            'id',
            'in',
            bets.map((b) => b.id),
          )
          .where('status', '=', 'placing')
          .execute();
        // A placement accepted before the close whose answer came after the round was settled: settle it now.
        const after = await db
          .selectFrom('live_round')
          .select('status')
          .where('id', '=', round.id)
          .executeTakeFirst();
        if (after?.status === 'settled') await settleRound(String(round.id));
        scheduleTotals(brand.id, table.code, String(round.id));
        let balance: bigint | null = null;
        for (const r of results)
          if (r.ok && r.reply.balance !== undefined) {
            const b = BigInt(r.reply.balance);
            if (balance === null || b < balance) balance = b;
          }
        return {
          list: bets.map((b) => betOut({ ...b, status: 'open' }, round.round_no)),
          balance: balance === null ? null : balance.toString(),
        };
      }
      // All or nothing: refund what was taken (or whose answer was lost), refuse the rest.
      const refused = bets.filter((_, i) => {
        const r = results[i]!;
        return r.ok && r.reply.status !== 'OK';
      });
      const toRefund = bets.filter((b) => !refused.includes(b));
      if (refused.length > 0)
        await db
          .updateTable('live_bet')
          .set({ status: 'refused', paid: true, settled_at: sql<Date>`now()` })
          .where(
            'id',
            'in',
            refused.map((b) => b.id),
          )
          .execute();
      if (toRefund.length > 0) {
        await db
          .updateTable('live_bet')
          .set({ status: 'refunded', settled_at: sql<Date>`now()` })
          .where(
            'id',
            'in',
            toRefund.map((b) => b.id),
          )
          .execute();
        await refund(toRefund);
      }
      const refusal = results.find((r) => r.ok && r.reply.status !== 'OK');
      if (refusal?.ok && refusal.reply.status === 'INSUFFICIENT_FUNDS')
        throw new AppError('wallet.insufficient', { balance: refusal.reply.balance ?? null });
      if (refusal?.ok && refusal.reply.status === 'SESSION_EXPIRED') throw new AppError('login.not.session');
      if (refusal?.ok && refusal.reply.status === 'LIMIT_REACHED') throw new AppError('rg.play_limit');
      const failed = results.find((r) => !r.ok);
      throw new AppError('game.wallet.unavailable', {
        reason: failed && !failed.ok ? failed.reason : refusal?.ok ? refusal.reply.status : 'unknown',
      });
    },

    async myBets(
      brand: Brand,
      session: AuthedSession,
      q: { tableCode?: string | undefined; roundId?: string | undefined; pageNo: number; pageSize: number },
    ) {
      let base = db
        .selectFrom('live_bet as b')
        .innerJoin('live_round as r', 'r.id', 'b.round_id')
        .where('b.merchant_id', '=', brand.id)
        .where('b.member_id', '=', session.member.id)
        .where('b.status', '!=', 'refused');
      if (q.tableCode) base = base.where('b.table_code', '=', q.tableCode);
      if (q.roundId) base = base.where('b.round_id', '=', q.roundId);
      const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll('b')
        .select('r.round_no')
        .orderBy('b.id', 'desc')
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize)
        .execute();
      const total = Number(count?.n ?? 0);
      return {
        list: rows.map((r) => betOut(r as unknown as BetRow, r.round_no)),
        pageNo: q.pageNo,
        totalPages: Math.ceil(total / q.pageSize),
        totalCount: total,
      };
    },

    /**
     * What a crash or a lost answer left: placements never answered are refunded, refunds not yet
     * delivered are sent again, and dealt rounds with open bets (settled before a late answer, or
     * on an instance that stopped) are settled.
     */
    async recover(options: { olderThanMs?: number } = {}) {
      const cutoff = new Date(Date.now() - (options.olderThanMs ?? PLACING_AGE_MS));
      const placing = (await db
        .updateTable('live_bet')
        .set({ status: 'refunded', settled_at: sql<Date>`now()` })
        .where('status', '=', 'placing')
        .where('placed_at', '<', cutoff)
        .returningAll()
        .execute()) as BetRow[];
      const undelivered = (await db
        .selectFrom('live_bet')
        .selectAll()
        .where('status', '=', 'refunded')
        .where('paid', '=', false)
        .where('settled_at', '<', cutoff)
        .limit(1000)
        .execute()) as BetRow[];
      const seen = new Set(placing.map((p) => String(p.id)));
      await refund([...placing, ...undelivered.filter((r) => !seen.has(String(r.id)))]);
      const due = await db
        .selectFrom('live_bet as b')
        .innerJoin('live_round as r', 'r.id', 'b.round_id')
        .select('b.round_id')
        .where('b.status', '=', 'open')
        .where((eb) =>
          eb.or([
            eb('r.status', '=', 'settled'),
            eb.and([eb('r.status', '=', 'dealing'), eb('r.result_at', '<=', clock.now())]),
          ]),
        )
        .groupBy('b.round_id')
        .limit(50)
        .execute();
      let settled = 0;
      for (const d of due) settled += await settleRound(String(d.round_id));
      return { refunded: placing.length, settled };
    },
  };
}

export type LiveTables = ReturnType<typeof createLiveTables>;
