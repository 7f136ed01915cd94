import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toMajor } from '../../lib/money.js';
import type { Brand } from '../brand/index.js';
import { readLiabilities } from './rewards.liabilities.repository.js';

/**
 * What a brand's rewards owe or hold (docs/rewards.md, operator desk): open bonuses, points
 * outstanding, red-envelope money in escrow (a system account: its balance is its entries' sum),
 * and the decisions waiting — in one read.
 */
export async function rewardsLiabilities(db: Kysely<Database>, brand: Brand) {
  const r = await readLiabilities(db, brand);
  return {
    openBonuses: { count: Number(r.bonuses), amount: toMajor(r.bonus_amount, brand.currencyScale) },
    pointsOutstanding: Number(r.points),
    escrow: toMajor(r.escrow, brand.currencyScale),
    waiting: { applications: Number(r.applications), goods: Number(r.goods), referrals: Number(r.referrals) },
  };
}
