import './zod-config.js';
import type { z } from 'zod';

/**
 * Who may call a route.
 * - `none`: anyone.
 * - `optional`: anyone; a valid token identifies the member.
 * - `member`: a session token of a real or trial member.
 * - `ops`: an operator credential: an operator session (`Authorization: Ops <token>` or
 *   `X-Ops-Token`) or the deployment's break-glass key (`X-Ops-Key`, role `admin`).
 */
export type RouteAuth = 'none' | 'optional' | 'member' | 'ops';

/**
 * Operator roles (docs/api.md "Operators"): `admin` runs the back office (brand availability,
 * operator accounts, the audit log), `finance` decides payments and adjusts wallets, `support`
 * reads the payment queues.
 */
export const opsRoleNames = ['admin', 'finance', 'support', 'content', 'risk'] as const;
export type OpsRole = (typeof opsRoleNames)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** The wire facts of a route: what a client needs to call it. Free of schemas (and of zod). */
export interface Endpoint {
  method: HttpMethod;
  /** Wire path, verbatim from the spec or the original API; `:name` marks a path parameter. */
  path: string;
  auth: RouteAuth;
  /** Body travels in the RSA + AES-GCM envelope (spec "E"). */
  encrypted: boolean;
  /** Whitelabel module that gates the route, when the original names one. */
  modId?: string;
  /** Body is sent form-urlencoded rather than JSON (the original's forget-password call). */
  form?: boolean;
  /** `member` routes: false refuses trial (free-play) accounts with `in_need_true_account`. */
  trial?: boolean;
  /** `member` routes: true stays open to a session whose password must be changed first. */
  pendingPasswordChange?: boolean;
  /**
   * `ops` routes: the operator roles that may call it; any other role is refused with 403
   * `forbidden`. Absent means `admin` only, so a route that forgets to say stays closed.
   */
  opsRoles?: readonly OpsRole[];
}

/** An endpoint with its documentation and the schemas the server validates with. */
export interface RouteDescriptor<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> extends Endpoint {
  tag: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `value` in the success envelope. */
  reply: R;
}

export function defineRoute<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(route: RouteDescriptor<Q, B, P, R>): RouteDescriptor<Q, B, P, R> {
  return route;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type RouteQuery<D> = D extends { query?: infer Q } ? Infer<Q> : never;
export type RouteBody<D> = D extends { body?: infer B } ? Infer<B> : never;
export type RouteParams<D> = D extends { params?: infer P } ? Infer<P> : never;
export type RouteReply<D> = D extends { reply: infer R } ? Infer<R> : never;

/** What a caller sends (before defaults apply): the client's view of a route. */
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;
export type RouteQueryIn<D> = D extends { query?: infer Q } ? InferIn<Q> : never;
export type RouteBodyIn<D> = D extends { body?: infer B } ? InferIn<B> : never;
export type RouteParamsIn<D> = D extends { params?: infer P } ? InferIn<P> : never;
