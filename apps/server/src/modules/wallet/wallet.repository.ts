import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What the wallet reads of members and their ledger accounts (money moves through the ledger). */
export function createWalletRepository(db: Kysely<Database>) {
  return {
    /** The member's main and vendor account balances. */
    accountBalances(merchantId: number, memberId: string) {
      return db
        .selectFrom('ledger_account')
        .select(['kind', 'code', 'balance'])
        .where('merchant_id', '=', merchantId)
        .where('owner_id', '=', memberId)
        .where('kind', 'in', ['main', 'vendor'])
        .execute();
    },

    paymentPasswordHash(memberId: string) {
      return db
        .selectFrom('member')
        .select('payment_password_hash')
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    /** A member by id (the caller's upline). */
    memberById(memberId: string) {
      return db.selectFrom('member').select(['id', 'account']).where('id', '=', memberId).executeTakeFirst();
    },

    /** A member of the agent's team below it, by account (case-insensitive). */
    downlineByAccount(merchantId: number, agentId: string, account: string) {
      return db
        .selectFrom('member')
        .innerJoin('member_tree', 'member_tree.descendant_id', 'member.id')
        .select(['member.id', 'member.account'])
        .where('member_tree.ancestor_id', '=', agentId)
        .where('member_tree.depth', '>=', 1)
        .where('member.merchant_id', '=', merchantId)
        .where(sql<string>`lower(member.account)`, '=', account.toLowerCase())
        .executeTakeFirst();
    },

    passwordHash(memberId: string) {
      return db
        .selectFrom('member')
        .select('password_hash')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
    },

    async setPaymentPasswordHash(memberId: string, hash: string) {
      await db
        .updateTable('member')
        .set({ payment_password_hash: hash })
        .where('id', '=', memberId)
        .execute();
    },

    /** One page of the member's main and vendor ledger entries, newest first, and their count. */
    async history(
      merchantId: number,
      memberId: string,
      q: {
        from?: string | undefined;
        to?: string | undefined;
        kind?: string | undefined;
        /** 'MAIN' or a vendor wallet code, upper case. */
        wallet?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      let base = db
        .selectFrom('ledger_entry as e')
        .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
        .innerJoin('ledger_transaction as t', 't.id', 'e.transaction_id')
        .where('a.owner_id', '=', memberId)
        .where('a.merchant_id', '=', merchantId)
        .where('a.kind', 'in', ['main', 'vendor']);
      if (q.from) base = base.where('e.created_at', '>=', new Date(`${q.from}T00:00:00Z`));
      if (q.to)
        base = base.where(
          'e.created_at',
          '<',
          new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000),
        );
      if (q.kind) base = base.where('t.kind', '=', q.kind);
      if (q.wallet)
        base = q.wallet === 'MAIN' ? base.where('a.kind', '=', 'main') : base.where('a.code', '=', q.wallet);
      const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'e.id',
          'e.created_at',
          'e.amount',
          'e.balance_after',
          't.kind',
          't.reference',
          'a.kind as account_kind',
          'a.code',
        ])
        .orderBy('e.id', 'desc')
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize)
        .execute();
      return { total: Number(n), rows };
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
