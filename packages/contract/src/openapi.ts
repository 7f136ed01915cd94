import { z } from 'zod';
import { errorEnvelopeSchema, okEnvelope } from './envelope.js';
import { errorCatalogue } from './errors.js';
import type { RouteDescriptor } from './route.js';
import { vendorOps, vendorReplySchema, vendorRequestSchemas } from './vendor.js';

type JsonSchema = Record<string, unknown>;

/** Where the document keeps its named schemas, and how a `$ref` points at one. */
const COMPONENTS_PREFIX = '#/components/schemas/';

/**
 * The named schemas of one document. Every schema the contract names (`.meta({ id })`) lands in
 * `components.schemas` under that name, once, and every `$ref` points there: zod writes a named
 * schema into the converted schema's own `$defs`, which a document does not have, so each
 * conversion's `$defs` move into the components and its refs are rewritten to match.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of `schema` as a client sends it or receives it. */
  convert(schema: z.ZodType, io: 'input' | 'output', hint: string): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    // A recursive schema without a name refers to itself as `#`: it becomes a component of its own.
    const root = containsRootRef(json) || Object.values(defs).some(containsRootRef) ? `${hint}Root` : null;
    const names = this.place(defs, io, hint, root);
    if (root === null) return rewriteRefs(json, names);
    this.schemas[root] = rewriteRefs(json, names);
    return { $ref: COMPONENTS_PREFIX + root };
  }

  /**
   * Component names for one conversion's `$defs`: the schema's own name when that component is
   * free or already holds the same schema, else a suffixed one (`BrandAvailabilityInput` when the
   * shape a client sends differs from the one it receives). A def refers to others by name, so
   * the names settle over a few rounds.
   */
  private place(defs: Record<string, JsonSchema>, io: 'input' | 'output', hint: string, root: string | null) {
    const names = new Map<string, string>(root === null ? [] : [['#', root]]);
    for (const key of Object.keys(defs)) {
      // zod names an unnamed shared or recursive part `__schema0`: unique only within one conversion.
      names.set(key, key.startsWith('__') ? `${hint}_${key.replace(/^_+/, '')}` : key);
    }
    for (let round = 0; round < 8; round++) {
      let changed = false;
      for (const [key, def] of Object.entries(defs)) {
        const current = names.get(key)!;
        const body = rewriteRefs(def, names);
        const base = key.startsWith('__') ? current : key;
        const name = this.free(base, body, io);
        if (name !== current) {
          names.set(key, name);
          changed = true;
        }
      }
      if (!changed) break;
    }
    for (const [key, def] of Object.entries(defs)) {
      const name = names.get(key)!;
      this.schemas[name] ??= rewriteRefs(def, names);
    }
    return names;
  }

  /** `base`, or the first of `baseInput`, `base2`, `base3` … that is free or holds `body` already. */
  private free(base: string, body: JsonSchema, io: 'input' | 'output'): string {
    const candidates = io === 'input' ? [base, `${base}Input`] : [base];
    for (let n = 2; candidates.length < 50; n++) candidates.push(`${base}${n}`);
    const text = JSON.stringify(body);
    for (const name of candidates) {
      const existing = this.schemas[name];
      if (existing === undefined || JSON.stringify(existing) === text) return name;
    }
    throw new Error(`no free component name for ${base}`);
  }

  /** A schema registered under `name` (which must be free or hold the same schema). */
  named(name: string, schema: z.ZodType, io: 'input' | 'output'): { $ref: string } {
    const json = this.convert(schema, io, name);
    if (typeof json.$ref === 'string' && Object.keys(json).length === 1) return { $ref: json.$ref };
    const placed = this.free(name, json, io);
    this.schemas[placed] = json;
    return { $ref: COMPONENTS_PREFIX + placed };
  }
}

function containsRootRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsRootRef);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => (k === '$ref' && v === '#') || containsRootRef(v));
}

/** A copy of `value` with `#/$defs/<key>` (and a root `#`) pointing at the component names. */
function rewriteRefs<T>(value: T, names: ReadonlyMap<string, string>): T {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, names)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string') {
      const target =
        v === '#' ? '#' : v.startsWith('#/$defs/') ? decodePointer(v.slice('#/$defs/'.length)) : null;
      const name = target === null ? undefined : names.get(target);
      out[key] = name === undefined ? v : COMPONENTS_PREFIX + name;
    } else {
      out[key] = rewriteRefs(v, names);
    }
  }
  return out as T;
}

