import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface NewMemberRow {
  merchantId: number;
  account: string;
  nickname: string | null;
  type: number;
  parentId: string | null;
  passwordHash: string;
  paymentPasswordHash?: string | null;
  registerMethod: string;
  createdIp: string | null;
  mobileDialingCode?: string | null;
  mobileNum?: string | null;
  email?: string | null;
  registerUrl?: string | null;
  domain?: string | null;
  profile?: Record<string, string>;
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
            payment_password_hash: row.paymentPasswordHash ?? null,
            register_method: row.registerMethod,
            created_ip: row.createdIp,
            mobile_dialing_code: row.mobileDialingCode ?? null,
            mobile_num: row.mobileNum ?? null,
            email: row.email ?? null,
            register_url: row.registerUrl ?? null,
            domain: row.domain ?? null,
            profile: JSON.stringify(row.profile ?? {}),
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

    findById(merchantId: number, id: string) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The member's VIP tier level (0 when it has never been reviewed). */
    async vipLevel(id: string): Promise<number> {
      const row = await db
        .selectFrom('member_vip')
        .select('level')
        .where('member_id', '=', id)
        .executeTakeFirst();
      return row?.level ?? 0;
    },

    findByMobile(merchantId: number, dialingCode: string, mobile: string) {
      return db
        .selectFrom('member')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('mobile_dialing_code', '=', dialingCode)
        .where('mobile_num', '=', mobile)
        .executeTakeFirst();
    },

    async recordLogin(id: string, ip: string | null) {
      await db
        .updateTable('member')
        .set({ last_login_at: new Date(), last_login_ip: ip })
        .where('id', '=', id)
        .execute();
    },

    async setPassword(id: string, passwordHash: string, mustChange: boolean) {
      await db
        .updateTable('member')
        .set({
          password_hash: passwordHash,
          password_changed_at: new Date(),
          must_change_password: mustChange,
        })
        .where('id', '=', id)
        .execute();
    },

    async update(id: string, values: { first_login_done?: boolean; language?: string }) {
      await db.updateTable('member').set(values).where('id', '=', id).execute();
    },

    findAffiliate(merchantId: number, code: string) {
      return db
        .selectFrom('affiliate_code')
        .innerJoin('member', 'member.id', 'affiliate_code.member_id')
        .select([
          'affiliate_code.id',
          'affiliate_code.code',
          'affiliate_code.member_id',
          'affiliate_code.member_type',
        ])
        .where('affiliate_code.merchant_id', '=', merchantId)
        .where(sql<string>`lower(affiliate_code.code)`, '=', code.toLowerCase())
        .where('affiliate_code.enabled', '=', true)
        .where('member.status', '=', 'active')
        .executeTakeFirst();
    },

    async countAffiliateUse(id: string) {
      await db
        .updateTable('affiliate_code')
        .set((eb) => ({ usage_count: eb('usage_count', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async insertAffiliate(row: { merchantId: number; code: string; memberId: string; memberType: number }) {
      await db
        .insertInto('affiliate_code')
        .values({
          merchant_id: row.merchantId,
          code: row.code,
          member_id: row.memberId,
          member_type: row.memberType,
        })
        .execute();
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
