import { type Endpoint, type EndpointName, endpoints, routes } from '@arcadia/contract';
import { vi } from 'vitest';

/**
 * A fake server for component tests: `fetch` is stubbed, requests are matched to contract
 * endpoints by method and path, encrypted bodies are opened with a real RSA key made for the
 * test (so the client's WebCrypto path runs for real), and every request body and success reply
 * is checked against the contract's zod schemas, so a stub cannot drift from the API.
 */

export interface StubRequest {
  name: EndpointName;
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** Parsed JSON or form body; for encrypted routes the decrypted payload. */
  body: unknown;
}

export interface StubReply {
  status?: number;
  body: unknown;
}

export type Handler = (req: StubRequest) => StubReply | Promise<StubReply>;

export const ok = (value: unknown): StubReply => ({ body: { success: true, value } });
export const fail = (status: number, code: string, message: string, value?: unknown): StubReply => ({
  status,
  body: { success: false, code, message, ...(value === undefined ? {} : { value }) },
});

export interface TestKey {
  keyId: string;
  publicKey: string;
  privateKey: Awaited<ReturnType<typeof crypto.subtle.generateKey>> extends infer P
    ? P extends { privateKey: infer K }
      ? K
      : never
    : never;
}

/** An RSA-2048 OAEP/SHA-256 key pair; the public half as SPKI PEM, like `GET /wps/session/key/rsa`. */
export async function createTestKey(keyId = 'testkey000000001'): Promise<TestKey> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64');
  const publicKey = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
  return { keyId, publicKey, privateKey: pair.privateKey };
}

/** The server's side of docs/api.md "Encrypted bodies". */
export async function openEnvelope(key: TestKey, header: string, value: string): Promise<unknown> {
  const rawKey = await crypto.subtle.decrypt(
    { name: 'RSA-OAEP' },
    key.privateKey,
    Buffer.from(header, 'base64'),
  );
  const bytes = Buffer.from(value, 'base64');
  const aes = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, 12), tagLength: 128 },
    aes,
    bytes.subarray(12),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

function endpointOf(method: string, path: string): EndpointName | undefined {
  return (Object.keys(endpoints) as EndpointName[]).find((name) => {
    const e = endpoints[name];
    const pattern = new RegExp(`^${e.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`);
    return e.method === method && pattern.test(path);
  });
}

/**
 * Stubs `fetch`. `sessionKey` answers with `key` unless a handler is given; an unhandled route
 * answers 404. Returns the recorded requests.
 */
export function stubApi(handlers: Partial<Record<EndpointName, Handler>>, key?: TestKey) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const name = endpointOf(method, url.pathname);
    const reply = (r: StubReply) =>
      new Response(JSON.stringify(r.body), {
        status: r.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    if (!name) return reply(fail(404, 'not.found', 'Not found.'));

    let body: unknown;
    if (typeof init.body === 'string') {
      const endpoint: Endpoint = endpoints[name];
      if (endpoint.form) {
        expectContentType(headers, 'application/x-www-form-urlencoded');
        body = Object.fromEntries(new URLSearchParams(init.body));
      } else {
        expectContentType(headers, 'application/json');
        body = JSON.parse(init.body);
        if (endpoint.encrypted) {
          if (!key || !headers.Encryption) throw new Error(`${name}: encrypted body expected`);
          body = await openEnvelope(key, headers.Encryption, (body as { value: string }).value);
        }
      }
      const schema = (routes[name] as { body?: { parse(v: unknown): unknown } }).body;
      schema?.parse(body);
    }
    const request: StubRequest = { name, method, path: url.pathname, query: url.searchParams, headers, body };
    requests.push(request);

    const handler =
      handlers[name] ??
      (name === 'sessionKey' && key ? () => ok({ keyId: key.keyId, publicKey: key.publicKey }) : undefined);
    if (!handler) return reply(fail(404, 'not.found', `No stub for ${name}.`));
    const result = await handler(request);
    const envelope = result.body as { success?: boolean; value?: unknown };
    if (envelope.success) routes[name].reply.parse(envelope.value);
    return reply(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock, calls: (n: EndpointName) => requests.filter((r) => r.name === n) };
}

function expectContentType(headers: Record<string, string>, type: string) {
  if (!headers['Content-Type']?.startsWith(type))
    throw new Error(`Content-Type ${headers['Content-Type']} is not ${type}`);
}

/** A login reply shaped like `loginReplySchema`. */
export function loginReply(overrides: Record<string, unknown> = {}) {
  return {
    token: 'tok-123',
    id: '1001',
    userName: 'demoplayer',
    nickname: 'Demo Player',
    customerType: 0,
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    ...overrides,
  };
}

/** Member info shaped like `memberInfoSchema`. */
export function memberInfo(overrides: Record<string, unknown> = {}) {
  return {
    id: '1001',
    account: 'demoplayer',
    nickname: 'Demo Player',
    type: 0,
    clubLabel: { labelName: 'VIP1', rankLevel: 1 },
    hasVip: true,
    regDate: 1_700_000_000_000,
    mobile: null,
    email: null,
    countryDialingCode: null,
    hasPaymentPassword: false,
    firstTimeLogin: false,
    language: 'EN',
    ...overrides,
  };
}

/** A main-wallet balance reply (`walletBalance`) of `amount` dollars. */
export function walletBalance(amount = 10) {
  return {
    sumBalance: amount,
    balance: [{ accountTypeId: 2, wallet: 'MAIN', availBalance: amount }],
    currency: 'USD',
    currencySymbol: '$',
    currencyScale: 2,
  };
}
