// The module's face: other modules import from here (docs/ARCHITECTURE.md).
export * from './session.service.js';
export * from './session.repository.js';
export * from './keys.service.js';
export * from './captcha.service.js';
export * from './auth.service.js';
