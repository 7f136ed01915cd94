import {
  type ClassifyKey,
  type GameType,
  type LanguageCode,
  type LobbyGame,
  type VendorCard,
  type VendorLane,
  classifyKeys,
} from '@arcadia/contract';
import { AppError } from '../../lib/app-error.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import type { VendorRegistry } from '../vendors/adapter.js';
import { artPaths, isGameMotif } from './art.js';
import type {
  CatalogueRepository,
  GamePatch,
  GameRow,
  VendorPatch,
  VendorRow,
} from './catalogue.repository.js';
import type { CredentialSealer } from './vendor-credentials.js';

export const CATALOGUE_TOPIC = 'catalogue';

/** Lane order: the navigation order of spec §2 (sports first, slots last). */
export const laneOrder: readonly GameType[] = [
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'LIVE',
  'LOTT',
  'ELOTT',
  'FISH',
  'PVP',
  'RNG',
  'SPB',
];

const HOT_LIMIT = 24;
const RECENT_LIMIT = 24;

const classifyNames: Record<ClassifyKey, Record<string, string>> = {
  SC: { EN: 'Scratch', ZH: '刮刮乐' },
  VP: { EN: 'Video Poker', ZH: '视频扑克' },
  JP: { EN: 'Jackpot', ZH: '奖池游戏' },
  TG: { EN: 'Table Games', ZH: '桌面游戏' },
  AC: { EN: 'Arcade', ZH: '街机游戏' },
  BG: { EN: 'Bingo', ZH: '宾果' },
};

/** The text in `lang`, else English, else whatever exists. */
export function pick(texts: Record<string, string>, lang: string): string {
  return texts[lang] ?? texts.EN ?? Object.values(texts)[0] ?? '';
}

/** A game as the lobby lists it: enabled, its studio enabled, its adapter able to serve it. */
interface Listed {
  row: GameRow;
  vendor: VendorRow;
  /** Lower-cased names in every language and the code, for the name search. */
  haystack: string;
}

/** The brand's listable catalogue, built once per invalidation and shared by every request. */
class Snapshot {
  readonly games: Listed[];
  readonly byNode = new Map<number, Listed>();
  readonly byCode = new Map<string, Listed>();
  private readonly position = new Map<number, number>();
  readonly vendorOrder: VendorRow[];
  private readonly views = new Map<string, LobbyGame[]>();
  private readonly laneCache = new Map<string, VendorLane[]>();
  private readonly replies = new Map<string, object>();

  /**
   * A reply computed once per snapshot and frozen: the same request gets the same object, which
   * the route layer serialises once (plugins/routes.ts). Bounded: when full it starts again, so a
   * caller walking endless page numbers costs recomputation, never memory.
   */
  reply<T extends object>(key: string, compute: () => T): Readonly<T> {
    const hit = this.replies.get(key);
    if (hit) return hit as T;
    const value = Object.freeze(compute());
    if (this.replies.size >= MAX_MEMO_REPLIES) this.replies.clear();
    this.replies.set(key, value);
    return value;
  }

  /** Replies by the query object they answer, then by language: see `replyFor`. */
  private readonly byQuery = new WeakMap<object, Map<string, object>>();

  /**
   * `reply`, found by the query object itself when it is frozen: the route layer hands every
   * request with the same query string the same frozen object (plugins/routes.ts), so a repeated
   * read costs two lookups instead of building and hashing a key string. `key` is built only on a
   * miss; a query that is not frozen (a caller's own object) goes by the key alone.
   */
  replyFor<T extends object>(query: object, lang: string, key: () => string, compute: () => T): Readonly<T> {
    if (!Object.isFrozen(query)) return this.reply(key(), compute);
    let perLang = this.byQuery.get(query);
    if (perLang === undefined) {
      perLang = new Map();
      this.byQuery.set(query, perLang);
    }
    let hit = perLang.get(lang) as Readonly<T> | undefined;
    if (hit === undefined) {
      hit = this.reply(key(), compute);
      perLang.set(lang, hit);
    }
    return hit;
  }

