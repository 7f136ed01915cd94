import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/**
 * The house game client's API (`/house/api/…`): what the `/play/:engine` page talks to after a
 * launch. It is the vendor's own API, not the player site's: the caller is identified by the
 * launch token in the `X-Game-Token` header (the `token` of the launch URL), never by the site
 * session. The brand is the launch's, whatever `Merchant` says. Money on this API is always a
 * string of integer minor units (e.g. "150" = 1.50 with `currencyScale` 2), like the vendor
 * wallet protocol, so no float ever carries money.
 */
export const houseTokenHeader = 'x-game-token';

export const houseEngineIds = [
  'slot-fruit',
  'slot-pharaoh',
  'slot-ocean',
  'dice',
  'limbo',
  'mines',
  'scratch',
  'fishing',
  'baccarat',
  'blackjack',
] as const;
export const houseEngineSchema = z.enum(houseEngineIds);
export type HouseEngineId = z.infer<typeof houseEngineSchema>;

/** Integer minor units as a decimal string: "0", "150", … */
export const minorUnitsSchema = z.string().regex(/^(0|[1-9]\d{0,17})$/, 'integer minor units as a string');

/** A client seed the player chooses: printable, no spaces, at most 64 characters. */
export const clientSeedSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._:@+-]+$/, 'letters, digits and . _ : @ + -');

export const houseModeSchema = z.enum(['real', 'trial']);

/** The fairness state before the next bet: the active server seed is only shown as its hash. */
export const houseFairnessSchema = z
  .object({
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** The nonce the next bet will use. */
    nonce: z.number().int(),
  })
  .meta({ id: 'HouseFairness' });
export type HouseFairness = z.infer<typeof houseFairnessSchema>;

/**
 * Multi-step games (mines, blackjack) have these actions; one-shot games use `play`:
 * - mines: `start` (stake, params `{ mines }`), `reveal` (params `{ cell }`), `cashout`;
 * - blackjack: `deal` (stake), `hit`, `stand`, `double`, `split` (the last two bet again);
 * - every other engine: `play` (stake, the engine's bet params, e.g. dice `{ target, direction }`).
 */
export const houseActions = [
  'play',
  'start',
  'reveal',
  'cashout',
  'deal',
  'hit',
  'stand',
  'double',
  'split',
] as const;
export const houseActionSchema = z.enum(houseActions);
export type HouseAction = z.infer<typeof houseActionSchema>;

export const houseRoundStatusSchema = z.enum(['open', 'closed', 'void']);

export const houseRoundSchema = z
  .object({
    roundId: z.string(),
    gameCode: z.string(),
    engine: houseEngineSchema,
    mode: houseModeSchema,
    /** `open`: a mines or blackjack round waiting for the next action; `void`: refunded. */
    status: houseRoundStatusSchema,
    /** Everything staked in the round (blackjack double and split add to it). */
    stake: minorUnitsSchema,
    /** Paid so far; final once the round is closed. */
    payout: minorUnitsSchema,
    /** The bet's parameters as sent (dice target, mines count, slot lines …). */
    params: z.unknown(),
    /**
     * The engine's outcome (reels and wins, roll, card hands …) for closed rounds, or the
     * visible state of an open one (revealed cells, the player's hands and the dealer's up card).
     */
    outcome: z.unknown(),
    clientSeed: z.string(),
    nonce: z.number().int(),
    serverSeedHash: z.string(),
    /** Revealed only once the seed that produced the round has been rotated. */
    serverSeed: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: 'HouseRound' });
export type HouseRound = z.infer<typeof houseRoundSchema>;

export const houseSessionSchema = z
  .object({
    gameCode: z.string(),
    /** The game's catalogue name in the launch language (English, else the code, when missing). */
    gameName: z.string(),
    engine: houseEngineSchema,
    mode: houseModeSchema,
    language: z.string(),
    currency: z.string(),
    currencyScale: z.number().int(),
    /** Real: the platform balance (asked through the wallet callback); trial: play money. */
    balance: minorUnitsSchema,
    fairness: houseFairnessSchema,
    /**
     * The engine's rules (paytable, limits, RTP …) as published by the games package, plus
     * `minStake`/`maxStake` (minor units) and, for slots, `minSpinMs` (the client's minimum spin
     * time) and `autoplay: false`.
     */
    rules: z.record(z.string(), z.unknown()),
    /** An unfinished mines or blackjack round of this game to resume. */
    openRound: houseRoundSchema.nullable(),
  })
  .meta({ id: 'HouseSession' });
export type HouseSession = z.infer<typeof houseSessionSchema>;

