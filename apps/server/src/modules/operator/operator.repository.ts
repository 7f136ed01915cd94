import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database, OperatorRole } from '../../db/schema.js';
import { type AuditEntry, writeAudit } from './operator.audit.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Operator accounts, their sessions, and the audit rows of operator management. */
export function createOperatorRepository(db: Kysely<Database>) {
  function operatorQuery(q: Db) {
    return q
      .selectFrom('operator as o')
      .leftJoin('merchant as m', 'm.id', 'o.merchant_id')
      .select([
        'o.id',
        'o.username',
        'o.password_hash',
        'o.role',
        'o.merchant_id',
        'o.status',
        'o.created_at',
        'o.last_login_at',
        'm.code as merchant_code',
      ]);
  }

  return {
    db,

    /** Runs `fn` in one database transaction (an account and its audit row land together). */
    transaction<T>(fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /** The operator with this username, whatever its case. */
    findByUsername(username: string, q: Db = db) {
      return operatorQuery(q)
        .where(sql<string>`lower(o.username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findById(id: string, q: Db = db) {
      return operatorQuery(q).where('o.id', '=', id).executeTakeFirst();
    },

    /** Every operator, or those bound to one brand. */
    list(merchantId: number | null) {
      let query = operatorQuery(db);
      if (merchantId !== null) query = query.where('o.merchant_id', '=', merchantId);
      return query.orderBy('o.id').execute();
    },

    /** Inserts an operator; undefined when the username (in any case) is taken. */
    async insert(
      q: Db,
      row: { username: string; passwordHash: string; role: OperatorRole; merchantId: number | null },
    ): Promise<string | undefined> {
      const inserted = await q
        .insertInto('operator')
        .values({
          username: row.username,
          password_hash: row.passwordHash,
          role: row.role,
          merchant_id: row.merchantId,
        })
        // The only unique index besides the key is lower(username).
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    async recordLogin(id: string) {
      await db.updateTable('operator').set({ last_login_at: new Date() }).where('id', '=', id).execute();
    },

    // ── brands ──────────────────────────────────────────────────────────────────────────────
    /** Active brands, all of them or the one with this id, by code. */
    brands(merchantId: number | null) {
      let query = db
        .selectFrom('merchant')
        .select(['id', 'code', 'name', 'currency', 'currency_symbol', 'currency_scale'])
        .where('status', '=', 'active');
      if (merchantId !== null) query = query.where('id', '=', merchantId);
      return query.orderBy('code').execute();
    },

    brandByCode(code: string) {
      return db
        .selectFrom('merchant')
        .select(['id', 'code'])
        .where('code', '=', code.toLowerCase())
        .where('status', '=', 'active')
        .executeTakeFirst();
    },

    // ── sessions ────────────────────────────────────────────────────────────────────────────
    async insertSession(row: {
      tokenHash: string;
      operatorId: string;
      ip: string | null;
      userAgent: string | null;
      expiresAt: Date;
    }) {
      await db
        .insertInto('operator_session')
        .values({
          token_hash: row.tokenHash,
          operator_id: row.operatorId,
          ip: row.ip,
          user_agent: row.userAgent,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    findSession(tokenHash: string) {
      return db
        .selectFrom('operator_session as s')
        .innerJoin('operator as o', 'o.id', 's.operator_id')
        .leftJoin('merchant as m', 'm.id', 'o.merchant_id')
        .select([
          's.id as session_id',
          's.last_seen_at',
          's.expires_at',
          's.revoked_at',
          'o.id as operator_id',
          'o.username',
          'o.role',
          'o.status',
          'o.merchant_id',
          'm.code as merchant_code',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touchSession(sessionId: string) {
      await db
        .updateTable('operator_session')
        .set({ last_seen_at: new Date() })
        .where('id', '=', sessionId)
        .execute();
    },

    async setStatus(q: Db, id: string, status: 'active' | 'disabled') {
      await q.updateTable('operator').set({ status }).where('id', '=', id).execute();
    },

    /** Ends every live session of an operator (it was disabled). */
    async revokeAllSessions(q: Db, operatorId: string, reason: string) {
      await q
        .updateTable('operator_session')
        .set({ revoked_at: new Date(), revoke_reason: reason })
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeSession(sessionId: string, reason: string) {
      await db
        .updateTable('operator_session')
        .set({ revoked_at: new Date(), revoke_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    // ── audit ───────────────────────────────────────────────────────────────────────────────
    audit: (q: Db, row: AuditEntry) => writeAudit(q, row),

    /** Audit rows of no single brand, newest first. */
    async listDeploymentAudit(action: string | undefined, page: { pageNo: number; pageSize: number }) {
      let base = db.selectFrom('operator_audit').where('merchant_id', 'is', null);
      if (action) base = base.where('action', '=', action);
      const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const list = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize)
        .execute();
      const totalCount = Number(n);
      return {
        list,
        pageNo: page.pageNo,
        totalPages: Math.max(1, Math.ceil(totalCount / page.pageSize)),
        totalCount,
      };
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
