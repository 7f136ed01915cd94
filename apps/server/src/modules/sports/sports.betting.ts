import { type SportsResult, trialTypes } from '@arcadia/contract';
import {
  type EventResult,
  type Leg,
  type LegResult,
  checkBet,
  potentialReturn,
  settleBet,
  settleSelection,
} from '@arcadia/games';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import type { HouseRounds } from '../house/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { RealtimeHub } from '../realtime/index.js';
import { checkMarketExposure, checkReturn, checkStake } from './sports.bet-limits.js';
import { betOut, legOf, selectionOf, statusOf } from './sports.bets.js';
import * as repo from './sports.betting.repository.js';
import type { BetRow, LegRow } from './sports.betting.repository.js';

export { sportsSettings } from './sports.bet-limits.js';
export { betOut, selectionOf } from './sports.bets.js';

/** Recovery leaves younger placements alone: they may still be in flight on some instance. */
export const PLACING_AGE_MS = 60_000;
/** `sports.bet` events per member for one settlement: each is enough to refresh the member's list. */
const NOTIFY_PER_MEMBER = 5;

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * Sportsbook betting (docs/sportsbook.md): singles and parlays paid through the house vendor's
 * `bet` callbacks, settled when the last of their events has a result (wins, losses, voids and
 * half results in `settle` batches), resettled through the ledger when an operator corrects a
 * result, and a recovery pass for lost answers.
 */
