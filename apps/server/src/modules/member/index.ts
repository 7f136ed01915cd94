// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './member.service.js';
export * from './member.repository.js';
