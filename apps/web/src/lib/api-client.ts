import type { RouteBodyIn, RouteParamsIn, RouteQueryIn, RouteReply, Routes } from '@arcadia/contract';
import type { EndpointName, ErrorCode } from '@arcadia/contract/client';
import { local, session } from './storage';
import { type WireEndpoint, wireEndpoints } from './wire-endpoints';

/** A failed call: the contract's stable `code`, the server's fallback message, and details. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'network',
    message: string,
    readonly status: number,
    readonly value?: Record<string, unknown>,
  ) {
    super(message);
  }
}

let currentLanguage = 'EN';
export function setApiLanguage(code: string) {
  currentLanguage = code;
}

export function storedMerchant(): string | null {
  return session.get('merchantCode') ?? local.get('merchantCode');
}

function buildUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>) {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String(params?.[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

type Defined<T> = Exclude<T, undefined>;

interface CallOptions<K extends EndpointName> {
  params?: Defined<RouteParamsIn<Routes[K]>>;
  query?: Defined<RouteQueryIn<Routes[K]>>;
  body?: Defined<RouteBodyIn<Routes[K]>>;
  /** Extra wire headers (free play's `X-Gateway-Version` and `Encryption`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

// The body encryption (WebCrypto glue) loads with the first encrypted call: a visitor's first
// page sends none.
const bodyCrypto = () => import('./body-crypto');

// The server's RSA key, fetched once per page; a rotation is noticed through a decrypt failure.
let publicKey: Promise<CryptoKey> | null = null;

/** The imported RSA key for encrypted bodies; `refresh` drops the cached one first. */
export function sessionPublicKey(refresh = false): Promise<CryptoKey> {
  if (refresh || !publicKey) {
    const next = call('sessionKey').then(async (info) => (await bodyCrypto()).importPublicKey(info));
    publicKey = next;
    // A failed fetch is not cached: the next encrypted call asks again.
    next.catch(() => {
      if (publicKey === next) publicKey = null;
    });
  }
  return publicKey;
}

/** Tests reset the module-level key between cases. */
export function resetSessionKeyForTests() {
  publicKey = null;
}

function formBody(body: unknown): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.set(key, String(value));
  }
  return form.toString();
}

/** One HTTP exchange: sends, then unwraps the envelope into `value` or an ApiError. */
async function send(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('network', 'Network link abnormal, please try again.', 0);
  }
  let payload: { success?: boolean; value?: unknown; code?: ErrorCode; message?: string };
  try {
    payload = await response.json();
  } catch {
    throw new ApiError('system.error', 'Unknown error.', response.status);
  }
  if (payload.success === true) return payload.value;
  throw new ApiError(
    payload.code ?? 'system.error',
    payload.message ?? 'Unknown error.',
    response.status,
    payload.value as Record<string, unknown> | undefined,
  );
}

/**
 * Calls one contract route by name with the wire headers (Merchant, Language, Device,
 * Authorization) and unwraps the envelope: resolves with `value`, or rejects with an ApiError
 * carrying the contract's code. Only the zod-free endpoint table is needed at run time.
 *
 * Routes marked `encrypted` send `{ value }` sealed with a fresh AES key and the `Encryption`
 * header (docs/api.md); routes marked `form` send the body form-urlencoded.
 */
export async function call<K extends EndpointName>(
  name: K,
  options: CallOptions<K> = {},
): Promise<RouteReply<Routes[K]>> {
  const route: WireEndpoint = wireEndpoints[name];
  const headers: Record<string, string> = { Language: currentLanguage, Device: 'WEB' };
  const merchant = storedMerchant();
  if (merchant) headers.Merchant = merchant;
  const token = session.get('token');
  if (token) headers.Authorization = token;
  Object.assign(headers, options.headers);
  const url = buildUrl(
    route.path,
    options.params as Record<string, unknown>,
    options.query as Record<string, unknown>,
  );
  const init = { method: route.method, signal: options.signal };
  const reply = (value: unknown) => value as RouteReply<Routes[K]>;

  if (options.body === undefined) return reply(await send(url, { ...init, headers }));

  if (route.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    return reply(await send(url, { ...init, headers, body: formBody(options.body) }));
  }

  headers['Content-Type'] = 'application/json;charset=UTF-8';
  if (!route.encrypted) {
    return reply(await send(url, { ...init, headers, body: JSON.stringify(options.body) }));
  }

  const sealed = async (key: CryptoKey) => {
    // A new envelope per attempt: the docs forbid resending one under a different header.
    const { header, body } = await (await bodyCrypto()).encryptBody(key, options.body);
    return send(url, { ...init, headers: { ...headers, Encryption: header }, body: JSON.stringify(body) });
  };
  try {
    return reply(await sealed(await sessionPublicKey()));
  } catch (err) {
    // The key rotated since it was fetched: fetch it again and retry once.
    if (!(err instanceof ApiError) || err.code !== 'request_decrypt_failed') throw err;
    return reply(await sealed(await sessionPublicKey(true)));
  }
}
