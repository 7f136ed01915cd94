import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { allRoutes, okEnvelope, socketClientEvents, socketEvents, vendorOps } from '@arcadia/contract';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type TestApp, buildTestApp } from '../test/build-test-app.js';

let t: TestApp;
/** The document as `/docs/json` serves it. */
let doc: Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  webhooks: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
};
// A fresh migrated database: on a busy machine, longer than the default hook time.
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
}, 180_000);
afterAll(() => t.close());

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

/** What a JSON pointer (`#/a/b`) points at in the document, or undefined. */
function resolve(pointer: string): unknown {
  let node: unknown = doc;
  for (const raw of pointer.replace(/^#\//, '').split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  return node;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('resolves every $ref inside itself, and holds every schema the contract names', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(50);
    for (const ref of all) {
      expect(ref, ref).toMatch(/^#\/components\/(schemas|parameters)\//);
      expect(resolve(ref), ref).toBeDefined();
    }
    const named = new Set<string>();
    for (const route of allRoutes) {
      const schemas: [z.ZodType | undefined, 'input' | 'output'][] = [
        [route.params, 'input'],
        [route.query, 'input'],
        [route.body, 'input'],
        [okEnvelope(route.reply), 'output'],
      ];
      for (const [schema, io] of schemas) {
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
        for (const name of Object.keys(json.$defs ?? {})) if (!name.startsWith('__')) named.add(name);
      }
    }
    expect(named.size).toBeGreaterThan(20);
    for (const name of named) expect(Object.keys(doc.components.schemas), name).toContain(name);
  });

  it('documents the vendor wallet callbacks as webhooks and the socket events', () => {
    for (const op of vendorOps) {
      const hook = doc.webhooks[`vendor.${op}`] as { post: { 'x-path': string; requestBody: unknown } };
      expect(hook?.post['x-path'], op).toBe(`/vendor/{vendorCode}/${op}`);
      expect(refs(hook.post.requestBody)).toEqual([
        `#/components/schemas/Vendor${op[0]!.toUpperCase()}${op.slice(1)}Request`,
      ]);
    }
    type Events = Record<string, { payload: { $ref: string } }>;
    const events = doc['x-socket-events'] as { server: Events; client: Events };
    expect(Object.keys(events.server).sort()).toEqual(Object.keys(socketEvents).sort());
    expect(Object.keys(events.client).sort()).toEqual(Object.keys(socketClientEvents).sort());
    for (const event of [...Object.values(events.server), ...Object.values(events.client)]) {
      expect(resolve(event.payload.$ref), event.payload.$ref).toBeDefined();
    }
  });
});

/**
 * A client of the document: a small typed `call` over the types openapi-typescript generates, used
 * for a login (its encrypted envelope and payload), the balance and the games list. The last line
 * asks for a field no reply has: the types must be real enough to refuse it.
 */
const CLIENT = `
import type { components, paths } from './api';

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Ok<O> = O extends { responses: { 200: infer R } } ? Json<R> : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type BodyOf<O> = O extends { requestBody: infer B } ? Json<NonNullable<B>> : never;

/** A call checked against the document: path, method, query, body and reply. */
async function call<P extends keyof paths, M extends keyof paths[P] & Method>(
  base: string,
  method: M,
  path: P,
  init: { query?: QueryOf<paths[P][M]>; body?: BodyOf<paths[P][M]>; headers?: Record<string, string> } = {},
): Promise<Ok<paths[P][M]>> {
  const query = new URLSearchParams(
    Object.entries((init.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  ).toString();
  const res = await fetch(base + String(path) + (query ? '?' + query : ''), {
    method: method.toUpperCase(),
    headers: { 'content-type': 'application/json', Merchant: 'demo', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return (await res.json()) as Ok<paths[P][M]>;
}

type LoginPayload = components['schemas']['PostWpsSessionLoginPayload'];
type Sealed = { encryption: string; body: BodyOf<paths['/wps/session/login']['post']> };

export async function tour(base: string, seal: (payload: LoginPayload) => Sealed) {
  const sealed = seal({ username: 'demoplayer', password: 'demo1234' });
  const login = await call(base, 'post', '/wps/session/login', {
    body: sealed.body,
    headers: { Encryption: sealed.encryption },
  });
  const token: string = login.value.token;
  const must: boolean = login.value.mustChangePassword;

  const balance = await call(base, 'get', '/wps/v2/wallets/balance', { headers: { Authorization: token } });
  const wallets: { wallet: string; availBalance: number }[] = balance.value.balance;
  const currency: string = balance.value.currency;

  const games = await call(base, 'get', '/wps/relay/GCSGAME_gameList', {
    query: { gameType: 'RNG', pageNo: 1, pageSize: 24 },
  });
  const names: string[] = games.value.games.map((g) => g.gameName);
  const pages: number = games.value.totalPages;
  return { token, must, wallets, currency, names, pages };
}
`;
const WRONG = `${CLIENT}
export async function wrong(base: string) {
  const games = await call(base, 'get', '/wps/relay/GCSGAME_gameList', { query: { pageNo: 1 } });
  const nope: string = games.value.noSuchField;
  await call(base, 'get', '/wps/no/such/path');
  return nope;
}
`;

describe('a typed client generated from the document', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'arcadia-openapi-'));
    // A default makes a field optional to send: not a field every reply has (the generator's default).
    const ast = await openapiTS(structuredClone(doc) as never, { defaultNonNullable: false });
    await writeFile(path.join(dir, 'api.ts'), astToString(ast));
    await writeFile(path.join(dir, 'client.ts'), CLIENT);
    await writeFile(path.join(dir, 'wrong.ts'), WRONG);
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Type errors of `file` compiled with the generated types (strict, nothing emitted). */
  function diagnostics(file: string): string[] {
    const program = ts.createProgram([path.join(dir, file)], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) =>
          `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
  }

  it('compiles against a script that logs in, reads the balance and lists games', () => {
    expect(diagnostics('client.ts')).toEqual([]);
  }, 60_000);

  it('refuses a field the reply does not have and a path the document does not list', () => {
    const errors = diagnostics('wrong.ts');
    expect(errors.some((e) => e.includes('noSuchField'))).toBe(true);
    expect(errors.some((e) => e.includes('/wps/no/such/path'))).toBe(true);
  }, 60_000);
});
