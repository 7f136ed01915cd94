/** Registry of every house game engine by its stable id. */
import { engineIds, type EngineId } from './types.js';
import { baccarat } from './engines/baccarat.js';
import { blackjack } from './engines/blackjack.js';
import { dice } from './engines/dice.js';
import { fishing } from './engines/fishing.js';
import { limbo } from './engines/limbo.js';
import { mines } from './engines/mines.js';
import { scratch } from './engines/scratch.js';
import { slotFruit, slotOcean, slotPharaoh } from './slots/index.js';

export const engines = {
  'slot-fruit': slotFruit,
  'slot-pharaoh': slotPharaoh,
  'slot-ocean': slotOcean,
  dice,
  limbo,
  mines,
  scratch,
  fishing,
  baccarat,
  blackjack,
} as const;

// Compile-time check that the registry holds exactly the published ids, each under its own id.
engines satisfies { [K in EngineId]: { id: K } };

export type Engines = typeof engines;
export type Engine = Engines[EngineId];

/** True when `id` names a house game engine. */
export function isEngineId(id: string): id is EngineId {
  return (engineIds as readonly string[]).includes(id);
}
