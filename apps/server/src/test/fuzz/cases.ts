import type { RouteDescriptor } from '@arcadia/contract';
import fc from 'fast-check';
import { z } from 'zod';
import { type JsonSchema, schemaArbitrary } from './schema-arbitrary.js';

/**
 * Requests for a property-based fuzz of every contract route, as plain data: a route, a caller, its
 * inputs derived from the route's zod schemas (through their JSON Schema), and often one hostile
 * mutation on top. Credentials and encryption are applied when a case is sent (session.ts), so
 * the cases themselves stay pure values fast-check can shrink and replay.
 */

export const callerKinds = ['visitor', 'member', 'agent', 'operator'] as const;
export type CallerKind = (typeof callerKinds)[number];

/** How the caller's credential is sent: its own (in one of the accepted forms) or a wrong one. */
export type Credential =
  | 'own'
  | 'own-bearer'
  | 'own-ops-token-header'
  | 'ops-key'
  | 'none'
  | 'garbage'
  | 'truncated'
  | 'other-caller'
  | 'wrong-ops-key';

/** What goes wrong with an encrypted body (docs/api.md "Encrypted bodies", "Failures"). */
export const tampers = [
  'none',
  'header-missing',
  'header-not-base64',
  'header-short',
  'header-of-other-body',
  'value-missing',
  'value-not-string',
  'value-not-base64',
  'value-short',
  'ciphertext-flipped',
  'tag-flipped',
  'plain-body',
] as const;
export type Tamper = (typeof tampers)[number];

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'text'; text: string; contentType: string | null }
  /** Sealed with the server's public key when sent; `text` is the plaintext. */
  | { kind: 'sealed'; text: string; tamper: Tamper };

export interface FuzzCase {
  /** Index into the route table the cases were made for. */
  route: number;
  caller: CallerKind;
  credential: Credential;
  /** Path parameter values, already percent-encoded. */
  path: Record<string, string>;
  /** The query string without `?`, already percent-encoded. */
  query: string;
  /** Headers added to (or replacing) the caller's; a null value removes one. */
  headers: Record<string, string | null>;
  body: FuzzBody;
  /** Which mutation made it (`valid` for none), for failure reports and the bench's counts. */
  mutation: string;
  /** Last octet of the client address (10.77.0.x): spreads the per-IP throttles. */
  client: number;
}

export interface CaseOptions {
  /**
   * Control characters in header values. An in-process request carries them to the app; a real
   * HTTP client refuses to send them (and Node's HTTP parser would answer 400 before the app).
   */
  headerControlCharacters: boolean;
  /** Known values to offer for properties of these names (e.g. `merchantCode: 'demo'`). */
  hints?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /** Adjusts a route's body value before and after mutation (e.g. `keepBrandOpen`). */
  adjustBody?: (route: RouteDescriptor, body: unknown) => unknown;
}

/**
 * Keeps the fuzz from closing the brand it runs against: a brand availability body never switches
 * maintenance or the region block on (either would answer every later call with 503 or 403).
 */
export function keepBrandOpen(route: RouteDescriptor, body: unknown): unknown {
  if (!(route.auth === 'ops' && route.path.endsWith('/availability'))) return body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...body };
  for (const part of ['maintenance', 'regionBlock']) {
    const value = copy[part];
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      copy[part] = { ...value, enabled: false };
  }
  return copy;
}

// ─── raw JSON pieces ────────────────────────────────────────────────────────────────────────────

/** A piece of JSON text placed as is where a value would be (numbers JSON.stringify cannot write …). */
class Raw {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with each `Raw` written verbatim. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `@@raw:${raws.length - 1}@@`;
    }
    return v;
  }) as string | undefined;
  if (text === undefined) return 'null';
  return raws.length === 0 ? text : text.replace(/"@@raw:(\d+)@@"/g, (_, i: string) => raws[Number(i)]!);
}

