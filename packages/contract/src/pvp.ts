import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';

/*
 * Player-versus-player card rooms (spec §1 PvP, §2 /pvp; reference §2.4 GLS2_roomList;
 * docs/pvp.md). Bull-bull (niu-niu) with a rotating banker: seated players buy chips in from the
 * main wallet, every hand deals five cards to each seat from a provably fair shuffle, the banker
 * pays or collects against each player by the hands' multipliers, the house takes a capped rake
 * from what winners win, and leaving cashes the stack out — all through the ledger.
 */

const tableCodeSchema = z.string().regex(/^[A-Z0-9_]{2,30}$/);
const idSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const pvpHandResultSchema = z.object({
  seats: z.array(
    z.object({
      seat: z.number().int(),
      player: z.string(),
      cards: z.array(z.string()),
      hand: z.string(),
      bull: z.number().int(),
      multiplier: z.number().int(),
      /** Stake multiple the player chose (the banker's is 0). */
      bet: z.number().int(),
      /** Chips won (+) or lost (−) this hand, after rake; minor units. */
      net: z.string(),
      rake: z.string(),
    }),
  ),
  bankerSeat: z.number().int(),
});

/** A hold'em hand in play, as the viewer may see it (other seats' hole cards only at a showdown). */
export const pvpHoldemSchema = z.object({
  street: z.enum(['preflop', 'flop', 'turn', 'river', 'showdown']),
  board: z.array(z.string()),
  /** Chips in the pot (all streets), minor units. */
  pot: z.string(),
  button: z.number().int(),
  toAct: z.number().int().nullable(),
  /** When the player to act runs out of time (then checks if free, else folds). */
  deadline: z.iso.datetime().nullable(),
  players: z.array(
    z.object({
      seat: z.number().int(),
      /** Put in this hand and on this street. */
      committed: z.string(),
      street: z.string(),
      folded: z.boolean(),
      allIn: z.boolean(),
      /** The viewer's own cards, or everyone's still in at a showdown; otherwise null. */
      hole: z.array(z.string()).nullable(),
    }),
  ),
  /** The viewer's choices when it is the viewer's turn. */
  options: z
    .object({
      canCheck: z.boolean(),
      toCall: z.string(),
      canRaise: z.boolean(),
      minRaiseTo: z.string(),
      maxRaiseTo: z.string(),
    })
    .nullable(),
});

export type PvpHoldem = z.infer<typeof pvpHoldemSchema>;

/**
 * A three-card hand in play, as the viewer may see it: the viewer's own cards once looked (or once
 * the hand is over), the other side of a comparison the viewer took part in, everyone still in at
 * a showdown; otherwise null.
 */
export const pvpThreeCardSchema = z.object({
  /** Betting round (1 … maxRounds); after the last, the players still in show down. */
  round: z.number().int(),
  maxRounds: z.number().int(),
  /** The blind price of a turn now, minor units (a seen player pays twice). */
  stake: z.string(),
  pot: z.string(),
  button: z.number().int(),
  toAct: z.number().int().nullable(),
  /** When the player to act runs out of time (then folds). */
  deadline: z.iso.datetime().nullable(),
  players: z.array(
    z.object({
      seat: z.number().int(),
      committed: z.string(),
      folded: z.boolean(),
      /** Out by losing a comparison. */
      lost: z.boolean(),
      /** Has looked at their cards. */
      seen: z.boolean(),
      hole: z.array(z.string()).nullable(),
    }),
  ),
  comparisons: z.array(
    z.object({ seat: z.number().int(), against: z.number().int(), winner: z.number().int() }),
  ),
  /** The viewer is in the hand and has not looked yet. */
  canLook: z.boolean(),
  /** The viewer's choices when it is the viewer's turn: call at `price`, raise to a level, compare with a seat. */
  options: z
    .object({
      price: z.string(),
      raises: z.array(z.object({ to: z.string(), price: z.string() })),
      compare: z.array(z.number().int()),
    })
    .nullable(),
});
export type PvpThreeCard = z.infer<typeof pvpThreeCardSchema>;

export const pvpGameSchema = z.enum(['niuniu', 'holdem', 'threecard']);

