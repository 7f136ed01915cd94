import { type SportsBet, type SportsResult, trialTypes } from '@arcadia/contract';
import {
  type EventResult,
  type Leg,
  type LegResult,
  type Selection,
  checkBet,
  potentialReturn,
  settleBet,
  settleSelection,
} from '@arcadia/games';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, SportBetLegTable, SportBetTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthedSession } from '../auth/session.service.js';
import type { Brand } from '../brand/brand.service.js';
import type { HouseRounds } from '../house/index.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { RealtimeHub } from '../realtime/index.js';

type BetRow = Selectable<SportBetTable>;
type LegRow = Selectable<SportBetLegTable>;

/** Recovery leaves younger placements alone: they may still be in flight on some instance. */
export const PLACING_AGE_MS = 60_000;
/** `sports.bet` events per member for one settlement: each is enough to refresh the member's list. */
const NOTIFY_PER_MEMBER = 5;

/** The brand's sportsbook limits with their defaults (docs/sportsbook.md), major units. */
export function sportsSettings(brand: Brand) {
  const s = brand.settings.sports ?? {};
  return {
    maxStake: s.maxStake ?? 10_000,
    maxReturn: s.maxReturn ?? 1_000_000,
    /** A member's open stakes on one market, all bets together. */
    maxMarketStake: s.maxMarketStake ?? 50_000,
  };
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** The games package's selection for a leg: the picked side's line for a handicap. */
export function selectionOf(kind: string, key: string, line: number | null, map: number | null): Selection {
  switch (kind) {
    case '1x2':
      return { market: '1x2', pick: key as 'home' | 'draw' | 'away' };
    case 'handicap':
      return { market: 'handicap', pick: key as 'home' | 'away', line: key === 'home' ? line! : -line! };
    case 'total':
      return { market: 'total', pick: key as 'over' | 'under', line: line! };
    case 'btts':
      return { market: 'btts', pick: key as 'yes' | 'no' };
    case 'correct_score': {
      const [home, away] = key.split('-').map(Number);
      return { market: 'correct_score', home: home!, away: away! };
    }
    case 'match_winner':
      return { market: 'match_winner', pick: key as 'home' | 'away' };
    case 'map_winner':
      return { market: 'map_winner', map: map!, pick: key as 'home' | 'away' };
    default:
      return { market: 'fight', pick: key as 'meron' | 'wala' | 'draw' };
  }
}

const legOf = (l: LegRow): Leg => ({
  eventId: String(l.event_id),
  selection: selectionOf(l.kind, l.key, l.line, l.map),
  odds: BigInt(l.odds),
});

export function betOut(b: BetRow, legs: LegRow[]): SportsBet {
  return {
    betId: String(b.id),
    kind: legs.length > 1 ? 'parlay' : 'single',
    stake: String(b.stake),
    potentialReturn: String(b.potential_return),
    payout: String(b.payout),
    status: b.status === 'placing' ? 'open' : b.status === 'refused' ? 'refunded' : b.status,
    legs: legs.map((l) => ({
      eventId: String(l.event_id),
      event: l.event_label,
      category: l.category as SportsBet['legs'][number]['category'],
      marketId: String(l.market_id),
      kind: l.kind as SportsBet['legs'][number]['kind'],
      // The picked side's line, as the member took it.
      line: l.kind === 'handicap' && l.line !== null && l.key === 'away' ? -l.line : l.line,
      map: l.map,
      key: l.key,
      odds: String(l.odds),
      result: (l.result as LegResult | null) ?? null,
    })),
    placedAt: iso(b.placed_at),
    settledAt: b.settled_at ? iso(b.settled_at) : null,
  };
}

/** A settled bet's status from its payout and leg results. */
function statusOf(payout: bigint, results: LegResult[]): 'won' | 'lost' | 'void' {
  if (payout === 0n) return 'lost';
  if (results.every((r) => r === 'void' || r === 'push')) return 'void';
  return 'won';
}

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
    const rows = await db
      .selectFrom('sport_bet_leg')
      .selectAll()
      .where(sql<boolean>`bet_id = any(${`{${betIds.join(',')}}`}::bigint[])`)
      .orderBy('bet_id')
      .orderBy('idx')
      .execute();
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
    if (ids.length > 0)
      await db.updateTable('sport_bet').set({ paid: true }).where('id', 'in', ids).execute();
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
      const markets = await db
        .selectFrom('sport_market as m')
        .innerJoin('sport_event as e', 'e.id', 'm.event_id')
        .select([
          'm.id',
          'm.event_id',
          'm.kind',
          'm.line',
          'm.map',
          'm.status',
          'm.prices',
          'e.status as event_status',
          'e.starts_at',
          'e.category',
          'e.home',
          'e.away',
        ])
        .where(
          'm.id',
          'in',
          body.legs.map((l) => l.marketId),
        )
        .execute();
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
      const unit = 10n ** BigInt(brand.currencyScale);
      const limits = sportsSettings(brand);
      if (stake < unit) throw new AppError('sports.stake_invalid', { min: unit.toString() });
      const maxStake = BigInt(limits.maxStake) * unit;
      if (stake > maxStake)
        throw new AppError('sports.stake_limit', { max: maxStake.toString(), reason: 'stake' });
      const potential = potentialReturn(stake, legs);
      const maxReturn = BigInt(limits.maxReturn) * unit;
      if (potential > maxReturn)
        throw new AppError('sports.stake_limit', { max: maxReturn.toString(), reason: 'return' });
      // A member's open stakes on each market of the bet stay within the brand's per-market limit.
      const maxMarket = BigInt(limits.maxMarketStake) * unit;
      const exposure = await db
        .selectFrom('sport_bet as b')
        .innerJoin('sport_bet_leg as l', 'l.bet_id', 'b.id')
        .select(['l.market_id', sql<string>`sum(b.stake)`.as('staked')])
        .where('b.member_id', '=', session.member.id)
        .where('b.status', 'in', ['placing', 'open'])
        .where(
          'l.market_id',
          'in',
          legs.map((l) => String(l.market.id)),
        )
        .groupBy('l.market_id')
        .execute();
      for (const e of exposure)
        if (BigInt(e.staked) + stake > maxMarket)
          throw new AppError('sports.stake_limit', {
            max: maxMarket.toString(),
            reason: 'market',
            marketId: String(e.market_id),
          });
      const categories = new Set(legs.map((l) => l.market.category));
      const gameCode = categories.size === 1 ? [...categories][0]! : 'SPORTS';
      const memberId = session.member.id;

      const { bet, legRows } = await db.transaction().execute(async (tx) => {
        const bet = await tx
          .insertInto('sport_bet')
          .values({
            merchant_id: brand.id,
            member_id: memberId,
            game_code: gameCode,
            stake,
            potential_return: potential,
            settled_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const legRows = await tx
          .insertInto('sport_bet_leg')
          .values(
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
          )
          .returningAll()
          .execute();
        return { bet, legRows };
      });

      const [result] = await rounds.takeStakes(brand, memberId, [
        { id: String(bet.id), game_code: gameCode, stake },
      ]);
      if (result!.ok && result!.reply.status === 'OK') {
        const open = await db
          .updateTable('sport_bet')
          .set({ status: 'open' })
          .where('id', '=', bet.id)
          .where('status', '=', 'placing')
          .returningAll()
          .executeTakeFirst();
        return { bet: betOut(open ?? bet, legRows), balance: result!.reply.balance ?? null };
      }
      if (result!.ok) {
        // Refused: nothing was taken.
        await db
          .updateTable('sport_bet')
          .set({ status: 'refused', paid: true, settled_at: sql<Date>`now()` })
          .where('id', '=', bet.id)
          .execute();
        if (result!.reply.status === 'INSUFFICIENT_FUNDS')
          throw new AppError('wallet.insufficient', { balance: result!.reply.balance ?? null });
        if (result!.reply.status === 'SESSION_EXPIRED') throw new AppError('login.not.session');
        if (result!.reply.status === 'LIMIT_REACHED') throw new AppError('rg.play_limit');
        throw new AppError('game.wallet.unavailable', { reason: result!.reply.status });
      }
      // No usable answer: whatever was taken is given back.
      const refunded = await db
        .updateTable('sport_bet')
        .set({ status: 'refunded', settled_at: sql<Date>`now()` })
        .where('id', '=', bet.id)
        .returningAll()
        .execute();
      await refund(refunded);
      throw new AppError('game.wallet.unavailable', { reason: result!.reason });
    },

    /** The member's bets, newest first. */
    async myBets(
      brand: Brand,
      session: AuthedSession,
      q: { status: 'open' | 'settled' | 'all'; pageNo: number; pageSize: number },
    ) {
      let base = db
        .selectFrom('sport_bet')
        .where('merchant_id', '=', brand.id)
        .where('member_id', '=', session.member.id)
        .where('status', '!=', 'refused');
      if (q.status === 'open') base = base.where('status', 'in', ['open', 'placing']);
      if (q.status === 'settled') base = base.where('status', 'in', ['won', 'lost', 'void', 'refunded']);
      const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize)
        .execute();
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
      const event = await db
        .selectFrom('sport_event')
        .selectAll()
        .where('id', '=', eventId)
        .executeTakeFirst();
      const none = { settled: 0, resettled: 0, delta: 0n, ms: 0 };
      if (!event || event.result === null) return none;
      const version = event.result_version;
      const touched = await db
        .selectFrom('sport_bet_leg as l')
        .innerJoin('sport_bet as b', 'b.id', 'l.bet_id')
        .selectAll('b')
        .where('l.event_id', '=', eventId)
        .where('b.status', 'in', ['open', 'won', 'lost', 'void'])
        .execute();
      if (touched.length === 0) {
        await db
          .updateTable('sport_event')
          .set({ settled_version: version })
          .where('id', '=', eventId)
          .execute();
        return { ...none, ms: performance.now() - started };
      }
      const legs = await legsOf(touched.map((b) => String(b.id)));
      const eventIds = new Set<string>();
      for (const list of legs.values()) for (const l of list) eventIds.add(String(l.event_id));
      const results = new Map<string, EventResult>();
      const decided = await db
        .selectFrom('sport_event')
        .select(['id', 'result'])
        .where('id', 'in', [...eventIds])
        .where('result', 'is not', null)
        .execute();
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
        await sql`
          update sport_bet_leg l set result = x.result
          from unnest(${`{${legUpdates.map((u) => u.bet).join(',')}}`}::bigint[],
                      ${`{${legUpdates.map((u) => u.idx).join(',')}}`}::smallint[],
                      ${`{${legUpdates.map((u) => u.result).join(',')}}`}::text[]) as x(bet_id, idx, result)
          where l.bet_id = x.bet_id and l.idx = x.idx`.execute(db);
        for (const u of legUpdates) {
          const l = legs.get(u.bet)!.find((x) => x.idx === u.idx)!;
          l.result = u.result;
        }
      }

      const paid: BetRow[] = [];
      await rounds.sendResults(toPay, async (ok, voided) => {
        if (ok.length > 0) {
          const statuses = ok.map((b) => statusOf(BigInt(b.payout), b.results));
          // Only the ids of the rows it changed come back (one array, one row): the rest of each
          // row is what was read, with the recorded status, payout and time.
          // `b.id = any(…)` as well as the join: the rows are found through the primary key, not
          // by hashing every open bet of the table once per batch.
          const ids = `{${ok.map((b) => b.id).join(',')}}`;
          const { rows } = await sql<{ settled_at: Date; ids: string }>`
            with done as (
              update sport_bet b
              set status = x.status, payout = x.payout, settled_at = now(), paid = true
              from unnest(${ids}::bigint[],
                          ${`{${ok.map((b) => b.payout).join(',')}}`}::bigint[],
                          ${`{${statuses.join(',')}}`}::text[]) as x(id, payout, status)
              where b.id = any(${ids}::bigint[]) and b.id = x.id and b.status = 'open'
              returning b.id
            )
            select now() as settled_at, coalesce(array_agg(id), '{}')::text as ids from done`.execute(db);
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
          await db
            .updateTable('sport_bet')
            .set({ status: 'refunded', payout: '0', paid: true, settled_at: sql<Date>`now()` })
            .where(
              'id',
              'in',
              voided.map((b) => b.id),
            )
            .where('status', '=', 'open')
            .execute();
        }
      });

      let delta = 0n;
      const resettled: BetRow[] = [];
      for (const c of corrections) {
        const wanted = c.payout - BigInt(c.bet.payout);
        const moved = await resettle(c.bet, wanted, `sports-resettle:${c.bet.id}:${eventId}:${version}`);
        delta += moved;
        const row = await db
          .updateTable('sport_bet')
          .set({
            payout: c.payout,
            status: statusOf(c.payout, c.results),
            resettled: sql<string>`resettled + ${moved.toString()}::bigint`,
          })
          .where('id', '=', c.bet.id)
          .where('payout', '=', c.bet.payout)
          .returningAll()
          .executeTakeFirst();
        if (row) resettled.push(row);
      }
      const pendingPay = toPay.length - paid.length;
      if (pendingPay === 0)
        await db
          .updateTable('sport_event')
          .set({ settled_version: version })
          .where('id', '=', eventId)
          .where('settled_version', '<', version)
          .execute();
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
      await db
        .updateTable('sport_bet')
        .set({ status: 'refunded', settled_at: sql<Date>`now()` })
        .where('status', '=', 'placing')
        .where('placed_at', '<', cutoff)
        .execute();
      const refunds = await db
        .selectFrom('sport_bet')
        .selectAll()
        .where('status', '=', 'refunded')
        .where('paid', '=', false)
        .where('settled_at', '<', cutoff)
        .limit(1000)
        .execute();
      await refund(refunds);
      const due = await db
        .selectFrom('sport_event')
        .select('id')
        .where('result', 'is not', null)
        .whereRef('settled_version', '<', 'result_version')
        .limit(50)
        .execute();
      let settled = 0;
      for (const d of due) settled += (await this.settleEvent(String(d.id))).settled;
      return { refunded: refunds.length, settled };
    },
  };
}

export type SportsBetting = ReturnType<typeof createSportsBetting>;
