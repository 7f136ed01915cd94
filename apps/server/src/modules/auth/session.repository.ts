import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export function createSessionRepository(db: Kysely<Database>) {
  return {
    async insert(row: {
      tokenHash: string;
      memberId: string;
      merchantId: number;
      loginType: string;
      mustChangePassword: boolean;
      ip: string | null;
      userAgent: string | null;
      expiresAt: Date;
    }): Promise<string> {
      const { id } = await db
        .insertInto('session')
        .values({
          token_hash: row.tokenHash,
          member_id: row.memberId,
          merchant_id: row.merchantId,
          login_type: row.loginType,
          must_change_password: row.mustChangePassword,
          ip: row.ip,
          user_agent: row.userAgent,
          expires_at: row.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    findByTokenHash(tokenHash: string) {
      return db
        .selectFrom('session')
        .innerJoin('member', 'member.id', 'session.member_id')
        .select([
          'session.id as session_id',
          'session.merchant_id',
          'session.login_type',
          'session.must_change_password',
          'session.last_seen_at',
          'session.expires_at',
          'session.revoked_at',
          'session.revoke_reason',
          'member.id as member_id',
          'member.account',
          'member.nickname',
          'member.type',
          'member.status',
          'member.parent_id',
        ])
        .where('session.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touch(sessionId: string) {
      await db.updateTable('session').set({ last_seen_at: new Date() }).where('id', '=', sessionId).execute();
    },

    async revoke(sessionId: string, reason: string) {
      await db
        .updateTable('session')
        .set({ revoked_at: new Date(), revoke_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllForMember(memberId: string, reason: string, exceptSessionId?: string) {
      let q = db
        .updateTable('session')
        .set({ revoked_at: new Date(), revoke_reason: reason })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
      await q.execute();
    },

    async clearMustChange(sessionId: string) {
      await db
        .updateTable('session')
        .set({ must_change_password: false })
        .where('id', '=', sessionId)
        .execute();
    },

    async knownIps(memberId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('member_known_ip')
        .select('ip')
        .where('member_id', '=', memberId)
        .execute();
      return rows.map((r) => r.ip);
    },

    async rememberIp(memberId: string, ip: string) {
      await sql`insert into member_known_ip (member_id, ip) values (${memberId}::bigint, ${ip})
                on conflict (member_id, ip) do update set last_seen_at = now()`.execute(db);
    },

    async insertChallenge(row: {
      tokenHash: string;
      memberId: string;
      loginType: string;
      agent: boolean;
      ip: string | null;
      expiresAt: Date;
    }) {
      await db
        .insertInto('login_challenge')
        .values({
          token_hash: row.tokenHash,
          member_id: row.memberId,
          login_type: row.loginType,
          agent: row.agent,
          ip: row.ip,
          expires_at: row.expiresAt,
          consumed_at: null,
        })
        .execute();
    },

    findChallenge(tokenHash: string) {
      return db
        .selectFrom('login_challenge')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
    },

    async consumeChallenge(tokenHash: string): Promise<boolean> {
      const r = await db
        .updateTable('login_challenge')
        .set({ consumed_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
