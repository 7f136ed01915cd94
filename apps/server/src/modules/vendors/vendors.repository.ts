import { type Kysely, sql } from 'kysely';
import type { Database, VendorSessionTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Creates a brand's signing secret for a vendor unless it has one. */
export async function insertVendorSecretIfAbsent(
  db: Db,
  merchantId: number,
  vendorCode: string,
  secret: string,
): Promise<void> {
  await db
    .insertInto('vendor_secret')
    .values({
      merchant_id: merchantId,
      vendor_code: vendorCode,
      secret,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function findVendorSecret(db: Db, merchantId: number, vendorCode: string) {
  return db
    .selectFrom('vendor_secret')
    .select('secret')
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirst();
}

/**
 * When the member's live login ends, if the member has a session time limit (responsible gaming):
 * the latest expiry of its unrevoked sessions; null otherwise.
 */
export async function limitedLoginUntil(db: Db, memberId: string): Promise<Date | string | null> {
  const { rows } = await sql<{ until: Date | string | null }>`
      select max(s.expires_at) as until from session s
        join rg_setting r on r.member_id = s.member_id and r.session_limit_minutes is not null
       where s.member_id = ${memberId} and s.revoked_at is null`.execute(db);
  return rows[0]?.until ?? null;
}

export async function insertVendorSession(
  db: Db,
  row: {
    tokenHash: string;
    merchantId: number;
    memberId: string;
    vendorCode: string;
    gameCode: string;
    mode: VendorSessionTable['mode'];
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('vendor_session')
    .values({
      token_hash: row.tokenHash,
      merchant_id: row.merchantId,
      member_id: row.memberId,
      vendor_code: row.vendorCode,
      game_code: row.gameCode,
      mode: row.mode,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The whole launch session row behind a token hash. */
export function findVendorSessionRow(db: Db, tokenHash: string) {
  return db.selectFrom('vendor_session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}
