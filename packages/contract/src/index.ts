export * from './client.js';
export * from './envelope.js';
export * from './route.js';
export * from './register-rules.js';
export * from './system.js';
export * from './ops.js';
export * from './auth.js';
export * from './wallet.js';
export * from './payments.js';
export * from './operator.js';
export * from './openapi.js';

import type { RouteDescriptor } from './route.js';
import { systemRoutes } from './system.js';
import { opsRoutes } from './ops.js';
import { authRoutes } from './auth.js';
import { walletRoutes } from './wallet.js';
import { paymentRoutes } from './payments.js';
import { operatorRoutes } from './operator.js';
import type { EndpointName } from './endpoints.js';

/** Every route of the API by endpoint name: the server registers them, the docs describe them. */
export const routes = {
  ...systemRoutes,
  ...opsRoutes,
  ...authRoutes,
  ...walletRoutes,
  ...paymentRoutes,
  ...operatorRoutes,
} satisfies Record<EndpointName, RouteDescriptor>;
export type Routes = typeof routes;

export const allRoutes: readonly RouteDescriptor[] = Object.values(routes);
