// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './throttle.service.js';
export * from './throttle.repository.js';
