export * from './errors.js';
export * from './envelope.js';
export * from './route.js';
export * from './enums.js';
export * from './whitelabel.js';
export * from './register-rules.js';
export * from './system.js';
export * from './ops.js';
export * from './openapi.js';

import type { RouteDescriptor } from './route.js';
import { systemRoutes } from './system.js';
import { opsRoutes } from './ops.js';

/** Every route of the API, for the server's registration check and the OpenAPI document. */
export const allRoutes: readonly RouteDescriptor[] = [
  ...Object.values(systemRoutes),
  ...Object.values(opsRoutes),
];
