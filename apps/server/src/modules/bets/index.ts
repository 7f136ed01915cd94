// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './bets.service.js';
export * from './game-info.js';
