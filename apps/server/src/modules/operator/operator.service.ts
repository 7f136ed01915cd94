import { randomBytes } from 'node:crypto';
import type {
  OperatorAccount,
  OperatorIdentity as OperatorIdentityReply,
  OpsBrand,
  OpsRole,
} from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { hashToken, newToken } from '../auth/index.js';
import { throttleRules, type ThrottleService } from '../throttle/index.js';
import type { OperatorRepository } from './operator.repository.js';

/** What the audit log records for the deployment's break-glass key (`X-Ops-Key`). */
export const OPS_KEY_ACTOR = 'ops-key';

/** Operator sessions end after 30 idle minutes and 12 hours in all, however active. */
export const OPERATOR_SESSION_IDLE_MS = 30 * 60_000;
export const OPERATOR_SESSION_MAX_MS = 12 * 3_600_000;
const TOUCH_EVERY_MS = 60_000;

/** The caller of an `ops` route, as the route handlers see it. */
export interface OperatorIdentity {
  via: 'session' | 'key';
  /** The operator's id; null for the deployment key. */
  id: string | null;
  username: string;
  role: OpsRole;
  /** The one brand the operator may act on; null: every brand. */
  merchantId: number | null;
  merchantCode: string | null;
  /** The session behind the call (for logout); null for the key. */
  sessionId: string | null;
  /** What the audit log records: `operator:<username>`, or `ops-key`. */
  actor: string;
}

/** The break-glass identity: the deployment key acts as an admin of every brand. */
export const keyIdentity: OperatorIdentity = {
  via: 'key',
  id: null,
  username: OPS_KEY_ACTOR,
  role: 'admin',
  merchantId: null,
  merchantCode: null,
  sessionId: null,
  actor: OPS_KEY_ACTOR,
};

export const operatorActor = (username: string) => `operator:${username}`;

