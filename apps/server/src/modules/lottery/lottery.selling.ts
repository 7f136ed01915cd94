import type { LotteryBet } from '@arcadia/contract';
import { type LotteryDraw, type LotteryGameDef, lotteryGame, lotteryReturn } from '@arcadia/games';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import { type HouseWalletClient, createHouseRounds } from '../house/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import type { LotteryRebates } from './lottery.rebates.js';
import { type PlaceContent, checkOnSale, planBets } from './lottery.selling-rules.js';
import * as repo from './lottery.selling.repository.js';
import type { BetRow } from './lottery.selling.repository.js';

export { MAX_BET_MAJOR, type PlaceContent, priceToMinor } from './lottery.selling-rules.js';

/** `lottery.bet` events per member and game for one settlement or refund. */
const NOTIFY_PER_MEMBER = 5;
/** Recovery leaves younger placements alone: they may still be in flight on some instance. */
export const PLACING_AGE_MS = 60_000;

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Category of a lottery game in the rollups: the electronic lotteries apart. */
export function lotteryGameType(game: LotteryGameDef): 'LOTT' | 'ELOTT' {
  return game.kind === 'ELOTT' ? 'ELOTT' : 'LOTT';
}

export function betOut(row: BetRow, winStop: boolean, numbers: string[] | null): LotteryBet {
  return {
    betId: String(row.id),
    orderId: String(row.order_id),
    gameId: row.game_code,
    numero: row.issue,
    playId: row.play_id,
    bettingContent: row.content,
    units: row.units,
    multiple: row.multiple,
    unitStake: String(row.unit_stake),
    stake: String(row.stake),
    payout: String(row.payout),
    status: row.status,
    winStop,
    numbers,
    placedAt: iso(row.placed_at),
    settledAt: row.settled_at ? iso(row.settled_at) : null,
  };
}

/**
 * Lottery selling (docs/lottery.md): bets paid for through the house vendor's `bet` callbacks,
 * draws settled set-based with their wins sent in `settle` batches, chases stopped at their first
 * win, cancelled draws and stopped chases refunded through `rollback`, and a recovery pass for
 * what a crash or a lost reply left behind.
 */
