import type { RouteBodyIn, RouteParamsIn, RouteQueryIn, RouteReply, Routes } from '@arcadia/contract';
import { type Endpoint, type EndpointName, type ErrorCode, endpoints } from '@arcadia/contract/client';
import { create } from 'zustand';
import { ApiError } from '../../../lib/api-client';

/**
 * The operator's own HTTP client. It sends only the operator token (`Authorization: Ops <token>`)
 * and never the player's headers or token: the player client (lib/api-client) and this one are
 * separate doors to separate accounts. Paths come from the contract's endpoint table.
 */

/** Session storage key of the operator token (the player's is `token`). */
export const OPS_TOKEN_KEY = 'opsToken';

function readToken(): string | null {
  try {
    return sessionStorage.getItem(OPS_TOKEN_KEY);
  } catch {
    return null;
  }
}

interface OpsSessionState {
  token: string | null;
  /** Why the last session ended without a logout (shown on the login form). */
  ended: 'expired' | null;
  setToken(token: string): void;
  clear(reason?: 'expired'): void;
}

export const useOpsSession = create<OpsSessionState>((set) => ({
  token: readToken(),
  ended: null,
  setToken(token) {
    try {
      sessionStorage.setItem(OPS_TOKEN_KEY, token);
    } catch {
      // Private mode without storage: the session lasts until the page reloads.
    }
    set({ token, ended: null });
  },
  clear(reason) {
    try {
      sessionStorage.removeItem(OPS_TOKEN_KEY);
    } catch {
      // nothing stored
    }
    set({ token: null, ended: reason ?? null });
  },
}));

type Defined<T> = Exclude<T, undefined>;

/** The operator endpoints (every `ops` route, plus the operator login). */
export type OpsEndpointName = {
  [K in EndpointName]: (typeof endpoints)[K]['auth'] extends 'ops'
    ? K
    : K extends 'opsSessionLogin'
      ? K
      : never;
}[EndpointName];

interface OpsCallOptions<K extends OpsEndpointName> {
  params?: Defined<RouteParamsIn<Routes[K]>>;
  query?: Defined<RouteQueryIn<Routes[K]>>;
  body?: Defined<RouteBodyIn<Routes[K]>>;
  signal?: AbortSignal;
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

/**
 * Calls one operator route and unwraps the envelope: resolves with `value` or rejects with an
 * ApiError carrying the contract's code. A refused operator credential ends the stored session.
 */
export async function opsCall<K extends OpsEndpointName>(
  name: K,
  options: OpsCallOptions<K> = {},
): Promise<RouteReply<Routes[K]>> {
  const route: Endpoint = endpoints[name];
  const headers: Record<string, string> = {};
  const token = useOpsSession.getState().token;
  if (route.auth === 'ops' && token) headers.Authorization = `Ops ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json;charset=UTF-8';
  const url = buildUrl(
    route.path,
    options.params as Record<string, unknown>,
    options.query as Record<string, unknown>,
  );

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      signal: options.signal,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
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
  const error = new ApiError(
    payload.code ?? 'system.error',
    payload.message ?? 'Unknown error.',
    response.status,
    payload.value as Record<string, unknown> | undefined,
  );
  // The session expired, was revoked or the operator disabled: back to the login form.
  if (error.code === 'ops.key.invalid' && route.auth === 'ops' && token) {
    if (useOpsSession.getState().token === token) useOpsSession.getState().clear('expired');
  }
  throw error;
}

/** The operator role may call this endpoint (the contract's `opsRoles`; admin only when absent). */
export function mayCall(role: string, name: OpsEndpointName): boolean {
  const roles: readonly string[] = (endpoints[name] as Endpoint).opsRoles ?? ['admin'];
  return roles.includes(role);
}