export function createSportsBetting(deps: {
  db: Kysely<Database>;
  rounds: HouseRounds;
  ledger: LedgerService;
  hub?: RealtimeHub | undefined;
  clock: Clock;
  log: Log;
}) {
  const { db, rounds } = deps;

  async function legsOf(betIds: string[]): Promise<Map<string, LegRow[]>> {
    const out = new Map<string, LegRow[]>();
    if (betIds.length === 0) return out;
    const rows = await repo.legsOfBets(db, betIds);
    for (const l of rows) {
      const list = out.get(String(l.bet_id)) ?? [];
      list.push(l);
      out.set(String(l.bet_id), list);
    }
    return out;
  }

  /** Refunds bets whose stake may have been taken, then marks the delivered ones done. */
  async function refund(bets: BetRow[]) {
    const ids = await rounds.refund(bets);
    if (ids.length > 0) await repo.markBetsPaid(db, ids);
  }

  /** Posts a resettlement difference (positive to the member, negative back to the house): what moved. */
  async function resettle(bet: BetRow, delta: bigint, key: string): Promise<bigint> {
    const merchant = await rounds.merchantOf(bet.merchant_id);
    const post = async (amount: bigint) =>
      deps.ledger.post({
        merchantId: bet.merchant_id,
        kind: 'SPORTS_RESETTLE',
        idempotencyKey: key,
        request: { betId: String(bet.id), amount: amount.toString() },
        memberId: String(bet.member_id),
        reference: rounds.roundOf(String(bet.id)),
        metadata: { betId: String(bet.id), wanted: delta.toString() },
        entries: await (async () => {
          const settlement = await deps.ledger.systemAccount(
            db,
            bet.merchant_id,
            'vendor_settlement',
            merchant.currency,
          );
          const main = await deps.ledger.memberAccount(
            db,
            bet.merchant_id,
            String(bet.member_id),
            'main',
            'MAIN',
            merchant.currency,
          );
          return [
            { accountId: settlement, amount: -amount },
            { accountId: main.id, amount },
          ];
        })(),
      });
    try {
      await post(delta);
      return delta;
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'wallet.insufficient' || delta >= 0n) throw err;
      // A member who spent the first payout gives back what the wallet holds; the rest is
      // recorded on the bet (`payout` stays the corrected one, `resettled` what moved).
      const main = await deps.ledger.memberAccount(
        db,
        bet.merchant_id,
        String(bet.member_id),
        'main',
        'MAIN',
        merchant.currency,
      );
      if (main.balance <= 0n) return 0n;
      await post(-main.balance);
      return -main.balance;
    }
  }

  function notify(bets: BetRow[], legs: Map<string, LegRow[]>) {
    const hub = deps.hub;
    if (!hub) return;
    for (const b of bets)
      hub.toMember(String(b.member_id), 'sports.bet', betOut(b, legs.get(String(b.id)) ?? []));
  }

  return {
    /** Places a single or a parlay: the stake is taken through the wallet, or nothing is kept. */
    async place(
      brand: Brand,
      session: AuthedSession,
      body: {
        legs: { marketId: string; key: string; odds: string }[];
        stake: string;
        acceptOdds: 'none' | 'better' | 'any';
      },
    ) {
      if ((trialTypes as readonly number[]).includes(session.member.type))
        throw new AppError('sports.trial_refused');
      const now = deps.clock.now();
      const markets = await repo.marketsForBet(
        db,
        body.legs.map((l) => l.marketId),
      );
      const byId = new Map(markets.map((m) => [String(m.id), m]));
      const changed: { marketId: string; key: string; odds: string }[] = [];
      const legs: (Leg & { market: (typeof markets)[number]; key: string })[] = [];
      for (const l of body.legs) {
        const m = byId.get(l.marketId);
        if (!m) throw new AppError('sports.market_unknown', { marketId: l.marketId });
        if (m.status !== 'open' || m.event_status !== 'scheduled' || new Date(m.starts_at) <= now)
          throw new AppError('sports.market_closed', { marketId: l.marketId, status: m.status });
        const price = m.prices.find((p) => p.key === l.key);
        if (!price) throw new AppError('sports.selection_invalid', { marketId: l.marketId, key: l.key });
        const current = BigInt(price.odds);
        const asked = BigInt(l.odds);
        const takes =
          current === asked || body.acceptOdds === 'any' || (body.acceptOdds === 'better' && current > asked);
        if (!takes) changed.push({ marketId: l.marketId, key: l.key, odds: current.toString() });
        legs.push({
          eventId: String(m.event_id),
          selection: selectionOf(m.kind, l.key, m.line, m.map),
          odds: current,
          market: m,
          key: l.key,
        });
      }
      const shape = checkBet(legs);
      if (shape) throw new AppError(shape, { legs: legs.length });
      if (changed.length > 0) throw new AppError('sports.odds_changed', { legs: changed });
      const stake = BigInt(body.stake);
      checkStake(brand, stake);
      const potential = potentialReturn(stake, legs);
      checkReturn(brand, potential);
      // A member's open stakes on each market of the bet stay within the brand's per-market limit.
      const exposure = await repo.openStakesByMarket(
        db,
        session.member.id,
        legs.map((l) => String(l.market.id)),
      );
      checkMarketExposure(brand, stake, exposure);
      const categories = new Set(legs.map((l) => l.market.category));
      const gameCode = categories.size === 1 ? [...categories][0]! : 'SPORTS';
      const memberId = session.member.id;

      const { bet, legRows } = await db.transaction().execute(async (tx) => {
        const bet = await repo.insertBet(tx, {
          merchant_id: brand.id,
          member_id: memberId,
          game_code: gameCode,
          stake,
          potential_return: potential,
          settled_at: null,
        });
        const legRows = await repo.insertLegs(
          tx,
          legs.map((l, idx) => ({
            bet_id: bet.id,
            idx,
            event_id: l.eventId,
            market_id: String(l.market.id),
            category: l.market.category,
            event_label: `${l.market.home} v ${l.market.away}`,
            kind: l.market.kind,
            line: l.market.line,
            map: l.market.map,
            key: l.key,
            odds: Number(l.odds),
            result: null,
          })),
        );
        return { bet, legRows };
      });

      const [result] = await rounds.takeStakes(brand, memberId, [
        { id: String(bet.id), game_code: gameCode, stake },
      ]);
      if (result!.ok && result!.reply.status === 'OK') {
        const open = await repo.openPlacedBet(db, bet.id);
        return { bet: betOut(open ?? bet, legRows), balance: result!.reply.balance ?? null };
      }
      if (result!.ok) {
        // Refused: nothing was taken.
        await repo.refuseBet(db, bet.id);
        if (result!.reply.status === 'INSUFFICIENT_FUNDS')
          throw new AppError('wallet.insufficient', { balance: result!.reply.balance ?? null });
        if (result!.reply.status === 'SESSION_EXPIRED') throw new AppError('login.not.session');
        if (result!.reply.status === 'LIMIT_REACHED') throw new AppError('rg.play_limit');
        throw new AppError('game.wallet.unavailable', { reason: result!.reply.status });
      }
      // No usable answer: whatever was taken is given back.
      const refunded = await repo.markBetRefunded(db, bet.id);
      await refund(refunded);
      throw new AppError('game.wallet.unavailable', { reason: result!.reason });
    },

    /** The member's bets, newest first. */
    async myBets(
      brand: Brand,
      session: AuthedSession,
      q: { status: 'open' | 'settled' | 'all'; pageNo: number; pageSize: number },
    ) {
      const { count, rows } = await repo.memberBets(db, {
        merchantId: brand.id,
        memberId: session.member.id,
        status: q.status,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      });
      const legs = await legsOf(rows.map((r) => String(r.id)));
      const totalCount = Number(count?.n ?? 0);
      return {
        list: rows.map((r) => betOut(r, legs.get(String(r.id)) ?? [])),
        pageNo: q.pageNo,
        totalPages: Math.ceil(totalCount / q.pageSize),
        totalCount,
      };
    },

    /**
     * Settles what an event's result decides: every leg on it gets its result; every bet whose
     * events all have results is paid (its payout in `settle` batches, recorded per batch); a bet
     * already settled whose payout a correction changed gets the difference through the ledger
     * (`SPORTS_RESETTLE`, once per correction). Idempotent: open bets only are paid, and a
     * correction's differences are keyed by bet, event and result version.
     */
    async settleEvent(eventId: string) {
      const started = performance.now();
      const event = await repo.eventById(db, eventId);
      const none = { settled: 0, resettled: 0, delta: 0n, ms: 0 };
      if (!event || event.result === null) return none;
      const version = event.result_version;
      const touched = await repo.betsOnEvent(db, eventId);
      if (touched.length === 0) {
        await repo.markEventSettled(db, eventId, version);
        return { ...none, ms: performance.now() - started };
      }
      const legs = await legsOf(touched.map((b) => String(b.id)));
      const eventIds = new Set<string>();
      for (const list of legs.values()) for (const l of list) eventIds.add(String(l.event_id));
      const results = new Map<string, EventResult>();
      const decided = await repo.decidedEvents(db, [...eventIds]);
      for (const d of decided) results.set(String(d.id), d.result as SportsResult as EventResult);

      const legUpdates: { bet: string; idx: number; result: LegResult }[] = [];
      const toPay: (BetRow & { game_code: string; payout: string; results: LegResult[] })[] = [];
      const corrections: { bet: BetRow; payout: bigint; results: LegResult[] }[] = [];
      for (const b of touched) {
        const list = legs.get(String(b.id)) ?? [];
        for (const l of list) {
          const r = results.get(String(l.event_id));
          if (!r) continue;
          const res = settleSelection(legOf(l).selection, r);
          if (res !== l.result) legUpdates.push({ bet: String(b.id), idx: l.idx, result: res });
        }
        const settled = settleBet(BigInt(b.stake), list.map(legOf), (id) => results.get(id));
        if (!settled) continue;
        if (b.status === 'open')
          toPay.push({ ...b, payout: settled.payout.toString(), results: settled.results });
        else if (settled.payout !== BigInt(b.payout))
          corrections.push({ bet: b, payout: settled.payout, results: settled.results });
      }
      if (legUpdates.length > 0) {
        await repo.updateLegResults(db, legUpdates);
        for (const u of legUpdates) {
          const l = legs.get(u.bet)!.find((x) => x.idx === u.idx)!;
          l.result = u.result;
        }
      }

      const paid: BetRow[] = [];
      await rounds.sendResults(toPay, async (ok, voided) => {
        if (ok.length > 0) {
          const statuses = ok.map((b) => statusOf(BigInt(b.payout), b.results));
          // Only the ids of the rows it changed come back: the rest of each row is what was read,
          // with the recorded status, payout and time.
          const rows = await repo.recordSettledBatch(db, ok, statuses);
          const at = rows[0]!.settled_at;
          const changed = new Set(rows[0]!.ids.slice(1, -1).split(','));
          ok.forEach(({ results: _results, ...b }, k) => {
            if (!changed.has(String(b.id))) return;
            // `b` is already a copy of the row read (without the leg results): recorded in place.
            b.status = statuses[k]!;
            b.settled_at = at;
            b.paid = true;
            paid.push(b);
          });
        }
        if (voided.length > 0) {
          await repo.recordVoidedBatch(
            db,
            voided.map((b) => b.id),
          );
        }
      });

      let delta = 0n;
      const resettled: BetRow[] = [];
      for (const c of corrections) {
        const wanted = c.payout - BigInt(c.bet.payout);
        const moved = await resettle(c.bet, wanted, `sports-resettle:${c.bet.id}:${eventId}:${version}`);
        delta += moved;
        const row = await repo.recordResettlement(db, c.bet, {
          payout: c.payout,
          status: statusOf(c.payout, c.results),
          moved,
        });
        if (row) resettled.push(row);
      }
      const pendingPay = toPay.length - paid.length;
      if (pendingPay === 0) await repo.markEventSettledUpTo(db, eventId, version);
      // A member with many bets on the event hears of the first few (a market of 100,000 bets
      // would otherwise send 100,000 events inside the operator's call).
      const told = new Map<string, number>();
      notify(
        [...paid, ...resettled].filter((b) => {
          const n = told.get(String(b.member_id)) ?? 0;
          told.set(String(b.member_id), n + 1);
          return n < NOTIFY_PER_MEMBER;
        }),
        legs,
      );
      return { settled: paid.length, resettled: resettled.length, delta, ms: performance.now() - started };
    },

    /**
     * What a crash or a lost answer left behind: placements whose answers never came are refunded
     * (and refunds not applied sent again), and events with a result whose settlement did not
     * finish are settled again.
     */
    async recover(options: { olderThanMs?: number } = {}) {
      const cutoff = new Date(Date.now() - (options.olderThanMs ?? PLACING_AGE_MS));
      await repo.refundStalePlacing(db, cutoff);
      const refunds = await repo.unpaidRefunds(db, cutoff);
      await refund(refunds);
      const due = await repo.unsettledEvents(db);
      let settled = 0;
      for (const d of due) settled += (await this.settleEvent(String(d.id))).settled;
      return { refunded: refunds.length, settled };
    },
  };
}

export type SportsBetting = ReturnType<typeof createSportsBetting>;
