import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute, opsRoleNames } from './route.js';

/** Operator roles on the wire (see `opsRoleNames` in route.ts). */
export const opsRoleSchema = z.enum(opsRoleNames);

/** Shortest operator password: operators move money, so longer than a member's. */
export const OPERATOR_PASSWORD_MIN = 12;
/** The reason every manual operator action carries into the audit log. */
export const OPS_REASON = { min: 3, max: 500 } as const;
export const opsReasonBodySchema = z.object({
  reason: z.string().trim().min(OPS_REASON.min).max(OPS_REASON.max),
});

export const operatorStatuses = ['active', 'disabled'] as const;
export type OperatorStatus = (typeof operatorStatuses)[number];

const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, dot, underscore or hyphen');

/** A brand an operator may act on, with what a client needs to show its amounts. */
export const opsBrandSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    currency: z.string(),
    currencySymbol: z.string(),
    currencyScale: z.number().int(),
  })
  .meta({ id: 'OpsBrand' });
export type OpsBrand = z.infer<typeof opsBrandSchema>;

/**
 * Who is calling: an operator account, or the deployment's key (`id: null`, `username: "ops-key"`,
 * role `admin`, every brand).
 */
export const operatorIdentitySchema = z
  .object({
    id: z.string().nullable(),
    username: z.string(),
    role: opsRoleSchema,
    /** The one brand the operator is bound to; null: every brand. */
    merchantCode: z.string().nullable(),
    /** The brands the operator may act on. */
    brands: z.array(opsBrandSchema),
  })
  .meta({ id: 'OperatorIdentity' });
export type OperatorIdentity = z.infer<typeof operatorIdentitySchema>;

export const operatorAccountSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    role: opsRoleSchema,
    merchantCode: z.string().nullable(),
    status: z.enum(operatorStatuses),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  })
  .meta({ id: 'OperatorAccount' });
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

export const opsLoginBodySchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});

export const opsAuditEntrySchema = z
  .object({
    id: z.string(),
    actor: z.string(),
    action: z.string(),
    target: z.string(),
    payload: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: 'OpsAuditEntry' });

/** Operator accounts and their sessions (the operator back office's own door). */
export const operatorRoutes = {
  opsSessionLogin: defineRoute({
    ...endpoints.opsSessionLogin,
    tag: 'ops',
    summary:
      'Operator login. Returns a session token (idle 30 minutes, at most 12 hours) to send as `Authorization: Ops <token>` or `X-Ops-Token`. Wrong credentials: 401 `login.failed`; throttled like member logins (429); a disabled operator: 403 `account.frozen`.',
    body: opsLoginBodySchema,
    reply: z.object({ token: z.string(), operator: operatorIdentitySchema }),
  }),
  opsSessionLogout: defineRoute({
    ...endpoints.opsSessionLogout,
    tag: 'ops',
    summary: 'Ends the operator session (with the deployment key there is nothing to end).',
    reply: z.object({ loggedOut: z.literal(true) }),
  }),
  opsSessionMe: defineRoute({
    ...endpoints.opsSessionMe,
    tag: 'ops',
    summary: 'The calling operator: name, role, brand binding and the brands it may act on.',
    reply: operatorIdentitySchema,
  }),
  opsOperatorList: defineRoute({
    ...endpoints.opsOperatorList,
    tag: 'ops',
    summary: 'Operator accounts (an admin bound to a brand sees that brand’s operators).',
    reply: z.object({ list: z.array(operatorAccountSchema) }),
  }),
  opsOperatorCreate: defineRoute({
    ...endpoints.opsOperatorCreate,
    tag: 'ops',
    summary:
      'Create an operator account. Without `merchantCode` it acts on every brand (only an admin of every brand may create one). The username is unique whatever its case (409 `account.exists`). Audited.',
    body: z.object({
      username: usernameSchema,
      password: z.string().min(OPERATOR_PASSWORD_MIN).max(128),
      role: opsRoleSchema,
      merchantCode: z.string().trim().min(1).max(32).optional(),
    }),
    reply: operatorAccountSchema,
  }),
  opsOperatorStatus: defineRoute({
    ...endpoints.opsOperatorStatus,
    tag: 'ops',
    summary:
      'Disable an operator (its sessions end at once and it can no longer log in) or enable it again. An admin bound to a brand reaches only that brand’s operators (others: 404 `not.found`); nobody disables themselves (403 `forbidden`). Audited.',
    params: z.object({ id: z.string().regex(/^[0-9]{1,18}$/) }),
    body: z.object({ status: z.enum(operatorStatuses) }),
    reply: operatorAccountSchema,
  }),
  opsDeploymentAudit: defineRoute({
    ...endpoints.opsDeploymentAudit,
    tag: 'ops',
    summary:
      'Audit entries that belong to no single brand (operator accounts acting on every brand), newest first. Admins of every brand only.',
    query: z.object({
      action: z.string().max(64).optional(),
      pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    reply: z.object({
      list: z.array(opsAuditEntrySchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      totalCount: z.number().int(),
    }),
  }),
} as const;
