import type { SportsCategory, SportsEvent, SportsFeed, SportsMarket, SportsResult } from '@arcadia/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SportEventTable, SportMarketTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './sports.book.repository.js';

export type EventRow = Selectable<SportEventTable>;
export type MarketRow = Selectable<SportMarketTable>;

/** How long finished events stay in the book's list (their results on show). */
const RESULTS_SHOWN_MS = 60 * 60_000;

/** Which result kinds settle which markets (a score cannot settle a cockfight market). */
export const resultKindOf: Record<string, SportsResult['kind']> = {
  '1x2': 'score',
  handicap: 'score',
  total: 'score',
  btts: 'score',
  correct_score: 'score',
  match_winner: 'maps',
  map_winner: 'maps',
  fight: 'fight',
};

const iso = (d: Date | string) => new Date(d).toISOString();

export function marketOut(m: MarketRow): SportsMarket {
  return {
    marketId: String(m.id),
    kind: m.kind as SportsMarket['kind'],
    line: m.line,
    map: m.map,
    status: m.status,
    version: m.version,
    selections: m.prices.map((p) => ({ key: p.key, odds: String(p.odds) })),
  };
}

export function eventOut(e: EventRow, markets: MarketRow[]): SportsEvent {
  return {
    eventId: String(e.id),
    category: e.category,
    sport: e.sport,
    league: e.league,
    home: e.home,
    away: e.away,
    startsAt: iso(e.starts_at),
    status: e.status,
    result: (e.result as SportsResult | null) ?? null,
    markets: markets.map(marketOut),
  };
}

/** Market prices as stored: the keys a market kind has, each at most once. */
function checkPrices(kind: string, prices: { key: string; odds: string }[]) {
  const allowed: Record<string, RegExp> = {
    '1x2': /^(home|draw|away)$/,
    handicap: /^(home|away)$/,
    total: /^(over|under)$/,
    btts: /^(yes|no)$/,
    correct_score: /^\d{1,2}-\d{1,2}$/,
    match_winner: /^(home|away)$/,
    map_winner: /^(home|away)$/,
    fight: /^(meron|wala|draw)$/,
  };
  const keys = prices.map((p) => p.key);
  if (new Set(keys).size !== keys.length || !keys.every((k) => allowed[kind]!.test(k)))
    throw new AppError('sports.selection_invalid', { kind, keys });
  return JSON.stringify(prices.map((p) => ({ key: p.key, odds: Number(p.odds) })));
}

/**
 * The book (docs/sportsbook.md): events and markets — listing, the feed import, an operator's
 * price moves and suspensions, and the market closing when an event starts. Shared by every brand.
 */
