import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * What a brand's rewards owe or hold, in one read: open bonuses (count and amount), points
 * outstanding, red-envelope money in escrow (a system account: its balance is its entries' sum),
 * and the applications, goods and referrals waiting for a decision.
 */
export async function readLiabilities(db: Kysely<Database>, brand: { id: number }) {
  const { rows } = await sql<{
    bonuses: string;
    bonus_amount: string;
    points: string;
    escrow: string;
    applications: string;
    goods: string;
    referrals: string;
  }>`
    select
      (select count(*) from bonus_grant where merchant_id = ${brand.id} and status = 'open') as bonuses,
      (select coalesce(sum(amount), 0) from bonus_grant where merchant_id = ${brand.id} and status = 'open') as bonus_amount,
      (select coalesce(sum(balance), 0) from ledger_account where merchant_id = ${brand.id} and kind = 'points') as points,
      (select coalesce(sum(e.amount), 0) from ledger_entry e join ledger_account a on a.id = e.account_id
        where a.merchant_id = ${brand.id} and a.kind = 'system' and a.code = 'red_envelope_escrow') as escrow,
      (select count(*) from promotion_application where merchant_id = ${brand.id} and status = 'applying') as applications,
      (select count(*) from point_redemption where merchant_id = ${brand.id} and status = 'process') as goods,
      (select count(*) from referral where merchant_id = ${brand.id} and status = 'flagged') as referrals`.execute(
    db,
  );
  return rows[0]!;
}
