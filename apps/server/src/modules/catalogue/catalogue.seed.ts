import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SeedGame, SeedVendor } from '../../seeds/brands/demo.catalogue.js';
import { createCatalogueRepository } from './catalogue.repository.js';

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
  return createCatalogueRepository(db).transaction(async (repo) => {
    const vendors = await repo.seedVendors(merchantId, data.vendors);
    // One insert in list order, so a fresh database numbers the games in the order written.
    const games = await repo.seedGames(merchantId, data);
    return { vendors: vendors.length, games: games.length };
  });
}