const nested = (open: string, close: string, depth: number, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Over the 1 MiB body limit (the withdrawal confirmation takes 7 MiB: there it is only large). */
const OVERSIZE = `{"pad":"${'x'.repeat(1024 * 1024 + 1000)}"}`;

const controlStrings = [
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\u0001',
  '\u0008',
  '\u001b[31m',
  '\u001f',
  '\u007f',
  '\u0085',
  '\ud800',
  'x\udfffy',
  '\u2028\u2029',
  '\ufeff',
  '\u202e',
  '\uffff',
];
const NUL_WEIGHTED = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '%00') },
  { weight: 3, arbitrary: fc.constantFrom(...controlStrings) },
);

const hugeNumbers = [
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '9007199254740993',
  '18446744073709551616',
  '-9223372036854775809',
  '1e-400',
  '5e-324',
  '-0',
  '0.30000000000000004',
  '123456789012345678901234567890.123456789',
  '9'.repeat(400),
];
const hugeNumberStrings = [
  ...hugeNumbers,
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '١٢٣',
];

/** Deeper than a recursive walk's stack allows (about 10,000 frames), and shallow ones too. */
const deepBodies = [
  nested('[', ']', 1_000),
  nested('[', ']', 100_000),
  nested('{"a":', '}', 1_000),
  nested('{"a":', '}', 20_000),
  nested('[{"x":', '}]', 20_000),
];

const prototypeBodies = [
  '{"__proto__":{"admin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"__proto__":null}',
  '{"a":1,"__proto__":{"a":2}}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":"y"}',
];
const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

const hostilePathValues = [
  '',
  '%20',
  '..',
  '%2e%2e',
  '%2F',
  '%2F..%2F..%2Fetc%2Fpasswd',
  '%',
  '%zz',
  '%C0%80',
  '%ED%A0%80',
  '%E2%80%AE',
  '%FF',
  '-1',
  '0',
  '1e9',
  '99999999999999999999999999',
  '1.5',
  'NaN',
  'null',
  'undefined',
  "'%20or%201%3D1--",
  'a'.repeat(5000),
  '__proto__',
  'constructor',
];

const hostileQueryStrings = [
  '__proto__[admin]=1',
  '__proto__=1',
  'constructor[prototype][admin]=1',
  'toString=1&valueOf=2&hasOwnProperty=3',
  '%',
  '%zz=%zz',
  'a=%E0%A4%A',
  '&&&=&=',
  '=',
  `${'k'.repeat(3000)}=1`,
  Array.from({ length: 1500 }, (_, i) => `p${i}=${i}`).join('&'),
];

const hostileHeaders: [string, string][] = [
  ['merchant', 'nobrand'],
  ['merchant', 'demo, demo'],
  ['merchant', 'DEMO'],
  ['merchant', ''],
  ['merchant', 'x'.repeat(4000)],
  ['merchant', "demo' or '1'='1"],
  ['language', 'KLINGON'],
  ['language', 'x'.repeat(2000)],
  ['device', 'TOASTER'],
  ['x-request-id', 'x'.repeat(3000)],
  ['x-request-id', '../../etc'],
  ['accept-encoding', 'br;q=0, gzip;q=0, *;q=0'],
  ['accept-encoding', 'gzip'],
  ['accept-encoding', 'br'],
  ['cookie', 'captchaId=' + 'x'.repeat(4000)],
  ['cookie', 'captchaId=%00; captchaId=2'],
  ['cookie', '=;=;;'],
  ['encryption', 'AAAA'],
  ['x-game-token', 'x'.repeat(600)],
  ['x-ops-token', 'not-a-token'],
  ['x-gateway-version', '3'],
  ['x-signature', 'ab'.repeat(32)],
  ['user-agent', 'x'.repeat(8000)],
];

const contentTypes = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'application/json-patch+json',
  'application/octet-stream',
];

// ─── values ────────────────────────────────────────────────────────────────────────────────────

type Path = (string | number)[];

