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
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import type { HouseRounds } from '../house/index.js';
import * as repo from './live.tables.repository.js';
import type { BetRow, RoundRow } from './live.tables.repository.js';

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
    const rows = await repo.latestRounds(db);
    return new Map(rows.map((r) => [r.table_code, r]));
  }

  async function openRound(table: LiveTableDef, after: RoundRow | undefined, now: Date) {
    const serverSeed = randomHex();
    const closes = new Date(now.getTime() + table.betMs);
    const row = await repo.insertRound(db, {
      table_code: table.code,
      round_no: (after?.round_no ?? 0) + 1,
      server_seed: serverSeed,
      seed_hash: hashServerSeed(serverSeed),
      opens_at: now,
      closes_at: closes,
      result_at: new Date(closes.getTime() + table.dealMs),
    });
    if (row) deps.onRound(row);
    return row;
  }

  async function closeRound(table: LiveTableDef, round: RoundRow) {
    const result = liveRoundResult(table.kind, round.server_seed, table.code, round.round_no);
    const row = await repo.closeBettingRound(db, round.id, JSON.stringify(result));
    if (row) deps.onRound(row);
    return row;
  }

  /** Refunds bets through `rollback` and records the ones applied. */
  async function refund(rows: BetRow[]) {
    const ids = await rounds.refund(rows);
    if (ids.length > 0) await repo.markBetsPaid(db, ids);
    return ids.length;
  }

  const roundNos = async (roundIds: string[]) => {
    if (roundIds.length === 0) return new Map<string, number>();
    const rows = await repo.roundNumbers(db, [...new Set(roundIds)]);
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
    const round = await repo.roundById(db, roundId);
    if (!round || !round.result || round.status === 'voided' || round.status === 'betting') return 0;
    const result = round.result;
    const open = await repo.openBetsOfRound(db, roundId);
    const items = open.map((b) => ({
      ...b,
      game_code: b.table_code,
      payout: livePayout(BigInt(b.stake), b.spot, result).toString(),
    }));
    const settled: BetRow[] = [];
    await rounds.sendResults(items, async (ok, voided) => {
      if (ok.length > 0) {
        const rows = await repo.recordSettledBatch(db, ok);
        settled.push(...rows);
      }
      if (voided.length > 0)
        await repo.recordVoidedBatch(
          db,
          voided.map((b) => b.id),
        );
    });
    const done = await repo.markRoundSettled(db, roundId);
    if (done) deps.onRound(done);
    await notify(settled);
    return settled.length;
  }

  /** Voids a round not yet settled: every bet refunded, the seed revealed. */
  async function voidRound(roundId: string) {
    const row = await repo.markRoundVoided(db, roundId);
    if (!row) return null;
    const bets = await repo.refundBetsOfRound(db, roundId);
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
    const { rows, players } = await repo.roundTotals(db, merchantId, roundId);
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
      const rows = await repo.settledRounds(db, tableCode, limit);
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
      const round = await repo.roundForBet(db, body.roundId, table.code);
      if (!round || round.status !== 'betting' || now >= round.closes_at)
        throw new AppError('live.betting_closed', {
          tableCode: table.code,
          roundId: body.roundId,
          closesAt: round ? iso(round.closes_at) : null,
        });
      const memberId = session.member.id;
      const bets = await db.transaction().execute(async (tx) => {
        // One placement of a member on a round at a time: the per-spot limit holds across parallel requests.
        await repo.lockMemberRound(tx, round.id, memberId);
        const held = await repo.memberStakesBySpot(tx, round.id, memberId);
        for (const h of held)
          if (BigInt(h.staked) + (bySpot.get(h.spot) ?? 0n) > max && bySpot.has(h.spot))
            throw new AppError('live.stake_invalid', {
              min: min.toString(),
              max: max.toString(),
              spot: h.spot,
            });
        return repo.insertBets(
          tx,
          [...bySpot].map(([spot, stake]) => ({
            round_id: round.id,
            merchant_id: brand.id,
            member_id: memberId,
            table_code: table.code,
            spot,
            stake,
            settled_at: null,
          })),
        );
      });
      const results = await rounds.takeStakes(
        brand,
        memberId,
        bets.map((b) => ({ id: String(b.id), game_code: table.code, stake: b.stake })),
      );
      if (results.every((r) => r.ok && r.reply.status === 'OK')) {
        await repo.openPlacedBets(
          db,
          bets.map((b) => b.id),
        );
        // A placement accepted before the close whose answer came after the round was settled: settle it now.
        const after = await repo.roundStatus(db, round.id);
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
        await repo.refuseBets(
          db,
          refused.map((b) => b.id),
        );
      if (toRefund.length > 0) {
        await repo.markBetsRefunded(
          db,
          toRefund.map((b) => b.id),
        );
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
      const { count, rows } = await repo.memberBets(db, {
        merchantId: brand.id,
        memberId: session.member.id,
        tableCode: q.tableCode,
        roundId: q.roundId,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      });
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
      const placing = await repo.refundStalePlacing(db, cutoff);
      const undelivered = await repo.unpaidRefunds(db, cutoff);
      const seen = new Set(placing.map((p) => String(p.id)));
      await refund([...placing, ...undelivered.filter((r) => !seen.has(String(r.id)))]);
      const due = await repo.dealtRoundsWithOpenBets(db, clock.now());
      let settled = 0;
      for (const d of due) settled += await settleRound(String(d.round_id));
      return { refunded: placing.length, settled };
    },
  };
}

export type LiveTables = ReturnType<typeof createLiveTables>;
