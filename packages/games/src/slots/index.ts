/** The three house video slots as engines. */
import { fruitConfig, oceanConfig, pharaohConfig } from './configs.js';
import { makeSlot } from './slot.js';

/** Fruit Fiesta: classic fruits, 10 fixed paylines, a wild star. */
export const slotFruit = makeSlot(fruitConfig);
/** Pharaoh's Fortune: 243 ways, wild on reels 2–5, sun scatters award 8/12/20 free spins at 2×. */
export const slotPharaoh = makeSlot(pharaohConfig);
/** Ocean Treasures: 20 paylines, wild trident, treasure-chest scatter pays anywhere. */
export const slotOcean = makeSlot(oceanConfig);

export * from './slot.js';
export { fruitConfig, oceanConfig, pharaohConfig, TEN_LINES, TWENTY_LINES } from './configs.js';