  constructor(vendors: VendorRow[], games: GameRow[], available: Set<string>) {
    const vendorByCode = new Map(vendors.filter((v) => v.enabled).map((v) => [v.vassalage, v]));
    this.vendorOrder = [...vendorByCode.values()].sort(
      (a, b) => a.sortOrder - b.sortOrder || a.vassalage.localeCompare(b.vassalage),
    );
    const rank = new Map(this.vendorOrder.map((v, i) => [v.vassalage, i]));
    this.games = games
      .filter((g) => g.enabled && vendorByCode.has(g.vassalage) && available.has(g.adapter))
      .map((row) => ({
        row,
        vendor: vendorByCode.get(row.vassalage)!,
        haystack: [row.gameCode, ...Object.values(row.names)].join('\n').toLowerCase(),
      }))
      .sort(
        (a, b) =>
          rank.get(a.row.vassalage)! - rank.get(b.row.vassalage)! ||
          a.row.sortOrder - b.row.sortOrder ||
          a.row.nodeId - b.row.nodeId,
      );
    this.games.forEach((g, i) => {
      this.byNode.set(g.row.nodeId, g);
      this.byCode.set(g.row.gameCode, g);
      this.position.set(g.row.nodeId, i);
    });
  }

  private toLobby(g: Listed, lang: string): LobbyGame {
    const { row } = g;
    const name = pick(row.names, lang);
    const motif =
      row.isGame === 'VASSALAGE' ? 'lobby' : row.engine && isGameMotif(row.engine) ? row.engine : 'lobby';
    const icon = row.iconUrl ?? artPaths.game(row.gameCode, motif);
    return {
      nodeId: row.nodeId,
      gameCode: row.gameCode,
      nodeTypeManageId: row.gameCode,
      gameType: row.gameType as GameType,
      vassalage: row.vassalage,
      displayName: pick(g.vendor.names, lang),
      gameName: name,
      nodeName: name,
      defaultIcon: icon,
      showIcon: icon,
      isGame: row.isGame,
      gameClassify: row.classify.filter((k): k is ClassifyKey =>
        (classifyKeys as readonly string[]).includes(k),
      ),
      hotRank: row.hotRank,
      trial: row.trial,
    };
  }

  /** Every listed game in lobby order, rendered in `lang` (memoised per language). */
  view(lang: string): LobbyGame[] {
    let v = this.views.get(lang);
    if (!v) {
      v = this.games.map((g) => this.toLobby(g, lang));
      this.views.set(lang, v);
    }
    return v;
  }

  lobby(nodeId: number, lang: string): LobbyGame | undefined {
    const i = this.position.get(nodeId);
    return i === undefined ? undefined : this.view(lang)[i];
  }

  lanes(lang: string): VendorLane[] {
    const hit = this.laneCache.get(lang);
    if (hit) return hit;
    const lanes: VendorLane[] = [];
    for (const type of laneOrder) {
      const games = this.games.filter((g) => g.row.gameType === type);
      if (games.length === 0) continue;
      const cards: VendorCard[] = [];
      for (const vendor of this.vendorOrder) {
        const own = games.filter((g) => g.vendor === vendor);
        if (own.length === 0) continue;
        // A studio with one entry (a single game or a lobby entry) can be launched straight from
        // the navigation (spec §2 category click rule); otherwise it opens a list.
        const single = own.length === 1 ? own[0]!.row : null;
        const logo = artPaths.vendor(vendor.vassalage);
        cards.push({
          vassalage: vendor.vassalage,
          displayName: pick(vendor.names, lang),
          gameType: type,
          smallIcon: logo,
          mobileSmallIcon: logo,
          h5Icon: logo,
          lagerIcon: logo,
          mobileLargeIcon: logo,
          accountTypeName: vendor.vassalage,
          gameCode: single?.gameCode ?? null,
          nodeId: single?.nodeId ?? null,
          isGame: own.some((g) => g.row.isGame === 'VASSALAGE') ? 'VASSALAGE' : 'GAME',
          gameCount: own.filter((g) => g.row.isGame === 'GAME').length,
        });
      }
      const gameClassify = classifyKeys
        .map((key) => ({
          key,
          displayName: pick(classifyNames[key], lang),
          gameCount: games.filter((g) => g.row.classify.includes(key)).length,
        }))
        .filter((c) => c.gameCount > 0);
      lanes.push({ title: type, cards, gameClassify });
    }
    this.laneCache.set(lang, lanes);
    return lanes;
  }
}

/** Distinct replies a snapshot remembers (pages × filters × languages of one brand). */
const MAX_MEMO_REPLIES = 2_000;

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
