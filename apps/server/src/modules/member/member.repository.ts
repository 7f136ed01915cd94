import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewMemberRow {
  merchantId: number;
  account: string;
  nickname: string | null;
  type: number;
  parentId: string | null;
  passwordHash: string;
  registerMethod: string;
  createdIp: string | null;
}

export function createMemberRepository(db: Kysely<Database>) {
  return {
    /**
     * Inserts a member and its closure rows (itself at depth 0, then every ancestor of the parent
     * one level deeper) in one transaction, so the tree is never seen half-written.
     */
    async insert(row: NewMemberRow): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('member')
          .values({
            merchant_id: row.merchantId,
            account: row.account,
            nickname: row.nickname,
            type: row.type,
            parent_id: row.parentId,
            password_hash: row.passwordHash,
            register_method: row.registerMethod,
            created_ip: row.createdIp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sql`
          insert into member_tree (ancestor_id, descendant_id, depth)
          select ${id}::bigint, ${id}::bigint, 0
          union all
          select ancestor_id, ${id}::bigint, depth + 1 from member_tree where descendant_id = ${row.parentId}::bigint
        `.execute(trx);
        return id;
      });
    },

    findByAccount(merchantId: number, account: string) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where(sql<string>`lower(account)`, '=', account.toLowerCase())
        .executeTakeFirst();
    },

    /** Ancestors of a member, nearest first (depth 0 is the member itself). */
    ancestors(memberId: string) {
      return db
        .selectFrom('member_tree')
        .select(['ancestor_id', 'depth'])
        .where('descendant_id', '=', memberId)
        .orderBy('depth')
        .execute();
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
