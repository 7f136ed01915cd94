import { type Endpoint, type EndpointName, endpoints } from '@arcadia/contract/client';

/** Path of the real-time socket (the contract's `socketPath`), here so that it comes without the table. */
export { socketPath } from '@arcadia/contract/client';

/** What the API client needs of a route: how to send it. */
export type WireEndpoint = Pick<Endpoint, 'method' | 'path' | 'encrypted' | 'form'>;

/**
 * The contract's endpoint table, for the API client. The production build replaces this module
 * with a compact table generated from the same contract at build time (`wireEndpointTable` in
 * vite.config.ts): method, path and the body's form only (and the socket path), a third of the table's weight in the
 * first download. Development and tests use the contract's table as it is.
 */
export const wireEndpoints: Record<EndpointName, WireEndpoint> = endpoints;