export function createSportsBook(deps: {
  db: Kysely<Database>;
  /** Told of every market change and every event change (the real-time channel). */
  onMarket?: (category: SportsCategory, eventId: string, market: MarketRow) => void;
  onEvent?: (event: EventRow) => void;
}) {
  const { db } = deps;

  async function marketsOf(eventIds: string[]): Promise<Map<string, MarketRow[]>> {
    const out = new Map<string, MarketRow[]>();
    if (eventIds.length === 0) return out;
    const rows = await repo.marketsOfEvents(db, eventIds);
    for (const m of rows) {
      const list = out.get(String(m.event_id)) ?? [];
      list.push(m);
      out.set(String(m.event_id), list);
    }
    return out;
  }

  return {
    marketsOf,

    /** A category's book: events not finished, and the last hour's results, soonest first. */
    async list(category: SportsCategory, now: Date): Promise<SportsEvent[]> {
      const events = await repo.categoryEvents(db, category, new Date(now.getTime() - RESULTS_SHOWN_MS));
      const markets = await marketsOf(events.map((e) => String(e.id)));
      return events.map((e) => eventOut(e, markets.get(String(e.id)) ?? []));
    },

    async event(eventId: string): Promise<EventRow | undefined> {
      return repo.eventById(db, eventId);
    },

    /**
     * Imports feed events: a new external id creates the event and its markets; a known one
     * updates names and start time while it has not started, and each market's prices (a new
     * version when they changed). Returns the counts.
     */
    async importFeed(feed: SportsFeed['events'], source: 'feed' | 'simulator' = 'feed') {
      let created = 0;
      let updated = 0;
      for (const e of feed) {
        await db.transaction().execute(async (tx) => {
          const existing = await repo.lockEventByExternalId(tx, e.externalId);
          let event: EventRow;
          if (!existing) {
            event = await repo.insertEvent(tx, {
              external_id: e.externalId,
              category: e.category,
              sport: e.sport,
              league: e.league,
              home: e.home,
              away: e.away,
              starts_at: e.startsAt,
              source,
            });
            created++;
          } else {
            event =
              existing.status === 'scheduled'
                ? await repo.updateEventFromFeed(tx, existing.id, {
                    league: e.league,
                    home: e.home,
                    away: e.away,
                    starts_at: e.startsAt,
                  })
                : existing;
            updated++;
          }
          for (const m of e.markets) {
            const prices = checkPrices(m.kind, m.selections);
            const row = await repo.upsertMarket(tx, {
              event_id: event.id,
              kind: m.kind,
              line: m.line,
              map: m.map,
              prices,
            });
            if (row && existing) deps.onMarket?.(event.category, String(event.id), row);
          }
        });
      }
      return { created, updated };
    },

    /** An operator's (or the simulator's) price move and/or suspension of one market. */
    async updateMarket(
      marketId: string,
      change: {
        status?: 'open' | 'suspended' | undefined;
        selections?: { key: string; odds: string }[] | undefined;
      },
    ): Promise<MarketRow> {
      const row = await db.transaction().execute(async (tx) => {
        const m = await repo.lockMarket(tx, marketId);
        if (!m) throw new AppError('sports.market_unknown', { marketId });
        if (!['open', 'suspended'].includes(m.status) || m.event_status !== 'scheduled')
          throw new AppError('sports.market_closed', { marketId, status: m.status });
        let prices: string | undefined;
        if (change.selections) {
          const byKey = new Map(m.prices.map((p) => [p.key, p.odds]));
          for (const s of change.selections) {
            if (!byKey.has(s.key)) throw new AppError('sports.selection_invalid', { marketId, key: s.key });
            byKey.set(s.key, Number(s.odds));
          }
          prices = JSON.stringify([...byKey].map(([key, odds]) => ({ key, odds })));
        }
        const updated = await repo.updateMarket(tx, marketId, { status: change.status, prices });
        return { updated, category: m.category, eventId: String(m.event_id) };
      });
      deps.onMarket?.(row.category, row.eventId, row.updated);
      return row.updated;
    },

    /** Events whose start has come: live, their markets closed (the book takes no in-play bets). */
    async startDue(now: Date): Promise<number> {
      const started = await repo.startDueEvents(db, now);
      if (started.length === 0) return 0;
      const closed = await repo.closeMarketsOf(
        db,
        started.map((e) => e.id),
      );
      const byId = new Map(started.map((e) => [String(e.id), e]));
      for (const e of started) deps.onEvent?.(e);
      for (const m of closed) deps.onMarket?.(byId.get(String(m.event_id))!.category, String(m.event_id), m);
      return started.length;
    },

    /**
     * Records an event's result (a correction bumps `result_version`) and marks its markets
     * settled, or voided for a void result. Returns the event, or throws for an unknown event or a
     * result kind that fits none of its markets.
     */
    async setResult(eventId: string, result: SportsResult, now: Date): Promise<EventRow> {
      const event = await db.transaction().execute(async (tx) => {
        const e = await repo.lockEvent(tx, eventId);
        if (!e) throw new AppError('sports.event_unknown', { eventId });
        const kinds = await repo.marketKindsOf(tx, eventId);
        if (result.kind !== 'void' && kinds.some((k) => resultKindOf[k.kind] !== result.kind))
          throw new AppError('sports.result_invalid', { eventId, kind: result.kind });
        const updated = await repo.recordEventResult(tx, eventId, {
          status: result.kind === 'void' ? 'cancelled' : 'finished',
          result: JSON.stringify(result),
          ends_at: e.ends_at ?? now,
        });
        await repo.closeEventMarkets(tx, eventId, result.kind === 'void' ? 'voided' : 'settled');
        return updated;
      });
      deps.onEvent?.(event);
      return event;
    },
  };
}

export type SportsBook = ReturnType<typeof createSportsBook>;
