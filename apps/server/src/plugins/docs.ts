import { allRoutes, buildOpenApiDocument, socketClientEvents, socketEvents } from '@arcadia/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI 3.1 document generated from the contract at `/docs/json`, browsable at `/docs`: every
 * route, the vendor wallet callbacks as `webhooks`, and the real-time channel's events as
 * `x-socket-events`.
 */
export async function registerDocs(app: FastifyInstance, version: string) {
  const document = buildOpenApiDocument(allRoutes, {
    version,
    socketEvents: { server: socketEvents, client: socketClientEvents },
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
