import { z } from 'zod';
import { errorEnvelopeSchema, okEnvelope } from './envelope.js';
import { errorCatalogue } from './errors.js';
import type { RouteDescriptor } from './route.js';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Splits an object schema into OpenAPI parameters (query or path). */
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The OpenAPI 3 document, generated from the route descriptors: never written by hand.
 * Each operation states its auth need (`x-auth`, plus a security requirement; operator routes also
 * the roles that may call them, `x-ops-roles`) and whether its body travels encrypted (`x-encrypted`).
 */
export function buildOpenApiDocument(routes: readonly RouteDescriptor[], info: { version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const errorStatuses = new Set<number>([400, 500]);
    if (route.auth === 'member' || route.auth === 'ops') errorStatuses.add(401);
    if (route.auth === 'ops') errorStatuses.add(403);
    const responses: Record<string, unknown> = {
      200: {
        description: 'Success envelope',
        content: { 'application/json': { schema: toSchema(okEnvelope(route.reply), 'output') } },
      },
    };
    for (const status of [...errorStatuses].sort()) {
      const codes = Object.entries(errorCatalogue)
        .filter(([, e]) => e.status === status)
        .map(([code]) => code);
      responses[status] = {
        description: `Error envelope (${codes.join(', ')})`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      };
    }
    const contentType = route.form ? 'application/x-www-form-urlencoded' : 'application/json';
    const op: Record<string, unknown> = {
      tags: [route.tag],
      summary: route.summary,
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      'x-auth': route.auth,
      'x-encrypted': route.encrypted,
      ...(route.modId ? { 'x-module': route.modId } : {}),
      ...(route.auth === 'ops' ? { 'x-ops-roles': route.opsRoles ?? ['admin'] } : {}),
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses,
    };
    if (route.auth === 'member') op.security = [{ sessionToken: [] }];
    if (route.auth === 'optional') op.security = [{}, { sessionToken: [] }];
    if (route.auth === 'ops') op.security = [{ opsSession: [] }, { opsToken: [] }, { opsKey: [] }];
    if (route.body) {
      op.requestBody = {
        required: true,
        description: route.encrypted
          ? 'Sent encrypted: header `Encryption` and body `{ "value": … }` carrying this object (docs/api.md).'
          : undefined,
        content: { [contentType]: { schema: toSchema(route.body, 'input') } },
      };
    }
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Arcadia API',
      version: info.version,
      description:
        'Player, agent and operator API. Every reply is an envelope: `{success: true, value}` or ' +
        '`{success: false, code, message, value?}`. Send `Merchant` to pick the brand and `Language` for content.',
    },
    paths,
    components: {
      schemas: { ErrorEnvelope: toSchema(errorEnvelopeSchema, 'output') },
      securitySchemes: {
        sessionToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
        opsSession: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`Ops <token>` from `POST /ops/session/login`',
        },
        opsToken: { type: 'apiKey', in: 'header', name: 'X-Ops-Token' },
        opsKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Ops-Key',
          description: 'the deployment key (break-glass)',
        },
      },
    },
  };
}
