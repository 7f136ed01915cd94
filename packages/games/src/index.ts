/**
 * Pure game maths: the provably fair stream and the house games. Deterministic and free of I/O,
 * so the server, the house vendor and a player's own verifier compute the same outcome.
 * Money is bigint minor units; multipliers are exact ratios (see types.ts).
 */
export * from './fair.js';
export * from './types.js';
export * from './engines/dice.js';
export * from './engines/limbo.js';
export * from './engines/fishing.js';
export * from './engines/mines.js';
export * from './engines/scratch.js';
export * from './engines/cards.js';
export * from './engines/baccarat.js';
export * from './engines/blackjack.js';
export * from './slots/index.js';
export * from './registry.js';
export * from './replay.js';
export * from './contracts/index.js';
export * from './sports/index.js';
export * from './sports/pricing.js';
export * from './lottery/index.js';
export * from './live/games.js';
export * from './live/roads.js';
export * from './live/tables.js';
export * from './pvp/hands.js';
export * from './pvp/niuniu.js';
export * from './pvp/holdem.js';
export * from './pvp/threecard.js';
export * from './pvp/turn-views.js';
export * from './pvp/bots.js';
export * from './raffle.js';
