import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built SPA. Hashed assets under /assets are cached for a year; index.html is never
 * cached so a deploy is picked up at once. Returns the history-fallback responder, or null when
 * there is no build (development with Vite, or API-only tests).
 */
export async function registerSpa(app: FastifyInstance, dir: string) {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const indexHtml = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: dir,
    index: ['index.html'],
    // One route per built file (listed at start): an unknown path costs a route miss, not a disk
    // lookup, so the not-found answer is as cheap as any other.
    wildcard: false,
    setHeaders(res, filePath) {
      const rel = path.relative(dir, filePath);
      res.header(
        'cache-control',
        rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    const accept = request.headers.accept ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !accept.startsWith('image/');
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(request.url.split('?')[0] ?? '');
    if (!wantsPage || looksLikeFile) return null;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  };
}
