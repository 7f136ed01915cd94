import { type PromotionsSettings, promotionsSettingsSchema, rebateProductTypes } from '@arcadia/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Brand } from '../brand/index.js';
import * as repo from './rewards.promotions.repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Weights per product type in hundredths (missing: all of it counts). */
function weightArrays(s: PromotionsSettings) {
  return {
    types: [...rebateProductTypes],
    weights: rebateProductTypes.map((t) => String(Math.round((s.weights[t] ?? 1) * 100))),
  };
}

/**
 * The turnover gate (docs/rewards.md): what a withdrawal waits for. Each open bonus asks for its
 * amount times the promotion's wagering in valid bets; the bets placed since the oldest open
 * bonus count, weighted per product type (the promotions settings' `weights`), against all of them
 * together. Payments ask `turnoverLeft` inside the withdrawal's transaction and refuse while
 * anything is left; a read outside a transaction that finds nothing left marks the bonuses met.
 */
export function createTurnoverGate(db: Kysely<Database>) {
  return {
    /**
     * The turnover still needed: Σ of the open bonuses' requirements minus the weighted valid bets
     * placed since the oldest of them. When nothing is left, the open bonuses are marked met.
     */
    async turnover(tx: Db, brand: Brand, memberId: string) {
      const open = await repo.openGrants(tx, memberId);
      if (open.length === 0) return { left: 0n, done: 0n, required: 0n };
      const s = promotionsSettingsSchema.parse(brand.settings.promotions ?? {});
      const done = BigInt(
        (await repo.weightedValidBets(tx, memberId, weightArrays(s), open[0]!.granted_at)) ?? 0,
      );
      const required = open.reduce((s, g) => s + BigInt(g.required), 0n);
      const left = required - done;
      if (left <= 0n && !tx.isTransaction) {
        await repo.markGrantsMet(
          db,
          open.map((g) => g.id),
        );
      }
      return { left: left > 0n ? left : 0n, done, required };
    },
  };
}

export type TurnoverGate = ReturnType<typeof createTurnoverGate>;