/** Paths to every value inside `value` (the value itself first). */
function paths(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (out.length > 200) return out;
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...path, i], out));
  else if (typeof value === 'object' && value !== null && !(value instanceof Raw))
    for (const [k, v] of Object.entries(value)) paths(v, [...path, k], out);
  return out;
}

/** Paths to strings inside `value`. */
const stringPaths = (value: unknown) => paths(value).filter((p) => typeof valueAt(value, p) === 'string');

function valueAt(value: unknown, path: Path): unknown {
  let v = value;
  for (const key of path) v = (v as Record<string | number, unknown> | undefined)?.[key];
  return v;
}

/** A copy of `value` with the value at `path` replaced. */
function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, replacement);
  return copy;
}

/** `encodeURIComponent`, also for lone surrogates (written as the invalid UTF-8 they would be). */
export function encodeComponent(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

const scalarText = (v: unknown) =>
  typeof v === 'string'
    ? v
    : v instanceof Raw
      ? v.text
      : typeof v === 'object' && v !== null
        ? JSON.stringify(v)
        : String(v);

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      parts.push(`${encodeComponent(key)}=${encodeComponent(scalarText(v))}`);
    }
  }
  return parts.join('&');
}

// ─── per route ─────────────────────────────────────────────────────────────────────────────────

/** What a route's inputs look like, converted once. */
interface PreparedRoute {
  route: RouteDescriptor;
  index: number;
  params: fc.Arbitrary<Record<string, unknown>>;
  query: fc.Arbitrary<Record<string, unknown>>;
  body: fc.Arbitrary<unknown> | null;
}

const inputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;

function prepare(route: RouteDescriptor, index: number, options: CaseOptions): PreparedRoute {
  const arb = (schema: z.ZodType | undefined) =>
    schema ? schemaArbitrary(inputSchema(schema), { hints: options.hints }) : fc.constant({});
  // Params and query are objects; a value the URL cannot carry becomes text when written out.
  const params = arb(route.params).map((p) => (typeof p === 'object' && p !== null ? p : {})) as fc.Arbitrary<
    Record<string, unknown>
  >;
  const query = arb(route.query).map((q) => (typeof q === 'object' && q !== null ? q : {})) as fc.Arbitrary<
    Record<string, unknown>
  >;
  return { route, index, params, query, body: route.body ? arb(route.body) : null };
}

/** A case before its values are written out: mutations work on values, not text. */
interface Draft {
  route: PreparedRoute;
  caller: CallerKind;
  credential: Credential;
  path: Record<string, unknown>;
  /** Encoded path values that replace generated ones (hostile ones are written encoded). */
  pathRaw: Record<string, string>;
  query: Record<string, unknown>;
  queryRaw: string | null;
  headers: Record<string, string | null>;
  /** undefined: no body. */
  body: unknown;
  bodyText: string | null;
  contentType: string | null;
  seal: boolean;
  tamper: Tamper;
  mutation: string;
  client: number;
}

function finish(d: Draft, options: CaseOptions): FuzzCase {
  const route = d.route.route;
  if (options.adjustBody && d.bodyText === null && d.body !== undefined)
    d = { ...d, body: options.adjustBody(route, d.body) };
  const path: Record<string, string> = {};
  for (const name of route.path.match(/:([A-Za-z0-9_]+)/g) ?? []) {
    const key = name.slice(1);
    path[key] = d.pathRaw[key] ?? encodeComponent(scalarText(d.path[key] ?? 'x'));
  }
  const query = d.queryRaw ?? queryString(d.query);
  let body: FuzzBody = { kind: 'none' };
  if (d.bodyText !== null || d.body !== undefined) {
    const text =
      d.bodyText ??
      (route.form && !d.seal && typeof d.body === 'object' && d.body !== null
        ? new URLSearchParams(
            Object.entries(d.body as Record<string, unknown>).map(([k, v]): [string, string] => [
              k,
              scalarText(v),
            ]),
          ).toString()
        : jsonText(d.body));
    body = d.seal
      ? { kind: 'sealed', text, tamper: d.tamper }
      : {
          kind: 'text',
          text,
          contentType:
            d.contentType ?? (route.form ? 'application/x-www-form-urlencoded' : 'application/json'),
        };
  }
  return {
    route: d.route.index,
    caller: d.caller,
    credential: d.credential,
    path,
    query,
    headers: d.headers,
    body,
    mutation: d.mutation,
    client: d.client,
  };
}

