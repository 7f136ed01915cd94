import { type SetCookie, parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One cookie of the request, parsed only when asked for: two routes read a cookie, so parsing
 * every request's header (or running a cookie hook on every reply) would cost every other route.
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header || !header.includes(name)) return undefined;
  return parseCookie(header)[name];
}

/** Adds a `Set-Cookie` header to the reply (Fastify keeps each one as its own header line). */
export function setReplyCookie(reply: FastifyReply, cookie: SetCookie): void {
  reply.header('set-cookie', stringifySetCookie(cookie));
}
