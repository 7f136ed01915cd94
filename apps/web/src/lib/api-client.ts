import type { RouteBodyIn, RouteParamsIn, RouteQueryIn, RouteReply, Routes } from '@arcadia/contract';
import { type EndpointName, type ErrorCode, endpoints } from '@arcadia/contract/client';
import { local, session } from './storage';

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
  signal?: AbortSignal;
}

/**
 * Calls one contract route by name with the wire headers (Merchant, Language, Device,
 * Authorization) and unwraps the envelope: resolves with `value`, or rejects with an ApiError
 * carrying the contract's code. Only the zod-free endpoint table is needed at run time.
 */
export async function call<K extends EndpointName>(
  name: K,
  options: CallOptions<K> = {},
): Promise<RouteReply<Routes[K]>> {
  const route = endpoints[name];
  const headers: Record<string, string> = { Language: currentLanguage, Device: 'WEB' };
  const merchant = storedMerchant();
  if (merchant) headers.Merchant = merchant;
  const token = session.get('token');
  if (token) headers.Authorization = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';

  let response: Response;
  try {
    response = await fetch(
      buildUrl(
        route.path,
        options.params as Record<string, unknown>,
        options.query as Record<string, unknown>,
      ),
      {
        method: route.method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      },
    );
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
  if (payload.success === true) return payload.value as RouteReply<Routes[K]>;
  throw new ApiError(
    payload.code ?? 'system.error',
    payload.message ?? 'Unknown error.',
    response.status,
    payload.value as Record<string, unknown> | undefined,
  );
}
