import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** An agent's affiliate (registration link) codes. */
export function createAffiliateRepository(db: Kysely<Database>) {
  const ofAgent = (merchantId: number, memberId: string) =>
    db.selectFrom('affiliate_code').where('merchant_id', '=', merchantId).where('member_id', '=', memberId);

  return {
    /** One page of the agent's codes, newest first, and how many it has. */
    async page(merchantId: number, memberId: string, q: { pageNo: number; pageSize: number }) {
      const base = ofAgent(merchantId, memberId);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    async count(merchantId: number, memberId: string) {
      const { n } = await db
        .selectFrom('affiliate_code')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** Inserts a code (a taken code fails on `affiliate_code_uq`). */
    insert(merchantId: number, memberId: string, code: string, memberType: number) {
      return db
        .insertInto('affiliate_code')
        .values({ merchant_id: merchantId, code, member_id: memberId, member_type: memberType })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Switches one of the agent's codes on or off; undefined when it has no such code. */
    setEnabled(merchantId: number, memberId: string, affiliateId: string, enabled: boolean) {
      return db
        .updateTable('affiliate_code')
        .set({ enabled })
        .where('id', '=', affiliateId)
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type AffiliateRepository = ReturnType<typeof createAffiliateRepository>;
