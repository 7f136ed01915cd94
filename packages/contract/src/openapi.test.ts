import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './openapi.js';
import { defineRoute } from './route.js';

/** Every `$ref` in `value`. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refs(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

const thing = z.object({ name: z.string(), size: z.number().default(1) }).meta({ id: 'OpenApiTestThing' });
interface Node {
  label: string;
  children: Node[];
}
const node: z.ZodType<Node> = z.object({ label: z.string(), children: z.array(z.lazy(() => node)) });

const routes = [
  defineRoute({
    method: 'PUT',
    path: '/wps/test/things/:id',
    auth: 'none',
    encrypted: false,
    tag: 'test',
    summary: 'A named schema sent (size optional) and received (size always there).',
    params: z.object({ id: z.string() }),
    body: thing,
    reply: thing,
  }),
  defineRoute({
    method: 'GET',
    path: '/wps/test/tree',
    auth: 'none',
    encrypted: false,
    tag: 'test',
    summary: 'A recursive schema without a name.',
    reply: node,
  }),
  defineRoute({
    method: 'POST',
    path: '/wps/test/tree',
    auth: 'none',
    encrypted: false,
    tag: 'test',
    summary: 'A recursive schema without a name as the whole body (it refers to itself as `#`).',
    body: node,
    reply: z.object({ ok: z.boolean() }),
  }),
  defineRoute({
    method: 'POST',
    path: '/wps/test/secret',
    auth: 'none',
    encrypted: true,
    tag: 'test',
    summary: 'An encrypted body.',
    body: z.object({ password: z.string() }),
    reply: z.object({ ok: z.boolean() }),
  }),
];

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument(routes, { version: '1' });
  const schemas = doc.components.schemas;

  it('is OpenAPI 3.1 and every $ref points at a component that exists', () => {
    expect(doc.openapi).toBe('3.1.0');
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(5);
    for (const ref of all) {
      const [, kind, name] = /^#\/components\/(schemas|parameters)\/(.+)$/.exec(ref) ?? [];
      expect(ref).toMatch(/^#\/components\//);
      expect((doc.components as Record<string, Record<string, unknown>>)[kind!]?.[name!], ref).toBeDefined();
    }
  });

  it('keeps a named schema once per shape: what a client sends and what it receives', () => {
    expect(schemas.OpenApiTestThing).toMatchObject({ required: ['name', 'size'] });
    expect(schemas.OpenApiTestThingInput).toMatchObject({ required: ['name'] });
    const op = doc.paths['/wps/test/things/{id}']!.put as Record<string, unknown>;
    expect(refs(op.requestBody)).toEqual(['#/components/schemas/OpenApiTestThingInput']);
    expect(refs((op.responses as Record<string, unknown>)[200])).toEqual([
      '#/components/schemas/OpenApiTestThing',
    ]);
  });

  it('gives a recursive schema without a name a component of its own', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$ref":"#"');
    expect(text).not.toContain('$defs');
    expect(Object.keys(schemas).some((name) => name.startsWith('getWpsTestTree'))).toBe(true);
    const post = doc.paths['/wps/test/tree']!.post as { requestBody: unknown };
    expect(refs(post.requestBody)).toEqual(['#/components/schemas/postWpsTestTreeBodyRoot']);
  });

  it('describes an encrypted body as its envelope, the object it carries as a component', () => {
    const op = doc.paths['/wps/test/secret']!.post as {
      requestBody: { 'x-payload': { $ref: string }; content: Record<string, { schema: unknown }> };
    };
    expect(op.requestBody['x-payload']).toEqual({ $ref: '#/components/schemas/PostWpsTestSecretPayload' });
    expect(op.requestBody.content['application/json']!.schema).toMatchObject({ required: ['value'] });
    expect(schemas.PostWpsTestSecretPayload).toMatchObject({ required: ['password'] });
  });

  it('documents the vendor callbacks as webhooks, and socket events when given', () => {
    expect(Object.keys(doc.webhooks)).toEqual([
      'vendor.authenticate',
      'vendor.balance',
      'vendor.bet',
      'vendor.win',
      'vendor.rollback',
      'vendor.settle',
    ]);
    const withEvents = buildOpenApiDocument(routes, {
      version: '1',
      socketEvents: { server: { 'x.happened': z.object({ at: z.number() }) }, client: {} },
    });
    expect(withEvents['x-socket-events']).toEqual({
      server: { 'x.happened': { payload: { $ref: '#/components/schemas/ServerEvent_x_happened' } } },
      client: {},
    });
    expect(withEvents.components.schemas.ServerEvent_x_happened).toBeDefined();
  });
});
