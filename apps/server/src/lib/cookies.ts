import type { FastifyRequest } from 'fastify';

/**
 * One cookie of the request, parsed only when asked for. The cookie plugin is registered without
 * its parsing hook: two routes read a cookie, and parsing every request's header cost the rest.
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header || !header.includes(name)) return undefined;
  return request.server.parseCookie(header)[name];
}
