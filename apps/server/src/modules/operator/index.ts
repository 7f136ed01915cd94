// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './operator.service.js';
export * from './operator-audit.js';
export * from './operator.repository.js';