export const pvpTableSchema = z.object({
  tableCode: tableCodeSchema,
  game: pvpGameSchema,
  /** One bet multiple, the brand's minor units. */
  unit: z.string(),
  minBuyIn: z.string(),
  maxSeats: z.number().int(),
  seats: z.array(
    z.object({
      seat: z.number().int(),
      player: z.string(),
      stack: z.string(),
      /** The viewer's own seat. */
      mine: z.boolean(),
      leaving: z.boolean(),
    }),
  ),
  hand: z
    .object({
      handId: idSchema,
      handNo: z.number().int(),
      status: z.enum(['betting', 'dealing', 'settled', 'voided']),
      bankerSeat: z.number().int(),
      closesAt: z.iso.datetime(),
      resultAt: z.iso.datetime(),
      seedHash: hex64,
      serverSeed: z.string().nullable(),
      /** Seat → chosen multiple while betting. */
      bets: z.array(z.object({ seat: z.number().int(), multiple: z.number().int() })),
      result: pvpHandResultSchema.nullable(),
      /** Hold'em rooms: the hand in play. */
      holdem: pvpHoldemSchema.nullable(),
      /** Three-card rooms: the hand in play. */
      threecard: pvpThreeCardSchema.nullable(),
    })
    .nullable(),
});
export type PvpTable = z.infer<typeof pvpTableSchema>;

export const pvpRoomSchema = z.object({
  roomId: tableCodeSchema,
  game: pvpGameSchema,
  unit: z.string(),
  minBuyIn: z.string(),
  maxSeats: z.number().int(),
  seatsTaken: z.number().int(),
});

/** Bet multiples a player may choose in a hand. */
export const PVP_MULTIPLES = [1, 2, 3, 4, 5] as const;

export const pvpRoutes = {
  pvpRoomList: defineRoute({
    ...endpoints.pvpRoomList,
    tag: 'pvp',
    summary: "The brand's card rooms (the original's `GLS2_roomList`): stakes, seats taken, minimum buy-in.",
    reply: z.object({ list: z.array(pvpRoomSchema) }),
  }),
  pvpTable: defineRoute({
    ...endpoints.pvpTable,
    tag: 'pvp',
    summary:
      'One room: its seats and stacks, and the hand in play (its commitment; cards once dealt; the seed once settled).',
    query: z.object({ tableCode: tableCodeSchema }),
    reply: pvpTableSchema.extend({ serverTime: z.iso.datetime() }),
  }),
  pvpSit: defineRoute({
    ...endpoints.pvpSit,
    tag: 'pvp',
    summary:
      'Takes a free seat and buys chips in from the main wallet (`PVP_BUY_IN`), once per `requestId`. Errors: `pvp.table_unknown`, `pvp.buy_in_invalid` (below the minimum), `pvp.table_full`, `pvp.seated` (already at this table), `pvp.trial_refused`, `wallet.insufficient`.',
    body: z.object({
      tableCode: tableCodeSchema,
      buyIn: z.string().regex(/^[1-9][0-9]{0,15}$/),
      requestId: z.string().trim().min(8).max(64),
    }),
    reply: pvpTableSchema,
  }),
  pvpBet: defineRoute({
    ...endpoints.pvpBet,
    tag: 'pvp',
    summary:
      "Chooses the member's bet multiple for the hand taking bets (the banker does not bet; a seat that does not choose plays 1). Errors: `pvp.not_seated`, `pvp.betting_closed`, `pvp.stack_short` (the stack cannot cover the multiple at the top hand's ×5).",
    body: z.object({
      tableCode: tableCodeSchema,
      handId: idSchema,
      multiple: z.number().int().min(1).max(5),
    }),
    reply: z.object({ ok: z.literal(true) }),
  }),
  pvpAct: defineRoute({
    ...endpoints.pvpAct,
    tag: 'pvp',
    summary:
      "Turn-based rooms: the member's action. Hold'em, on their turn: fold, check, call, or raise to a street total (`to`, minor units; the whole stack is always allowed). Three-card: look at one's cards (any time), and on their turn fold, call, raise the blind price to a level (`to`, minor units) or compare hands with a seat still in (`against`, from the second turn). Errors: `pvp.not_seated`, `pvp.not_your_turn`, `pvp.action_invalid`.",
    body: z.object({
      tableCode: tableCodeSchema,
      handId: idSchema,
      action: z.enum(['fold', 'check', 'call', 'raise', 'look', 'compare']),
      to: z
        .string()
        .regex(/^[1-9][0-9]{0,15}$/)
        .optional(),
      against: z.number().int().min(0).max(9).optional(),
    }),
    reply: z.object({ ok: z.literal(true) }),
  }),
  pvpLeave: defineRoute({
    ...endpoints.pvpLeave,
    tag: 'pvp',
    summary:
      'Leaves the seat and cashes the stack out to the main wallet (`PVP_CASH_OUT`); during a deal the seat leaves once the hand is settled. Errors: `pvp.not_seated`.',
    body: z.object({ tableCode: tableCodeSchema }),
    reply: z.object({ cashedOut: z.string().nullable(), leaving: z.boolean() }),
  }),
} as const;

/** Socket events of the domain (docs/realtime.md). */
export const pvpEvents = {
  /** On the public topic `pvp:<tableCode>` of the brand: seats, stacks or the hand changed. */
  'pvp.table': z.object({ tableCode: tableCodeSchema }),
} as const;
