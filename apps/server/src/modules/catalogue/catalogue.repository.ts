import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SeedGame, SeedVendor } from '../../seeds/brands/demo.catalogue.js';
import { type AuditEntry, writeAudit } from '../operator/index.js';

type Db = Kysely<Database>;

export interface VendorPatch {
  enabled?: boolean | undefined;
  sortOrder?: number | undefined;
  names?: Record<string, string> | undefined;
}

export interface GamePatch {
  enabled?: boolean | undefined;
  sortOrder?: number | undefined;
  hotRank?: number | null | undefined;
  names?: Record<string, string> | undefined;
  gameType?: string | undefined;
  gameClassify?: string[] | undefined;
  iconUrl?: string | null | undefined;
}

export interface VendorRow {
  vassalage: string;
  names: Record<string, string>;
  adapter: string;
  enabled: boolean;
  sortOrder: number;
}

export interface GameRow {
  nodeId: number;
  gameCode: string;
  gameType: string;
  vassalage: string;
  adapter: string;
  engine: string | null;
  names: Record<string, string>;
  classify: string[];
  hotRank: number | null;
  sortOrder: number;
  isGame: 'GAME' | 'VASSALAGE';
  trial: boolean;
  enabled: boolean;
  iconUrl: string | null;
}

/** jsonb arrives parsed from node-postgres and PGlite alike; a string means a text driver. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

const gameColumns = [
  'node_id',
  'game_code',
  'game_type',
  'vassalage',
  'adapter',
  'engine',
  'names',
  'classify',
  'hot_rank',
  'sort_order',
  'is_game',
  'trial',
  'enabled',
  'icon_url',
] as const;

function toGame(r: {
  node_id: number;
  game_code: string;
  game_type: string;
  vassalage: string;
  adapter: string;
  engine: string | null;
  names: unknown;
  classify: unknown;
  hot_rank: number | null;
  sort_order: number;
  is_game: 'GAME' | 'VASSALAGE';
  trial: boolean;
  enabled: boolean;
  icon_url: string | null;
}): GameRow {
  return {
    nodeId: r.node_id,
    gameCode: r.game_code,
    gameType: r.game_type,
    vassalage: r.vassalage,
    adapter: r.adapter,
    engine: r.engine,
    names: json(r.names),
    classify: json(r.classify),
    hotRank: r.hot_rank,
    sortOrder: r.sort_order,
    isGame: r.is_game,
    trial: r.trial,
    enabled: r.enabled,
    iconUrl: r.icon_url,
  };
}

function catalogueQueries(db: Db) {
  return {
    async vendors(merchantId: number): Promise<VendorRow[]> {
      const rows = await db
        .selectFrom('game_vendor')
        .select(['vassalage', 'names', 'adapter', 'enabled', 'sort_order'])
        .where('merchant_id', '=', merchantId)
        .orderBy('sort_order')
        .orderBy('vassalage')
        .execute();
      return rows.map((r) => ({
        vassalage: r.vassalage,
        names: json(r.names),
        adapter: r.adapter,
        enabled: r.enabled,
        sortOrder: r.sort_order,
      }));
    },

    async games(merchantId: number): Promise<GameRow[]> {
      const rows = await db
        .selectFrom('game')
        .select(gameColumns)
        .where('merchant_id', '=', merchantId)
        .orderBy('sort_order')
        .orderBy('node_id')
        .execute();
      return rows.map(toGame);
    },

    async gamePage(
      merchantId: number,
      q: { gameType?: string | undefined; vassalage?: string | undefined; pageNo: number; pageSize: number },
    ) {
      let base = db.selectFrom('game').where('merchant_id', '=', merchantId);
      if (q.gameType) base = base.where('game_type', '=', q.gameType);
      if (q.vassalage) base = base.where('vassalage', '=', q.vassalage);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(gameColumns)
          .orderBy('vassalage')
          .orderBy('sort_order')
          .orderBy('node_id')
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { totalCount: Number(n), list: rows.map(toGame) };
    },

    async updateVendor(merchantId: number, vassalage: string, patch: VendorPatch): Promise<boolean> {
      const res = await db
        .updateTable('game_vendor')
        .set({
          ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
          ...(patch.sortOrder !== undefined ? { sort_order: patch.sortOrder } : {}),
          ...(patch.names !== undefined ? { names: JSON.stringify(patch.names) } : {}),
        })
        .where('merchant_id', '=', merchantId)
        .where('vassalage', '=', vassalage)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async updateGame(merchantId: number, nodeId: number, patch: GamePatch): Promise<GameRow | null> {
      const row = await db
        .updateTable('game')
        .set({
          ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
          ...(patch.sortOrder !== undefined ? { sort_order: patch.sortOrder } : {}),
          ...(patch.hotRank !== undefined ? { hot_rank: patch.hotRank } : {}),
          ...(patch.names !== undefined ? { names: JSON.stringify(patch.names) } : {}),
          ...(patch.gameType !== undefined ? { game_type: patch.gameType } : {}),
          ...(patch.gameClassify !== undefined ? { classify: JSON.stringify(patch.gameClassify) } : {}),
          ...(patch.iconUrl !== undefined ? { icon_url: patch.iconUrl } : {}),
        })
        .where('merchant_id', '=', merchantId)
        .where('node_id', '=', nodeId)
        .returning(gameColumns)
        .executeTakeFirst();
      return row ? toGame(row) : null;
    },

    audit: (row: AuditEntry & { merchantId: number }) => writeAudit(db, row),

    /** Studios of the brand with a stored credential (the sealed value itself is never read here). */
    async credentialVendors(merchantId: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('vendor_credential')
        .select('vassalage')
        .where('merchant_id', '=', merchantId)
        .execute();
      return new Set(rows.map((r) => r.vassalage));
    },

    async saveCredential(merchantId: number, vassalage: string, sealed: string, actor: string) {
      const row = await db
        .insertInto('vendor_credential')
        .values({ merchant_id: merchantId, vassalage, sealed, updated_by: actor })
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'vassalage'])
            .doUpdateSet({ sealed, updated_by: actor, updated_at: sql`now()` }),
        )
        .returning('updated_at')
        .executeTakeFirstOrThrow();
      return new Date(row.updated_at);
    },

    async sealedCredential(merchantId: number, vassalage: string): Promise<string | null> {
      const row = await db
        .selectFrom('vendor_credential')
        .select('sealed')
        .where('merchant_id', '=', merchantId)
        .where('vassalage', '=', vassalage)
        .executeTakeFirst();
      return row?.sealed ?? null;
    },

    // ── favourites and recent games ───────────────────────────────────────────────────────────

    async favouriteIds(memberId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('favourite_game')
        .select('node_id')
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('node_id', 'desc')
        .execute();
      return rows.map((r) => r.node_id);
    },

    /** True when the row was new. */
    async addFavourite(memberId: string, nodeId: number): Promise<boolean> {
      const res = await db
        .insertInto('favourite_game')
        .values({ member_id: memberId, node_id: nodeId })
        .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async removeFavourite(memberId: string, nodeId: number): Promise<boolean> {
      const res = await db
        .deleteFrom('favourite_game')
        .where('member_id', '=', memberId)
        .where('node_id', '=', nodeId)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    async recordLaunch(memberId: string, nodeId: number) {
      await db
        .insertInto('recent_game')
        .values({ member_id: memberId, node_id: nodeId })
        .onConflict((oc) =>
          oc.columns(['member_id', 'node_id']).doUpdateSet({
            launched_at: sql`now()`,
            launch_count: sql`recent_game.launch_count + 1`,
          }),
        )
        .execute();
    },

    async recentIds(memberId: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('recent_game')
        .select('node_id')
        .where('member_id', '=', memberId)
        .orderBy('launched_at', 'desc')
        .orderBy('node_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.node_id);
    },

    /** Seeds studios from code: new ones added; existing ones follow the code for names and adapter. */
    seedVendors(merchantId: number, vendors: SeedVendor[]) {
      return db
        .insertInto('game_vendor')
        .values(
          vendors.map((v, i) => ({
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
    },

    /**
     * Seeds games from code in one insert in list order (a fresh database numbers them in the order
     * written); existing games follow the code for what the code owns.
     */
    seedGames(merchantId: number, data: { vendors: SeedVendor[]; games: SeedGame[] }) {
      return db
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
    },
  };
}

/** The queries, plus `transaction`: the same queries bound to one transaction (a change and its audit entry together). */
export function createCatalogueRepository(db: Db) {
  return {
    ...catalogueQueries(db),
    transaction<T>(fn: (repo: ReturnType<typeof catalogueQueries>) => Promise<T>): Promise<T> {
      return db.transaction().execute((tx) => fn(catalogueQueries(tx)));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
