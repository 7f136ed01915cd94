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

    /** Ends a live session; the ids of the sessions this call ended (none when already ended). */
    async revoke(sessionId: string, reason: string): Promise<string[]> {
      const rows = await db
        .updateTable('session')
        .set({ revoked_at: new Date(), revoke_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    async revokeAllForMember(memberId: string, reason: string, exceptSessionId?: string): Promise<string[]> {
      let q = db
        .updateTable('session')
        .set({ revoked_at: new Date(), revoke_reason: reason })
        .where('member_id', '=', memberId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
      const rows = await q.returning('id').execute();
      return rows.map((r) => r.id);
    },

    /**
     * Of these sessions, the ones that are no longer live, with the reason: revoked (its stored
     * reason), past its absolute expiry, idle too long, or its member frozen.
     */
    async endedAmong(sessionIds: string[], idleMs: number): Promise<{ id: string; reason: string }[]> {
      if (sessionIds.length === 0) return [];
      const { rows } = await sql<{ id: string; reason: string }>`
        select s.id::text as id,
               case when s.revoked_at is not null then coalesce(s.revoke_reason, 'revoked')
                    when m.status <> 'active' then 'frozen'
                    else 'expired' end as reason
          from session s join member m on m.id = s.member_id
         where s.id = any(${sessionIds}::bigint[])
           and (s.revoked_at is not null or s.expires_at <= now()
                or s.last_seen_at + ${idleMs} * interval '1 millisecond' <= now()
                or m.status <> 'active')`.execute(db);
      return rows;
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