export function createLotterySelling(deps: {
  db: Kysely<Database>;
  wallet: HouseWalletClient;
  hub?: RealtimeHub | undefined;
  clock: Clock;
  settings: (brand: Brand) => { prizeGroup: number; closeBeforeSeconds: number };
  /** Prize groups (a member's odds) and the agents' rebates on settled bets. */
  rebates: LotteryRebates;
  log?: Log;
}) {
  const { db, wallet } = deps;
  const log: Log = deps.log ?? { warn: () => undefined, error: () => undefined };
  const rounds = createHouseRounds({ db, wallet, prefix: 'L', launchGame: 'LOTTERY', log });

  /** Refunds bets through `rollback`, then marks the ones applied done. */
  async function rollback(rows: BetRow[]) {
    const ids = await rounds.refund(rows);
    if (ids.length > 0) await repo.markBetsPaid(db, ids);
    return ids.length;
  }

  /**
   * Tells members their bets changed: up to a few bets per member and game (a member with
   * hundreds of bets on one draw gets a handful of events, each enough to refresh the list).
   */
  function notify(rows: BetRow[], winStop: Map<string, boolean>, numbers: string[] | null) {
    const hub = deps.hub;
    if (!hub) return;
    for (const r of notified(rows)) {
      hub.toMember(
        String(r.member_id),
        'lottery.bet',
        betOut(r, winStop.get(String(r.order_id)) ?? false, numbers),
      );
    }
  }

  /** The rows `notify` tells of: the first few per member and game, in order. */
  function notified(rows: BetRow[]): BetRow[] {
    const out: BetRow[] = [];
    const sent = new Map<string, number>();
    for (const r of rows) {
      const key = `${r.member_id}:${r.game_code}`;
      const n = sent.get(key) ?? 0;
      if (n >= NOTIFY_PER_MEMBER) continue;
      sent.set(key, n + 1);
      out.push(r);
    }
    return out;
  }

  async function winStops(orderIds: string[]): Promise<Map<string, boolean>> {
    if (orderIds.length === 0) return new Map();
    // One array parameter, however many orders (a draw may settle 100,000 bets).
    const ids = `{${[...new Set(orderIds)].join(',')}}`;
    const rows = await repo.orderWinStops(db, ids);
    return new Map(rows.map((r) => [String(r.id), r.win_stop]));
  }

  /**
   * Sends bets' results in `settle` batches and records each one the platform applied: status,
   * payout and `paid` in one update per batch (only while the bet is still open). A crash before
   * that update leaves the bet open: the next settlement computes the same payout and sends the
   * same transaction id, which the platform answers as applied before, without moving money again.
   */
  async function deliverResults(rows: BetRow[]): Promise<BetRow[]> {
    const settled: BetRow[] = [];
    await rounds.sendResults(rows, async (ok, voided) => {
      if (ok.length > 0) {
        const ids = ok.map((b) => String(b.id)).join(',');
        const payouts = ok.map((b) => String(b.payout)).join(',');
        // Only the ids of the rows it changed come back: the rest of each row is what was read,
        // with the recorded status, payout and time.
        const rows = await repo.recordSettledBatch(db, ids, payouts);
        const at = rows[0]!.settled_at;
        const changed = new Set(rows[0]!.ids.slice(1, -1).split(','));
        // The rows read for this settlement, recorded in place (no copy of each).
        for (const b of ok) {
          if (!changed.has(String(b.id))) continue;
          b.status = BigInt(b.payout) > 0n ? 'won' : 'lost';
          b.settled_at = at;
          b.paid = true;
          settled.push(b);
        }
      }
      if (voided.length > 0) {
        await repo.recordVoidedBatch(
          db,
          voided.map((b) => String(b.id)),
        );
      }
    });
    return settled;
  }

  /** Stops the win-stop chases that won in these bets: their later open issues are refunded. */
  async function stopChases(won: { order_id: string }[], winStop: Map<string, boolean>) {
    const orders = [...new Set(won.map((w) => String(w.order_id)))].filter((o) => winStop.get(o));
    if (orders.length === 0) return 0;
    const ids = `{${orders.join(',')}}`;
    await repo.stopOrders(db, ids);
    const refunded = await repo.refundOpenBetsOfOrders(db, ids);
    await rollback(refunded as BetRow[]);
    notify(refunded as BetRow[], winStop, null);
    return refunded.length;
  }

  return {
    /** Places bet orders: every issue of every order is paid for, or none is. */
    async place(brand: Brand, session: AuthedSession, contents: PlaceContent[]) {
      const { prizeGroup: brandGroup, closeBeforeSeconds } = deps.settings(brand);
      // The member's own group (set by its upline), else the brand's: the odds of every bet.
      const prizeGroup = await deps.rebates.groupOf(brand.id, session.member.id, brandGroup);
      const now = deps.clock.now().getTime();
      const planned = planBets(brand, contents);
      // Every issue must be scheduled (its commitment published) and still on sale.
      for (const p of planned) {
        const wanted = p.content.numero.map((n) => n.numero);
        const issues = await repo.issuesOf(db, p.game.code, wanted);
        checkOnSale(p.game.code, wanted, issues, now, closeBeforeSeconds);
      }

      const memberId = session.member.id;
      const bets = await db.transaction().execute(async (tx) => {
        const out: (BetRow & { win_stop: boolean })[] = [];
        for (const p of planned) {
          const order = await repo.insertOrder(tx, {
            merchant_id: brand.id,
            member_id: memberId,
            game_code: p.game.code,
            play_id: p.content.playId,
            content: p.content.bettingContent,
            win_stop: p.content.winStop && p.content.numero.length > 1,
            issues: p.content.numero.length,
            stopped_at: null,
          });
          const rows = await repo.insertBets(
            tx,
            p.content.numero.map((n) => ({
              order_id: order.id,
              merchant_id: brand.id,
              member_id: memberId,
              game_code: p.game.code,
              issue: n.numero,
              play_id: p.content.playId,
              content: p.content.bettingContent,
              units: p.units,
              multiple: n.multiple,
              unit_stake: p.unitStake,
              stake: p.unitStake * BigInt(p.units) * BigInt(n.multiple),
              prize_group: prizeGroup,
              settled_at: null,
            })),
          );
          for (const r of rows) out.push({ ...(r as BetRow), win_stop: order.win_stop });
        }
        return out;
      });

      const results = await rounds.takeStakes(brand, memberId, bets);
      if (results.every((r) => r.ok && r.reply.status === 'OK')) {
        await repo.openPlacedBets(
          db,
          bets.map((b) => b.id),
        );
        // The last bet applied left the lowest balance.
        let balance: bigint | null = null;
        for (const r of results) {
          if (r.ok && r.reply.balance !== undefined) {
            const b = BigInt(r.reply.balance);
            if (balance === null || b < balance) balance = b;
          }
        }
        return {
          list: bets.map((b) => betOut({ ...b, status: 'open' }, b.win_stop, null)),
          balance: balance === null ? null : balance.toString(),
        };
      }
      // All or nothing: refund what was taken (and any bet whose answer was lost), refuse the rest.
      const refused = bets.filter((_, i) => {
        const r = results[i]!;
        return r.ok && r.reply.status !== 'OK';
      });
      const toRefund = bets.filter((b) => !refused.includes(b));
      await db.transaction().execute(async (tx) => {
        if (refused.length > 0) {
          await repo.refuseBets(
            tx,
            refused.map((b) => b.id),
          );
        }
        if (toRefund.length > 0) {
          await repo.markBetsRefunded(
            tx,
            toRefund.map((b) => b.id),
          );
        }
      });
      await rollback(toRefund);
      const refusal = results.find((r) => r.ok && r.reply.status !== 'OK');
      if (refusal?.ok && refusal.reply.status === 'INSUFFICIENT_FUNDS') {
        throw new AppError('wallet.insufficient', { balance: refusal.reply.balance ?? null });
      }
      if (refusal?.ok && refusal.reply.status === 'SESSION_EXPIRED') throw new AppError('login.not.session');
      if (refusal?.ok && refusal.reply.status === 'LIMIT_REACHED') throw new AppError('rg.play_limit');
      const failed = results.find((r) => !r.ok);
      throw new AppError('game.wallet.unavailable', {
        reason: failed && !failed.ok ? failed.reason : refusal?.ok ? refusal.reply.status : 'unknown',
      });
    },

    /**
     * Settles a drawn issue: every open bet evaluated against the draw (pure maths, one pass), its
     * result sent to the platform in `settle` batches and recorded per batch, the agents' rebates
     * paid, and the win-stop chases that won stopped. Idempotent: only open bets are settled, and
     * a bet the platform applied but this side did not record is sent again and applied once.
     */
    async settleIssue(gameCode: string, issue: string) {
      const started = performance.now();
      const game = lotteryGame(gameCode);
      const row = await repo.issueResult(db, gameCode, issue);
      if (!game || !row || row.status !== 'drawn' || !row.numbers) {
        return {
          settled: 0,
          won: 0,
          paid: 0,
          rebates: 0,
          ms: 0,
          phases: { readAndEvaluateMs: 0, payMs: 0 },
        };
      }
      // The stored result is the draw: the seed's, or an official one an operator entered.
      const draw: LotteryDraw = {
        family: game.family,
        numbers: row.numbers,
        ...(row.prizes ? { prizes: row.prizes } : {}),
      };
      const open = await repo.openBetsOfIssue(db, gameCode, issue);
      // The same selection at the same prize group returns the same per unit: evaluated once.
      const perUnit = new Map<string, { num: bigint; den: bigint }>();
      for (const b of open) {
        const key = `${b.prize_group}\u0000${b.play_id}\u0000${b.content}`;
        let r = perUnit.get(key);
        if (!r) {
          r = lotteryReturn({
            family: game.family,
            betType: b.play_id,
            content: b.content,
            prizeGroup: b.prize_group,
            draw,
          }).perUnitStake;
          perUnit.set(key, r);
        }
        b.payout = ((BigInt(b.unit_stake) * BigInt(b.multiple) * r.num) / r.den).toString();
      }
      const evaluated = performance.now();
      const settled = await deliverResults(open);
      const delivered = performance.now();
      const rebates = await deps.rebates.pay(settled);
      const won = settled.filter((b) => b.status === 'won');
      const stops = await winStops(won.map((w) => String(w.order_id)));
      await stopChases(won, stops);
      const ms = performance.now() - started;
      // The members hear of their bets once the money has moved.
      if (deps.hub) {
        // Only the bets told of need their order's win-stop flag.
        const told = notified(settled);
        notify(told, await winStops(told.map((s) => String(s.order_id))), draw.numbers);
      }
      return {
        settled: settled.length,
        won: won.length,
        paid: settled.length,
        rebates,
        ms,
        phases: { readAndEvaluateMs: evaluated - started, payMs: delivered - evaluated },
      };
    },

    /** Cancels an issue not yet drawn: the draw will not happen and every bet on it is refunded. */
    async cancelIssue(gameCode: string, issue: string) {
      const cancelled = await repo.cancelOpenIssue(db, gameCode, issue);
      if (!cancelled) return { cancelled: false, refunded: 0 };
      const refunded = await repo.refundBetsOfIssue(db, gameCode, issue);
      await rollback(refunded);
      notify(refunded, await winStops(refunded.map((r) => String(r.order_id))), null);
      return { cancelled: true, refunded: refunded.length };
    },

    /** A member stops a chase: the order's issues still on sale are refunded. */
    async cancelChase(brand: Brand, session: AuthedSession, orderId: string) {
      const order = await repo.memberOrder(db, orderId, brand.id, session.member.id);
      if (!order) throw new AppError('not.found', { orderId });
      const { closeBeforeSeconds } = deps.settings(brand);
      const closeAfter = new Date(deps.clock.now().getTime() + closeBeforeSeconds * 1000);
      const refunded = await repo.refundChaseBets(db, orderId, closeAfter);
      await repo.stopOrder(db, orderId);
      await rollback(refunded);
      let amount = 0n;
      for (const r of refunded) amount += BigInt(r.stake);
      return { refunded: refunded.length, amount: amount.toString() };
    },

    /** The member's bets, newest first, with the draw's numbers once drawn. */
    async myBets(
      brand: Brand,
      session: AuthedSession,
      q: {
        gameId?: string | undefined;
        status: 'open' | 'settled' | 'all';
        pageNo: number;
        pageSize: number;
      },
    ) {
      const { count, rows } = await repo.memberBets(db, {
        merchantId: brand.id,
        memberId: session.member.id,
        gameId: q.gameId,
        status: q.status,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      });
      const total = Number(count?.n ?? 0);
      return {
        list: rows.map((r) =>
          betOut(r as unknown as BetRow, r.win_stop, r.issue_status === 'drawn' ? (r.numbers ?? null) : null),
        ),
        pageNo: q.pageNo,
        totalPages: Math.ceil(total / q.pageSize),
        totalCount: total,
      };
    },

    /**
     * What a crash or a lost reply left behind: placements whose answers never came are refunded,
     * settled wins and refunds not yet applied are sent again, and drawn issues with open bets
     * (a draw on an instance that stopped before settling) are settled.
     */
    async recover(options: { olderThanMs?: number } = {}) {
      const cutoff = new Date(Date.now() - (options.olderThanMs ?? PLACING_AGE_MS));
      const placing = await repo.refundStalePlacing(db, cutoff);
      const refunds = await repo.unpaidRefunds(db, cutoff);
      const placingIds = new Set(placing.map((p) => String(p.id)));
      const toRefund = [...placing, ...refunds.filter((r) => !placingIds.has(String(r.id)))];
      await rollback(toRefund);
      const due = await repo.drawnIssuesWithOpenBets(db);
      let settled = 0;
      for (const d of due) settled += (await this.settleIssue(d.game_code, d.issue)).settled;
      return { refunded: toRefund.length, settled };
    },
  };
}

export type LotterySelling = ReturnType<typeof createLotterySelling>;