const decodePointer = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** Splits an object schema into OpenAPI parameters (query or path). */
function parameters(
  components: SchemaComponents,
  schema: z.ZodType | undefined,
  where: 'query' | 'path',
  hint: string,
) {
  if (!schema) return [];
  const json = components.convert(schema, 'input', hint) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`;

/** Headers every call may send (docs/api.md "Requests"), shared by reference. */
const commonParameters = {
  Merchant: {
    name: 'Merchant',
    in: 'header',
    required: false,
    description: 'Brand code (case-insensitive); the deployment default when absent. Send it once.',
    schema: { type: 'string', maxLength: 32 },
  },
  Language: {
    name: 'Language',
    in: 'header',
    required: false,
    description: 'Interface language code (`EN`, `ZH`, …) for content.',
    schema: { type: 'string' },
  },
  Encryption: {
    name: 'Encryption',
    in: 'header',
    required: true,
    description: 'base64(RSA-OAEP-SHA256(AES key)) of the encrypted body (docs/api.md "Encrypted bodies").',
    schema: { type: 'string' },
  },
} as const;
const parameterRef = (name: keyof typeof commonParameters) => ({ $ref: `#/components/parameters/${name}` });

/** The encrypted-body envelope: `{ value: base64(iv ‖ ciphertext ‖ tag) }`. */
const encryptedBodySchema: JsonSchema = {
  type: 'object',
  properties: { value: { type: 'string', description: 'base64(iv ‖ AES-256-GCM ciphertext ‖ tag)' } },
  required: ['value'],
};

/**
 * The seamless vendor wallet protocol (docs/vendor-protocol.md) as OpenAPI `webhooks`: the
 * requests a game vendor sends to `POST /vendor/{vendorCode}/{op}`, signed over the raw body. They
 * are not envelope routes, so they are described here rather than under `paths`.
 */
function vendorWebhooks(components: SchemaComponents) {
  const reply = components.named('VendorReply', vendorReplySchema, 'output');
  const webhooks: Record<string, unknown> = {};
  for (const op of vendorOps) {
    const name = `Vendor${op[0]!.toUpperCase()}${op.slice(1)}Request`;
    webhooks[`vendor.${op}`] = {
      post: {
        tags: ['vendor'],
        operationId: `vendor${op[0]!.toUpperCase()}${op.slice(1)}`,
        summary: `Seamless wallet: ${op}`,
        description:
          `Sent by a seamless game vendor to \`POST /vendor/{vendorCode}/${op}\`. The body is JSON, signed ` +
          'byte for byte: `X-Signature` is hex(HMAC-SHA256(secret, raw body)). Every reply is HTTP 200 ' +
          '`{ status, … }` except a missing or wrong signature (HTTP 401, `INVALID_SIGNATURE`). Amounts ' +
          'are strings of integer minor units (docs/vendor-protocol.md).',
        'x-path': `/vendor/{vendorCode}/${op}`,
        parameters: [
          parameterRef('Merchant'),
          {
            name: 'X-Signature',
            in: 'header',
            required: true,
            description: 'hex(HMAC-SHA256(vendor secret, raw request body))',
            schema: { type: 'string', pattern: '^[0-9A-Fa-f]{64}$' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: components.named(name, vendorRequestSchemas[op], 'input') },
          },
        },
        responses: {
          200: { description: 'Outcome in `status`', content: { 'application/json': { schema: reply } } },
          401: { description: '`INVALID_SIGNATURE`', content: { 'application/json': { schema: reply } } },
        },
      },
    };
  }
  return webhooks;
}

/** A map of socket event name → payload schema (the contract's `socketEvents`). */
export type SocketEventSchemas = Readonly<Record<string, z.ZodType>>;

/**
 * Socket events for the document's `x-socket-events`: `{ server: { <event>: { payload } }, client: … }`
 * (what the server pushes, what a client may send), each payload a `$ref` into
 * `components.schemas` (`ServerEvent_<event>`, `ClientEvent_<event>`).
 */
function socketEventsExtension(
  components: SchemaComponents,
  events: { server?: SocketEventSchemas; client?: SocketEventSchemas },
) {
  const side = (map: SocketEventSchemas | undefined, direction: 'server' | 'client') => {
    const out: Record<string, { payload: { $ref: string } }> = {};
    for (const [name, schema] of Object.entries(map ?? {})) {
      const component = `${direction === 'server' ? 'Server' : 'Client'}Event_${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
      out[name] = {
        payload: components.named(component, schema, direction === 'server' ? 'output' : 'input'),
      };
    }
    return out;
  };
  return { server: side(events.server, 'server'), client: side(events.client, 'client') };
}

export interface OpenApiOptions {
  version: string;
  /**
   * The real-time channel's events (the contract's `socketEvents` and `socketClientEvents`):
   * documented as `x-socket-events`, their payloads in `components.schemas`.
   */
  socketEvents?: { server?: SocketEventSchemas; client?: SocketEventSchemas };
}

/**
 * The OpenAPI 3.1 document, generated from the route descriptors: never written by hand.
 * Each operation states its auth need (`x-auth`, plus a security requirement; operator routes also
 * the roles that may call them, `x-ops-roles`) and whether its body travels encrypted (`x-encrypted`).
 * Every schema the contract names is a component, and every `$ref` resolves within the document.
 */
export function buildOpenApiDocument(routes: readonly RouteDescriptor[], options: OpenApiOptions) {
  const components = new SchemaComponents();
  const errorEnvelope = components.named('ErrorEnvelope', errorEnvelopeSchema, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const id = operationId(route.method, route.path);
    tags.add(route.tag);
    const errorStatuses = new Set<number>([400, 500]);
    if (route.auth === 'member' || route.auth === 'ops') errorStatuses.add(401);
    if (route.auth === 'ops') errorStatuses.add(403);
    const responses: Record<string, unknown> = {
      200: {
        description: 'Success envelope',
        content: {
          'application/json': { schema: components.convert(okEnvelope(route.reply), 'output', id) },
        },
      },
    };
    for (const status of [...errorStatuses].sort()) {
      const codes = Object.entries(errorCatalogue)
        .filter(([, e]) => e.status === status)
        .map(([code]) => code);
      responses[status] = {
        description: `Error envelope (${codes.join(', ')})`,
        content: { 'application/json': { schema: errorEnvelope } },
      };
    }
    const contentType = route.form ? 'application/x-www-form-urlencoded' : 'application/json';
    const op: Record<string, unknown> = {
      tags: [route.tag],
      summary: route.summary,
      operationId: id,
      'x-auth': route.auth,
      'x-encrypted': route.encrypted,
      ...(route.modId ? { 'x-module': route.modId } : {}),
      ...(route.auth === 'ops' ? { 'x-ops-roles': route.opsRoles ?? ['admin'] } : {}),
      parameters: [
        ...parameters(components, route.params, 'path', `${id}Params`),
        ...parameters(components, route.query, 'query', `${id}Query`),
        parameterRef('Merchant'),
        parameterRef('Language'),
        ...(route.encrypted && route.body ? [parameterRef('Encryption')] : []),
      ],
      responses,
    };
    if (route.auth === 'member') op.security = [{ sessionToken: [] }];
    if (route.auth === 'optional') op.security = [{}, { sessionToken: [] }];
    if (route.auth === 'ops') op.security = [{ opsSession: [] }, { opsToken: [] }, { opsKey: [] }];
    if (route.body && route.encrypted) {
      // On the wire the body is the envelope; the object it carries is a component of its own.
      const payload = components.named(`${id[0]!.toUpperCase()}${id.slice(1)}Payload`, route.body, 'input');
      op.requestBody = {
        required: true,
        description:
          'Sent encrypted (docs/api.md "Encrypted bodies"): header `Encryption` and body `{ "value": … }` ' +
          `carrying the object \`${payload.$ref.slice(COMPONENTS_PREFIX.length)}\` (\`x-payload\`).`,
        'x-payload': payload,
        content: { [contentType]: { schema: encryptedBodySchema } },
      };
    } else if (route.body) {
      op.requestBody = {
        required: true,
        content: { [contentType]: { schema: components.convert(route.body, 'input', `${id}Body`) } },
      };
    }
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: op };
  }
  const webhooks = vendorWebhooks(components);
  const socketEvents = options.socketEvents ? socketEventsExtension(components, options.socketEvents) : null;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Arcadia API',
      version: options.version,
      description:
        'Player, agent and operator API. Every reply is an envelope: `{success: true, value}` or ' +
        '`{success: false, code, message, value?}`. Send `Merchant` to pick the brand and `Language` for content. ' +
        '`webhooks` describe the seamless wallet calls game vendors send (docs/vendor-protocol.md)' +
        (socketEvents ? '; `x-socket-events` the real-time channel’s events.' : '.'),
    },
    tags: [...tags, 'vendor'].map((name) => ({ name })),
    paths,
    webhooks,
    ...(socketEvents ? { 'x-socket-events': socketEvents } : {}),
    components: {
      schemas: components.schemas,
      parameters: commonParameters,
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
