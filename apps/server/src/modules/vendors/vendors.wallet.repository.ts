import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * The seamless wallet's statements (docs/vendor-protocol.md). Money moves only inside the database
 * functions `vendor_apply`, `vendor_settle_many` and `vendor_settle_columns` (migration
 * 202611221400 and after): one statement applies a whole batch.
 */

/** Applies a batch of bet/win/rollback operations (members in id order) in one statement. */
export function applyVendorOps(db: Db, orderedJson: string) {
  return sql<{
    idx: number;
    reply: string;
  }>`select idx, reply from vendor_apply(${orderedJson}::jsonb)`.execute(db);
}

/** The member's main wallet balance (minor units, as text), if the account exists. */
export function findMainBalance(db: Db, merchantId: number, memberId: string) {
  return db
    .selectFrom('ledger_account')
    .select('balance')
    .where('merchant_id', '=', merchantId)
    .where('owner_id', '=', memberId)
    .where('kind', '=', 'main')
    .where('code', '=', 'MAIN')
    .executeTakeFirst();
}

export function findBrandMember(db: Db, merchantId: number, memberId: string) {
  return db
    .selectFrom('member')
    .select(['id', 'account'])
    .where('id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** The stored reply of a `settle` request id (and the hash of the body it answered). */
export function findVendorRequest(db: Db, merchantId: number, vendorCode: string, requestId: string) {
  return db
    .selectFrom('vendor_request')
    .select(['reply', 'body_hash'])
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Stores a `settle` request's reply, on the transaction that applied it. */
export async function insertVendorRequest(
  tx: Db,
  row: { merchantId: number; vendorCode: string; requestId: string; bodyHash: string; reply: string },
): Promise<void> {
  await tx
    .insertInto('vendor_request')
    .values({
      merchant_id: row.merchantId,
      vendor_code: row.vendorCode,
      request_id: row.requestId,
      body_hash: row.bodyHash,
      reply: row.reply,
    })
    .execute();
}

/** A `settle` batch of round-closing wins, set-based (`vendor_settle_many`). */
export function settleManyVendorWins(tx: Db, payloadJson: string) {
  return sql<{
    idx: number;
    status: string;
    balance: string | null;
  }>`select idx, status, balance from vendor_settle_many(${payloadJson}::jsonb)`.execute(tx);
}

/** A `settle` batch in columns (`vendor_settle_columns`): the array literals are built by the caller. */
export function settleVendorColumns(
  tx: Db,
  a: {
    merchantId: number;
    vendor: string;
    settlement: string;
    winPlayers: string;
    winTransactions: string;
    winRounds: string;
    winAmounts: string;
    winHashes: string;
    winGameCodes: string;
    closePlayers: string;
    closeRounds: string;
  },
) {
  return sql<{ idx: number; status: string; balance: string | null }>`
        select idx, status, balance from vendor_settle_columns(
          ${a.merchantId}::integer, ${a.vendor}::text, ${a.settlement}::bigint,
          ${a.winPlayers}::bigint[], ${a.winTransactions}::text[], ${a.winRounds}::text[],
          ${a.winAmounts}::bigint[], ${a.winHashes}::text[], ${a.winGameCodes}::text[],
          ${a.closePlayers}::bigint[], ${a.closeRounds}::text[])`.execute(tx);
}

/** A launch session's owner, brand, vendor, mode and expiry, by token hash (`authenticate`). */
export function findVendorSessionByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('vendor_session')
    .select(['member_id', 'merchant_id', 'vendor_code', 'mode', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
