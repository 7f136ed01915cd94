import { allRoutes, buildOpenApiDocument } from '@arcadia/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document generated from the contract at `/docs/json`, browsable at `/docs`. */
export async function registerDocs(app: FastifyInstance, version: string) {
  const document = buildOpenApiDocument(allRoutes, { version });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
