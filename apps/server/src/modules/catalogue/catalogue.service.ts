import {
  type ClassifyKey,
  type GameType,
  type LanguageCode,
  type LobbyGame,
  classifyKeys,
} from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import type { VendorRegistry } from '../vendors/index.js';
import type { CatalogueRepository, GamePatch, GameRow, VendorPatch } from './catalogue.repository.js';
import { Snapshot, laneOrder, pick } from './catalogue.snapshot.js';
import type { CredentialSealer } from './vendor-credentials.js';

export { laneOrder, pick } from './catalogue.snapshot.js';

export const CATALOGUE_TOPIC = 'catalogue';

const HOT_LIMIT = 24;
const RECENT_LIMIT = 24;

export interface GameListQuery {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  pageNo: number;
  pageSize: number;
}

/** `MXWIN` (the home section of RNG vendors 11–20) lists like RNG. */
const realType = (t: string | undefined) => (t === 'MXWIN' ? 'RNG' : t);

export function paginate<T>(items: T[], pageNo: number, pageSize: number) {
  const totalCount = items.length;
  return {
    items: items.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    pageNo,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}

/** The hot-games filter: a studio and a category, both optional. */
export interface HotQuery {
  vassalage?: string | undefined;
  gameType?: string | undefined;
}

export interface CatalogueServiceOptions {
  repository: CatalogueRepository;
  bus: InvalidationBus;
  vendors: VendorRegistry;
  /** Longest a snapshot is served before it is rebuilt, whatever the bus says. */
  ttlMs: number;
  now?: () => number;
  /** Seals studio credentials at rest; without it they cannot be set. */
  credentials?: CredentialSealer;
}

export function createCatalogueService({
  repository,
  bus,
  vendors,
  ttlMs,
  now = Date.now,
  credentials,
}: CatalogueServiceOptions) {
  /** A brand's snapshot load; `ready` is set once it has loaded (the synchronous read path). */
  type CacheEntry = { at: number; snapshot: Promise<Snapshot>; ready?: Snapshot };
  const cache = new Map<number, CacheEntry>();
  bus.subscribe(CATALOGUE_TOPIC, (key) => cache.delete(Number(key)));

  async function build(merchantId: number): Promise<Snapshot> {
    const [vendorRows, gameRows] = await Promise.all([
      repository.vendors(merchantId),
      repository.games(merchantId),
    ]);
    return new Snapshot(vendorRows, gameRows, new Set(vendors.available()));
  }

  /** The brand's snapshot; concurrent misses share one load. A failed load is not cached. */
  function snapshot(merchantId: number): Promise<Snapshot> {
    const hit = cache.get(merchantId);
    if (hit && now() - hit.at < ttlMs) return hit.snapshot;
    const entry: CacheEntry = { at: now(), snapshot: build(merchantId) };
    cache.set(merchantId, entry);
    entry.snapshot.then(
      (loaded) => (entry.ready = loaded),
      () => {
        if (cache.get(merchantId) === entry) cache.delete(merchantId);
      },
    );
    return entry.snapshot;
  }

  /**
   * Runs `read` on the brand's snapshot: at once when a fresh one is loaded (the catalogue reads
   * are the lobby's hottest path, and each `await` of a settled promise still waits a turn),
   * otherwise once it has loaded.
   */
  function withSnapshot<T>(merchantId: number, read: (snap: Snapshot) => T): T | Promise<T> {
    const hit = cache.get(merchantId);
    if (hit?.ready && now() - hit.at < ttlMs) return read(hit.ready);
    return snapshot(merchantId).then(read);
  }

  function listIn(snap: Snapshot, lang: LanguageCode, q: GameListQuery) {
    const needle = q.gameName?.toLowerCase();
    const compute = () => {
      const type = realType(q.gameType);
      const all = snap.view(lang);
      const games = all.filter((g, i) => {
        if (type && g.gameType !== type) return false;
        // Inside one studio the list is its games: the studio's own lobby entry would point back here.
        if (q.vassalage && (g.vassalage !== q.vassalage || g.isGame === 'VASSALAGE')) return false;
        if (q.gameClassify && !g.gameClassify.includes(q.gameClassify as ClassifyKey)) return false;
        if (needle && !snap.games[i]!.haystack.includes(needle)) return false;
        return true;
      });
      const page = paginate(games, q.pageNo, q.pageSize);
      return {
        games: page.items,
        pageNo: page.pageNo,
        totalPages: page.totalPages,
        totalCount: page.totalCount,
      };
    };
    // Free-text searches are too varied to remember; every other list is a handful of pages.
    if (needle) return compute();
    const key = () =>
      JSON.stringify(['list', lang, q.gameType, q.vassalage, q.gameClassify, q.pageNo, q.pageSize]);
    return snap.replyFor(q, lang, key, compute);
  }

  function hotIn(snap: Snapshot, lang: LanguageCode, q: HotQuery) {
    const type = realType(q.gameType);
    const key = () => JSON.stringify(['hot', lang, q.vassalage, type]);
    return snap.replyFor(q, lang, key, () => ({
      list: snap
        .view(lang)
        .filter(
          (g) =>
            g.hotRank !== null &&
            g.isGame === 'GAME' &&
            (!q.vassalage || g.vassalage === q.vassalage) &&
            (!type || g.gameType === type),
        )
        .sort((a, b) => a.hotRank! - b.hotRank! || a.nodeId - b.nodeId)
        .slice(0, HOT_LIMIT),
    }));
  }

  async function invalidate(merchantId: number) {
    cache.delete(merchantId);
    await bus.publish(CATALOGUE_TOPIC, String(merchantId));
  }

  return {
    snapshot,
    invalidate,

    list(merchantId: number, lang: LanguageCode, q: GameListQuery) {
      return withSnapshot(merchantId, (snap) => listIn(snap, lang, q));
    },

    hot(merchantId: number, lang: LanguageCode, q: HotQuery) {
      return withSnapshot(merchantId, (snap) => hotIn(snap, lang, q));
    },

    lanes(merchantId: number, lang: LanguageCode) {
      return withSnapshot(merchantId, (snap) =>
        snap.reply(JSON.stringify(['lanes', lang]), () => ({ data: { lanes: snap.lanes(lang) } })),
      );
    },

    async vendorGameTypes(merchantId: number) {
      const snap = await snapshot(merchantId);
      const content: Record<string, Record<string, ClassifyKey[]>> = {};
      for (const lane of snap.lanes('EN')) {
        const byVendor: Record<string, ClassifyKey[]> = {};
        for (const card of lane.cards) {
          const keys = new Set<string>();
          for (const g of snap.games)
            if (g.row.gameType === lane.title && g.row.vassalage === card.vassalage)
              for (const k of g.row.classify) keys.add(k);
          byVendor[card.vassalage] = classifyKeys.filter((k) => keys.has(k));
        }
        content[lane.title] = byVendor;
      }
      return { content };
    },

    /** A listed game by node id or code, or 404 `game.not.found` (disabled and unknown alike). */
    async find(merchantId: number, by: { nodeId?: number | undefined; gameCode?: string | undefined }) {
      const snap = await snapshot(merchantId);
      const g =
        by.nodeId !== undefined
          ? snap.byNode.get(by.nodeId)
          : by.gameCode !== undefined
            ? snap.byCode.get(by.gameCode)
            : undefined;
      if (!g)
        throw new AppError('game.not.found', { nodeId: by.nodeId ?? null, gameCode: by.gameCode ?? null });
      return g.row;
    },

    /** Listed games for these node ids, in the given order; ids no longer listed are skipped. */
    async lobbyGames(merchantId: number, lang: LanguageCode, nodeIds: number[]) {
      const snap = await snapshot(merchantId);
      return nodeIds.map((id) => snap.lobby(id, lang)).filter((g): g is LobbyGame => g !== undefined);
    },

    // ── favourites and recent ──────────────────────────────────────────────────────────────

    favouriteIds: (memberId: string) => repository.favouriteIds(memberId),

    async favouriteList(
      merchantId: number,
      memberId: string,
      lang: LanguageCode,
      q: { gameType?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const type = realType(q.gameType);
      const games = (await this.lobbyGames(merchantId, lang, await repository.favouriteIds(memberId))).filter(
        (g) => !type || g.gameType === type,
      );
      const page = paginate(games, q.pageNo, q.pageSize);
      return {
        content: page.items,
        pageNum: page.pageNo,
        totalPages: page.totalPages,
        totalCount: page.totalCount,
      };
    },

    async addFavourite(merchantId: number, memberId: string, nodeId: number) {
      await this.find(merchantId, { nodeId });
      return { nodeId, added: await repository.addFavourite(memberId, nodeId) };
    },

    async removeFavourite(memberId: string, nodeId: number) {
      return { nodeId, removed: await repository.removeFavourite(memberId, nodeId) };
    },

    async recent(merchantId: number, memberId: string, lang: LanguageCode) {
      // Read a little more than shown: games disabled since they were played are skipped.
      const ids = await repository.recentIds(memberId, RECENT_LIMIT * 2);
      return { list: (await this.lobbyGames(merchantId, lang, ids)).slice(0, RECENT_LIMIT) };
    },

    recordLaunch: (memberId: string, nodeId: number) => repository.recordLaunch(memberId, nodeId),

    // ── operator ───────────────────────────────────────────────────────────────────────────

    async opsVendors(merchantId: number) {
      const [vendorRows, gameRows, withCredential] = await Promise.all([
        repository.vendors(merchantId),
        repository.games(merchantId),
        repository.credentialVendors(merchantId),
      ]);
      const available = new Set(vendors.available());
      return {
        list: vendorRows.map((v) => {
          const own = gameRows.filter((g) => g.vassalage === v.vassalage);
          return {
            vassalage: v.vassalage,
            displayName: pick(v.names, 'EN'),
            // A studio can list games of several categories; the first in lane order names it.
            gameType: (laneOrder.find((t) => own.some((g) => g.gameType === t)) ?? 'RNG') as GameType,
            adapter: v.adapter,
            available: available.has(v.adapter),
            enabled: v.enabled,
            sortOrder: v.sortOrder,
            gameCount: own.filter((g) => g.isGame === 'GAME').length,
            names: v.names,
            credentialSet: withCredential.has(v.vassalage),
          };
        }),
      };
    },

    async opsUpdateVendor(
      merchantId: number,
      vassalage: string,
      { reason, ...patch }: VendorPatch & { reason?: string | undefined },
      actor: string,
    ) {
      await repository.transaction(async (repo) => {
        if (!(await repo.updateVendor(merchantId, vassalage, patch)))
          throw new AppError('not.found', { vassalage });
        await repo.audit({
          merchantId,
          actor,
          action: 'catalogue.vendor.update',
          target: vassalage,
          payload: { ...patch, reason: reason ?? null },
        });
      });
      await invalidate(merchantId);
      const vendor = (await this.opsVendors(merchantId)).list.find((v) => v.vassalage === vassalage);
      if (!vendor) throw new AppError('not.found', { vassalage });
      return vendor;
    },

    async opsGames(
      merchantId: number,
      q: { gameType?: string | undefined; vassalage?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const { totalCount, list } = await repository.gamePage(merchantId, q);
      return {
        list: list.map(opsGame),
        pageNo: q.pageNo,
        totalPages: Math.ceil(totalCount / q.pageSize),
        totalCount,
      };
    },

    async opsUpdateGame(
      merchantId: number,
      nodeId: number,
      { reason, ...patch }: GamePatch & { reason?: string | undefined },
      actor: string,
    ) {
      const row = await repository.transaction(async (repo) => {
        const updated = await repo.updateGame(merchantId, nodeId, patch);
        if (!updated) throw new AppError('not.found', { nodeId });
        await repo.audit({
          merchantId,
          actor,
          action: 'catalogue.game.update',
          target: String(nodeId),
          payload: { gameCode: updated.gameCode, ...patch, reason: reason ?? null },
        });
        return updated;
      });
      await invalidate(merchantId);
      return opsGame(row);
    },

    /**
     * Sets or replaces a studio's API credential: sealed before it is written, never returned, and
     * audited without its value.
     */
    async opsSetCredential(
      merchantId: number,
      vassalage: string,
      body: { credential: string; reason: string },
      actor: string,
    ) {
      if (!credentials) throw new AppError('system.error');
      const known = (await repository.vendors(merchantId)).some((v) => v.vassalage === vassalage);
      if (!known) throw new AppError('not.found', { vassalage });
      const sealed = await credentials.seal(body.credential, credentialContext(merchantId, vassalage));
      const updatedAt = await repository.transaction(async (repo) => {
        const at = await repo.saveCredential(merchantId, vassalage, sealed, actor);
        await repo.audit({
          merchantId,
          actor,
          action: 'catalogue.vendor.credential',
          target: vassalage,
          payload: { reason: body.reason },
        });
        return at;
      });
      return { vassalage, credentialSet: true as const, updatedAt: updatedAt.toISOString() };
    },

    /** The opened credential, for an adapter that calls the studio (null when none is stored). */
    async vendorCredential(merchantId: number, vassalage: string): Promise<string | null> {
      const sealed = await repository.sealedCredential(merchantId, vassalage);
      return sealed && credentials
        ? await credentials.open(sealed, credentialContext(merchantId, vassalage))
        : null;
    },
  };
}

/** What a sealed credential is bound to: a value copied to another brand or studio does not open. */
const credentialContext = (merchantId: number, vassalage: string) => `${merchantId}:${vassalage}`;

function opsGame(g: GameRow) {
  return {
    nodeId: g.nodeId,
    gameCode: g.gameCode,
    gameType: g.gameType as GameType,
    vassalage: g.vassalage,
    adapter: g.adapter,
    engine: g.engine,
    names: g.names,
    gameClassify: g.classify.filter((k): k is ClassifyKey => (classifyKeys as readonly string[]).includes(k)),
    isGame: g.isGame,
    hotRank: g.hotRank,
    sortOrder: g.sortOrder,
    enabled: g.enabled,
    iconUrl: g.iconUrl,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