/** `Authorization: Ops <token>` or `X-Ops-Token: <token>`; null when neither carries a token. */
export function operatorTokenFrom(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  const header = headers['x-ops-token'];
  let token: string | undefined;
  if (typeof auth === 'string' && auth.startsWith('Ops ')) token = auth.slice(4).trim();
  else if (typeof header === 'string') token = header.trim();
  if (token === undefined) return null;
  // Anything else in the operator slots is a wrong credential, not an absent one.
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : '';
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

// Verifying against a real hash when the operator does not exist keeps timing from telling.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function createOperatorService(deps: { repository: OperatorRepository; throttle: ThrottleService }) {
  const { repository: repo, throttle } = deps;

  async function brandsOf(merchantId: number | null): Promise<OpsBrand[]> {
    const rows = await repo.brands(merchantId);
    return rows.map((b) => ({
      code: b.code,
      name: b.name,
      currency: b.currency,
      currencySymbol: b.currency_symbol,
      currencyScale: b.currency_scale,
    }));
  }

  function accountView(
    row: NonNullable<Awaited<ReturnType<OperatorRepository['findById']>>>,
  ): OperatorAccount {
    return {
      id: row.id,
      username: row.username,
      role: row.role,
      merchantCode: row.merchant_code,
      status: row.status,
      createdAt: iso(row.created_at)!,
      lastLoginAt: iso(row.last_login_at),
    };
  }

  async function identityReply(identity: OperatorIdentity): Promise<OperatorIdentityReply> {
    return {
      id: identity.id,
      username: identity.username,
      role: identity.role,
      merchantCode: identity.merchantCode,
      brands: await brandsOf(identity.merchantId),
    };
  }

  /**
   * Creates an operator and its audit row in one transaction. `merchantCode` absent: every brand.
   * Returns null when the username is taken (in any case).
   */
  async function insertOperator(
    input: { username: string; password: string; role: OpsRole; merchantCode?: string | undefined },
    actor: string,
  ): Promise<OperatorAccount | null> {
    let merchantId: number | null = null;
    if (input.merchantCode !== undefined) {
      const brand = await repo.brandByCode(input.merchantCode);
      if (!brand) throw new AppError('not.found', { merchant: input.merchantCode });
      merchantId = brand.id;
    }
    const passwordHash = await hashPassword(input.password);
    const id = await repo.transaction(async (tx) => {
      const inserted = await repo.insert(tx, {
        username: input.username,
        passwordHash,
        role: input.role,
        merchantId,
      });
      if (inserted === undefined) return undefined;
      await repo.audit(tx, {
        merchantId,
        actor,
        action: 'operator.create',
        target: `operator:${inserted}`,
        payload: { username: input.username, role: input.role, merchantCode: input.merchantCode ?? null },
      });
      return inserted;
    });
    if (id === undefined) return null;
    return accountView((await repo.findById(id))!);
  }

  return {
    identityReply,

    /**
     * Password login, throttled like member logins (per username and per IP; the 10th failure in
     * 15 minutes pauses the username for 5 minutes). Opens a session; returns its token once.
     */
    async login(body: { username: string; password: string }, client: ClientInfo) {
      const accountKey = `ops-login:acct:${body.username.toLowerCase()}`;
      const ipKey = `ops-login:ip:${client.ip}`;
      await throttle.assertNotBlocked(accountKey);
      await throttle.assertNotBlocked(ipKey);

      const row = await repo.findByUsername(body.username);
      const ok = (await verifyPassword(row?.password_hash ?? (await dummy()), body.password)) && !!row;
      if (!ok || !row) {
        await throttle.fail(accountKey, throttleRules.loginFailuresPerAccount);
        await throttle.fail(ipKey, throttleRules.loginFailuresPerIp);
        throw new AppError('login.failed');
      }
      if (row.status !== 'active') throw new AppError('account.frozen');
      await throttle.reset(accountKey);

      const { token, hash } = newToken();
      await repo.insertSession({
        tokenHash: hash,
        operatorId: row.id,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date(Date.now() + OPERATOR_SESSION_MAX_MS),
      });
      await repo.recordLogin(row.id);
      const identity: OperatorIdentity = {
        via: 'session',
        id: row.id,
        username: row.username,
        role: row.role,
        merchantId: row.merchant_id,
        merchantCode: row.merchant_code,
        sessionId: null,
        actor: operatorActor(row.username),
      };
      return { token, operator: await identityReply(identity) };
    },

    /**
     * The live operator session behind a token, or 401 `ops.key.invalid`. Idle and absolute
     * expiry are enforced here; a disabled operator's sessions stop working at once.
     */
    async authenticate(token: string): Promise<OperatorIdentity> {
      const row = token ? await repo.findSession(hashToken(token)) : undefined;
      if (!row || row.revoked_at) throw new AppError('ops.key.invalid');
      const now = Date.now();
      if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + OPERATOR_SESSION_IDLE_MS <= now) {
        await repo.revokeSession(row.session_id, 'expired');
        throw new AppError('ops.key.invalid');
      }
      if (row.status !== 'active') throw new AppError('ops.key.invalid');
      if (now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) await repo.touchSession(row.session_id);
      return {
        via: 'session',
        id: row.operator_id,
        username: row.username,
        role: row.role,
        merchantId: row.merchant_id,
        merchantCode: row.merchant_code,
        sessionId: row.session_id,
        actor: operatorActor(row.username),
      };
    },

    async logout(identity: OperatorIdentity) {
      if (identity.sessionId) await repo.revokeSession(identity.sessionId, 'logout');
      return { loggedOut: true as const };
    },

    async list(identity: OperatorIdentity) {
      const rows = await repo.list(identity.merchantId);
      return { list: rows.map(accountView) };
    },

    /**
     * An admin creates an operator. An admin bound to one brand creates operators of that brand
     * only: another brand is `not.found`, and one of every brand would exceed its own reach.
     */
    async create(
      identity: OperatorIdentity,
      body: { username: string; password: string; role: OpsRole; merchantCode?: string | undefined },
    ): Promise<OperatorAccount> {
      if (identity.merchantCode !== null) {
        if (body.merchantCode === undefined) throw new AppError('forbidden', { reason: 'every brand' });
        if (body.merchantCode.toLowerCase() !== identity.merchantCode) {
          throw new AppError('not.found', { merchant: body.merchantCode });
        }
      }
      const created = await insertOperator(body, identity.actor);
      if (!created) throw new AppError('account.exists', { username: body.username });
      return created;
    },

    /** Disables (ending its sessions) or re-enables an operator, within the admin's reach. */
    async setStatus(
      identity: OperatorIdentity,
      id: string,
      status: 'active' | 'disabled',
    ): Promise<OperatorAccount> {
      const target = await repo.findById(id);
      if (!target || (identity.merchantId !== null && target.merchant_id !== identity.merchantId)) {
        throw new AppError('not.found', { operator: id });
      }
      if (identity.id === id) throw new AppError('forbidden', { reason: 'own account' });
      await repo.transaction(async (tx) => {
        await repo.setStatus(tx, id, status);
        if (status === 'disabled') await repo.revokeAllSessions(tx, id, 'disabled');
        await repo.audit(tx, {
          merchantId: target.merchant_id,
          actor: identity.actor,
          action: status === 'disabled' ? 'operator.disable' : 'operator.enable',
          target: `operator:${id}`,
          payload: { username: target.username, from: target.status, to: status },
        });
      });
      return accountView((await repo.findById(id))!);
    },

    /** The command line's first admin (`npm run ops:create-admin`); null when the name is taken. */
    createFromCli(body: { username: string; password: string; role: OpsRole; merchantCode?: string }) {
      return insertOperator(body, 'cli');
    },

    async deploymentAudit(
      identity: OperatorIdentity,
      q: { action?: string | undefined; pageNo: number; pageSize: number },
    ) {
      if (identity.merchantId !== null) throw new AppError('forbidden');
      const page = await repo.listDeploymentAudit(q.action, q);
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          actor: r.actor,
          action: r.action,
          target: r.target,
          payload: r.payload,
          createdAt: iso(r.created_at)!,
        })),
      };
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
