import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * The house live tables (spec §1 live casino, §2 /live and the home LIVE section; docs/live.md):
 * shared rounds of baccarat, dragon tiger, sic bo and roulette on a clock, seen by every player at
 * the table at once. An honest animated table, no video. Each round's seed is committed (SHA-256)
 * before betting opens and revealed once it is settled; bets go through the house vendor's signed
 * wallet callbacks like every house game.
 */

export const liveGameKindSchema = z.enum(['baccarat', 'dragon-tiger', 'sic-bo', 'roulette']);
export type LiveGameKindName = z.infer<typeof liveGameKindSchema>;
const tableCodeSchema = z.string().regex(/^[A-Z0-9_]{2,30}$/);
const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
const spotSchema = z.string().regex(/^[a-zA-Z0-9]{1,16}$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** betting → dealing (betting closed, the result on screen) → settled; voided refunds every bet. */
export const liveRoundStatusSchema = z.enum(['betting', 'dealing', 'settled', 'voided']);

/** A round's outcome (packages/games live maths). */
export const liveResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('baccarat'),
    playerCards: z.array(z.string()),
    bankerCards: z.array(z.string()),
    playerTotal: z.number().int(),
    bankerTotal: z.number().int(),
    winner: z.enum(['player', 'banker', 'tie']),
    playerPair: z.boolean(),
    bankerPair: z.boolean(),
  }),
  z.object({
    kind: z.literal('dragon-tiger'),
    dragon: z.string(),
    tiger: z.string(),
    winner: z.enum(['dragon', 'tiger', 'tie']),
  }),
  z.object({
    kind: z.literal('sic-bo'),
    dice: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
    total: z.number().int(),
  }),
  z.object({
    kind: z.literal('roulette'),
    number: z.number().int(),
    colour: z.enum(['red', 'black', 'green']),
  }),
]);
export type LiveResultOut = z.infer<typeof liveResultSchema>;

export const liveRoundSchema = z.object({
  tableCode: tableCodeSchema,
  roundId: idSchema,
  /** The table's round counter: the nonce of the round's stream. */
  roundNo: z.number().int(),
  status: liveRoundStatusSchema,
  opensAt: z.iso.datetime(),
  /** Bets placed at or after this instant are refused. */
  closesAt: z.iso.datetime(),
  /** When the result is settled (the deal shown between `closesAt` and this). */
  resultAt: z.iso.datetime(),
  /** SHA-256 of the server seed, published when betting opens. */
  seedHash: hex64,
  /** Known once betting has closed. */
  result: liveResultSchema.nullable(),
  /** Revealed once the round is settled or voided. */
  serverSeed: z.string().nullable(),
});
export type LiveRound = z.infer<typeof liveRoundSchema>;

/** What the table has on each spot this round (the brand's players), and how many are betting. */
export const liveTotalsSchema = z.object({
  tableCode: tableCodeSchema,
  roundId: idSchema,
  players: z.number().int(),
  spots: z.array(z.object({ spot: spotSchema, amount: z.string(), bets: z.number().int() })),
});
export type LiveTotals = z.infer<typeof liveTotalsSchema>;

export const liveTableSchema = z.object({
  tableCode: tableCodeSchema,
  kind: liveGameKindSchema,
  /** Per spot, the brand's minor units. */
  minBet: z.string(),
  maxBet: z.string(),
  betSeconds: z.number().int(),
  spots: z.array(spotSchema),
  /** Published pays per spot family ("35:1"). */
  pays: z.record(z.string(), z.string()),
  round: liveRoundSchema.nullable(),
  /** The last settled rounds, newest last (the roads and the history strip). */
  history: z.array(
    z.object({
      roundId: idSchema,
      roundNo: z.number().int(),
      summary: z.string(),
      result: liveResultSchema,
      /** The round's commitment and its revealed seed: anyone can check one against the other. */
      seedHash: hex64,
      serverSeed: z.string(),
    }),
  ),
});
export type LiveTable = z.infer<typeof liveTableSchema>;

export const liveBetSchema = z.object({
  betId: idSchema,
  tableCode: tableCodeSchema,
  roundId: idSchema,
  roundNo: z.number().int(),
  spot: spotSchema,
  stake: z.string(),
  payout: z.string(),
  status: z.enum(['open', 'won', 'lost', 'refunded']),
  placedAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type LiveBet = z.infer<typeof liveBetSchema>;

/** Bets one placement may carry (one per spot). */
export const LIVE_MAX_SPOTS_PER_BET = 20;
/** History rounds a table returns. */
export const LIVE_HISTORY = 72;

export const liveRoutes = {
  liveTables: defineRoute({
    ...endpoints.liveTables,
    tag: 'live',
    summary:
      "The house live tables with the round in play (its commitment, closing time, and result once dealt), limits in the brand's currency, and the last settled rounds.",
    query: z.object({ tableCode: tableCodeSchema.optional() }),
    reply: z.object({ list: z.array(liveTableSchema), serverTime: z.iso.datetime() }),
  }),
  liveTotals: defineRoute({
    ...endpoints.liveTotals,
    tag: 'live',
    summary:
      "What the brand's players have on each spot of a table's current round, and how many are betting.",
    query: z.object({ tableCode: tableCodeSchema }),
    reply: liveTotalsSchema.nullable(),
  }),
  liveBet: defineRoute({
    ...endpoints.liveBet,
    tag: 'live',
    summary:
      "Places bets on the round in play, one per spot, all or none, paid now through the house vendor's wallet callbacks. Errors: `live.table_unknown`, `live.betting_closed` (the round named is not the one taking bets, or its betting closed), `live.spot_invalid`, `live.stake_invalid` (outside the table's limits, including the member's total on a spot this round), `live.trial_refused`, `wallet.insufficient`.",
    body: z.object({
      tableCode: tableCodeSchema,
      roundId: idSchema,
      bets: z
        .array(z.object({ spot: spotSchema, amount: z.string().regex(/^[1-9][0-9]{0,15}$/) }))
        .min(1)
        .max(LIVE_MAX_SPOTS_PER_BET),
    }),
    reply: z.object({ list: z.array(liveBetSchema), balance: z.string().nullable() }),
  }),
  liveMyBets: defineRoute({
    ...endpoints.liveMyBets,
    tag: 'live',
    summary: "The member's live-table bets, newest first; of one table and/or one round when asked.",
    query: z.object({
      tableCode: tableCodeSchema.optional(),
      roundId: idSchema.optional(),
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    reply: z.object({
      list: z.array(liveBetSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
  opsLiveVoid: defineRoute({
    ...endpoints.opsLiveVoid,
    tag: 'ops',
    summary:
      'Voids a round that has not been settled (a table fault): every bet on it is refunded through the wallet and its seed revealed. Audited. All-brand admins only. Errors: `live.table_unknown`, `live.round_settled`.',
    body: z.object({
      tableCode: tableCodeSchema,
      roundId: idSchema,
      reason: z.string().trim().min(3).max(500),
    }),
    reply: z.object({ roundId: idSchema, refunded: z.number().int() }),
  }),
} as const;

/** Socket events of the domain (docs/realtime.md). */
export const liveEvents = {
  /** On the public topic `live:<tableCode>`: a round opened, closed (with its result) or was settled/voided. */
  'live.round': liveRoundSchema,
  /** On the public topic `live:<tableCode>`: the spots' totals changed (at most twice a second). */
  'live.totals': liveTotalsSchema,
  /** To the member: one of their live bets was settled or refunded. */
  'live.bet': liveBetSchema,
} as const;
