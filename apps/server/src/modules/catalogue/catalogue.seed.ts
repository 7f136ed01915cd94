import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SeedGame, SeedVendor } from '../../seeds/brands/demo.catalogue.js';

/**
 * Seeds a brand's catalogue from code. New studios and games are added; existing rows follow the
 * code for what the code owns (names, engine, classify, adapter) while what operators set
 * (enabled, order, hot rank) stays as they left it. Node ids of existing games never change.
 */
export async function seedCatalogue(
  db: Kysely<Database>,
  merchantId: number,
  data: { vendors: SeedVendor[]; games: SeedGame[] },
): Promise<{ vendors: number; games: number }> {
  return db.transaction().execute(async (tx) => {
    const vendors = await tx
      .insertInto('game_vendor')
      .values(
        data.vendors.map((v, i) => ({
          merchant_id: merchantId,
          vassalage: v.vassalage,
          names: JSON.stringify(v.names),
          adapter: v.adapter,
          sort_order: (i + 1) * 10,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'vassalage']).doUpdateSet({
          names: sql`excluded.names`,
          adapter: sql`excluded.adapter`,
        }),
      )
      .returning('vassalage')
      .execute();
    // One insert in list order, so a fresh database numbers the games in the order written.
    const games = await tx
      .insertInto('game')
      .values(
        data.games.map((g, i) => ({
          merchant_id: merchantId,
          game_code: g.gameCode,
          game_type: g.gameType,
          vassalage: g.vassalage,
          adapter: data.vendors.find((v) => v.vassalage === g.vassalage)?.adapter ?? 'house',
          engine: g.engine,
          names: JSON.stringify(g.names),
          classify: JSON.stringify(g.classify),
          hot_rank: g.hotRank ?? null,
          sort_order: (i + 1) * 10,
          is_game: g.isGame ?? 'GAME',
        })),
      )
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'game_code']).doUpdateSet({
          names: sql`excluded.names`,
          classify: sql`excluded.classify`,
          engine: sql`excluded.engine`,
          adapter: sql`excluded.adapter`,
          game_type: sql`excluded.game_type`,
          is_game: sql`excluded.is_game`,
        }),
      )
      .returning('node_id')
      .execute();
    return { vendors: vendors.length, games: games.length };
  });
}
