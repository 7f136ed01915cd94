// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './catalogue.service.js';
export * from './art.js';
