// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './verification.service.js';
export * from './messenger.js';
export * from './verification.repository.js';