export const housePlayBodySchema = z.object({
  action: houseActionSchema,
  /** Needed by `play`, `start` and `deal`; ignored by the follow-up actions. */
  stake: minorUnitsSchema.optional(),
  /** The engine's parameters (dice `{ target, direction }`, mines `{ mines }` / `{ cell }`, …). */
  params: z.record(z.string(), z.unknown()).default({}),
  /** Follow-up actions name the open round; absent means this game's open round. */
  roundId: z.string().max(64).optional(),
});
export type HousePlayBody = z.input<typeof housePlayBodySchema>;

export const housePlayReplySchema = z.object({
  round: houseRoundSchema,
  balance: minorUnitsSchema,
  fairness: houseFairnessSchema,
});
export type HousePlayReply = z.infer<typeof housePlayReplySchema>;

export const houseSeedBodySchema = z
  .object({
    /** A new client seed (applies to the next bet). */
    clientSeed: clientSeedSchema.optional(),
    /** Retire the active server seed (revealing it) and start a new one at nonce 0. */
    rotate: z.boolean().default(false),
  })
  .refine((b) => b.rotate || b.clientSeed !== undefined, { message: 'give clientSeed or rotate: true' });

export const houseRevealedSeedSchema = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** How many bets the seed served (the last nonce used is this minus one). */
  nonce: z.number().int(),
});

export const houseSeedReplySchema = z.object({
  /** The retired seed, when the call rotated. */
  previous: houseRevealedSeedSchema.nullable(),
  fairness: houseFairnessSchema,
});

export const houseVerifyBodySchema = z.object({
  engine: houseEngineSchema,
  serverSeed: z.string().min(1).max(256),
  clientSeed: z.string().min(1).max(64),
  nonce: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /**
   * The bet's parameters as shown in the round (`params`). Mines and blackjack outcomes depend
   * on the player's choices: give `actions` (e.g. `[{ "action": "reveal", "params": { "cell": 3 } }]`,
   * `[{ "action": "hit" }, { "action": "stand" }]`) to replay them; without, the reply shows what
   * the seeds decided at the start (mine positions, the shoe's order).
   */
  params: z.record(z.string(), z.unknown()).default({}),
  actions: z
    .array(z.object({ action: houseActionSchema, params: z.record(z.string(), z.unknown()).default({}) }))
    .max(64)
    .default([]),
  /** The stake in minor units the outcome's payout is computed for (default 100 = 1.00). */
  stake: minorUnitsSchema.default('100'),
});
export type HouseVerifyBody = z.input<typeof houseVerifyBodySchema>;

export const houseVerifyReplySchema = z.object({
  engine: houseEngineSchema,
  serverSeedHash: z.string(),
  stake: minorUnitsSchema,
  payout: minorUnitsSchema,
  /** Whether the round is finished after the given actions (always true for one-shot games). */
  finished: z.boolean(),
  outcome: z.unknown(),
});

export const houseEngineInfoSchema = z.object({
  engine: houseEngineSchema,
  name: z.string(),
  rules: z.record(z.string(), z.unknown()),
});

export const houseRoutes = {
  houseSession: defineRoute({
    ...endpoints.houseSession,
    tag: 'house',
    summary:
      'The launched game: mode, currency, balance, fairness state (server seed hash, client seed, next nonce), the engine’s rules and an open mines/blackjack round to resume. Header `X-Game-Token`: the launch token.',
    reply: houseSessionSchema,
  }),
  housePlay: defineRoute({
    ...endpoints.housePlay,
    tag: 'house',
    summary:
      'Bet and resolve with the fair stream at the current nonce (one-shot games), or start / continue a mines or blackjack round. Real mode debits and credits through the signed wallet callbacks; trial mode uses play money. Refused bets leave the nonce unchanged.',
    body: housePlayBodySchema,
    reply: housePlayReplySchema,
  }),
  houseSeed: defineRoute({
    ...endpoints.houseSeed,
    tag: 'house',
    summary:
      'Change the client seed and/or rotate the server seed: rotation reveals the retired seed and shows the new one’s hash, nonce back to 0. Refused while a round of this player is open.',
    body: houseSeedBodySchema,
    reply: houseSeedReplySchema,
  }),
  houseHistory: defineRoute({
    ...endpoints.houseHistory,
    tag: 'house',
    summary: 'The player’s recent rounds in this game with their fairness data, newest first.',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    reply: z.object({ list: z.array(houseRoundSchema) }),
  }),
  houseVerify: defineRoute({
    ...endpoints.houseVerify,
    tag: 'house',
    summary:
      'Public verifier: recompute an outcome from server seed, client seed, nonce and the bet’s parameters (and, for mines and blackjack, the player’s actions).',
    body: houseVerifyBodySchema,
    reply: houseVerifyReplySchema,
  }),
  houseEngines: defineRoute({
    ...endpoints.houseEngines,
    tag: 'house',
    summary: 'Every house engine with its published rules (for rules pages and the verifier).',
    reply: z.object({ list: z.array(houseEngineInfoSchema) }),
  }),
};
