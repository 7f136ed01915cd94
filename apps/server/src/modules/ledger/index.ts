// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './ledger.service.js';
export * from './ledger.check.js';