/** A case as a well-meaning client of this caller kind would send it. */
function validDraft(p: PreparedRoute, caller: CallerKind, options: CaseOptions): fc.Arbitrary<Draft> {
  const needsBody = p.body !== null;
  return fc
    .record({
      path: p.params,
      query: p.query,
      body: p.body ?? fc.constant(undefined),
      credential: fc.constantFrom<Credential>(
        ...(caller === 'operator'
          ? (['own', 'own', 'own-ops-token-header', 'ops-key'] as const)
          : caller === 'visitor'
            ? (['none'] as const)
            : (['own', 'own', 'own-bearer'] as const)),
      ),
      client: fc.integer({ min: 1, max: 254 }),
    })
    .map((r) => ({
      route: p,
      caller,
      credential: r.credential,
      path: r.path,
      pathRaw: {},
      query: r.query,
      queryRaw: null,
      headers: {},
      body: needsBody ? (options.adjustBody ? options.adjustBody(p.route, r.body) : r.body) : undefined,
      bodyText: null,
      contentType: null,
      seal: p.route.encrypted && needsBody,
      tamper: 'none' as const,
      mutation: 'valid',
      client: r.client,
    }));
}

type Mutation = (d: Draft) => fc.Arbitrary<Draft>;
/** A mutation and how often it is picked against the others (the large bodies are rarer). */
type Weighted = [weight: number, mutation: Mutation];

const tag = (d: Draft, mutation: string, change: Partial<Draft>): Draft => ({ ...d, ...change, mutation });

/** Picks one of `list` with a generated index (so the choice shrinks and replays). */
const pick = <T>(list: readonly T[]) => fc.nat({ max: Math.max(0, list.length - 1) }).map((i) => list[i]!);

