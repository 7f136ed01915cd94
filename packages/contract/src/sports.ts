import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * The house sportsbook (spec §1 sports, e-sports and cockfight; §2 /sports and /esports; §4 sports
 * cards split into ESPORTS and COCKFIGHT after SPORTS; docs/sportsbook.md). Events with their
 * markets, the bet slip's singles and parlays, the member's bets, the operator's feed, market and
 * result calls, and the socket events of odds and settlements.
 *
 * Prices are decimal odds in thousandths as integer strings (`"1950"` is 1.95), exact on the wire;
 * the member's format (Hong Kong, Malay, Indonesian) is a view of the same integer. Lines are in
 * quarter goals (`-3` is −0.75, `10` is 2.5): a quarter line splits the stake over its two halves.
 */

export const sportsCategorySchema = z.enum(['SPORTS', 'ESPORTS', 'COCKFIGHT']);
export type SportsCategory = z.infer<typeof sportsCategorySchema>;
export const sportsMarketKindSchema = z.enum([
  '1x2',
  'handicap',
  'total',
  'btts',
  'correct_score',
  'match_winner',
  'map_winner',
  'fight',
]);
export type SportsMarketKind = z.infer<typeof sportsMarketKindSchema>;
export const sportsMarketStatusSchema = z.enum(['open', 'suspended', 'closed', 'settled', 'voided']);
export const sportsEventStatusSchema = z.enum(['scheduled', 'live', 'finished', 'cancelled']);
export const sportsLegResultSchema = z.enum(['win', 'half_win', 'push', 'half_lose', 'lose', 'void']);

/** Decimal odds in thousandths, 1.001 – 1000.000. */
const oddsSchema = z.string().regex(/^[1-9][0-9]{3,6}$/, 'decimal odds in thousandths');
const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
/** A selection's key in its market: home/draw/away, over/under, yes/no, meron/wala/draw, or a score `2-1`. */
const selectionKeySchema = z
  .string()
  .regex(/^(home|draw|away|over|under|yes|no|meron|wala|[0-9]{1,2}-[0-9]{1,2})$/);
const lineSchema = z.number().int().min(-160).max(160);

/** What happened: the settlement's input (packages/games sports maths). */
export const sportsResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('score'),
    home: z.number().int().min(0).max(300),
    away: z.number().int().min(0).max(300),
  }),
  z.object({
    kind: z.literal('maps'),
    maps: z
      .array(z.enum(['home', 'away']))
      .min(1)
      .max(7),
    winner: z.enum(['home', 'away']),
  }),
  z.object({ kind: z.literal('fight'), outcome: z.enum(['meron', 'wala', 'draw', 'cancelled']) }),
  /** The event did not take place: every bet on it is refunded (its legs at odds 1). */
  z.object({ kind: z.literal('void') }),
]);
export type SportsResult = z.infer<typeof sportsResultSchema>;

export const sportsMarketSchema = z.object({
  marketId: idSchema,
  kind: sportsMarketKindSchema,
  /** The home side's line for a handicap (the away side takes its negative), the total's line; quarters. */
  line: z.number().int().nullable(),
  /** The map of a map-winner market. */
  map: z.number().int().nullable(),
  status: sportsMarketStatusSchema,
  /** Bumped by every price or status change: a slip shows prices of one version. */
  version: z.number().int(),
  selections: z.array(z.object({ key: z.string(), odds: oddsSchema })),
});
export type SportsMarket = z.infer<typeof sportsMarketSchema>;

