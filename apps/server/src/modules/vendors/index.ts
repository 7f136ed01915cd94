// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './adapter.js';
export * from './vendor-secret.js';
export * from './vendor-session.js';
export * from './vendor-wallet.service.js';
