import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import type { SessionRepository } from './session.repository.js';

/** An opaque 256-bit token; only its SHA-256 is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Reads the token from `Authorization` (raw, as the original sends it, or `Bearer <token>`). */
export function tokenFromHeader(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export interface SessionOptions {
  idleMs: number;
  absoluteMs: number;
  /** A new login ends the member's other sessions (`login.not.session` for them). */
  singleSession: boolean;
  /** The member's own session time limit (responsible gaming), if any: a login lasts no longer. */
  limitMs?: (memberId: string) => Promise<number | null>;
  /** Told of every session this service ends (the real-time channel closes their sockets). */
  onEnded?: (sessionIds: string[], reason: string) => void;
}

export interface AuthedSession {
  sessionId: string;
  merchantId: number;
  loginType: string;
  mustChangePassword: boolean;
  member: { id: string; account: string; nickname: string | null; type: number; parentId: string | null };
}

const TOUCH_EVERY_MS = 60_000;

export function createSessionService(repository: SessionRepository, options: SessionOptions) {
  const ended = (reason: string) => (ids: string[]) => {
    if (ids.length > 0) options.onEnded?.(ids, reason);
  };
  const revoke = async (sessionId: string, reason: string) => {
    ended(reason)(await repository.revoke(sessionId, reason));
  };
  const revokeAllForMember = async (memberId: string, reason: string, exceptSessionId?: string) => {
    ended(reason)(await repository.revokeAllForMember(memberId, reason, exceptSessionId));
  };
  return {
    async open(input: {
      memberId: string;
      merchantId: number;
      loginType: string;
      mustChangePassword: boolean;
      ip: string | null;
      userAgent: string | null;
    }): Promise<string> {
      if (options.singleSession) await revokeAllForMember(input.memberId, 'replaced');
      const { token, hash } = newToken();
      const limit = (await options.limitMs?.(input.memberId)) ?? null;
      const lasts = limit === null ? options.absoluteMs : Math.min(limit, options.absoluteMs);
      await repository.insert({
        tokenHash: hash,
        memberId: input.memberId,
        merchantId: input.merchantId,
        loginType: input.loginType,
        mustChangePassword: input.mustChangePassword,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date(Date.now() + lasts),
      });
      return token;
    },

    /**
     * The live session behind a token, or a 401. Idle and absolute expiry are enforced here;
     * `last_seen_at` is written at most once a minute so reads stay cheap.
     */
    async authenticate(token: string | null, merchantId: number): Promise<AuthedSession> {
      if (!token) throw new AppError('login.not.session');
      const row = await repository.findByTokenHash(hashToken(token));
      if (!row || row.merchant_id !== merchantId) throw new AppError('login.not.session');
      if (row.revoked_at) {
        throw new AppError(
          'login.not.session',
          row.revoke_reason === 'replaced' ? { reason: 'replaced' } : undefined,
        );
      }
      const now = Date.now();
      if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + options.idleMs <= now) {
        await revoke(row.session_id, 'expired');
        throw new AppError('login.not.session');
      }
      if (row.status !== 'active') throw new AppError('account.frozen');
      if (now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) await repository.touch(row.session_id);
      return {
        sessionId: row.session_id,
        merchantId: row.merchant_id,
        loginType: row.login_type,
        mustChangePassword: row.must_change_password,
        member: {
          id: row.member_id,
          account: row.account,
          nickname: row.nickname,
          type: row.type,
          parentId: row.parent_id,
        },
      };
    },

    revoke,
    revokeAllForMember,
    /** Of these sessions, the ones that ended (revoked, expired, idle, member frozen) and why. */
    async endedAmong(sessionIds: string[]) {
      return repository.endedAmong(sessionIds, options.idleMs);
    },
    clearMustChange: repository.clearMustChange,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
