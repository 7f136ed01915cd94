/**
 * The zod-free part of the contract, for the browser: wire endpoints, error codes, enums, the
 * whitelabel tree and the registration checker. Types of replies come from the main entry with
 * `import type`, which costs nothing at run time.
 */
export * from './endpoints.js';
export * from './errors.js';
export * from './enums.js';
export * from './whitelabel.js';
export * from './register-patterns.js';
export * from './support-rules.js';
export * from './brand-theme.js';
export type * from './route.js';