/** Hostile mutations; each returns the draft with one thing wrong (or strange) in it. */
function mutations(options: CaseOptions): Weighted[] {
  const inBody = (d: Draft) => d.body !== undefined && d.bodyText === null;
  const list: Weighted[] = [
    // A control character (U+0000 above all) in a string the route reads: body, query, path, key.
    [
      4,
      (d) =>
        fc
          .tuple(NUL_WEIGHTED, fc.nat(), fc.constantFrom('body', 'query', 'path', 'key'))
          .map(([ctl, n, where]) => {
            if (where === 'body' && inBody(d)) {
              const targets = stringPaths(d.body);
              if (targets.length > 0) {
                const at = targets[n % targets.length]!;
                const old = valueAt(d.body, at) as string;
                const cut = old.length === 0 ? 0 : n % (old.length + 1);
                return tag(d, 'control:body', {
                  body: replaceAt(d.body, at, old.slice(0, cut) + ctl + old.slice(cut)),
                });
              }
            }
            if (
              where === 'key' &&
              inBody(d) &&
              typeof d.body === 'object' &&
              d.body !== null &&
              !Array.isArray(d.body)
            ) {
              return tag(d, 'control:key', { body: { ...(d.body as object), [`k${ctl}`]: 'v' } });
            }
            const names = Object.keys(d.path);
            if (where === 'path' && names.length > 0) {
              const name = names[n % names.length]!;
              const raw = ctl === '%00' ? '%00' : encodeComponent(`${scalarText(d.path[name])}${ctl}`);
              return tag(d, 'control:path', { pathRaw: { ...d.pathRaw, [name]: raw } });
            }
            const keys = Object.keys(d.query);
            const key = keys.length > 0 ? keys[n % keys.length]! : 'q';
            return tag(d, 'control:query', {
              query: { ...d.query, [key]: `${scalarText(d.query[key] ?? '')}${ctl}` },
            });
          }),
    ],
    // Numbers no field expects: beyond double range, beyond int64, negative zero, 400 digits.
    [
      3,
      (d) =>
        fc
          .tuple(pick(hugeNumbers), pick(hugeNumberStrings), fc.nat(), fc.boolean())
          .map(([raw, str, n, asText]) => {
            if (inBody(d)) {
              const targets = paths(d.body);
              const at = targets[n % targets.length]!;
              return tag(d, 'huge-number:body', { body: replaceAt(d.body, at, asText ? str : new Raw(raw)) });
            }
            const keys = Object.keys(d.query);
            if (keys.length > 0) {
              const key = keys[n % keys.length]!;
              return tag(d, 'huge-number:query', { query: { ...d.query, [key]: str } });
            }
            const names = Object.keys(d.path);
            if (names.length > 0) {
              const name = names[n % names.length]!;
              return tag(d, 'huge-number:path', { pathRaw: { ...d.pathRaw, [name]: encodeComponent(str) } });
            }
            return tag(d, 'huge-number:query', { query: { ...d.query, pageNo: str } });
          }),
    ],
    // Deep nesting: as the whole body, or in one field.
    [
      1,
      (d) =>
        fc.tuple(pick(deepBodies), fc.nat(), fc.boolean()).map(([deep, n, whole]) => {
          if (!whole && inBody(d)) {
            const targets = paths(d.body);
            return tag(d, 'deep:field', {
              body: replaceAt(d.body, targets[n % targets.length]!, new Raw(deep)),
            });
          }
          return tag(d, 'deep:body', { body: d.body, bodyText: deep });
        }),
    ],
    // Prototype keys: `__proto__`, `constructor.prototype` and friends, in the body and the query.
    [
      3,
      (d) =>
        fc
          .tuple(pick(prototypeBodies), pick(prototypeKeys), fc.constantFrom('body', 'merge', 'query'))
          .map(([text, key, where]) => {
            if (where === 'query')
              return tag(d, 'prototype:query', {
                queryRaw: `${queryString(d.query)}&${key}[admin]=1&${key}=1`,
              });
            if (
              where === 'merge' &&
              inBody(d) &&
              typeof d.body === 'object' &&
              d.body !== null &&
              !Array.isArray(d.body)
            ) {
              const inner = jsonText(d.body).slice(1, -1);
              const extra = `"${key}":{"admin":true}`;
              return tag(d, 'prototype:merge', { bodyText: `{${inner}${inner ? ',' : ''}${extra}}` });
            }
            return tag(d, 'prototype:body', { bodyText: text, body: d.body ?? {} });
          }),
    ],
    // Wrong types: any JSON where something else was expected, or a body that is not an object.
    [
      3,
      (d) =>
        fc.tuple(fc.jsonValue({ maxDepth: 2 }), fc.nat(), fc.boolean()).map(([value, n, root]) => {
          if (inBody(d) && !root) {
            const targets = paths(d.body);
            return tag(d, 'wrong-type:field', {
              body: replaceAt(d.body, targets[n % targets.length]!, value),
            });
          }
          if (inBody(d) || n % 2 === 0) return tag(d, 'wrong-type:body', { body: value });
          const keys = Object.keys(d.query);
          const key = keys.length > 0 ? keys[n % keys.length]! : 'pageSize';
          return tag(d, 'wrong-type:query', { query: { ...d.query, [key]: [scalarText(value), 'x'] } });
        }),
    ],
    // Truncated JSON: the body cut anywhere.
    [
      2,
      (d) =>
        fc.nat().map((n) => {
          const text = d.bodyText ?? jsonText(d.body ?? { a: 'b' });
          return tag(d, 'truncated', {
            bodyText: text.slice(0, n % Math.max(1, text.length)),
            body: d.body ?? {},
          });
        }),
    ],
    // Oversize: over the body limit.
    [1, (d) => fc.constant(tag(d, 'oversize', { bodyText: OVERSIZE, body: d.body ?? {} }))],
    // A broken encryption envelope (also sent to routes that take plain bodies).
    [
      3,
      (d) =>
        pick(tampers.filter((t) => t !== 'none')).map((tamper) =>
          tag(d, `envelope:${tamper}`, { seal: true, tamper, body: d.body ?? {} }),
        ),
    ],
    // The body in a type the route does not take, or none at all.
    [
      2,
      (d) =>
        fc
          .tuple(pick(contentTypes), fc.boolean())
          .map(([contentType, drop]) =>
            drop
              ? tag(d, 'body:missing', { body: undefined, bodyText: null, seal: false })
              : tag(d, 'body:content-type', { contentType, seal: false, body: d.body ?? { a: 1 } }),
          ),
    ],
    // Path parameters no client would send.
    [
      2,
      (d) =>
        fc.tuple(pick(hostilePathValues), fc.nat()).map(([raw, n]) => {
          const names = Object.keys(d.path);
          if (names.length === 0)
            return tag(d, 'query:hostile', { queryRaw: `${queryString(d.query)}&${raw}` });
          return tag(d, 'path:hostile', { pathRaw: { ...d.pathRaw, [names[n % names.length]!]: raw } });
        }),
    ],
    // Query strings no client would send.
    [
      2,
      (d) =>
        pick(hostileQueryStrings).map((raw) =>
          tag(d, 'query:hostile', { queryRaw: `${queryString(d.query)}&${raw}` }),
        ),
    ],
    // Headers: unknown or doubled brand, junk language, huge values, stray credentials.
    [
      3,
      (d) =>
        fc
          .tuple(
            pick(hostileHeaders),
            options.headerControlCharacters ? fc.option(NUL_WEIGHTED) : fc.constant(null),
          )
          .map(([[name, value], ctl]) =>
            tag(d, ctl ? `control:header:${name}` : `header:${name}`, {
              headers: { ...d.headers, [name]: ctl && ctl !== '%00' ? `${value.slice(0, 20)}${ctl}` : value },
            }),
          ),
    ],
    // Credentials: none, garbage, cut short, another caller's, a wrong operator key.
    [
      3,
      (d) =>
        pick<Credential>(['none', 'garbage', 'truncated', 'other-caller', 'wrong-ops-key']).map(
          (credential) => tag(d, `credential:${credential}`, { credential }),
        ),
    ],
  ];
  return list;
}

