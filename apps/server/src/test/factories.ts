import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createLedgerService } from '../modules/ledger/ledger.service.js';

/** Credits a member's main wallet through a proper ADJUSTMENT posting (tests only). */
export async function fundMain(
  db: Kysely<Database>,
  memberId: string,
  minor: bigint,
  key = `fund:${memberId}:${Math.random()}`,
) {
  const ledger = createLedgerService(db);
  const member = await db
    .selectFrom('member')
    .select('merchant_id')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return ledger.transaction(async (tx) => {
    const adjustments = await ledger.systemAccount(tx, member.merchant_id, 'adjustments', 'USD');
    const main = await ledger.memberAccount(tx, member.merchant_id, memberId, 'main', 'MAIN', 'USD');
    return ledger.post(
      {
        merchantId: member.merchant_id,
        kind: 'ADJUSTMENT',
        idempotencyKey: key,
        request: { memberId, minor },
        memberId,
        entries: [
          { accountId: adjustments, amount: -minor },
          { accountId: main.id, amount: minor },
        ],
      },
      tx,
    );
  });
}

export async function memberId(db: Kysely<Database>, account: string): Promise<string> {
  return (await db.selectFrom('member').select('id').where('account', '=', account).executeTakeFirstOrThrow())
    .id;
}
