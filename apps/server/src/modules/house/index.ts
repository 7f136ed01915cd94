// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './house-rounds.js';
export * from './house.wallet.js';