/**
 * Cases for one route as one kind of caller: about a third as a client would send them, the rest
 * with one hostile mutation.
 */
export function routeCases(
  route: RouteDescriptor,
  index: number,
  caller: CallerKind,
  options: CaseOptions,
): fc.Arbitrary<FuzzCase> {
  const prepared = prepare(route, index, options);
  const valid = validDraft(prepared, caller, options);
  const mutate = mutations(options);
  const total = mutate.reduce((sum, [weight]) => sum + weight, 0);
  /** The mutation at `n` of the weights laid end to end. */
  const at = (n: number) => {
    let rest = n;
    for (const [weight, mutation] of mutate) {
      if (rest < weight) return mutation;
      rest -= weight;
    }
    return mutate[0]![1];
  };
  const hostile = fc.tuple(valid, fc.nat({ max: total - 1 })).chain(([draft, n]) => at(n)(draft));
  return fc
    .oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: hostile })
    .map((draft) => finish(draft, options));
}

/** Cases over every route and every caller kind, for long runs (the bench). */
export function allCases(routes: readonly RouteDescriptor[], options: CaseOptions): fc.Arbitrary<FuzzCase> {
  const perRoute = routes.flatMap((route, index) =>
    callerKinds.map((caller) => routeCases(route, index, caller, options)),
  );
  return fc.oneof(...perRoute);
}