export const sportsEventSchema = z.object({
  eventId: idSchema,
  category: sportsCategorySchema,
  /** football, basketball, tennis, an e-sports title, cockfight. */
  sport: z.string(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.iso.datetime(),
  status: sportsEventStatusSchema,
  result: sportsResultSchema.nullable(),
  markets: z.array(sportsMarketSchema),
});
export type SportsEvent = z.infer<typeof sportsEventSchema>;

export const sportsLegSchema = z.object({
  eventId: idSchema,
  /** "Home v Away", as the event was named when the bet was placed. */
  event: z.string(),
  category: sportsCategorySchema,
  marketId: idSchema,
  kind: sportsMarketKindSchema,
  /** The picked side's line (a handicap on the away side is the market's line negated). */
  line: z.number().int().nullable(),
  map: z.number().int().nullable(),
  key: z.string(),
  odds: oddsSchema,
  result: sportsLegResultSchema.nullable(),
});

export const sportsBetSchema = z.object({
  betId: idSchema,
  kind: z.enum(['single', 'parlay']),
  stake: z.string(),
  /** The most it can return (every leg a full win), minor units, stake included. */
  potentialReturn: z.string(),
  payout: z.string(),
  status: z.enum(['open', 'won', 'lost', 'void', 'refunded']),
  legs: z.array(sportsLegSchema),
  placedAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type SportsBet = z.infer<typeof sportsBetSchema>;

/** Legs of one bet: 1 is a single, 2–10 a parlay (at most one leg per event). */
export const SPORTS_MAX_LEGS = 10;

/** The feed file format (docs/sportsbook.md): what an operator imports or a feed adapter posts. */
export const sportsFeedSchema = z.object({
  events: z
    .array(
      z.object({
        /** The feed's own id: a second import of the same id updates the event and its prices. */
        externalId: z.string().regex(/^[A-Za-z0-9._:-]{1,80}$/),
        category: sportsCategorySchema,
        sport: z.string().trim().min(2).max(40),
        league: z.string().trim().min(2).max(80),
        home: z.string().trim().min(1).max(80),
        away: z.string().trim().min(1).max(80),
        startsAt: z.iso.datetime(),
        markets: z
          .array(
            z.object({
              kind: sportsMarketKindSchema,
              line: lineSchema.nullable().default(null),
              map: z.number().int().min(1).max(7).nullable().default(null),
              selections: z
                .array(z.object({ key: selectionKeySchema, odds: oddsSchema }))
                .min(2)
                .max(40),
            }),
          )
          .min(1)
          .max(60),
      }),
    )
    .min(1)
    .max(500),
});
export type SportsFeed = z.infer<typeof sportsFeedSchema>;

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const sportsRoutes = {
  sportsEvents: defineRoute({
    ...endpoints.sportsEvents,
    tag: 'sports',
    summary:
      'The book of a category: events not yet finished (and the last hour of results), soonest first, with their markets and current prices.',
    query: z.object({ category: sportsCategorySchema.default('SPORTS') }),
    reply: z.object({ list: z.array(sportsEventSchema), serverTime: z.iso.datetime() }),
  }),
  sportsBet: defineRoute({
    ...endpoints.sportsBet,
    tag: 'sports',
    summary:
      "Places a single (one leg) or a parlay (2–10 legs from different events), paid now through the house vendor's wallet callbacks. Each leg names the price the member saw; a price that moved is refused with the current prices (`sports.odds_changed`) unless `acceptOdds` is `better` (a higher price is taken) or `any`. Errors: `sports.market_unknown`, `sports.market_closed` (suspended, closed or started), `sports.selection_invalid`, `sports.parlay_same_event`, `sports.parlay_legs`, `sports.odds_changed`, `sports.stake_invalid`, `sports.stake_limit`, `sports.trial_refused`, `wallet.insufficient`.",
    body: z.object({
      legs: z
        .array(z.object({ marketId: idSchema, key: selectionKeySchema, odds: oddsSchema }))
        .min(1)
        .max(SPORTS_MAX_LEGS),
      /** Minor units. */
      stake: z.string().regex(/^[1-9][0-9]{0,15}$/),
      acceptOdds: z.enum(['none', 'better', 'any']).default('none'),
    }),
    reply: z.object({ bet: sportsBetSchema, balance: z.string().nullable() }),
  }),
  sportsMyBets: defineRoute({
    ...endpoints.sportsMyBets,
    tag: 'sports',
    summary: "The member's sports bets, newest first; `status=open` for the bets awaiting results.",
    query: z.object({ status: z.enum(['open', 'settled', 'all']).default('all'), ...pageQuery }),
    reply: z.object({
      list: z.array(sportsBetSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  opsSportsFeed: defineRoute({
    ...endpoints.opsSportsFeed,
    tag: 'ops',
    summary:
      'Imports events and markets in the feed format (docs/sportsbook.md): a new external id creates the event, a known one updates its names, time and prices (a market whose prices change gets a new version). Audited. All-brand admins only.',
    body: sportsFeedSchema.extend({ reason: z.string().trim().min(3).max(500) }),
    reply: z.object({ created: z.number().int(), updated: z.number().int() }),
  }),
  opsSportsMarket: defineRoute({
    ...endpoints.opsSportsMarket,
    tag: 'ops',
    summary:
      "Moves a market's prices and/or suspends or reopens it. Audited. All-brand admins only. Errors: `sports.market_unknown`, `sports.market_closed` (settled, voided or its event started), `sports.selection_invalid` (a key the market does not have).",
    body: z.object({
      marketId: idSchema,
      status: z.enum(['open', 'suspended']).optional(),
      selections: z
        .array(z.object({ key: selectionKeySchema, odds: oddsSchema }))
        .max(40)
        .optional(),
      reason: z.string().trim().min(3).max(500),
    }),
    reply: sportsMarketSchema,
  }),
  opsSportsResult: defineRoute({
    ...endpoints.opsSportsResult,
    tag: 'ops',
    summary:
      "Enters an event's result (or `void`: it did not take place) and settles every bet whose events all have results. Correcting a settled event's result resettles its bets: the difference goes through the ledger (`SPORTS_RESETTLE`) and is audited. All-brand admins only. Errors: `sports.event_unknown`, `sports.result_invalid` (a result kind that does not fit the event's markets).",
    body: z.object({
      eventId: idSchema,
      result: sportsResultSchema,
      reason: z.string().trim().min(3).max(500),
    }),
    reply: z.object({
      eventId: idSchema,
      settled: z.number().int(),
      resettled: z.number().int(),
      /** Σ resettlement differences, minor units (positive paid to members, negative taken back). */
      delta: z.string(),
    }),
  }),
  opsSportsRun: defineRoute({
    ...endpoints.opsSportsRun,
    tag: 'ops',
    summary:
      "Runs one pass of the book's schedule now: events that started close their markets, the simulator (when on) schedules fixtures, moves prices and produces results, and results settle. All-brand admins only.",
    reply: z.object({
      scheduled: z.number().int(),
      started: z.number().int(),
      finished: z.number().int(),
      settled: z.number().int(),
    }),
  }),
} as const;

/** Socket events of the domain (docs/realtime.md). */
export const sportsEvents = {
  /** On the public topic `sports:<category>`: a market's prices or status changed. */
  'sports.market': sportsMarketSchema.extend({ eventId: idSchema }),
  /** On the public topic `sports:<category>`: an event started, finished (with its result) or was cancelled. */
  'sports.event': sportsEventSchema.omit({ markets: true }),
  /** To the member: one of their bets was settled. */
  'sports.bet': sportsBetSchema,
} as const;
